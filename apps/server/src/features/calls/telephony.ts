import { EventEmitter } from 'node:events';

/**
 * What the call engine asks of the phone network. The engine decides (who gets a call, when it is missed, when it
 * ends) and tells the adapter; the adapter tells the engine what callers do through the engine's own methods
 * (arrive, abandon, hangUp). A simulated adapter serves the demo and the tests; a SIP adapter (Kamailio) replaces it
 * without the engine changing.
 */
export type Telephony = {
  /** The call was offered to an agent: ring their phone. */
  ring: (callId: string, agentId: number) => void;
  /** The agent answered: connect them to the caller. */
  connect: (callId: string, agentId: number) => void;
  hold: (callId: string) => void;
  resume: (callId: string) => void;
  /**
   * The call's line ended (by the agent, the caller or the engine): release the caller. 'unanswered': an outbound
   * call the client did not pick up.
   */
  release: (callId: string, reason: 'agent' | 'caller' | 'missed' | 'abandoned' | 'restart' | 'unanswered') => void;
  /**
   * An agent places an outbound call (a cold call): ring `phone` and bridge it to the agent's phone. The adapter
   * reports the client picking up (engine.calleeAnswered) or not (engine.calleeUnanswered). An adapter without it
   * places no outbound calls (the engine refuses them).
   */
  dial?: (callId: string, agentId: number, phone: string) => void;
  /** Agents' phones register with this network (SIP): only an agent whose phone is registered takes calls. */
  phonesRegister?: boolean;
};

export type TelephonyEvent = Parameters<Telephony['release']>[1] | 'ring' | 'connect' | 'hold' | 'resume' | 'dial';

/**
 * The simulated network: no media, only the signals. The demo's simulated callers listen to it to learn when an
 * agent connected to them or released them.
 */
export class SimulatedTelephony extends EventEmitter implements Telephony {
  ring = (callId: string, agentId: number) => void this.emit('ring', callId, agentId);
  connect = (callId: string, agentId: number) => void this.emit('connect', callId, agentId);
  hold = (callId: string) => void this.emit('hold', callId);
  resume = (callId: string) => void this.emit('resume', callId);
  release = (callId: string, reason: Parameters<Telephony['release']>[1]) => void this.emit('release', callId, reason);
  /** The simulated clients that are dialled listen for this (features/coldCalls/simulatedCallees). */
  dial = (callId: string, agentId: number, phone: string) => void this.emit('dial', callId, agentId, phone);
}
