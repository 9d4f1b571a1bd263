import { ENTITY_NAMES, entityFailureMessage, type EntityCollection } from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../../api/ApiClient';
import type { ErrorStore } from '../ErrorStore';
import type { FieldOption } from './types';

/** How a row of any collection is named in a choice list. */
export function rowTitle(row: Record<string, unknown>): string {
  const person = [row.firstName, row.lastName].filter(Boolean).join(' ');
  if (row.username) return person ? `${person} (${String(row.username)})` : String(row.username);
  for (const key of ['name', 'title', 'family', 'identifier', 'path']) {
    const value = row[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return `#${String(row.id)}`;
}

/**
 * Where the choices of a collection come from: its list route, another route the user may read (a manager
 * has no user administration, so the people come from `GET /api/time-tracking/pins`, the staff whose time
 * the manager keeps), or nothing when the user may read neither (the choice stays empty, without an error).
 */
export type RefSource = (collection: string) => string | null;

const ownList: RefSource = (collection) => `/api/${collection}?limit=500`;

/** The source of ref choices for a user with these readable permission areas. */
export function refSourceFor(readable: () => ReadonlySet<string>): RefSource {
  return (collection) => {
    if (collection !== 'users') return ownList(collection);
    const areas = readable();
    if (areas.has('users')) return ownList(collection);
    return areas.has('time-tracking') ? '/api/time-tracking/pins' : null;
  };
}

/** The rows of other collections as choices of ref fields and filters, loaded once per collection. */
export class RefOptionsStore {
  private readonly lists = new Map<string, FieldOption[]>();
  private readonly pending = new Set<string>();
  version = 0;

  constructor(
    private readonly api: ApiClient,
    private readonly errors: ErrorStore,
    private readonly source: RefSource = ownList,
  ) {
    makeAutoObservable<RefOptionsStore, 'lists' | 'pending' | 'api' | 'errors' | 'source'>(
      this,
      { lists: false, pending: false, api: false, errors: false, source: false },
      { autoBind: true },
    );
  }

  /** The choices of a collection (empty until loaded; loading starts on first ask). */
  options(collection: string): FieldOption[] {
    void this.version; // observed: a finished load renders again
    const list = this.lists.get(collection);
    // Loaded after this render (a load changes observed state: the loader, the error list).
    if (!list) queueMicrotask(() => void this.load(collection));
    return list ?? [];
  }

  /** The title of one row by id, or `#id` while unknown. */
  titleOf(collection: string, id: unknown): string {
    const option = this.options(collection).find((o) => o.value === String(id));
    return option?.label ?? `#${String(id)}`;
  }

  async load(collection: string): Promise<void> {
    if (this.pending.has(collection)) return;
    const url = this.source(collection);
    if (url === null) {
      runInAction(() => {
        this.lists.set(collection, []);
        this.version++;
      });
      return;
    }
    this.pending.add(collection);
    const fallback =
      collection in ENTITY_NAMES
        ? entityFailureMessage(collection as EntityCollection, 'load')
        : 'Daten konnten nicht geladen werden.';
    const rows = await this.errors.run(fallback, () =>
      this.api.get<Array<Record<string, unknown>>>(url),
    );
    this.pending.delete(collection);
    if (!rows) return;
    runInAction(() => {
      this.lists.set(
        collection,
        rows.map((row) => ({ value: String(row.id), label: rowTitle(row) })),
      );
      this.version++;
    });
  }

  /** Forgets a collection after one of its rows changed. */
  invalidate(collection: string): void {
    this.lists.delete(collection);
    this.version++;
  }
}
