import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CallControls } from '../../src/features/calls/components/CallControls';
import { IncomingCall } from '../../src/features/calls/components/IncomingCall';
import { TransferPanel } from '../../src/features/calls/components/TransferPanel';
import { useCallData } from '../../src/features/calls/hooks/useCallData';
import { SoftphoneController } from '../../src/features/softphone/controller';
import { setActiveSoftphone } from '../../src/features/softphone/store';
import { callData } from '../callFixtures';
import { callsTo, serveFetch } from '../fakeFetch';
import { renderWithProviders } from '../renderWithProviders';
import { FakeLine, FakeStack, fakeEffects, fakeServer } from './fakePhone';

/*
 * The call page on a real phone network: its answer, hold, mute, keypad, end and transfer act on the softphone (a
 * controller on a fake SIP stack here), not straight on the server.
 */

let stack: FakeStack;
let server: ReturnType<typeof fakeServer>;
let phone: SoftphoneController;

beforeEach(async () => {
  stack = new FakeStack();
  server = fakeServer();
  phone = new SoftphoneController({
    createStack: (listener) => {
      stack.listener = listener;
      return stack;
    },
    server,
    user: { role: 'agent', callType: 'inbound' },
    effects: fakeEffects(),
  });
  await phone.start();
  act(() => {
    stack.listener.registered();
    setActiveSoftphone(phone);
  });
});
afterEach(() => {
  act(() => setActiveSoftphone(null));
  phone.stop();
});

function ring(callId = 41) {
  const line = new FakeLine(callId);
  act(() => stack.listener.incoming(line));
  return line;
}

