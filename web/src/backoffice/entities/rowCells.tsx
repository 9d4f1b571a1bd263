import { lazy, type ComponentType } from 'react';
import { readableAreas } from '../areas';

/**
 * A column of its own at the end of a list, with a panel above it, by the key a description names
 * (`rowCell`). Keys, not components, in the descriptions: the browser tests read the descriptions in Node.
 *
 * | key              | list                 | what                                                  |
 * | ---------------- | -------------------- | ----------------------------------------------------- |
 * | `productSoldOut` | Sortiment › Produkte | "Ausverkauft" per product in one branch, in one tap   |
 */
export interface RowCell {
  label: string;
  /** Whether the user's roles may use it (the column is left out otherwise). */
  visible: (roles: readonly string[]) => boolean;
  Panel: ComponentType;
  Cell: ComponentType<{ row: Record<string, unknown> }>;
}

const soldOut = () => import('../kitchen/ProductSoldOut');

export const rowCells: Record<string, RowCell> = {
  productSoldOut: {
    label: 'Ausverkauft',
    // The sold-out routes are the order board's (`orders:write`).
    visible: (roles) => readableAreas(roles).has('orders'),
    Panel: lazy(() => soldOut().then((m) => ({ default: m.ProductSoldOutPanel }))),
    Cell: lazy(() => soldOut().then((m) => ({ default: m.ProductSoldOutCell }))),
  },
};
