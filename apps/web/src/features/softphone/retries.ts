import { TECHNICAL_ISSUE_RETRIES, TECHNICAL_ISSUE_RETRY_MS } from '@shiftline/shared';

/*
 * Technical issues (spec §4, §9): up to TECHNICAL_ISSUE_RETRIES automatic retries, each TECHNICAL_ISSUE_RETRY_MS
 * after the last. Each retry first asks whether the phone came back (then the agent goes back to ready and the
 * retries stop), otherwise makes one more attempt. After the last attempt one more look is taken, then it gives up.
 */

export type RetryHooks = {
  /** Whether the phone works again. */
  recovered(): boolean;
  /** One more attempt to bring it back (fresh credentials, a new registration); its outcome is seen next time. */
  attempt(number: number): void;
  /** It works again: the agent's status goes back to ready. */
  onRecovered(): void;
  /** Every attempt was used. */
  onGaveUp(): void;
};

/** Starts the retries; returns the way to stop them (the phone recovered some other way, or stopped). */
export function startRetries(hooks: RetryHooks): () => void {
  let made = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const tick = () => {
    timer = null;
    if (hooks.recovered()) {
      hooks.onRecovered();
      return;
    }
    if (made >= TECHNICAL_ISSUE_RETRIES) {
      hooks.onGaveUp();
      return;
    }
    made += 1;
    hooks.attempt(made);
    timer = setTimeout(tick, TECHNICAL_ISSUE_RETRY_MS);
  };
  timer = setTimeout(tick, TECHNICAL_ISSUE_RETRY_MS);
  return () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}
