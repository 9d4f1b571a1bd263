/**
 * Branch search and tag filter (spec section 5).
 *
 * @packageDocumentation
 */
import type { Branch } from './contract/branch.js';
import type { Tag } from './contract/catalog.js';
import { t } from './i18n/de.js';

/** The branch fields the search reads. */
export type SearchableBranch = Pick<Branch, 'name' | 'street' | 'city' | 'zipCode' | 'keywords' | 'tags'>;

/** The words of a search term: split on spaces and commas, empties dropped, lower-cased. */
export function searchWords(term: string | null | undefined): string[] {
  return (term ?? '')
    .split(/[\s,]+/)
    .map((word) => word.trim().toLocaleLowerCase('de'))
    .filter((word) => word !== '');
}

/**
 * Whether a branch matches a term: any word contained (case-insensitive) in its name, street, city, zip code,
 * keywords or the name of one of its tags. An empty term matches every branch.
 */
export function branchMatches(
  branch: SearchableBranch,
  term: string | null | undefined,
  tags: readonly Pick<Tag, 'id' | 'name'>[] = [],
): boolean {
  const words = searchWords(term);
  if (words.length === 0) return true;
  const tagNames = (branch.tags ?? [])
    .map((ref) => tags.find((tag) => tag.id === ref.id)?.name)
    .filter((name): name is string => !!name);
  const haystack = [
    branch.name,
    branch.street,
    branch.city,
    branch.zipCode,
    branch.keywords ?? '',
    ...tagNames,
  ].map((field) => (field ?? '').toLocaleLowerCase('de'));
  return words.some((word) => haystack.some((field) => field.includes(word)));
}

/** Whether a branch carries a tag; no selected tag matches every branch. */
export function branchHasTag(branch: Pick<Branch, 'tags'>, tagId: number | null | undefined): boolean {
  return tagId == null || (branch.tags ?? []).some((tag) => tag.id === tagId);
}

/** The branch list after search term and tag filter. */
export function filterBranches<B extends SearchableBranch>(
  branches: readonly B[],
  term: string | null | undefined,
  tagId: number | null | undefined,
  tags: readonly Pick<Tag, 'id' | 'name'>[] = [],
): B[] {
  return branches.filter((branch) => branchHasTag(branch, tagId) && branchMatches(branch, term, tags));
}

/** Tag tiles toggle: clicking the selected tag deselects it. */
export function toggleTag(selected: number | null | undefined, clicked: number): number | null {
  return selected === clicked ? null : clicked;
}

/** The count line: "{n} von {m} Filialen werden angezeigt." or, with no match, "Leider wurden keine Ergebnisse gefunden.". */
export function branchCountText(shown: number, total: number): string {
  return shown === 0 ? t('branchList.noResults') : t('branchList.count', { n: shown, m: total });
}
