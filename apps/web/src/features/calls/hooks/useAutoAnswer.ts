import { useEffect, useEffectEvent, useState } from 'react';
import { useServerOffset } from '../../status';
import { answerDueIn } from '../utils/answerDue';

/**
 * Answers a ringing call by itself `delayMs` after the server offered it (spec §4, §9: 5 s for agents, 1 ms after a
 * pickup; null: never by itself), while `enabled`. It counts from the offer's server time, not from when this page
 * rendered: a page that opens late answers at once (issue 26 item 2). Returns the whole seconds left, for the
 * countdown.
 */
export function useAutoAnswer(
  enabled: boolean,
  offeredAt: string | null,
  delayMs: number | null,
  answer: () => void,
): number {
  const answerNow = useEffectEvent(answer);
  const offset = useServerOffset();
  const dueIn = (now: number) => (delayMs === null ? 0 : answerDueIn(offeredAt, delayMs, now, offset));
  const [left, setLeft] = useState(() => Math.ceil(dueIn(Date.now()) / 1000));
  const active = enabled && delayMs !== null;
  useEffect(() => {
    if (!active || delayMs === null) return;
    // The deadline on the browser's clock, fixed once: the offer's time moved onto this clock.
    const due = Date.now() + answerDueIn(offeredAt, delayMs, Date.now(), offset);
    const secondsLeft = () => Math.max(0, Math.ceil((due - Date.now()) / 1000));
    setLeft(secondsLeft());
    const tick = window.setInterval(() => setLeft(secondsLeft()), 250);
    const timer = window.setTimeout(() => answerNow(), Math.max(0, due - Date.now()));
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(timer);
    };
  }, [active, offeredAt, delayMs, offset]);
  return left;
}
