import { ANSWER_DELAY_MS } from '@shiftline/shared';
import { useEffect, useEffectEvent, useState } from 'react';

/**
 * Answers a ringing call by itself ANSWER_DELAY_MS after it starts ringing on this page (spec §4, §9: the softphone
 * answers after 5 s), while `enabled`. The page is keyed by call, so each call counts from its own start. Returns the whole seconds left, for the countdown.
 */
export function useAutoAnswer(enabled: boolean, answer: () => void): number {
  const answerNow = useEffectEvent(answer);
  const [left, setLeft] = useState(Math.ceil(ANSWER_DELAY_MS / 1000));
  useEffect(() => {
    if (!enabled) return;
    const started = Date.now();
    setLeft(Math.ceil(ANSWER_DELAY_MS / 1000));
    const tick = window.setInterval(
      () => setLeft(Math.max(0, Math.ceil((started + ANSWER_DELAY_MS - Date.now()) / 1000))),
      250,
    );
    const timer = window.setTimeout(() => answerNow(), ANSWER_DELAY_MS);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(timer);
    };
  }, [enabled]);
  return left;
}
