import { t } from '@ordering/common';
import { moveItem } from '../moveItem';

export type NavigationItemType = 'home' | 'site' | 'branch' | 'link';

export interface NavigationItem {
  id?: number;
  type: NavigationItemType;
  target: string;
  label: string;
  isEnabled: boolean;
  children: NavigationItem[];
}

/** Deepest level (the API's MAX_NAVIGATION_DEPTH): top level is 1. */
export const MAX_DEPTH = 3;

export const ITEM_TYPE_LABELS: Readonly<Record<NavigationItemType, string>> = {
  home: 'Startseite',
  site: 'Seite',
  branch: 'Filiale',
  link: 'Externer Link',
};

/** Where an item is: the indices from the top level down. */
export type ItemPath = readonly number[];

export const newItem = (): NavigationItem => ({
  type: 'site',
  target: '',
  label: '',
  isEnabled: true,
  children: [],
});

/** The list an item lives in, changed by `change` (a new tree; the rest shared). */
function changeSiblings(
  items: readonly NavigationItem[],
  parent: ItemPath,
  change: (siblings: NavigationItem[]) => NavigationItem[],
): NavigationItem[] {
  if (parent.length === 0) return change([...items]);
  const [head, ...rest] = parent;
  return items.map((item, i) =>
    i === head ? { ...item, children: changeSiblings(item.children, rest, change) } : item,
  );
}

export function itemAt(items: readonly NavigationItem[], path: ItemPath): NavigationItem | undefined {
  let list = items;
  let item: NavigationItem | undefined;
  for (const index of path) {
    item = list[index];
    if (!item) return undefined;
    list = item.children;
  }
  return item;
}

/** The depth of an item's deepest descendant below it (0 for a leaf). */
function height(item: NavigationItem): number {
  return item.children.length === 0 ? 0 : 1 + Math.max(...item.children.map(height));
}

export function updateItem(items: readonly NavigationItem[], path: ItemPath, patch: Partial<NavigationItem>) {
  return changeSiblings(items, path.slice(0, -1), (siblings) =>
    siblings.map((item, i) => (i === path.at(-1) ? { ...item, ...patch } : item)),
  );
}

export function removeItem(items: readonly NavigationItem[], path: ItemPath) {
  return changeSiblings(items, path.slice(0, -1), (siblings) => siblings.filter((_, i) => i !== path.at(-1)));
}

export function addItem(items: readonly NavigationItem[], parent: ItemPath) {
  return changeSiblings(items, parent, (siblings) => [...siblings, newItem()]);
}

export function moveSibling(items: readonly NavigationItem[], parent: ItemPath, from: number, to: number) {
  return changeSiblings(items, parent, (siblings) => moveItem(siblings, from, to));
}

/** Whether the item can become the last child of its previous sibling (depth limit kept). */
export function canIndent(items: readonly NavigationItem[], path: ItemPath): boolean {
  const item = itemAt(items, path);
  return !!item && path.at(-1)! > 0 && path.length + 1 + height(item) <= MAX_DEPTH;
}

export function indent(items: readonly NavigationItem[], path: ItemPath): NavigationItem[] {
  if (!canIndent(items, path)) return [...items];
  const index = path.at(-1)!;
  const item = itemAt(items, path)!;
  return changeSiblings(items, path.slice(0, -1), (siblings) => {
    const previous = siblings[index - 1]!;
    const next = siblings.filter((_, i) => i !== index);
    next[index - 1] = { ...previous, children: [...previous.children, item] };
    return next;
  });
}

/** Moves the item out of its parent, right after it. */
export function outdent(items: readonly NavigationItem[], path: ItemPath): NavigationItem[] {
  if (path.length < 2) return [...items];
  const item = itemAt(items, path)!;
  const parentPath = path.slice(0, -1);
  const without = removeItem(items, path);
  return changeSiblings(without, parentPath.slice(0, -1), (siblings) => {
    const next = [...siblings];
    next.splice(parentPath.at(-1)! + 1, 0, item);
    return next;
  });
}

const EXTERNAL_URL = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+0-9 ()/-]+)$/i;
const PAGE_TARGET = /^([a-z0-9][a-z0-9-]*)?$/i;

/**
 * Problems keyed as the server's (relative to `items`: `[0].children[1].label`), the same checks as the
 * navigation API: a label, a valid external URL, a branch or page identifier.
 */
export function validateTree(items: readonly NavigationItem[], prefix = ''): Record<string, string> {
  const errors: Record<string, string> = {};
  items.forEach((item, i) => {
    const at = `${prefix}[${i}]`;
    if (item.label.trim() === '') errors[`${at}.label`] = t('validation.blank');
    const target = item.target.trim();
    if (item.type === 'link' && !EXTERNAL_URL.test(target)) errors[`${at}.target`] = t('validation.url');
    if (item.type === 'branch' && target === '') errors[`${at}.target`] = t('validation.blank');
    else if (
      (item.type === 'branch' || item.type === 'site') &&
      !PAGE_TARGET.test(target.replace(/^\/+/, ''))
    )
      errors[`${at}.target`] = t('validation.url');
    Object.assign(errors, validateTree(item.children, `${at}.children`));
  });
  return errors;
}