describe('the call page with a softphone', () => {
  it('waits for the INVITE, then counts down and answers on the phone, not through call_data talk', async () => {
    const fetch = serveFetch({});
    renderWithProviders(<IncomingCall call={callData({ status: 'offered' })} autoAnswer />);
    expect(screen.getByTestId('answer-countdown').textContent).toBe('Waiting for the phone to ring…');
    expect((screen.getByTestId('answer-call') as HTMLButtonElement).disabled).toBe(true);
    const line = ring();
    await waitFor(() => expect(screen.getByTestId('answer-countdown').textContent).toBe('Answering in 5 s'));
    fireEvent.click(screen.getByTestId('answer-call'));
    expect(line.calls).toEqual(['answer']);
    expect(callsTo(fetch, 'POST', '/api/inquiries/call_data')).toEqual([]);
  });

  it('holds, resumes, mutes, sends keypad tones and hangs up on the phone', async () => {
    const line = ring();
    phone.answer();
    act(() => stack.listener.confirmed(line));
    renderWithProviders(<CallControls call={callData()} />);
    fireEvent.click(screen.getByTestId('call-hold'));
    act(() => stack.listener.hold(line));
    fireEvent.click(await screen.findByTestId('call-resume'));
    act(() => stack.listener.unhold(line));
    fireEvent.click(await screen.findByTestId('call-mute'));
    act(() => stack.listener.muted(line));
    fireEvent.click(await screen.findByTestId('call-unmute'));
    fireEvent.click(screen.getByTestId('call-keypad'));
    fireEvent.click(await screen.findByTestId('keypad-7'));
    fireEvent.click(screen.getByTestId('keypad-#'));
    expect(screen.getByTestId('keypad-sent').textContent).toBe('7#');
    fireEvent.keyDown(screen.getByTestId('keypad-sent'), { key: 'Escape' });
    fireEvent.click(screen.getByTestId('call-end'));
    await waitFor(() => expect(server.endCall).toHaveBeenCalledWith(41, { clicked: true }));
    expect(line.calls).toEqual(['answer', 'hold', 'unhold', 'mute', 'unmute', 'dtmf:7', 'dtmf:#', 'hangUp']);
  });

  it('transfers blind to an operator extension (REFER)', async () => {
    serveFetch({
      'GET /api/inquiries/41/get_operators_from_campaign': {
        status: 200,
        body: {
          operators: [
            { id: 8, name: 'Alan Turing', role: 'agent', extension: '1008', status: 'ready', status_title: 'Ready' },
          ],
        },
      },
    });
    const line = ring();
    phone.answer();
    act(() => stack.listener.confirmed(line));
    renderWithProviders(<TransferPanel call={callData()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer the call to Alan Turing' }));
    expect(line.calls).toContain('transfer:1008');
    act(() => line.transferDone?.(false));
    expect((await screen.findByTestId('transfer-blind')).textContent).toBe('Not transferred');
  });
});

describe('warm transfer from the transfer panel', () => {
  const operators = {
    status: 200,
    body: {
      operators: [
        { id: 8, name: 'Alan Turing', role: 'agent', extension: '1008', status: 'ready', status_title: 'Ready' },
      ],
    },
  };

  it('with the Warm type, invites an operator to join instead of transferring blind', async () => {
    const fetch = serveFetch({
      'GET /api/inquiries/41/get_operators_from_campaign': operators,
      'POST /api/telephony/warm_transfer': { status: 200, body: { status: 'ok' } },
    });
    const line = ring();
    phone.answer();
    act(() => stack.listener.confirmed(line));
    renderWithProviders(<TransferPanel call={callData({ transfer_type: 'warm' })} />);
    const invite = await screen.findByRole('button', { name: 'Ask Alan Turing to join the call (warm transfer)' });
    expect(screen.queryByTestId('transfer-blind')).toBeNull();
    fireEvent.click(invite);
    await waitFor(() => expect(invite.textContent).toBe('Asked'));
    expect(callsTo(fetch, 'POST', '/api/telephony/warm_transfer')).toEqual([{ call_id: 41, agent_id: 8 }]);
    // The phone transfers only once the agent accepts (the softphone's transfer events).
    expect(line.calls).toEqual(['answer']);
  });

  it('says why an invitation was refused', async () => {
    serveFetch({
      'GET /api/inquiries/41/get_operators_from_campaign': operators,
      'POST /api/telephony/warm_transfer': {
        status: 409,
        body: { error: { code: 'conflict', message: 'That agent has no extension.', fields: {} } },
      },
    });
    const line = ring();
    phone.answer();
    act(() => stack.listener.confirmed(line));
    renderWithProviders(<TransferPanel call={callData({ transfer_type: 'warm' })} />);
    fireEvent.click(await screen.findByTestId('transfer-warm'));
    await waitFor(() => expect(screen.getByTestId('transfer-warm').textContent).toBe('Not asked'));
  });

  it('is not offered before the call is connected on the phone', async () => {
    serveFetch({ 'GET /api/inquiries/41/get_operators_from_campaign': operators });
    ring();
    renderWithProviders(<TransferPanel call={callData({ transfer_type: 'warm' })} />);
    expect((await screen.findByTestId('transfer-warm')).hasAttribute('disabled')).toBe(true);
  });
});

/** What the call page does with its call's data: the page's own loader, alone. */
function CallDataProbe({ id }: { id: number }) {
  const call = useCallData(id);
  return <output data-testid="probe">{call.isError ? 'error' : call.data ? 'loaded' : 'loading'}</output>;
}

describe('a failed call-data fetch (spec §4)', () => {
  it('of the call on the phone: the fail state, the call ended in emergency mode, the agent back to ready', async () => {
    serveFetch({
      'GET /api/inquiries/41/get_call_data': { status: 500, body: { error: { code: 'x', message: 'down' } } },
    });
    const line = ring();
    phone.answer();
    act(() => stack.listener.confirmed(line));
    renderWithProviders(<CallDataProbe id={41} />);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('error'));
    await waitFor(() => expect(phone.getView()).toMatchObject({ state: 'fail', problem: 'call_data' }));
    expect(line.calls).toEqual(['answer', 'hangUp']);
    await waitFor(() => expect(server.setStatus).toHaveBeenCalledWith({ status_name: 'ready', call_id: 41 }));
    expect(server.endCall).toHaveBeenCalledWith(41, { agent_disconnected: true });
  });

  it('of another call: the phone goes on', async () => {
    serveFetch({
      'GET /api/inquiries/52/get_call_data': { status: 500, body: { error: { code: 'x', message: 'down' } } },
    });
    const line = ring();
    phone.answer();
    act(() => stack.listener.confirmed(line));
    renderWithProviders(<CallDataProbe id={52} />);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('error'));
    expect(phone.getView().state).toBe('in_progress');
    expect(server.endCall).not.toHaveBeenCalled();
  });
});

describe('Pick up on the softphone', () => {
  it('is offered to a team lead: picks the call up, and its INVITE is answered 1 ms after it arrives', async () => {
    const { PickupButton } = await import('../../src/features/softphone');
    phone.stop();
    stack = new FakeStack();
    server = fakeServer();
    phone = new SoftphoneController({
      createStack: (listener) => {
        stack.listener = listener;
        return stack;
      },
      server,
      user: { role: 'team_lead', callType: 'inbound' },
      effects: fakeEffects(),
    });
    await phone.start();
    act(() => {
      stack.listener.registered();
      setActiveSoftphone(phone);
    });
    renderWithProviders(<PickupButton callId={41} userRole="team_lead" />);
    fireEvent.click(screen.getByTestId('call-pickup'));
    await waitFor(() => expect(server.pickup).toHaveBeenCalledWith(41));
    const line = ring();
    await waitFor(() => expect(line.calls).toEqual(['answer']));
  });

  it('is not offered to an agent (agents answer by themselves)', async () => {
    const { PickupButton } = await import('../../src/features/softphone');
    renderWithProviders(<PickupButton callId={41} userRole="agent" />);
    expect(screen.queryByTestId('call-pickup')).toBeNull();
  });
});
