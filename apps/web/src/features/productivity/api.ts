import type {
  Agent,
  ProductivityLoadBody,
  ProductivityPayrolls,
  ProductivityResult,
  ProductivitySeriesAgents,
  ProductivitySeriesAgentsBody,
} from '@shiftline/shared';
import { http } from '../../lib/http';
import { loadAgentsList } from '../agents';

export const productivityApi = {
  load: (body: ProductivityLoadBody) => http.post<ProductivityResult>('/api/productivity/load', body),
  /** One series' drill-down, fetched when it opens. */
  seriesAgents: (body: ProductivitySeriesAgentsBody) =>
    http.post<ProductivitySeriesAgents>('/api/productivity/series-agents', body),
  /** The payrolls Already Paid adds up, fetched when the Payment Details open. */
  payrolls: (body: ProductivityLoadBody) => http.post<ProductivityPayrolls>('/api/productivity/payrolls', body),
  /** The agent dropdown's choices (staff only): agents any list shows. */
  agents: (): Promise<Agent[]> => loadAgentsList(),
};

export const productivityKeys = {
  all: ['productivity'] as const,
  load: (body: ProductivityLoadBody) => ['productivity', 'load', body] as const,
  seriesAgents: (body: ProductivitySeriesAgentsBody) => ['productivity', 'series-agents', body] as const,
  payrolls: (body: ProductivityLoadBody) => ['productivity', 'payrolls', body] as const,
  agents: ['productivity', 'agents'] as const,
};
