import { z } from 'zod';
import { isPhoneCountry } from '../live/phone.js';
import { TIME_ZONE_IDS, TIME_ZONES, type TimeZoneId } from '../time/timezones.js';
import { idSchema, textSchema } from './fields.js';

/*
 * Lead lists (issue 25 item 2): an outbound campaign's leads, uploaded by the administration as a CSV or XLSX file.
 * The browser sends the file twice: once for a preview (its first rows and a suggested column mapping), then with
 * the chosen mapping to import it. The server keeps no upload between the two, so any app process can take either.
 */

/** The lead fields a file's columns map onto; phone is required. */
export const LEAD_FIELDS = [
  { id: 'phone', label: 'Phone', hints: ['phone', 'phone number', 'telephone', 'tel', 'number', 'mobile', 'cell'] },
  { id: 'first_name', label: 'First name', hints: ['first name', 'first', 'firstname', 'given name', 'name'] },
  { id: 'last_name', label: 'Last name', hints: ['last name', 'last', 'lastname', 'surname', 'family name'] },
  { id: 'email', label: 'E-mail', hints: ['email', 'e-mail', 'email address', 'mail'] },
  { id: 'address_line1', label: 'Address', hints: ['address', 'address line 1', 'address1', 'street'] },
  { id: 'address_line2', label: 'Address line 2', hints: ['address line 2', 'address2', 'apt', 'suite'] },
  { id: 'city', label: 'City', hints: ['city', 'town'] },
  { id: 'state', label: 'State / province', hints: ['state', 'province', 'region', 'state / province'] },
  { id: 'zip', label: 'ZIP / postal code', hints: ['zip', 'zip code', 'postal code', 'postcode', 'zip / postal code'] },
  { id: 'timezone', label: 'Time zone', hints: ['time zone', 'timezone', 'tz', 'zone'] },
] as const;

export type LeadFieldId = (typeof LEAD_FIELDS)[number]['id'];
export const LEAD_FIELD_IDS = LEAD_FIELDS.map((field) => field.id) as [LeadFieldId, ...LeadFieldId[]];

/** Limits of one file: columns read, custom fields kept, rows imported, bytes uploaded, length of one cell. */
export const LEAD_FILE_MAX_COLUMNS = 200;
export const LEAD_MAX_CUSTOM_FIELDS = 50;
export const LEAD_FILE_MAX_ROWS = 1_000_000;
export const LEAD_FILE_MAX_BYTES = 200 * 1024 * 1024;
export const LEAD_CELL_MAX_LENGTH = 1000;
/** Rows a preview shows, and the problems an import lists one by one (all are counted). */
export const LEAD_PREVIEW_ROWS = 10;
export const LEAD_PROBLEMS_LISTED = 1000;

const columnIndexSchema = z
  .number({ error: 'must be a column number' })
  .int({ error: 'must be a whole number' })
  .min(0, { error: 'must be a column of the file' })
  .max(LEAD_FILE_MAX_COLUMNS - 1, { error: `must be one of the first ${LEAD_FILE_MAX_COLUMNS} columns` });

const leadListNameSchema = textSchema()
  .trim()
  .min(1, { error: 'is required' })
  .max(100, { error: 'must be at most 100 characters' });

/** Which column (0-based) each lead field is read from; phone is required, any other field may be left out. */
export const leadMappingSchema = z
  .strictObject(
    Object.fromEntries(LEAD_FIELD_IDS.map((id) => [id, columnIndexSchema.nullable().optional()])) as Record<
      LeadFieldId,
      z.ZodOptional<z.ZodNullable<typeof columnIndexSchema>>
    >,
  )
  .refine((mapping) => typeof mapping.phone === 'number', { error: 'must map a column to phone', path: ['phone'] });
export type LeadMapping = Partial<Record<LeadFieldId, number | null>>;

const customFieldNameSchema = textSchema()
  .trim()
  .min(1, { error: 'is required' })
  .max(60, { error: 'must be at most 60 characters' })
  .regex(/^[^\p{Cc}]*$/u, { error: 'must not contain control characters' });

