import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SoftphoneLoader, useSoftphone } from '../../src/features/softphone';
import type { SipListener } from '../../src/features/softphone/sip/types';
import { callsTo, type Replies, serveFetch } from '../fakeFetch';
import { connectSocketEachTest, fakeSocket, serverSends } from '../fakeSocket';
import { fakeUser } from '../fakeUser';
import { renderWithProviders } from '../renderWithProviders';
import { statusInfo } from '../statusFixtures';
import { FakeLine, FakeStack, settings } from './fakePhone';

vi.mock('socket.io-client', async () => (await import('../fakeSocket')).fakeSocketModule);

// The JsSIP stack is replaced by the test's fake: these tests are about the screen, the browser tests about JsSIP.
const stacks: FakeStack[] = [];
vi.mock('../../src/features/softphone/sip/jssipStack', () => ({
  createJsSipStack: (listener: SipListener) => {
    const stack = new FakeStack();
    stack.listener = listener;
    stacks.push(stack);
    return stack;
  },
}));

function giveMicrophone(allowed: boolean) {
  const getUserMedia = vi.fn(async () => {
    if (!allowed) throw new DOMException('Permission denied', 'NotAllowedError');
    return { getTracks: () => [] } as unknown as MediaStream;
  });
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
}

function serve(more: Replies = {}, websocket: string | null = 'ws://127.0.0.1:8080') {
  return serveFetch({
    'GET /api/settings/get_settings': { status: 200, body: { ...settings(), websocket_proxy_url: websocket } },
    'GET /api/status/get_current_status_info': { status: 200, body: statusInfo('ready') },
    'POST /api/status/set_new_status': { status: 200, body: statusInfo('technical_issues') },
    ...more,
  });
}

/** Shows whether the call page would find a softphone. */
function PhoneProbe() {
  return <output data-testid="phone-present">{useSoftphone() ? 'yes' : 'no'}</output>;
}

const renderPhone = () =>
  renderWithProviders(
    <>
      <SoftphoneLoader user={fakeUser('agent')} />
      <PhoneProbe />
    </>,
  );

