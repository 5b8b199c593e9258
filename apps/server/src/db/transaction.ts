import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Runs work against a repository bound to one transaction: all of its writes land, or none do. */
export function transactional<Repository>(db: Kysely<Database>, bind: (db: Kysely<Database>) => Repository) {
  return <T>(work: (repository: Repository) => Promise<T>): Promise<T> =>
    db.transaction().execute((trx) => work(bind(trx)));
}
