import type { CallData, Product, Sales } from '@shiftline/shared';

/** A live call as get_call_data answers it: #41, Ada's, talking since 14:00 UTC. */
export function callData(overrides: Partial<CallData> = {}): CallData {
  return {
    inquiry_id: 41,
    current_call_id: 41,
    client_id: 300,
    client_phone: '+14165550123',
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@example.com',
    country: 'CA',
    address_line1: '1 Front St W',
    address_line2: null,
    city: 'Toronto',
    state: 'ON',
    zip: 'M5J 2X5',
    height: null,
    weight: null,
    blocked: false,
    direction: 'inbound',
    status: 'talking',
    campaign: { id: 2, name: 'Northwind Support', type: 'inbound' },
    agent_id: 7,
    call_from_number: '+18005550100',
    queued_at: '2026-01-15T13:59:30.000Z',
    offered_at: '2026-01-15T13:59:50.000Z',
    answered_at: '2026-01-15T14:00:00.000Z',
    ended_at: null,
    ended_by_restart: false,
    notes: '',
    disposition: null,
    transfer_type: null,
    callback: null,
    voice_mail: false,
    missed: false,
    handed_over: false,
    after_call_statuses: [{ name: 'ready', title: 'Ready' }],
    lead: null,
    ...overrides,
  };
}

export const PRODUCTS: Product[] = [
  { id: 1, name: 'Basic plan', price_cents: 1999, currency: 'CAD' },
  { id: 2, name: 'Setup fee', price_cents: 500, currency: 'CAD' },
  { id: 3, name: 'Premium plan', price_cents: 4950, currency: 'CAD' },
];

export const NO_SALES: Sales = { sales: [], sale_posted: false, complete_date: null, total_cents: 0, url: null };

export const DISPOSITIONS = {
  dispositions: [
    { id: 11, title: 'Sale' },
    { id: 12, title: 'Not interested' },
    { id: 13, title: 'Wrong number' },
  ],
  selected: null,
};
