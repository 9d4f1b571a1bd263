/**
 * Sold out ("ausverkauft"): which marks count at a moment, and what they refuse of an order line. The
 * server refuses with these findings (code `sold_out`); storefront and kiosk grey out with the same rules.
 * Rules are in docs/decisions/kitchen.md ("Ausverkauft").
 *
 * @packageDocumentation
 */
import type { ConfigurablePart } from './contract/catalog.js';
import type { PartValue } from './contract/order.js';
import type { SoldOutEntry, SoldOutState } from './contract/sold-out.js';
import { t } from './i18n/de.js';

type Mark = Pick<SoldOutEntry, 'part' | 'option' | 'until'> & { product: { id: number } };

/** The state of a branch as the public sees it (who marked what stays with staff). */
export function publicSoldOut(state: SoldOutState): SoldOutState {
  return {
    branchId: state.branchId,
    entries: state.entries.map(({ markedBy: _markedBy, ...entry }) => entry),
  };
}

/** Whether a mark counts at `at`: no end, or an end later than `at`. */
export function soldOutCounts(entry: Pick<SoldOutEntry, 'until'>, at: Date): boolean {
  if (entry.until === null) return true;
  const until = new Date(entry.until).getTime();
  return Number.isNaN(until) || until > at.getTime();
}

/** The marks that count at `at`. */
export function activeSoldOut<T extends Pick<SoldOutEntry, 'until'>>(entries: readonly T[], at: Date): T[] {
  return entries.filter((entry) => soldOutCounts(entry, at));
}

/** Whether the whole product is sold out at `at`. */
export function isProductSoldOut(entries: readonly Mark[], productId: number, at: Date): boolean {
  return entries.some((e) => e.product.id === productId && e.part === null && soldOutCounts(e, at));
}

/** Whether one option (by name) of a product's part (by index) is sold out at `at`. */
export function isOptionSoldOut(
  entries: readonly Mark[],
  productId: number,
  part: number,
  option: string,
  at: Date,
): boolean {
  return entries.some(
    (e) => e.product.id === productId && e.part === part && e.option === option && soldOutCounts(e, at),
  );
}

/** What the server reports for a sold-out line (the order form's item error shape). */
export interface SoldOutIssue {
  message: string;
  field: string;
  code: 'sold_out';
}

/** An order line as the check needs it: the product (id, name, parts) and the chosen part values. */
export interface SoldOutLine {
  product: { id: number; name: string; config?: { parts: ConfigurablePart[] } | null };
  parts: readonly PartValue[];
}

/**
 * The findings of a line against the marks that count at `at`: the whole product at `field` (as an
 * unavailable product), each chosen sold-out option at `field.parts[j]`. Options not chosen never refuse.
 */
export function soldOutIssues(
  entries: readonly Mark[],
  line: SoldOutLine,
  field: string,
  at: Date,
): SoldOutIssue[] {
  const { product } = line;
  const at_ = (name: string) => (field ? `${field}.${name}` : name);
  if (isProductSoldOut(entries, product.id, at))
    return [{ message: t('soldOut.product', { name: product.name }), field, code: 'sold_out' }];
  const issues: SoldOutIssue[] = [];
  (product.config?.parts ?? []).forEach((part, j) => {
    const value = line.parts[j];
    const chosen = typeof value === 'number' ? [value] : Array.isArray(value) ? value : [];
    for (const index of chosen) {
      if (typeof index !== 'number') continue;
      const option = part.options[index];
      if (option && isOptionSoldOut(entries, product.id, j, option.name, at)) {
        issues.push({
          message: t('soldOut.option', { option: option.name, name: product.name }),
          field: at_(`parts[${j}]`),
          code: 'sold_out',
        });
      }
    }
  });
  return issues;
}
