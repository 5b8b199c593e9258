import { z } from 'zod';
import { textSchema } from './fields.js';
import { e164Schema } from './trunks.js';

/*
 * Blocked numbers (issue 25 item 7): a number is blocked when a client with it is blacklisted (the call page's
 * Blacklist) or when it is on the do-not-call list the administration keeps. A blocked number's calls are refused
 * before they queue (logged as blocked) and agents may not dial it.
 */

export const BLOCK_REASONS = ['blacklist', 'dnc'] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];

export const BLOCK_REASON_LABELS: Record<BlockReason, string> = {
  blacklist: 'blacklisted',
  dnc: 'on the do-not-call list',
};

/**
 * Why an arriving call was refused before it queued and logged (calls.block_reason): its number is blocked, or its
 * campaign was closed (outside its working hours, shared/time/workingHours.ts).
 */
export const REFUSAL_REASONS = [...BLOCK_REASONS, 'closed'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** Why a dial to `phone` is refused (the 409's message, which the dialling page shows). */
export const blockedDialMessage = (phone: string, reason: BlockReason): string =>
  `${phone} is ${BLOCK_REASON_LABELS[reason]}: it may not be called.`;

/** Why an arriving call was refused (the simulated network's 409). */
export const blockedArrivalMessage = (phone: string, reason: BlockReason): string =>
  `${phone} is ${BLOCK_REASON_LABELS[reason]}: the call was refused and logged as blocked.`;

/** The longest note kept with a do-not-call number. */
export const MAX_DNC_NOTE_LENGTH = 500;

/** POST /api/admin/blocked_numbers: a number onto the do-not-call list (written any way the phone rule reads). */
export const doNotCallBodySchema = z.object({
  phone: e164Schema,
  note: textSchema()
    .trim()
    .max(MAX_DNC_NOTE_LENGTH, { error: `must be at most ${MAX_DNC_NOTE_LENGTH} characters` })
    .nullish()
    .transform((note) => (note ? note : null)),
});
export type DoNotCallBody = z.input<typeof doNotCallBodySchema>;

/**
 * A row of the blocked-numbers list, as its actions name it: 'dnc:<E.164>' (a do-not-call number) or
 * 'blacklist:<number>' (the blacklisted clients with that number).
 */
export const blockedNumberIdSchema = z.object({
  id: textSchema()
    .max(80, { error: 'must be at most 80 characters' })
    .regex(/^(dnc|blacklist):\S+$/, { error: "must be 'dnc:<number>' or 'blacklist:<number>'" }),
});

export const doNotCallAddedSchema = z.object({ status: z.literal('ok'), phone: z.string() });
export type DoNotCallAdded = z.infer<typeof doNotCallAddedSchema>;
