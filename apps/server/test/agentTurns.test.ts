import { describe, expect, it } from 'vitest';
import { createAgentTurns } from '../src/features/calls/agentTurns.js';
import { AppError } from '../src/plugins/errors.js';

describe('one agent’s changes take turns', () => {
  it('runs one agent’s changes one after another in arrival order, other agents’ alongside', async () => {
    const inTurn = createAgentTurns();
    const log: string[] = [];
    const change = (agent: number, name: string, ms: number) =>
      inTurn(agent, async () => {
        log.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        log.push(`end ${name}`);
        return name;
      });
    const results = await Promise.all([
      change(1, 'a1', 30),
      change(1, 'a2', 1),
      change(2, 'b1', 5),
      change(1, 'a3', 1),
    ]);
    expect(results).toEqual(['a1', 'a2', 'b1', 'a3']);
    // a2 and a3 start only after a1 ended; b1 (another agent) does not wait for a1.
    expect(log.indexOf('start a2')).toBeGreaterThan(log.indexOf('end a1'));
    expect(log.indexOf('start a3')).toBeGreaterThan(log.indexOf('end a2'));
    expect(log.indexOf('end b1')).toBeLessThan(log.indexOf('end a1'));
  });

  it('refuses with 429 past the waiting limit, and a failed change lets the next one run', async () => {
    const inTurn = createAgentTurns(2);
    let release = () => {};
    const first = inTurn(1, () => new Promise<string>((resolve) => (release = () => resolve('first'))));
    const failing = inTurn(1, async () => {
      throw new Error('refused');
    });
    const refused = inTurn(1, async () => 'never');
    await expect(refused).rejects.toMatchObject({ code: 'busy', status: 429 });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    release();
    expect(await first).toBe('first');
    await expect(failing).rejects.toThrow('refused');
    expect(await inTurn(1, async () => 'after')).toBe('after');
  });
});
