import type { CallData } from '@shiftline/shared';
import { type QueueCallbackEvent, SOCKET_EVENTS } from '@shiftline/shared/api/events';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { socketClient } from '../../../lib/socketClient';
import { callsApi } from '../api';
import { callPagePath, forgetCurrentCall, readCurrentCallId, rememberCurrentCall } from '../utils/currentCall';

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

/**
 * Takes the agent to their call (spec §4): when the app opens with a live call or an unclosed after-call form (a
 * reload), and when a call rings for them (newCallData: their call is offered; or their status is Ringing with the
 * call, `ringingCallId`). Each call's page is opened once. `onQueueCallback` hears the queue-callback notice.
 */
export function useCallWatcher(
  userId: number,
  ringingCallId: number | null,
  onQueueCallback: (event: QueueCallbackEvent) => void,
): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The call last taken to, so the event and the status saying the same ring open its page once.
  const opened = useRef<number | null>(null);
  const open = useEffectEvent(async (id: number) => {
    if (opened.current === id) return;
    opened.current = id;
    rememberCurrentCall(id);
    const url = await callPageUrl(id);
    if (pathname !== url) await navigate(url);
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
      }
    });
    const stopCallbacks = socketClient.on(SOCKET_EVENTS.queueCallback, (event) => queueCallback(event));
    return () => {
      stopCalls();
      stopCallbacks();
    };
  }, [userId]);
}
