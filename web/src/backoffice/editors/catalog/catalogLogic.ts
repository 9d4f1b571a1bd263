import type { MenuCategoryEntry, MenuProductEntry } from '@ordering/common';
import { moveItem } from '../moveItem';

/** A catalogue entry's name (categories and products are looked up by id). */
export interface Named {
  id: number;
  name: string;
}

export const UNKNOWN_CATEGORY = (id: number) => `Kategorie ${id} (gelöscht)`;
export const UNKNOWN_PRODUCT = (id: number) => `Produkt ${id} (gelöscht)`;

export function addCategory(catalog: readonly MenuCategoryEntry[], id: number): MenuCategoryEntry[] {
  if (catalog.some((entry) => entry.id === id)) return [...catalog];
  return [...catalog, { id, products: [] }];
}

export function removeCategory(catalog: readonly MenuCategoryEntry[], index: number): MenuCategoryEntry[] {
  return catalog.filter((_, i) => i !== index);
}

export function moveCategory(catalog: readonly MenuCategoryEntry[], from: number, to: number) {
  return moveItem(catalog, from, to);
}

function withProducts(
  catalog: readonly MenuCategoryEntry[],
  index: number,
  change: (products: MenuProductEntry[]) => MenuProductEntry[],
): MenuCategoryEntry[] {
  return catalog.map((entry, i) =>
    i === index ? { ...entry, products: change([...entry.products]) } : entry,
  );
}

/** Adds a product to a category (once per category; a product may be in several categories). */
export function addProduct(catalog: readonly MenuCategoryEntry[], index: number, productId: number) {
  return withProducts(catalog, index, (products) =>
    products.some((p) => p.id === productId) ? products : [...products, { id: productId, isEnabled: true }],
  );
}

export function removeProduct(catalog: readonly MenuCategoryEntry[], index: number, productIndex: number) {
  return withProducts(catalog, index, (products) => products.filter((_, i) => i !== productIndex));
}

export function setProductEnabled(
  catalog: readonly MenuCategoryEntry[],
  index: number,
  productIndex: number,
  isEnabled: boolean,
) {
  return withProducts(catalog, index, (products) =>
    products.map((p, i) => (i === productIndex ? { ...p, isEnabled } : p)),
  );
}

export function moveProduct(catalog: readonly MenuCategoryEntry[], index: number, from: number, to: number) {
  return withProducts(catalog, index, (products) => moveItem(products, from, to));
}

/**
 * Moves a product to another category (keyboard and drag alike): appended there, unless it is already in
 * it, in which case only its entry here goes.
 */
export function moveProductToCategory(
  catalog: readonly MenuCategoryEntry[],
  from: number,
  productIndex: number,
  to: number,
): MenuCategoryEntry[] {
  const product = catalog[from]?.products[productIndex];
  if (!product || from === to || !catalog[to]) return [...catalog];
  const removed = removeProduct(catalog, from, productIndex);
  return withProducts(removed, to, (products) =>
    products.some((p) => p.id === product.id) ? products : [...products, product],
  );
}

/** What can still be added: the categories not in the catalogue, the products not in this category. */
export function missing(all: readonly Named[], present: readonly { id: number }[]): Named[] {
  const ids = new Set(present.map((entry) => entry.id));
  return all.filter((entry) => !ids.has(entry.id)).sort((a, b) => a.name.localeCompare(b.name, 'de'));
}

/** The names by id, with a clear marker for entries whose category or product was deleted. */
export function nameOf(names: ReadonlyMap<number, string>, id: number, kind: 'category' | 'product'): string {
  return names.get(id) ?? (kind === 'category' ? UNKNOWN_CATEGORY(id) : UNKNOWN_PRODUCT(id));
}