beforeEach(() => {
  stacks.length = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the softphone in the top bar', () => {
  connectSocketEachTest();

  it('is not loaded when the phone network is simulated (websocket_proxy_url null)', async () => {
    giveMicrophone(true);
    const fetch = serve({}, null);
    renderPhone();
    await waitFor(() => expect(callsTo(fetch, 'GET', '/api/settings/get_settings')).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.queryByTestId('softphone-state')).toBeNull();
    expect(screen.getByTestId('phone-present').textContent).toBe('no');
    expect(stacks).toHaveLength(0);
  });

  it('registers and shows its state, labelled for screen readers', async () => {
    giveMicrophone(true);
    serve();
    renderPhone();
    const chip = await screen.findByTestId('softphone-state');
    expect(chip.dataset.state).toBe('unregistered');
    await waitFor(() => expect(stacks[0]?.started).toHaveLength(1));
    act(() => stacks[0]?.listener.registered());
    expect(screen.getByTestId('softphone-state').dataset.state).toBe('registered');
    expect(screen.getByRole('status', { name: 'Softphone: Registered' })).toBeTruthy();
    expect(screen.getByTestId('phone-present').textContent).toBe('yes');
  });

  it('a ringing phone shows Answer in the top bar, which answers it (supervisory roles answer by hand)', async () => {
    giveMicrophone(true);
    serve({ 'POST /api/inquiries/call_data': { status: 200, body: { inquiry_id: 41 } } });
    renderWithProviders(<SoftphoneLoader user={fakeUser('team_lead')} />);
    await waitFor(() => expect(stacks[0]?.started).toHaveLength(1));
    expect(screen.queryByTestId('softphone-answer')).toBeNull();
    const line = new FakeLine(41);
    act(() => {
      stacks[0]?.listener.registered();
      stacks[0]?.listener.incoming(line);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Answer the call' }));
    expect(line.calls).toEqual(['answer']);
    act(() => stacks[0]?.listener.confirmed(line));
    expect(screen.queryByTestId('softphone-answer')).toBeNull();
    expect(screen.getByTestId('softphone-state').dataset.state).toBe('in_progress');
  });

  it('a refused microphone shows the alert and the technical issue state, and sets the status', async () => {
    giveMicrophone(false);
    const fetch = serve();
    renderPhone();
    const alert = await screen.findByTestId('microphone-alert');
    expect(alert.textContent).toContain('Microphone is disabled or blocked! We could not proceed with calls');
    expect(screen.getByTestId('softphone-state').dataset.state).toBe('technical_issue');
    await waitFor(() =>
      expect(callsTo(fetch, 'POST', '/api/status/set_new_status')).toEqual([{ status_name: 'technical_issues' }]),
    );
    expect(stacks[0]?.started ?? []).toHaveLength(0);
  });

  describe('warm transfer', () => {
    const request = { agent: 'Grace Hopper', campaign: 'Solar Leads', call_id: 41, extension: '1008' };

    async function onCall() {
      giveMicrophone(true);
      const fetch = serve({
        'POST /api/inquiries/call_data': { status: 200, body: { inquiry_id: 41 } },
        'POST /api/inquiries/41/update_transfer_type': { status: 200, body: { inquiry_id: 41 } },
        'POST /api/telephony/warm_transfer/accept': { status: 200, body: { status: 'ok' } },
      });
      renderPhone();
      await waitFor(() => expect(stacks[0]?.started).toHaveLength(1));
      const line = new FakeLine(41);
      act(() => {
        stacks[0]?.listener.registered();
        stacks[0]?.listener.incoming(line);
        stacks[0]?.listener.confirmed(line);
      });
      return { fetch, line };
    }

    it('asks with the spec text; accept marks the call warm and transfers to the prefixed extension', async () => {
      const { fetch, line } = await onCall();
      await serverSends('warm-transfer', request);
      expect(screen.getByTestId('warm-transfer-text').textContent).toBe(
        'Grace Hopper wants to add you to the conference with the client for Solar Leads. Do you accept the warm transfer?',
      );
      fireEvent.click(screen.getByTestId('warm-transfer-accept'));
      await waitFor(() => expect(line.calls).toContain('transfer:*71008'));
      expect(callsTo(fetch, 'POST', '/api/inquiries/41/update_transfer_type')).toEqual([{ transfer_type: 'warm' }]);
      act(() => line.transferDone?.(true));
      await waitFor(() => expect(screen.queryByTestId('warm-transfer')).toBeNull());
    });

    it("decline sends decline_transfer with the decliner's long name", async () => {
      await onCall();
      await serverSends('warm-transfer', request);
      fireEvent.click(screen.getByTestId('warm-transfer-decline'));
      expect(fakeSocket.emit).toHaveBeenCalledWith('decline_transfer', { call_id: 41, name: 'Ada Byron' });
      await waitFor(() => expect(screen.queryByTestId('warm-transfer')).toBeNull());
    });

    it('invited to join: the same question; accept tells the server, and the phone transfers nothing itself', async () => {
      const { fetch, line } = await onCall();
      await serverSends('warm-transfer', { ...request, mode: 'invite' });
      expect(screen.getByTestId('warm-transfer-text').textContent).toBe(
        'Grace Hopper wants to add you to the conference with the client for Solar Leads. Do you accept the warm transfer?',
      );
      fireEvent.click(screen.getByTestId('warm-transfer-accept'));
      await waitFor(() => expect(screen.queryByTestId('warm-transfer')).toBeNull());
      expect(callsTo(fetch, 'POST', '/api/telephony/warm_transfer/accept')).toEqual([{ call_id: 41 }]);
      expect(callsTo(fetch, 'POST', '/api/inquiries/41/update_transfer_type')).toEqual([]);
      expect(line.calls.some((call) => call.startsWith('transfer:'))).toBe(false);
    });

    it('invited and declining: decline_transfer with the long name', async () => {
      await onCall();
      await serverSends('warm-transfer', { ...request, mode: 'invite' });
      fireEvent.click(screen.getByTestId('warm-transfer-decline'));
      expect(fakeSocket.emit).toHaveBeenCalledWith('decline_transfer', { call_id: 41, name: 'Ada Byron' });
    });

    it('the agent invited accepted: no question, the call is marked warm and goes to their prefixed extension', async () => {
      const { fetch, line } = await onCall();
      await serverSends('warm-transfer', { ...request, mode: 'accepted' });
      await waitFor(() => expect(line.calls).toContain('transfer:*71008'));
      expect(screen.queryByTestId('warm-transfer')).toBeNull();
      expect(callsTo(fetch, 'POST', '/api/inquiries/41/update_transfer_type')).toEqual([{ transfer_type: 'warm' }]);
      act(() => line.transferDone?.(false));
      expect((await screen.findByTestId('warm-transfer-failed')).textContent).toContain(
        'The call could not be transferred to Grace Hopper.',
      );
    });

    it('start-transfer hangs the call up', async () => {
      const { line } = await onCall();
      await serverSends('start-transfer', { call_id: 41 });
      expect(line.calls).toContain('hangUp');
    });
  });
});
