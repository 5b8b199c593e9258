export { loadAgentsList } from './agentsList';
export { AgentCampaignsDialog } from './components/AgentCampaignsDialog';
