import { CALL_TAKING_ROLES } from '@shiftline/shared';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';

type WithUsers = ExpressionBuilder<Database, 'users'>;

/** People lists show: not archived, not one of the seven system accounts. */
export const listedUser = (eb: WithUsers) =>
  eb.and([eb('users.archived', '=', false), eb('users.is_system', '=', false)]);

/** Agents lists show: listed people in a call-taking role. */
export const listedAgent = (eb: WithUsers) => eb.and([listedUser(eb), eb('users.role', 'in', CALL_TAKING_ROLES)]);

type Listable = Pick<UserRow, 'archived' | 'is_system' | 'role'>;

/** The row check of `listedUser`. */
export const isListedUser = (user: Listable): boolean => !user.archived && !user.is_system;

/** The row check of `listedAgent`. */
export const isListedAgent = (user: Listable): boolean => isListedUser(user) && CALL_TAKING_ROLES.includes(user.role);

/** Whether a user has a schedule of their own: listed, and not a client-portal account. */
export const hasSchedule = (user: Listable): boolean => isListedUser(user) && user.role !== 'company_supervisor';

/**
 * Locks a user's row until the transaction ends: one person's schedule writes (or agent state changes) queue here,
 * so a check and the write after it see the same state. Undefined when there is no such user.
 */
export const lockUserRow = (db: Kysely<Database>, userId: number) =>
  db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
