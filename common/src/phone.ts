/**
 * Phone numbers as links and for the SMS provider: E.164 (`+436641234567`) is the one form a `tel:` link, a
 * WhatsApp link (`https://wa.me/436641234567`) and an SMS gateway all understand.
 *
 * @packageDocumentation
 */

/**
 * A phone number in E.164 (`+436641234567`), or null when it cannot be one. Accepts what people type:
 * spaces, dashes, slashes, dots and brackets; `00` as the international prefix; a national number with a
 * leading `0` gets `countryCode` (`0664 123 45 67` with `43` → `+43664…`, `030 1234567` with `49` →
 * `+4930…`). A number without any prefix, letters, or fewer than 7 / more than 15 digits: null.
 */
export function toE164(raw: string | null | undefined, countryCode: string): string | null {
  if (!raw) return null;
  let digits = raw.trim().replace(/[\s\-/.()]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  else if (digits.startsWith('00')) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = countryCode + digits.slice(1);
  else return null; // no prefix at all: we cannot know the country
  return /^[1-9]\d{6,14}$/.test(digits) ? `+${digits}` : null;
}

/** A `tel:` link in E.164 (`tel:+4930123456`), or null when the number cannot be dialled. */
export function telHref(phone: string | null | undefined, countryCode: string): string | null {
  const number = toE164(phone, countryCode);
  return number ? `tel:${number}` : null;
}

/**
 * A WhatsApp click-to-chat link: `https://wa.me/` and the international number without plus or leading
 * zeros (WhatsApp's documented form), or null when the number cannot be one. The specification's "leading
 * plus turned into 0" (`043…`) reaches nobody (docs/decisions/legal.md).
 */
export function whatsAppHref(phone: string | null | undefined, countryCode: string): string | null {
  const number = toE164(phone, countryCode);
  return number ? `https://wa.me/${number.slice(1)}` : null;
}

/** The German error for a phone number that no link or SMS can use. */
export const PHONE_FIELD_MESSAGE =
  'Bitte geben Sie eine gültige Telefonnummer ein, z. B. +49 30 1234567 oder 0664 1234567.';

/**
 * Whether a shop's phone number (branch, contact) can become a working link: empty, or an E.164 number
 * after {@link toE164}. The country code does not change validity, so none is asked for.
 */
export function isLinkablePhone(phone: string | null | undefined): boolean {
  return !phone?.trim() || toE164(phone, '49') !== null;
}
