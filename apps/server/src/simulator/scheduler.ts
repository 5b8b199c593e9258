/** One thing the simulator will do at `at` (ms since the epoch, on the simulator's clock). */
type Due = { at: number; seq: number; run: () => Promise<void> | void; cancelled: boolean };

/** A handle to a scheduled action: cancel() keeps it from running. */
export type Scheduled = { cancel: () => void };

/**
 * The simulator's timers: one priority queue (a binary heap on time, then insertion order) of due actions, worked
 * through by one loop, instead of thousands of setTimeouts. Actions run one at a time, in time order; an action
 * may schedule more. `runDue(until)` runs every action due by `until`, `moveClock` first telling the caller which
 * instant each action runs at (a test's pinned clock follows it).
 */
export class Scheduler {
  private heap: Due[] = [];
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  at(at: number, run: Due['run']): Scheduled {
    const due: Due = { at, seq: this.seq++, run, cancelled: false };
    this.push(due);
    return {
      cancel: () => {
        due.cancelled = true;
      },
    };
  }

  /** When the next action is due; null when nothing is scheduled. */
  nextAt(): number | null {
    while (this.heap[0]?.cancelled) this.pop();
    return this.heap[0]?.at ?? null;
  }

  /**
   * Runs the actions due by `until` in time order, awaiting each, including those they schedule due by then.
   * `moveClock(at)` is called before each one. Errors are the actions' own to handle; one that escapes is
   * passed to `onError` and the loop goes on.
   */
  async runDue(until: number, moveClock: (at: number) => void, onError: (error: unknown) => void): Promise<number> {
    let ran = 0;
    for (;;) {
      const next = this.nextAt();
      if (next === null || next > until) return ran;
      const due = this.pop() as Due;
      moveClock(due.at);
      try {
        await due.run();
      } catch (error) {
        onError(error);
      }
      ran += 1;
    }
  }

  clear(): void {
    for (const due of this.heap) due.cancelled = true;
    this.heap = [];
  }

  private before(a: Due, b: Due): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private push(due: Due): void {
    const heap = this.heap;
    heap.push(due);
    let index = heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.before(heap[index] as Due, heap[parent] as Due)) break;
      [heap[index], heap[parent]] = [heap[parent] as Due, heap[index] as Due];
      index = parent;
    }
  }

  private pop(): Due | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      let index = 0;
      for (;;) {
        const left = index * 2 + 1;
        const right = left + 1;
        let smallest = index;
        if (left < heap.length && this.before(heap[left] as Due, heap[smallest] as Due)) smallest = left;
        if (right < heap.length && this.before(heap[right] as Due, heap[smallest] as Due)) smallest = right;
        if (smallest === index) break;
        [heap[index], heap[smallest]] = [heap[smallest] as Due, heap[index] as Due];
        index = smallest;
      }
    }
    return top;
  }
}
