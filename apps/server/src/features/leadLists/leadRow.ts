import {
  LEAD_CELL_MAX_LENGTH,
  LEAD_FIELDS,
  type LeadFieldId,
  type LeadImportOptions,
  leadTimeZone,
  type PhoneCountry,
  toE164,
} from '@shiftline/shared';

/** A row of a lead file as the list keeps it: the number in E.164, the client's details, its custom fields. */
export type CheckedLead = {
  phone: string;
  first_name: string;
  last_name: string;
  email: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  timezone: string;
  custom_fields: Record<string, string>;
};

type Options = Pick<LeadImportOptions, 'mapping' | 'custom_fields' | 'default_timezone'> & { country: string };

/**
 * A cell the table export neutralised (a leading quote before =, +, -, @, tab or carriage return) read back as it
 * was, so an exported list imports as the same leads.
 */
const unneutralised = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

// Control characters other than tab and line breaks (a note may hold several lines): a NUL cannot be stored, the
// others only break what shows the lead.
const CONTROL = /[^\P{Cc}\t\n\r]/u;

const fieldLabel = (id: LeadFieldId) => LEAD_FIELDS.find((field) => field.id === id)?.label ?? id;

/** One row checked against the mapping: the lead, or why it cannot be one. */
export function checkLeadRow(cells: readonly string[], options: Options): CheckedLead | { problem: string } {
  const read = (column: number | null | undefined) =>
    column === null || column === undefined ? '' : unneutralised(cells[column] ?? '');
  const values: Partial<Record<LeadFieldId, string>> = {};
  for (const field of LEAD_FIELDS) {
    const text = read(options.mapping[field.id]);
    if (text.length > LEAD_CELL_MAX_LENGTH) {
      return { problem: `${fieldLabel(field.id)} is longer than ${LEAD_CELL_MAX_LENGTH} characters` };
    }
    if (CONTROL.test(text)) return { problem: `${fieldLabel(field.id)} holds control characters` };
    values[field.id] = text;
  }
  const written = values.phone ?? '';
  if (written === '') return { problem: 'phone is empty' };
  const phone = toE164(written, options.country as PhoneCountry);
  if (phone === null) return { problem: `phone '${written.slice(0, 40)}' is not a valid number in ${options.country}` };
  let timezone: string = options.default_timezone;
  if (values.timezone) {
    const zone = leadTimeZone(values.timezone);
    if (zone === null) return { problem: `time zone '${values.timezone.slice(0, 40)}' is not a supported zone` };
    timezone = zone;
  }
  const custom_fields: Record<string, string> = {};
  for (const field of options.custom_fields) {
    const text = read(field.column);
    if (text.length > LEAD_CELL_MAX_LENGTH) {
      return { problem: `${field.name} is longer than ${LEAD_CELL_MAX_LENGTH} characters` };
    }
    if (CONTROL.test(text)) return { problem: `${field.name} holds control characters` };
    if (text !== '') custom_fields[field.name] = text;
  }
  const optional = (id: LeadFieldId) => (values[id] ? (values[id] as string) : null);
  return {
    phone,
    first_name: values.first_name ?? '',
    last_name: values.last_name ?? '',
    email: optional('email'),
    address_line1: optional('address_line1'),
    address_line2: optional('address_line2'),
    city: optional('city'),
    state: optional('state'),
    zip: optional('zip'),
    timezone,
    custom_fields,
  };
}
