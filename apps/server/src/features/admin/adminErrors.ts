import { AppError, conflict } from '../../plugins/errors.js';

/** The unique indexes the administration's writes can hit, by the form field each one guards. */
const UNIQUE_FIELDS: Record<string, string> = {
  users_email_key: 'email',
  users_extension_key: 'extension',
  agent_groups_name_key: 'name',
  companies_name_key: 'name',
  campaigns_unique_name_key: 'unique_name',
  campaign_lists_unique_name_key: 'unique_name',
  trunks_name_key: 'name',
  campaign_numbers_pkey: 'numbers',
  trunk_campaigns_pkey: 'caller_ids',
  lead_lists_name_key: 'name',
  dispositions_title_key: 'title',
  products_name_key: 'name',
  stats_sources_name_key: 'name',
};

const FIELD_TAKEN = 'is already used';

/**
 * Runs a write and turns a unique-index violation (two administrators, or one double click, creating the same
 * thing at once: the check before the insert saw no clash in either) into 409 naming the field.
 */
export async function refusingDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { code, constraint, detail } = error as { code?: unknown; constraint?: unknown; detail?: unknown };
    if (code !== '23505') throw error;
    const field = typeof constraint === 'string' ? UNIQUE_FIELDS[constraint] : fieldOfDetail(detail);
    throw conflict(
      field ? `That ${field.replace('_', ' ')} ${FIELD_TAKEN}.` : 'That conflicts with an existing record.',
      field ? { [field]: FIELD_TAKEN } : undefined,
    );
  }
}

/** A clash found before writing: 409 with each field's reason. */
export function throwIfTaken(taken: Record<string, boolean>): void {
  const fields = Object.fromEntries(
    Object.entries(taken)
      .filter(([, isTaken]) => isTaken)
      .map(([field]) => [field, FIELD_TAKEN]),
  );
  const names = Object.keys(fields);
  if (names.length > 0) throw conflict(`That ${names.join(' and ').replace('_', ' ')} ${FIELD_TAKEN}.`, fields);
}

/** Ids the form named that do not exist: 400 on that field. */
export function throwIfUnknown(field: string, asked: readonly number[], existing: Set<number>): void {
  const unknown = asked.filter((id) => !existing.has(id));
  if (unknown.length > 0) {
    throw new AppError('validation_failed', `${field}: no such record ${unknown.slice(0, 5).join(', ')}`, {
      [field]: `names records that do not exist (${unknown.slice(0, 5).join(', ')})`,
    });
  }
}

/** 'Key (lower(email))=(a@b.c) already exists.' → 'email', when the driver gives no constraint name. */
function fieldOfDetail(detail: unknown): string | undefined {
  const key = typeof detail === 'string' ? /^Key \((?:lower\()?([a-z_]+)\)?\)=/.exec(detail)?.[1] : undefined;
  return key && Object.values(UNIQUE_FIELDS).includes(key) ? key : undefined;
}
