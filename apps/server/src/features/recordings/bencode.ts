// Bencode, as rtpengine's "ng" control protocol carries its messages (strings, integers, lists, dictionaries).
// The app speaks it to start, stop and ask about recordings (rtpengineControl.ts); the bench reuses that client.

export type Bencoded = string | number | Bencoded[] | { [key: string]: Bencoded | undefined };

/** Encodes a value; dictionary entries that are undefined are left out. */
export function bencode(value: Bencoded): string {
  if (typeof value === 'number') return `i${Math.trunc(value)}e`;
  if (typeof value === 'string') return `${new TextEncoder().encode(value).length}:${value}`;
  if (Array.isArray(value)) return `l${value.map(bencode).join('')}e`;
  return `d${Object.entries(value)
    .filter((entry): entry is [string, Bencoded] => entry[1] !== undefined)
    .map(([key, entry]) => bencode(key) + bencode(entry))
    .join('')}e`;
}

/** Decodes one bencoded value from bytes (strings come back as UTF-8 text); throws on malformed input. */
export function bdecode(bytes: Uint8Array): Bencoded {
  const decoder = new TextDecoder();
  let at = 0;
  const upTo = (byte: number) => {
    const end = bytes.indexOf(byte, at);
    if (end < 0) throw new Error('bencode: truncated');
    return end;
  };
  const next = (): Bencoded => {
    const kind = bytes[at];
    if (kind === 0x69 /* i */) {
      const end = upTo(0x65);
      const number = Number(decoder.decode(bytes.subarray(at + 1, end)));
      at = end + 1;
      return number;
    }
    if (kind === 0x6c /* l */ || kind === 0x64 /* d */) {
      at += 1;
      const items: Bencoded[] = [];
      while (bytes[at] !== 0x65) {
        if (at >= bytes.length) throw new Error('bencode: truncated');
        items.push(next());
      }
      at += 1;
      if (kind === 0x6c) return items;
      const dict: Record<string, Bencoded> = {};
      for (let index = 0; index < items.length; index += 2) dict[String(items[index])] = items[index + 1] as Bencoded;
      return dict;
    }
    const colon = upTo(0x3a);
    const length = Number(decoder.decode(bytes.subarray(at, colon)));
    if (!Number.isInteger(length) || colon + 1 + length > bytes.length) throw new Error('bencode: bad string');
    const text = decoder.decode(bytes.subarray(colon + 1, colon + 1 + length));
    at = colon + 1 + length;
    return text;
  };
  return next();
}
