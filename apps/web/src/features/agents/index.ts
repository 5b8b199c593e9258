export { loadAgentsList } from './agentsList';
