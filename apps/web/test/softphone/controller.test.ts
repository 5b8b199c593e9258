import type { AgentCallType, Role } from '@shiftline/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENDED_SHOWN_MS, PICKUP_FLAG_MS, SoftphoneController } from '../../src/features/softphone/controller';
import { FakeLine, FakeStack, fakeEffects, fakeServer, settings } from './fakePhone';

let stack: FakeStack;
let server: ReturnType<typeof fakeServer>;
let effects: ReturnType<typeof fakeEffects>;

async function startPhone(role: Role = 'agent', callType: AgentCallType | null = 'inbound', microphone = true) {
  stack = new FakeStack();
  server = fakeServer();
  effects = fakeEffects(microphone);
  const phone = new SoftphoneController({
    createStack: (listener) => {
      stack.listener = listener;
      return stack;
    },
    server,
    user: { role, callType },
    effects,
  });
  await phone.start();
  return phone;
}

/** A registered phone with a call ringing on it. */
async function ringing(role: Role = 'agent') {
  const phone = await startPhone(role);
  stack.listener.registered();
  const line = new FakeLine(41);
  stack.listener.incoming(line);
  return { phone, line };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-02T15:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the softphone controller', () => {
  it('registers with the ephemeral credentials of get_settings: extension from <expiry>:<extension>', async () => {
    const phone = await startPhone();
    expect(stack.started).toEqual([
      {
        websocketUrl: 'ws://127.0.0.1:8080',
        domain: 'shiftline.local',
        extension: '1007',
        username: expect.stringMatching(/^\d+:1007$/),
        password: 'c2lnbmVk',
      },
    ]);
    expect(phone.getView().state).toBe('unregistered');
    stack.listener.registered();
    expect(phone.getView().state).toBe('registered');
  });

  it('fetches new credentials five minutes before they expire, and registers with them', async () => {
    const phone = await startPhone();
    stack.listener.registered();
    server.settings.mockResolvedValue(settings(Date.now() + 2 * 28_800_000));
    await vi.advanceTimersByTimeAsync(28_800_000 - 5 * 60_000 - 1);
    expect(stack.started).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(stack.started).toHaveLength(2);
    expect(phone.getView().state).toBe('registered');
  });

  describe('an incoming call', () => {
    it('rings, notifies, reports ring, and an agent answers after exactly 5000 ms', async () => {
      const { phone, line } = await ringing('agent');
      expect(phone.getView()).toMatchObject({ state: 'incoming', callId: 41, answerAt: Date.now() + 5000 });
      expect(effects.ringtone.start).toHaveBeenCalledTimes(1);
      expect(effects.notify).toHaveBeenCalledWith('Incoming call', '+14165550123');
      expect(server.flow).toHaveBeenCalledWith(41, 'ring', {});
      await vi.advanceTimersByTimeAsync(4999);
      expect(line.calls).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(line.calls).toEqual(['answer']);
      expect(effects.ringtone.stop).toHaveBeenCalled();
      stack.listener.confirmed(line);
      expect(phone.getView().state).toBe('in_progress');
      expect(server.flow).toHaveBeenLastCalledWith(41, 'talk', {});
    });

    it.each(['team_lead', 'agent_supervisor', 'campaign_manager'] as const)(
      'is never answered by itself for a %s',
      async (role) => {
        const { phone, line } = await ringing(role);
        expect(phone.getView().answerAt).toBeNull();
        await vi.advanceTimersByTimeAsync(60_000);
        expect(line.calls).toEqual([]);
        phone.answer();
        expect(line.calls).toEqual(['answer']);
      },
    );

    it('is answered 1 ms after a pickup, and the pickup flag clears after 2 s', async () => {
      const phone = await startPhone('team_lead');
      stack.listener.registered();
      await phone.pickup(41);
      expect(server.pickup).toHaveBeenCalledWith(41);
      const line = new FakeLine(41);
      stack.listener.incoming(line);
      await vi.advanceTimersByTimeAsync(1);
      expect(line.calls).toEqual(['answer']);
      stack.listener.confirmed(line);
      stack.listener.ended(line, false);
      await vi.advanceTimersByTimeAsync(ENDED_SHOWN_MS);

      // A later pickup whose INVITE comes after the flag cleared waits for the person.
      await phone.pickup(42);
      await vi.advanceTimersByTimeAsync(PICKUP_FLAG_MS);
      const late = new FakeLine(42);
      stack.listener.incoming(late);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(late.calls).toEqual([]);
    });

    it('answered by hand does not answer again when the timer comes', async () => {
      const { phone, line } = await ringing('agent');
      phone.answer();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(line.calls).toEqual(['answer']);
    });

    it('is refused while another call is on the phone', async () => {
      await ringing('agent');
      const second = new FakeLine(42);
      stack.listener.incoming(second);
      expect(second.calls).toEqual(['hangUp']);
    });

    it('left by the caller before the answer ends without answering', async () => {
      const { phone, line } = await ringing('agent');
      stack.listener.ended(line, true);
      expect(phone.getView().state).toBe('ended');
      await vi.advanceTimersByTimeAsync(10_000);
      expect(line.calls).toEqual([]);
      expect(phone.getView().state).toBe('registered');
    });
  });

  describe('during a call', () => {
    async function connected() {
      const { phone, line } = await ringing('agent');
      phone.answer();
      stack.listener.confirmed(line);
      await flush();
      server.flow.mockClear();
      return { phone, line };
    }

    it('holds, mutes and takes off hold through the line, reporting hold, mute and talk', async () => {
      const { phone, line } = await connected();
      phone.hold();
      stack.listener.hold(line);
      expect(phone.getView().state).toBe('on_hold');
      phone.unhold();
      stack.listener.unhold(line);
      phone.mute();
      stack.listener.muted(line);
      expect(phone.getView().state).toBe('muted');
      phone.unmute();
      stack.listener.unmuted(line);
      expect(phone.getView().state).toBe('in_progress');
      expect(line.calls).toEqual(['answer', 'hold', 'unhold', 'mute', 'unmute']);
      expect(server.flow.mock.calls.map((call) => call[1])).toEqual(['hold', 'talk', 'mute', 'talk']);
    });

    it('sends keypad tones and transfers to an extension (REFER)', async () => {
      const { phone, line } = await connected();
      phone.sendDtmf('5');
      const done = phone.transfer('1008');
      line.transferDone?.(true);
      await expect(done).resolves.toBe(true);
      expect(line.calls).toEqual(['answer', 'dtmf:5', 'transfer:1008']);
    });

    it('hangs up: the line ends and the server hears end_call (clicked)', async () => {
      const { phone, line } = await connected();
      await phone.hangUp();
      expect(line.calls).toContain('hangUp');
      expect(server.endCall).toHaveBeenCalledWith(41, { clicked: true });
      stack.listener.ended(line, false);
      expect(phone.getView().state).toBe('ended');
      await vi.advanceTimersByTimeAsync(ENDED_SHOWN_MS);
      expect(phone.getView().state).toBe('registered');
    });

    it('start-transfer drops the leg of that call only', async () => {
      const { phone, line } = await connected();
      phone.dropLeg(99);
      expect(line.calls).not.toContain('hangUp');
      phone.dropLeg(41);
      expect(line.calls).toContain('hangUp');
    });
  });

  describe('fail state (emergency mode)', () => {
    it.each([
      ['inbound', 'ready'],
      ['outbound', 'outbound_sales_calls'],
    ] as const)('a refused call-data report ends the call and puts the %s agent in %s', async (callType, ready) => {
      const phone = await startPhone('agent', callType);
      stack.listener.registered();
      server.flow.mockRejectedValueOnce(new Error('refused'));
      const line = new FakeLine(41);
      stack.listener.incoming(line);
      await flush();
      expect(phone.getView()).toMatchObject({ state: 'fail', problem: 'call_data' });
      expect(line.calls).toContain('hangUp');
      expect(server.endCall).toHaveBeenCalledWith(41, { agent_disconnected: true });
      expect(server.setStatus).toHaveBeenCalledWith({ status_name: ready, call_id: 41 });
      await vi.advanceTimersByTimeAsync(ENDED_SHOWN_MS);
      expect(phone.getView().state).toBe('registered');
    });

    it.each([
      ['inbound', 'ready'],
      ['outbound', 'outbound_sales_calls'],
    ] as const)(
      'a failed call-data fetch of the call on the phone: fail, emergency end, the %s agent in %s',
      async (callType, ready) => {
        const phone = await startPhone('agent', callType);
        stack.listener.registered();
        const line = new FakeLine(41);
        stack.listener.incoming(line);
        phone.answer();
        stack.listener.confirmed(line);
        await flush();
        phone.callDataFailed(41);
        await flush();
        expect(phone.getView()).toMatchObject({ state: 'fail', problem: 'call_data', callId: 41 });
        expect(line.calls).toEqual(['answer', 'hangUp']);
        expect(server.endCall).toHaveBeenCalledWith(41, { agent_disconnected: true });
        expect(server.setStatus).toHaveBeenCalledWith({ status_name: ready, call_id: 41 });
        expect(effects.changed).toHaveBeenCalledWith(41);
        // The line's own end after the hang-up changes nothing more.
        stack.listener.ended(line, false);
        expect(phone.getView().state).toBe('fail');
        await vi.advanceTimersByTimeAsync(ENDED_SHOWN_MS);
        expect(phone.getView()).toMatchObject({ state: 'registered', problem: null, callId: null });
      },
    );

    it('a failed call-data fetch of another call, or with no call on the phone, leaves the phone alone', async () => {
      const { phone, line } = await ringing('agent');
      phone.callDataFailed(99);
      expect(phone.getView().state).toBe('incoming');
      expect(line.calls).toEqual([]);
      stack.listener.ended(line, false);
      await vi.advanceTimersByTimeAsync(ENDED_SHOWN_MS);
      phone.callDataFailed(41);
      expect(phone.getView().state).toBe('registered');
      expect(server.endCall).not.toHaveBeenCalled();
      expect(server.setStatus).not.toHaveBeenCalled();
    });

    it('a failed pickup is the fail state too', async () => {
      const phone = await startPhone('campaign_manager');
      stack.listener.registered();
      server.pickup.mockRejectedValueOnce(new Error('taken'));
      await expect(phone.pickup(41)).rejects.toThrow('taken');
      await flush();
      expect(phone.getView()).toMatchObject({ state: 'fail', problem: 'pickup' });
      expect(server.setStatus).toHaveBeenCalledWith({ status_name: 'ready', call_id: 41 });
    });
  });

  describe('technical issue', () => {
    it('a refused microphone: the alert, technical issue, status technical_issues, no SIP registration', async () => {
      const phone = await startPhone('agent', 'inbound', false);
      expect(effects.alert).toHaveBeenCalledWith('Microphone is disabled or blocked! We could not proceed with calls');
      expect(phone.getView()).toMatchObject({ state: 'technical_issue', problem: 'microphone' });
      expect(server.setStatus).toHaveBeenCalledWith({ status_name: 'technical_issues' });
      expect(stack.started).toEqual([]);
    });

    it('retries 4 times, 3 s apart, then gives up', async () => {
      const phone = await startPhone();
      stack.listener.registered();
      stack.listener.registrationFailed();
      expect(phone.getView()).toMatchObject({ state: 'technical_issue', problem: 'registration_failed' });
      expect(server.setStatus).toHaveBeenCalledWith({ status_name: 'technical_issues' });
      const startsBefore = stack.started.length;
      for (let retry = 1; retry <= 4; retry += 1) {
        await vi.advanceTimersByTimeAsync(2999);
        expect(stack.started.length - startsBefore).toBe(retry - 1);
        await vi.advanceTimersByTimeAsync(1);
        expect(stack.started.length - startsBefore).toBe(retry);
      }
      await vi.advanceTimersByTimeAsync(60_000);
      expect(stack.started.length - startsBefore).toBe(4);
      expect(server.setStatus).toHaveBeenCalledTimes(1);
      expect(phone.getView().state).toBe('technical_issue');
    });

    it.each([
      ['inbound', 'ready'],
      ['outbound', 'outbound_sales_calls'],
    ] as const)('a retry that registers puts the %s agent back in %s and stops retrying', async (callType, ready) => {
      const phone = await startPhone('agent', callType);
      stack.listener.registered();
      for (const attempts of [1, 2, 3]) stack.listener.transportConnecting(attempts);
      expect(phone.getView()).toMatchObject({ state: 'technical_issue', problem: 'transport' });
      await vi.advanceTimersByTimeAsync(3000);
      stack.listener.registered();
      await flush();
      expect(phone.getView().state).toBe('registered');
      expect(server.setStatus).toHaveBeenLastCalledWith({ status_name: ready });
      const starts = stack.started.length;
      await vi.advanceTimersByTimeAsync(20_000);
      expect(stack.started.length).toBe(starts);
    });

    it('an expiring registration renews while the credentials last, and is a technical issue without new ones', async () => {
      const phone = await startPhone();
      stack.listener.registered();
      stack.listener.registrationExpiring();
      await flush();
      expect(stack.registers).toBe(1);
      expect(phone.getView().state).toBe('registered');

      await vi.advanceTimersByTimeAsync(28_800_000 - 5 * 60_000 - 1);
      server.settings.mockRejectedValue(new Error('down'));
      await vi.advanceTimersByTimeAsync(5 * 60_000 - 30_000);
      stack.listener.registrationExpiring();
      await flush();
      expect(phone.getView()).toMatchObject({ state: 'technical_issue', problem: 'registration_expiring' });
    });
  });

  it('pauses (unregisters) in a status without sip_register and registers again after it', async () => {
    const phone = await startPhone();
    stack.listener.registered();
    phone.setRegisterWanted(false);
    expect(stack.stops).toBe(1);
    expect(phone.getView().state).toBe('paused');
    phone.setRegisterWanted(true);
    await flush();
    expect(stack.started).toHaveLength(2);
    stack.listener.registered();
    expect(phone.getView().state).toBe('registered');
  });

  it('redials: the server makes the call record, then the phone dials the client for it', async () => {
    const phone = await startPhone();
    stack.listener.registered();
    await expect(phone.redial(41, '+14165550123')).resolves.toEqual({ url: '/inquiries/call/77', simultaneous: false });
    expect(server.redial).toHaveBeenCalledWith(41);
    expect(stack.dialled).toMatchObject([{ target: '+14165550123', callId: 77 }]);
    expect(phone.getView()).toMatchObject({ state: 'outgoing', callId: 77, direction: 'outbound' });
    const line = stack.dialled[0]?.line as FakeLine;
    stack.listener.confirmed(line);
    expect(server.flow).toHaveBeenLastCalledWith(77, 'talk', { type: 'outbound', abonent_number: '+14165550123' });
  });
});
