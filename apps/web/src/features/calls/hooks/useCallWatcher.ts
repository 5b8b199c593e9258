import type { CallData } from '@shiftline/shared';
import { type QueueCallbackEvent, SOCKET_EVENTS } from '@shiftline/shared/api/events';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { socketClient } from '../../../lib/socketClient';
import { callsApi } from '../api';
import {
  CALLS_PAGE_PATH,
  callPagePath,
  forgetCurrentCall,
  isCallPagePath,
  readCurrentCallId,
  rememberCurrentCall,
} from '../utils/currentCall';
import { type OfferEnd, offerEndFor } from '../utils/offerEnd';

/** The call page's address from the server, or the known one when the server cannot say. */
async function callPageUrl(id: number): Promise<string> {
  try {
    return (await callsApi.callPageUrl(id)).url;
  } catch {
    return callPagePath(id);
  }
}

/** The call the agent should be on when the app opens: their live call, or the after-call form left open. */
async function callToReturnTo(userId: number): Promise<CallData | null> {
  const { call } = await callsApi.callForUser();
  if (call) return call;
  const stored = readCurrentCallId();
  if (stored === null) return null;
  const left = await callsApi.callData(stored).catch(() => null);
  if (left && left.status === 'after_call' && left.agent_id === userId) return left;
  // The call ended meanwhile (closed elsewhere, or reconciled by the server): nothing to return to.
  forgetCurrentCall();
  return null;
}

/** A call that rang for the agent and stopped without their answer: which call, and how it ended. */
export type EndedOffer = { callId: number; end: OfferEnd };

/**
 * Takes the agent to their call (spec §4): when the app opens with a live call or an unclosed after-call form (a
 * reload), and when a call rings for them (newCallData: their call is offered; or their status is Ringing with the
 * call, `ringingCallId`). Each call's page is opened once per ring. When the offer ends without their answer (it rang
 * out, or the caller left), the page follows: the agent goes back to the page they were on when it rang (the calls
 * page after a reload), and `onOfferEnded` hears it. `onQueueCallback` hears the queue-callback notice.
 */
export function useCallWatcher(
  userId: number,
  ringingCallId: number | null,
  onQueueCallback: (event: QueueCallbackEvent) => void,
  onOfferEnded: (ended: EndedOffer) => void,
): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The call last taken to, so the event and the status saying the same ring open its page once.
  const opened = useRef<number | null>(null);
  // Where the agent was when the call's page opened by itself: where a missed offer returns them.
  const cameFrom = useRef<string | null>(null);
  const open = useEffectEvent(async (id: number) => {
    if (opened.current === id) return;
    opened.current = id;
    rememberCurrentCall(id);
    const url = await callPageUrl(id);
    if (pathname !== url) {
      cameFrom.current = isCallPagePath(pathname) ? null : pathname;
      await navigate(url);
    }
  });
  const offerEnded = useEffectEvent(async (callId: number, end: OfferEnd) => {
    // The same call may ring for this agent again later: its page opens again then.
    if (opened.current === callId) opened.current = null;
    if (readCurrentCallId() === callId) forgetCurrentCall();
    const back = cameFrom.current ?? CALLS_PAGE_PATH;
    cameFrom.current = null;
    if (pathname === callPagePath(callId)) await navigate(back, { replace: true });
    onOfferEnded({ callId, end });
  });
  const queueCallback = useEffectEvent(onQueueCallback);
  const checked = useRef(false);

  useEffect(() => {
    // Once per signed-in page, not on every navigation.
    if (checked.current) return;
    checked.current = true;
    void callToReturnTo(userId)
      .then((call) => (call ? open(call.inquiry_id) : undefined))
      .catch(() => undefined);
  }, [userId]);

  // The agent's status says a call rings for them (heard as newAgentStateData, or loaded after the connection
  // dropped and missed the call's own event).
  useEffect(() => {
    if (ringingCallId !== null) void open(ringingCallId);
  }, [ringingCallId]);

  useEffect(() => {
    const stopCalls = socketClient.on(SOCKET_EVENTS.newCallData, (event) => {
      if (event.agent_id === userId && event.status === 'offered' && event.old_status !== 'offered') {
        void open(event.call_id);
        return;
      }
      const end = offerEndFor(event, userId);
      if (end !== null) void offerEnded(event.call_id, end);
    });
    const stopCallbacks = socketClient.on(SOCKET_EVENTS.queueCallback, (event) => queueCallback(event));
    return () => {
      stopCalls();
      stopCallbacks();
    };
  }, [userId]);
}
