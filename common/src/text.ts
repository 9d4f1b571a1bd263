/**
 * Small text helpers (spec sections 5 and 7).
 *
 * @packageDocumentation
 */

/** Default truncation length (spec section 9). */
export const TRUNCATE_LENGTH = 128;

/** The ellipsis appended by {@link truncate} (one character, U+2026). */
export const ELLIPSIS = '…';

/**
 * Shortens a text to at most `max` characters including the ellipsis: longer texts are cut, trailing spaces
 * dropped and `…` appended. Counts code points, so emoji and umlauts are never split.
 */
export function truncate(text: string | null | undefined, max: number = TRUNCATE_LENGTH): string {
  const value = text ?? '';
  const chars = Array.from(value);
  if (chars.length <= max) return value;
  if (max <= 0) return '';
  return (
    chars
      .slice(0, max - 1)
      .join('')
      .trimEnd() + ELLIPSIS
  );
}

/** Removes HTML tags and collapses whitespace (for previews of rich-text descriptions). */
export function stripHtml(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
