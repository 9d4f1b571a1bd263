/**
 * A phone number as the SMS provider needs it, E.164 (`+436641234567`), or null when it cannot be one.
 * Accepts what customers type: spaces, dashes, slashes, dots and brackets; `00` as the international
 * prefix; a national number with a leading `0` gets `countryCode` (`0664 123 45 67` → `+43664…`).
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
