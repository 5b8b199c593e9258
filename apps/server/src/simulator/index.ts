export {
  createSimulator,
  type Simulator,
  type SimulatorLog,
  type SimulatorOptions,
  type SimulatorSummary,
} from './simulator.js';
