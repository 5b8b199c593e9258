/**
 * Counts CSV records as the export streams in, chunk by chunk: a line break inside a quoted field is not a record's
 * end. The header row is a record too; rows read is records minus one.
 */
export function createCsvRecordCounter() {
  let inQuotes = false;
  let records = 0;
  // Text after the last record's end: a last record without a closing line break.
  let open = false;
  return {
    push(text: string): number {
      for (let index = 0; index < text.length; index++) {
        const char = text.charCodeAt(index);
        // A doubled quote inside a field flips twice, so it leaves the state as it was.
        if (char === 34) inQuotes = !inQuotes;
        if (char === 10 && !inQuotes) {
          records++;
          open = false;
        } else if (char !== 13) open = true;
      }
      return records;
    },
    /** Every record, the last one counted even without a closing line break. */
    finish(): number {
      return records + (open ? 1 : 0);
    },
  };
}

/** The file name a Content-Disposition header gives (RFC 6266: filename* wins over filename). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // An undecodable name falls through to the plain one.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : fallback;
}
