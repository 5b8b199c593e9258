import type { ShiftStatus } from './constants.js';

/** What can happen to a shift. One table, used by the server's service and the calendar's icons. */
export type ShiftAction = 'send_for_approval' | 'approve' | 'cancel' | 'delete';

/** Who acts: the shift's owner, or a schedule supervisor (who manages every shift). */
export type ShiftActor = 'owner' | 'schedule_supervisor';

type Rule = { from: readonly ShiftStatus[]; to: ShiftStatus | null; actors: readonly ShiftActor[] };

const RULES: Record<ShiftAction, Rule> = {
  send_for_approval: { from: ['pending'], to: 'pending', actors: ['owner'] },
  // Approving a canceled shift is the spec's "redo" (restore) icon.
  approve: { from: ['pending', 'canceled'], to: 'approved', actors: ['schedule_supervisor'] },
  // Canceled shifts cannot be canceled again.
  cancel: { from: ['pending', 'approved', 'free_shift'], to: 'canceled', actors: ['schedule_supervisor'] },
  // An agent removes their own shifts that are not approved; a schedule supervisor removes any.
  delete: {
    from: ['pending', 'canceled', 'approved', 'free_shift'],
    to: null,
    actors: ['owner', 'schedule_supervisor'],
  },
};

const OWNER_MAY_DELETE: readonly ShiftStatus[] = ['pending', 'canceled'];

export type TransitionVerdict =
  | { allowed: true; to: ShiftStatus | null }
  | { allowed: false; reason: 'role' | 'state'; message: string };

export function shiftTransition(
  status: ShiftStatus,
  action: ShiftAction,
  actors: readonly ShiftActor[],
): TransitionVerdict {
  const rule = RULES[action];
  const actor = rule.actors.find((candidate) => actors.includes(candidate));
  if (!actor) return { allowed: false, reason: 'role', message: 'Only a schedule supervisor manages this shift.' };
  if (!rule.from.includes(status)) {
    return { allowed: false, reason: 'state', message: stateMessage(status, action) };
  }
  if (
    action === 'delete' &&
    actor === 'owner' &&
    !actors.includes('schedule_supervisor') &&
    !OWNER_MAY_DELETE.includes(status)
  ) {
    return {
      allowed: false,
      reason: 'state',
      message: 'An approved shift can only be canceled by a schedule supervisor.',
    };
  }
  return { allowed: true, to: rule.to };
}

function stateMessage(status: ShiftStatus, action: ShiftAction): string {
  if (action === 'cancel' && status === 'canceled') return 'Canceled shifts cannot be canceled again.';
  return `A ${status.replace('_', ' ')} shift cannot be ${action === 'send_for_approval' ? 'sent for approval' : `${action}d`}.`;
}
