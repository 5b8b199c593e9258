import { useEffect, useEffectEvent, useState } from 'react';
import { useServerOffset } from '../../status';
import { answerDueIn } from '../utils/answerDue';

/**
 * Answers a ringing call by itself `delayMs` after the server offered it (spec §4, §9: ANSWER_DELAY_MS for agents),
 * while `enabled`. It counts from the offer's time on the server's clock, not from when this page rendered: a page
 * that opens late answers at once (issue 26 item 2). Returns the whole seconds left, for the countdown.
 */
export function useAutoAnswer(enabled: boolean, offeredAt: string | null, delayMs: number, answer: () => void): number {
  const answerNow = useEffectEvent(answer);
  const offset = useServerOffset();
  const [left, setLeft] = useState(() => Math.ceil(answerDueIn(offeredAt, delayMs, Date.now(), offset) / 1000));
  useEffect(() => {
    if (!enabled) return;
    // The deadline on the browser's clock: the offer's time moved onto it, plus the delay.
    const due = Date.now() + answerDueIn(offeredAt, delayMs, Date.now(), offset);
    const secondsLeft = () => Math.max(0, Math.ceil((due - Date.now()) / 1000));
    setLeft(secondsLeft());
    const tick = window.setInterval(() => setLeft(secondsLeft()), 250);
    const timer = window.setTimeout(() => answerNow(), Math.max(0, due - Date.now()));
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(timer);
    };
  }, [enabled, offeredAt, delayMs, offset]);
  return left;
}
