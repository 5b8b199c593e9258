import { CALL_TAKING_ROLES, emailSchema } from '@shiftline/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { writeAudit } from '../../../db/auditLog.js';
import type { Database, UserRow } from '../../../db/schema.js';
import { AppError, conflict, forbidden } from '../../../plugins/errors.js';
import { PROTECTED_USER_MESSAGE, UNKNOWN_EMAIL_MESSAGE } from '../../campaigns/index.js';

/**
 * The agents table's row actions: the row's email, as `email` (the spec's enable/disable call) or as `identifier`
 * (what the generic table's post actions send: the row's identifier, here its email).
 */
export const agentActionBodySchema = z
  .strictObject({ email: emailSchema.optional(), identifier: emailSchema.optional() })
  .refine((body) => (body.email ?? body.identifier) !== undefined, { error: 'is required', path: ['email'] })
  .transform((body) => ({ email: (body.email ?? body.identifier) as string }));
export type AgentActionBody = z.output<typeof agentActionBodySchema>;

/** What the agents table does itself; archiving and a password reset are the administration's (adminUsers). */
export type AgentSwitch = 'enable' | 'disable';

/**
 * The agent an action names, locked for the change. Spec §5: an unknown email (or one of the hidden system accounts)
 * is 'Unable to disable/enable user, no user with such email'; the protected root administrator is 'You can't change
 * that user'. Only call-taking users are agents; an administrator never changes themselves here.
 */
export async function agentByEmail(
  db: Kysely<Database>,
  actor: UserRow,
  email: string,
  lock = false,
): Promise<UserRow> {
  const query = db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));
  const user = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!user || user.is_system) {
    throw new AppError('not_found', UNKNOWN_EMAIL_MESSAGE, { email: UNKNOWN_EMAIL_MESSAGE });
  }
  if (user.is_protected) throw forbidden(PROTECTED_USER_MESSAGE);
  if (!CALL_TAKING_ROLES.includes(user.role)) throw forbidden('Only agents are changed here.');
  if (user.id === actor.id) throw forbidden('You cannot change yourself here.');
  return user;
}

const snapshot = (user: UserRow) => ({ disabled: user.disabled, archived: user.archived });

/**
 * Enables or disables an agent in one transaction with its audit entry; disabling ends the agent's sessions. Returns
 * the user (whose live session the caller ends after the commit when disabled).
 */
export async function switchAgent(
  db: Kysely<Database>,
  actor: UserRow,
  action: AgentSwitch,
  body: AgentActionBody,
): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    const user = await agentByEmail(trx, actor, body.email, true);
    if (user.archived) throw conflict('The agent is archived.');
    if (action === 'enable' && !user.disabled) throw conflict('The agent is already enabled.');
    if (action === 'disable' && user.disabled) throw conflict('The agent is already disabled.');
    const updated = await trx
      .updateTable('users')
      .set({ disabled: action === 'disable' })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (action === 'disable') await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await writeAudit(trx, {
      actorId: actor.id,
      action: `agent.${action}`,
      subject: `user:${user.id}`,
      details: { before: snapshot(user), after: snapshot(updated) },
    });
    return updated;
  });
}
