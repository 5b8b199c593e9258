import { notifyManager } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { afterAll, beforeAll, vi } from 'vitest';

/** With fake timers: lets answers arrive and screens update, moving the clock by `ms` (0: without moving it). */
export const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/**
 * For the enclosing block: the query cache tells screens of changes on a microtask instead of a zero timeout, so that
 * fake timers drive only the screen's own timers and a change shows without moving the clock.
 */
export function notifyOnMicrotask() {
  beforeAll(() => notifyManager.setScheduler(queueMicrotask));
  afterAll(() => notifyManager.setScheduler((callback) => setTimeout(callback, 0)));
}
