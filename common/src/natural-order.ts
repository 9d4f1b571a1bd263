/**
 * Natural order of names that carry numbers, such as table numbers (issue 24): "1, 2, 10, 11, A1, A2, A10",
 * "Terrasse 2" before "Terrasse 10" — not the character order "1, 10, 11, 2". One comparator for the
 * storefront, the kiosk, the back office and the backend's lists, so every list of tables agrees.
 *
 * @packageDocumentation
 */

/** German collation with numeric runs compared by value; case and accents only break ties. */
const COLLATOR = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });

/**
 * Compares two names in natural order (for `Array.prototype.sort`): digit runs by their value, letters by
 * German rules ignoring case; names equal that way are ordered by their exact characters, so the order is
 * total and stable across runs. `null` and `undefined` count as the empty name (first).
 */
export function compareNatural(a: string | null | undefined, b: string | null | undefined): number {
  const x = a ?? '';
  const y = b ?? '';
  return COLLATOR.compare(x, y) || (x < y ? -1 : x > y ? 1 : 0);
}

/** A copy of `items` in natural order of `key` (e.g. tables by their identifier); ties keep their order. */
export function sortNatural<T>(items: readonly T[], key: (item: T) => string | null | undefined): T[] {
  return [...items].sort((a, b) => compareNatural(key(a), key(b)));
}
