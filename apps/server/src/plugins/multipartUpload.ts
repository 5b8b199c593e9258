import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './errors.js';

const refused = (field: string, reason: string) =>
  new AppError('validation_failed', `${field} ${reason}`, { [field]: reason });

/** The `options` field: JSON checked by the schema, its errors named options.<field>. */
function readOptions<Schema extends z.ZodType>(schema: Schema, text: string): z.output<Schema> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw refused('options', 'must be JSON');
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[['options', ...issue.path].join('.')] ??= issue.message;
  const summary = Object.entries(fields)
    .map(([name, reason]) => `${name}: ${reason}`)
    .join('; ');
  throw new AppError('validation_failed', `Invalid request. ${summary}`, fields);
}

/**
 * A multipart upload of one file, with (when `options` is given) an `options` JSON field before it: the options are
 * read and checked before a byte of the file, which then streams. 400 naming the field for anything else.
 */
export async function multipartUpload<Schema extends z.ZodType>(
  request: FastifyRequest,
  options?: Schema,
): Promise<{ options: z.output<Schema>; file: MultipartFile }> {
  if (!request.isMultipart()) throw refused('file', 'must be sent as multipart/form-data');
  let chosen: z.output<Schema> | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (options && chosen === undefined) throw refused('options', 'must come before the file');
      return { options: chosen as z.output<Schema>, file: part };
    }
    if (options && part.fieldname === 'options') chosen = readOptions(options, String(part.value));
  }
  throw refused('file', 'is required');
}
