import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';

/*
 * Phone validity (operations spec §5: a phone is valid if it is recognised with or without a leading plus). One rule
 * for the browser and the server, read from libphonenumber's metadata, never from a pattern of our own: numbers are
 * tried as written (international with '+', or national in the centre's North American plan), then with a '+' put in
 * front (an international number typed without it, such as 14165550123 or 442079460958).
 */

/** The numbering plan a number without a country code is read in: the centre's thirteen zones are all NANP. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

/** Longest text taken as a phone number; anything longer is not a number (E.164 has at most 15 digits). */
export const MAX_PHONE_LENGTH = 32;

function parsed(text: string, country: CountryCode = DEFAULT_PHONE_COUNTRY) {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > MAX_PHONE_LENGTH) return null;
  // extract: false: the whole text must be the number (the library would otherwise read digits out of a sentence).
  const asWritten = parsePhoneNumberFromString(trimmed, { defaultCountry: country, extract: false });
  if (asWritten?.isValid()) return asWritten;
  if (trimmed.startsWith('+')) return null;
  const withPlus = parsePhoneNumberFromString(`+${trimmed}`, { extract: false });
  return withPlus?.isValid() ? withPlus : null;
}

/** True when the text is a callable number, with or without a leading plus. */
export const isValidPhone = (text: string | null | undefined): boolean =>
  typeof text === 'string' && parsed(text) !== null;

/**
 * The number in E.164 (what a phone network dials), or null when it is not a valid number. A number without a
 * country code is read in `country`'s plan (a lead list's country), the centre's North American plan by default.
 */
export const toE164 = (text: string | null | undefined, country?: CountryCode): string | null =>
  typeof text === 'string' ? (parsed(text, country)?.number ?? null) : null;

/** A two-letter country code libphonenumber knows the numbering plan of. */
export type PhoneCountry = CountryCode;

/** Whether libphonenumber knows the two-letter country code (ISO 3166-1 alpha-2) and its numbering plan. */
export const isPhoneCountry = (code: string): code is CountryCode => isSupportedCountry(code);
