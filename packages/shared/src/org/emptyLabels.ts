/** The spec's labels for empty lists. */
export const EMPTY_LABELS = {
  agent: 'No Agent Found',
  agents: 'No Agents Found',
  campaigns: 'No Campaigns Found',
  campaignsShort: 'No Campaigns',
  agentsShort: 'No Agents',
  sources: 'No Sources',
} as const;

/** Multi-select summary: the first item and '(+N others)'. */
export function summarizeSelection(labels: readonly string[], emptyLabel: string): string {
  if (labels.length === 0) return emptyLabel;
  const [first, ...rest] = labels;
  return rest.length === 0 ? (first as string) : `${first} (+${rest.length} others)`;
}
