import { makeAutoObservable } from 'mobx';
import type { CartStorage } from './CartStore';

/** Session-storage key of the tables opened by a table's QR code, by branch id. */
export const TABLE_LINK_KEY = 'asp.tableLink';

/** The table a guest's QR code named (its id and its identifier, "7"). */
export interface LinkedTable {
  id: number;
  identifier: string;
}

/**
 * The table a guest sits at, known from the table's QR code (issue 25): kept per branch for the session so
 * that the menu and the checkout say "Tisch 7" after a reload too, and the checkout skips date and time. Part
 * of the root store (the store page shows it without loading the order form's chunk).
 */
export class TableLinkStore {
  links: Record<string, LinkedTable> = {};

  constructor(private readonly storage: CartStorage) {
    this.links = this.read();
    makeAutoObservable<TableLinkStore, 'storage'>(this, { storage: false }, { autoBind: true });
  }

  private read(): Record<string, LinkedTable> {
    try {
      const value = JSON.parse(this.storage.getItem(TABLE_LINK_KEY) ?? 'null') as unknown;
      if (!value || typeof value !== 'object') return {};
      return Object.fromEntries(
        Object.entries(value as Record<string, Partial<LinkedTable>>).filter(
          ([, link]) => Number.isInteger(link?.id) && typeof link?.identifier === 'string',
        ),
      ) as Record<string, LinkedTable>;
    } catch {
      return {};
    }
  }

  /** The branch's linked table, or null. */
  of(branchId: number | undefined): LinkedTable | null {
    return branchId === undefined ? null : (this.links[String(branchId)] ?? null);
  }

  /** Remembers (or, with null, forgets) the branch's linked table. */
  set(branchId: number, table: LinkedTable | null): void {
    const next = { ...this.links };
    if (table) next[String(branchId)] = { id: table.id, identifier: table.identifier };
    else delete next[String(branchId)];
    this.links = next;
    try {
      this.storage.setItem(TABLE_LINK_KEY, JSON.stringify(next));
    } catch {
      // Storage unavailable: the link still holds on this page.
    }
  }
}
