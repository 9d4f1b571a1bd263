/**
 * Product search and dietary filter of the store page (issue 25): a term matched against names,
 * descriptions and tags, and tag chips, combined; the category grouping is kept.
 *
 * @packageDocumentation
 */
import type { CatalogGroup } from './catalog-visibility.js';
import type { Product, Tag } from './contract/catalog.js';
import { searchWords } from './search.js';
import { stripHtml } from './text.js';

/** The product fields the search and the filter read. */
export type SearchableProduct = Pick<Product, 'name' | 'description' | 'tags'>;

/**
 * Folds a text for comparison: lower case, accents and umlauts dropped (`ä` and `ae` both become `a`),
 * `ß` as `ss`. Term and text are folded alike, so "Kase", "Kaese" and "käse" all find "Käse".
 */
export function foldSearchText(text: string): string {
  return text
    .toLocaleLowerCase('de')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/([aou])e/g, '$1');
}

/** The names of a product's tags (unknown references left out). */
function tagNames(product: SearchableProduct, tags: readonly Pick<Tag, 'id' | 'name'>[]): string[] {
  return (product.tags ?? [])
    .map((ref) => tags.find((tag) => tag.id === ref.id)?.name)
    .filter((name): name is string => !!name);
}

/**
 * Whether a product matches a term: every word is contained in its name, description (without markup)
 * or the name of one of its tags. An empty term matches every product.
 */
export function productMatches(
  product: SearchableProduct,
  term: string | null | undefined,
  tags: readonly Pick<Tag, 'id' | 'name'>[] = [],
): boolean {
  const words = searchWords(term).map(foldSearchText);
  if (words.length === 0) return true;
  const haystack = foldSearchText(
    [product.name, stripHtml(product.description), ...tagNames(product, tags)].join(' '),
  );
  return words.every((word) => haystack.includes(word));
}

/** Whether a product carries every selected tag (no selection: every product). */
export function productHasTags(product: Pick<Product, 'tags'>, tagIds: readonly number[]): boolean {
  return tagIds.every((id) => (product.tags ?? []).some((ref) => ref.id === id));
}

/** The tags the chips offer: those carried by a product of the groups, in the catalogue's tag order. */
export function catalogTags<T extends Pick<Tag, 'id'>>(
  groups: readonly CatalogGroup<unknown, Pick<Product, 'tags'>>[],
  tags: readonly T[],
): T[] {
  const used = new Set<number>();
  for (const group of groups)
    for (const { product } of group.products) for (const ref of product.tags ?? []) used.add(ref.id);
  return tags.filter((tag) => used.has(tag.id));
}

/** The groups after term and tag chips: each keeps its matching products; groups left empty are dropped. */
export function filterCatalogGroups<C, P extends SearchableProduct>(
  groups: readonly CatalogGroup<C, P>[],
  term: string | null | undefined,
  tagIds: readonly number[],
  tags: readonly Pick<Tag, 'id' | 'name'>[] = [],
): CatalogGroup<C, P>[] {
  if (searchWords(term).length === 0 && tagIds.length === 0) return [...groups];
  return groups
    .map((group) => ({
      ...group,
      products: group.products.filter(
        ({ product }) => productHasTags(product, tagIds) && productMatches(product, term, tags),
      ),
    }))
    .filter((group) => group.products.length > 0);
}

/** A chip toggles its tag in the selection. */
export function toggleTagId(selected: readonly number[], id: number): number[] {
  return selected.includes(id) ? selected.filter((other) => other !== id) : [...selected, id];
}
