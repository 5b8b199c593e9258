import { type BoardSnapshot, boardFromSnapshot, type LiveBoard } from '@shiftline/shared';
import { LIVE_ROOM, SOCKET_EVENTS } from '@shiftline/shared/api/events';
import { useEffect, useRef, useState } from 'react';
import { socketClient } from '../../../lib/socketClient';
import { applyLiveEvent, type LiveEvent } from '../utils/liveEvents';

/**
 * A snapshot as a live screen fetched it: `heardBefore` counts the events heard before the request left (those after
 * it are applied on top), `sentAt` is when it left (ms).
 */
export type Fetched<Data> = { heardBefore: number; sentAt: number; data: Data };

// Live events heard by this page's screens, counted in the order they came (events arrive in one task each).
let heard = 0;

/** Loads a snapshot, noting which of the events heard come after its request. */
export async function fetchSnapshot<Data>(load: () => Promise<Data>): Promise<Fetched<Data>> {
  const heardBefore = heard;
  const sentAt = Date.now();
  return { heardBefore, sentAt, data: await load() };
}

type Options<Data, View> = {
  fetched: Fetched<Data> | undefined;
  snapshotOf: (data: Data) => BoardSnapshot;
  viewOf: (data: Data) => View;
  /** The screen's own view after a fresh event (stale ones are skipped by the board's numbering). */
  reduce: (view: View, live: LiveEvent, before: LiveBoard, after: LiveBoard) => View;
  /** Runs after a fresh event was applied (side effects such as re-fetching a figure). */
  onApplied?: (live: LiveEvent, before: LiveBoard, after: LiveBoard) => void;
  /** Loads the snapshot again: a number skipped, a new epoch, or the page seated again in the live room. */
  refetch: () => void;
};

export type Followed<View> = { board: LiveBoard; view: View };

/** Events kept to replay onto a snapshot whose request was in flight when they came. */
const KEPT_EVENTS = 2000;
/** A burst of events (hundreds a second on a large floor) draws the screen once per this long. */
export const LIVE_RENDER_MS = 50;

/**
 * Follows the live events from a snapshot (issue 15, no drift): the board reads each campaign's numbered stream with
 * the shared rules, a gap or a new epoch fetches the snapshot again, and every event heard since a snapshot's request
 * left is replayed onto it (those it holds already change nothing). Being seated again in the live room after a
 * reconnect also fetches the snapshot, since events sent meanwhile were lost.
 */
export function useLiveFollow<Data, View>(options: Options<Data, View>): Followed<View> | null {
  const latest = useRef(options);
  latest.current = options;
  const recent = useRef<{ index: number; live: LiveEvent }[]>([]);
  const current = useRef<Followed<View> | null>(null);
  const [followed, setFollowed] = useState<Followed<View> | null>(null);

  const { fetched } = options;
  useEffect(() => {
    if (!fetched) {
      // Another report is loading (the filter changed): nothing is shown until its snapshot comes.
      current.current = null;
      setFollowed(null);
      return;
    }
    const { snapshotOf, viewOf, reduce, refetch } = latest.current;
    let state: Followed<View> = { board: boardFromSnapshot(snapshotOf(fetched.data)), view: viewOf(fetched.data) };
    let gap = false;
    for (const { index, live } of recent.current) {
      if (index <= fetched.heardBefore) continue;
      const step = applyLiveEvent(state.board, live);
      gap ||= step.refetch;
      if (step.board !== state.board)
        state = { board: step.board, view: reduce(state.view, live, state.board, step.board) };
    }
    current.current = state;
    setFollowed(state);
    if (gap) refetch();
  }, [fetched]);

  useEffect(() => {
    const hear = (live: LiveEvent) => {
      heard += 1;
      recent.current.push({ index: heard, live });
      if (recent.current.length > KEPT_EVENTS) recent.current.splice(0, recent.current.length - KEPT_EVENTS);
      const state = current.current;
      if (!state) return;
      const step = applyLiveEvent(state.board, live);
      if (step.refetch) latest.current.refetch();
      if (step.board === state.board) return;
      current.current = { board: step.board, view: latest.current.reduce(state.view, live, state.board, step.board) };
      render ??= window.setTimeout(() => {
        render = null;
        setFollowed(current.current);
      }, LIVE_RENDER_MS);
      latest.current.onApplied?.(live, state.board, step.board);
    };
    let render: number | null = null;
    // The first seat answers the page's own join; a later one follows a reconnect.
    let seats = 0;
    const stops = [
      socketClient.stayIn(LIVE_ROOM),
      socketClient.on(SOCKET_EVENTS.join, ({ rooms }) => {
        if (!rooms.includes(LIVE_ROOM)) return;
        seats += 1;
        if (seats > 1) latest.current.refetch();
      }),
      socketClient.on(SOCKET_EVENTS.newAgentStateData, (event) => hear({ kind: 'agent', event })),
      socketClient.on(SOCKET_EVENTS.newCallData, (event) => hear({ kind: 'call', event })),
      socketClient.on(SOCKET_EVENTS.newCallbackData, (event) => hear({ kind: 'callback', event })),
      // An agent enabled or disabled on a campaign counts elsewhere now: the board starts again from a snapshot.
      socketClient.on(SOCKET_EVENTS.agentCampaignsChanged, () => latest.current.refetch()),
    ];
    return () => {
      if (render !== null) window.clearTimeout(render);
      for (const stop of stops) stop();
    };
  }, []);

  return followed;
}
