import { describe, expect, it } from 'vitest';
import {
  CALL_MOVES,
  type CallMove,
  CONNECTED_CALL_STATES,
  LIVE_CALL_STATES,
  moveCall,
} from '../src/live/callStates.js';
import { isValidPhone, toE164 } from '../src/live/phone.js';

describe('phone validity (spec §5: recognised with or without a leading plus)', () => {
  it.each([
    ['+14165550123', '+14165550123'],
    ['14165550123', '+14165550123'],
    ['+1 (416) 555-0123', '+14165550123'],
    ['1 416 555 0123', '+14165550123'],
    ['(416) 555-0123', '+14165550123'],
    ['416.555.0123', '+14165550123'],
    ['+442079460958', '+442079460958'],
    ['442079460958', '+442079460958'],
    ['  +1 604 555 0142  ', '+16045550142'],
  ])('%s is valid (%s)', (text, e164) => {
    expect(isValidPhone(text)).toBe(true);
    expect(toE164(text)).toBe(e164);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['abc', 'letters'],
    ['123', 'too short'],
    ['+1 416 555', 'an incomplete number'],
    ['+999 1234 5678', 'no such country code'],
    ['call 4165550123', 'a number inside a sentence'],
    ['4165550123abc', 'letters after the digits'],
    ['416\u00005550123', 'a NUL byte'],
    ['1'.repeat(40), 'too long'],
    ['+1 416 555 0123 ext', 'a trailing word'],
  ])('%j is invalid (%s)', (text) => {
    expect(isValidPhone(text)).toBe(false);
    expect(toE164(text)).toBeNull();
  });

  it('is false for what is not text', () => {
    expect(isValidPhone(null)).toBe(false);
    expect(isValidPhone(undefined)).toBe(false);
  });
});

describe('outbound call moves', () => {
  it('a dialled call goes to talking when the client answers, or ends unanswered', () => {
    expect(moveCall('dialling', 'calleeAnswers')).toEqual({ to: 'talking' });
    expect(moveCall('dialling', 'unanswered')).toEqual({ to: 'ended' });
    // After the answer it is a call like any other: hold, hang up, after-call form, ended.
    expect(moveCall('talking', 'hangUp')).toEqual({ to: 'after_call' });
    expect(moveCall('after_call', 'close')).toEqual({ to: 'ended' });
  });

  it('dialling is live but not connected, and only the outbound moves leave it', () => {
    expect(LIVE_CALL_STATES).toContain('dialling');
    expect(CONNECTED_CALL_STATES).not.toContain('dialling');
    const leaving = (Object.keys(CALL_MOVES) as CallMove[]).filter(
      (step) => !('refused' in moveCall('dialling', step)),
    );
    expect(leaving.sort()).toEqual(['calleeAnswers', 'unanswered']);
    expect(moveCall('dialling', 'hangUp')).toEqual({ refused: 'The call is dialling; it cannot be hung up.' });
  });

  it('a call that is not dialling cannot be answered by the client or end unanswered', () => {
    for (const from of ['queued', 'offered', 'talking', 'on_hold', 'after_call', 'ended', 'abandoned'] as const) {
      expect(moveCall(from, 'calleeAnswers')).toHaveProperty('refused');
      expect(moveCall(from, 'unanswered')).toHaveProperty('refused');
    }
    expect(moveCall('talking', 'unanswered')).toEqual({
      refused: 'The call is in progress; it cannot be ended unanswered.',
    });
  });
});
