import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../../api/ApiClient';
import type { ErrorStore } from '../ErrorStore';

export interface CollectionStoreOptions {
  api: ApiClient;
  errors: ErrorStore;
  /** The REST collection, e.g. `/api/orders`. */
  path: string;
  /** German fallback of the error catalogue for a failed load ("Bestellungen konnten nicht geladen werden."). */
  loadFailed: string;
  limit?: number;
}

/**
 * One REST collection as a list: filter parameters, page, and the rows of the page. Filtered lists do not
 * rethrow (spec section 8); a failure is an entry of the error list with a retry.
 */
export class CollectionStore<T> {
  items: T[] = [];
  params: Record<string, string> = {};
  page = 1;
  readonly limit: number;
  hasMore = false;
  /** Rows of all pages under the current filters (`X-Total-Count`); null when the server sent none. */
  total: number | null = null;
  loading = false;
  loaded = false;

  private readonly options: CollectionStoreOptions;

  constructor(options: CollectionStoreOptions) {
    this.options = options;
    this.limit = options.limit ?? 25;
    makeAutoObservable<CollectionStore<T>, 'options'>(this, { options: false }, { autoBind: true });
  }

  /** The query string of the current filters (blank ones left out), without paging. */
  get filterQuery(): string {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(this.params))
      if (value.trim() !== '') query.set(key, value.trim());
    return query.toString();
  }

  setParam(key: string, value: string): void {
    this.params = { ...this.params, [key]: value };
    this.page = 1;
  }

  async load(): Promise<void> {
    this.loading = true;
    const query = new URLSearchParams(this.filterQuery);
    query.set('page', String(this.page));
    query.set('limit', String(this.limit));
    const page = await this.options.errors.run(
      this.options.loadFailed,
      () => this.options.api.getPage<T>(`${this.options.path}?${query.toString()}`),
      { retry: () => this.load() },
    );
    runInAction(() => {
      this.loading = false;
      if (!page) return;
      this.items = page.items;
      this.total = page.total;
      // Without the total a full page means there may be more.
      this.hasMore =
        page.total === null ? page.items.length === this.limit : this.page * this.limit < page.total;
      this.loaded = true;
    });
  }

  /** Pages under the current filters; null without a total. */
  get pageCount(): number | null {
    return this.total === null ? null : Math.max(1, Math.ceil(this.total / this.limit));
  }

  async goTo(page: number): Promise<void> {
    if (page < 1) return;
    this.page = page;
    await this.load();
  }

  /** Every row of the current filters (up to `max`), e.g. for an export. */
  async fetchAll(max = 1000): Promise<T[]> {
    const query = new URLSearchParams(this.filterQuery);
    query.set('limit', String(max));
    const rows = await this.options.errors.run(this.options.loadFailed, () =>
      this.options.api.get<T[]>(`${this.options.path}?${query.toString()}`),
    );
    return rows ?? [];
  }
}
