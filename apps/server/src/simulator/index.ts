export {
  createSimulator,
  type Simulator,
  type SimulatorLog,
  type SimulatorOptions,
  type SimulatorSummary,
} from './simulator.js';
export { demoCallersClient, type PlaceSipCaller, type SipCallerRequest } from './sipCallers.js';
