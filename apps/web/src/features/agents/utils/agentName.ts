import type { Agent } from '@shiftline/shared';

export const agentName = (agent: Pick<Agent, 'firstName' | 'secondName'>) => `${agent.firstName} ${agent.secondName}`;