/** What an import is told besides the file: where the leads go and how the file's columns are read. */
export const leadImportOptionsSchema = z
  .strictObject({
    campaign_id: idSchema,
    name: leadListNameSchema,
    /** Numbers without a country code are read in this country's plan (ISO 3166-1 alpha-2). */
    country: z
      .string()
      .trim()
      .toUpperCase()
      .refine((code) => /^[A-Z]{2}$/.test(code) && isPhoneCountry(code), {
        error: 'must be a two-letter country code with a phone numbering plan (US, CA, GB...)',
      }),
    /** The zone of leads whose row names none. */
    default_timezone: z.enum(TIME_ZONE_IDS, { error: 'must be one of the thirteen supported time zones' }),
    /** A number already a client's: skip the row, or update the client from it and list them. */
    duplicates: z.enum(['skip', 'merge'], { error: "must be 'skip' or 'merge'" }),
    /** Whether the file's first row names its columns (and is not a lead). */
    header: z.boolean({ error: 'must be true or false' }),
    mapping: leadMappingSchema,
    custom_fields: z
      .array(z.strictObject({ column: columnIndexSchema, name: customFieldNameSchema }), {
        error: 'must be a list of columns and names',
      })
      .max(LEAD_MAX_CUSTOM_FIELDS, { error: `must have at most ${LEAD_MAX_CUSTOM_FIELDS} fields` }),
  })
  .superRefine((options, context) => {
    const names = options.custom_fields.map((field) => field.name.toLowerCase());
    const repeated = names.find((name, index) => names.indexOf(name) !== index);
    if (repeated !== undefined) {
      context.addIssue({ code: 'custom', path: ['custom_fields'], message: `names '${repeated}' twice` });
    }
  });
export type LeadImportOptions = z.input<typeof leadImportOptionsSchema>;

/** A file's first rows and the mapping its header suggests (POST /api/admin/lead_lists/preview). */
export const leadPreviewSchema = z.object({
  format: z.enum(['csv', 'xlsx']),
  /** The first row's cells (the header when there is one), as many as the widest previewed row. */
  first_row: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  suggested_mapping: z.record(z.string(), z.number().int()),
});
export type LeadPreview = z.infer<typeof leadPreviewSchema>;

export const LEAD_PROBLEM_KINDS = ['invalid', 'duplicate', 'blocked'] as const;
export type LeadProblemKind = (typeof LEAD_PROBLEM_KINDS)[number];

/** What an import did: counts over every row, and the first problems with their line numbers and why. */
export const leadImportResultSchema = z.object({
  list_id: z.number().int(),
  rows: z.number().int(),
  imported: z.number().int(),
  new_clients: z.number().int(),
  merged: z.number().int(),
  invalid: z.number().int(),
  duplicates: z.number().int(),
  blocked: z.number().int(),
  problems: z.array(z.object({ line: z.number().int(), kind: z.enum(LEAD_PROBLEM_KINDS), reason: z.string() })),
  problems_listed: z.number().int(),
});
export type LeadImportResult = z.infer<typeof leadImportResultSchema>;

/** A list's form data (GET /api/admin/lead_lists/:id). */
export const adminLeadListSchema = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  country: z.string(),
  source_file: z.string().nullable(),
  custom_fields: z.array(z.string()),
  leads: z.number().int(),
  called: z.number().int(),
  created_at: z.string(),
  reset_at: z.string().nullable(),
});
export type AdminLeadList = z.infer<typeof adminLeadListSchema>;

export const leadListEditSchema = z.strictObject({
  name: leadListNameSchema,
  enabled: z.boolean({ error: 'must be true or false' }),
});
export type LeadListEdit = z.input<typeof leadListEditSchema>;

/** A file's column as the mapping suggests it: the lead field whose hints name the header, compared loosely. */
export function suggestLeadMapping(header: readonly string[]): Record<string, number> {
  const loose = (text: string) =>
    text
      .toLowerCase()
      .replace(/[_\-.]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const names = header.map(loose);
  const mapping: Record<string, number> = {};
  const taken = new Set<number>();
  for (const field of LEAD_FIELDS) {
    const index = names.findIndex(
      (name, column) => !taken.has(column) && (field.hints as readonly string[]).some((hint) => loose(hint) === name),
    );
    if (index >= 0) {
      mapping[field.id] = index;
      taken.add(index);
    }
  }
  return mapping;
}

/** A time zone as a list may write it: a supported zone's id or its label, in any case; null when not one. */
export function leadTimeZone(text: string): TimeZoneId | null {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return null;
  return TIME_ZONES.find((zone) => zone.id.toLowerCase() === wanted || zone.label.toLowerCase() === wanted)?.id ?? null;
}
