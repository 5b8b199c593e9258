import { AppError } from '../../plugins/errors.js';

/** How many of one agent's changes may wait in this process before more are refused (429). */
export const MAX_WAITING_PER_AGENT = 100;

/**
 * One agent's changes take turns in this process: each waits for the one before it without holding a database
 * connection, so a burst of one agent's requests uses one connection at a time instead of filling the pool with
 * transactions queued on the agent's row lock (which made the pool's wait look like an outage). Processes still
 * serialise on that row lock between them. Past MAX_WAITING_PER_AGENT waiting, a change is refused with 429.
 */
export function createAgentTurns(maxWaiting = MAX_WAITING_PER_AGENT) {
  const lines = new Map<number, { tail: Promise<void>; waiting: number }>();
  return async function inTurn<T>(agentId: number, work: () => Promise<T>): Promise<T> {
    let line = lines.get(agentId);
    if (!line) {
      line = { tail: Promise.resolve(), waiting: 0 };
      lines.set(agentId, line);
    }
    if (line.waiting >= maxWaiting) {
      throw new AppError('busy', 'Too many changes for this agent at once. Please try again in a moment.');
    }
    line.waiting += 1;
    const before = line.tail;
    let done = () => {};
    line.tail = new Promise<void>((resolve) => {
      done = resolve;
    });
    try {
      await before;
      return await work();
    } finally {
      done();
      line.waiting -= 1;
      if (line.waiting === 0) lines.delete(agentId);
    }
  };
}
