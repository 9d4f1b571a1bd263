import {
  STOREFRONT_CATEGORY_DEFAULTS,
  STOREFRONT_ENTRY_DEFAULTS,
  STOREFRONT_PRODUCT_DEFAULTS,
  menuCatalogPath,
  withStorefrontDefaults,
  type LoadedMenuCatalog,
  type MenuCatalog as SentMenuCatalog,
  type MenuCategoryEntry,
  type MenuProductEntry,
  type StorefrontCategory,
  type StorefrontProduct,
} from '@ordering/common';
import { makeAutoObservable, observableRef, runInAction, when } from 'mobx';
import { ApiRequestError, type ApiClient } from '../../api/ApiClient';

/** A menu's catalogue as the store reads it: every field present (common's defaults put back). */
export type MenuCatalog = LoadedMenuCatalog;

/**
 * How many later parts of a menu are asked for at once: the answers' waiting overlaps (three of the
 * browser's six connections to the server; the page's own requests keep the rest).
 */
const PARTS_AT_ONCE = 3;

/** A part as loaded: its fields complete, its ETag. */
interface LoadedPart {
  data: SentMenuCatalog & { categories: StorefrontCategory[]; products: StorefrontProduct[] };
  etag: string | null;
}

/**
 * One menu's catalogue as loaded: its parts (one for a menu of up to 1,000 products; see common's
 * `MenuCatalogPart`), the data they make together (kept over a failed reload), and the load's state.
 */
export class LoadedCatalog {
  /** Parts 0 … n-1 of the current version as they arrived (a gap: not loaded yet). */
  parts: Array<LoadedPart | undefined> = [];
  /** The loaded parts together (from part 0 on, in the menu's order); null until part 0 arrived. */
  data: MenuCatalog | null = null;
  status: 'loading' | 'ready' | 'error' = 'loading';
  /** Why the last load failed: the menu is gone (404) or the catalogue could not be loaded. */
  error: 'missing' | 'failed' | null = null;
  /** The init data's version the catalogue was last checked against. */
  checkedVersion = -1;
  /** A load (part 0 and the parts after it) is running. */
  isFetching = false;
  /** The highest part someone waits for (a category jump); parts up to it are shown as they arrive. */
  wanted = 0;

  constructor(readonly menuId: number) {
    makeAutoObservable(
      this,
      { data: observableRef, parts: observableRef, menuId: false },
      { autoBind: true },
    );
  }

  /** Part 0's ETag (what a reload asks with). */
  get etag(): string | null {
    return this.parts[0]?.etag ?? null;
  }

  /** How many parts the menu has (1 until part 0 says more). */
  get partCount(): number {
    return this.parts[0]?.data.part.count ?? 1;
  }

  /** The parts loaded one after the other from part 0: parts 0 … loadedThrough are there (-1: none). */
  get loadedThrough(): number {
    let index = -1;
    while (index + 1 < this.partCount && this.parts[index + 1]) index++;
    return index;
  }

  /** Every part of the menu is there (search, the cart's check and the offline copy need them all). */
  get isComplete(): boolean {
    return this.data !== null && this.loadedThrough === this.partCount - 1;
  }

  /** The part holding a category's first product (0 for one the menu does not split, or does not know). */
  partOfCategory(categoryId: number): number {
    const first = this.parts[0]?.data;
    const index = first?.menu.catalog.findIndex((entry) => entry.id === categoryId) ?? -1;
    return index < 0 ? 0 : Math.max(0, first?.part.categoryParts?.[index] ?? 0);
  }

  /** The products by id (built once per answer). */
  get productsById(): Map<number, StorefrontProduct> {
    return new Map((this.data?.products ?? []).map((product) => [product.id, product]));
  }

  /** Sets the parts and the data they make (parts from 0 on without a gap). */
  setParts(parts: Array<LoadedPart | undefined>): void {
    this.parts = parts;
    this.data = merge(parts);
  }
}

/**
 * The catalogues of the menus the storefront shows (`GET /api/menus/{id}/catalog[?part=N]`: the menu with its
 * entries, the categories and products it places, in the storefront's shape), loaded per menu (they are not
 * part of /api/init). A large menu comes in parts: part 0 (the first products and every category) is shown
 * as soon as it is there, the others follow in the background, a few at a time. Each is asked for again
 * when the init data is reloaded (its versions changed); the ETag makes an unchanged part a 304, which keeps
 * what was there.
 */
export class MenuCatalogStore {
  /** Catalogues by menu id. */
  readonly catalogs = new Map<number, LoadedCatalog>();
  private readonly pending = new Map<number, Promise<void>>();

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<MenuCatalogStore, 'api' | 'pending'>(
      this,
      { api: false, pending: false, catalogs: true },
      { autoBind: true },
    );
  }

  of(menuId: number): LoadedCatalog | null {
    return this.catalogs.get(menuId) ?? null;
  }

  /** The loaded data of a menu's catalogue (null until its part 0 arrived). */
  dataOf(menuId: number): MenuCatalog | null {
    return this.of(menuId)?.data ?? null;
  }

  /**
   * Loads a menu's catalogue unless it was checked for this init version already; concurrent calls share
   * one load. Returns when all its parts are there (or the load failed); the page shows part 0 before.
   */
  ensure(menuId: number, version: number): Promise<void> {
    const running = this.pending.get(menuId);
    if (running) return running;
    const loaded = this.of(menuId);
    if (loaded && loaded.checkedVersion === version && loaded.status !== 'error' && loaded.isComplete)
      return Promise.resolve();
    return this.load(menuId, version);
  }

  /** Asks for the catalogue again (the "Erneut versuchen" of the error). */
  retry(menuId: number): Promise<void> {
    return this.load(menuId, this.of(menuId)?.checkedVersion ?? -1);
  }

  /**
   * Resolves once parts 0 … `part` of the menu are there (a category jump waits for its part), or the load
   * stopped without them; loads what is missing when no load is running.
   */
  async loadThrough(menuId: number, part: number): Promise<void> {
    const loaded = this.of(menuId);
    if (!loaded || loaded.loadedThrough >= part) return;
    runInAction(() => (loaded.wanted = Math.max(loaded.wanted, part)));
    if (!this.pending.has(menuId)) void this.load(menuId, loaded.checkedVersion);
    await when(() => loaded.loadedThrough >= part || !loaded.isFetching);
  }

  private load(menuId: number, version: number): Promise<void> {
    let loaded = this.of(menuId);
    if (!loaded) {
      loaded = new LoadedCatalog(menuId);
      this.catalogs.set(menuId, loaded);
    }
    const target = loaded;
    runInAction(() => {
      if (target.status === 'error') target.status = 'loading';
      if (!target.data) target.status = 'loading';
      target.error = null;
      target.isFetching = true;
    });
    const request = this.fetchAll(target, version).finally(() =>
      runInAction(() => {
        this.pending.delete(menuId);
        target.isFetching = false;
      }),
    );
    this.pending.set(menuId, request);
    return request;
  }

  /**
   * Part 0, then every part not there yet, {@link PARTS_AT_ONCE} at a time in the menu's order. A first load
   * shows part 0 as it arrives and the others together once the last is there (or those a jump waits for
   * at once); a new version of a complete catalogue is shown once all its parts are there (the page keeps
   * the old one meanwhile). A part of another version than part 0 (a change in between) starts again from
   * part 0; a failed part stops the load (the parts before it stay).
   */
  private async fetchAll(target: LoadedCatalog, version: number): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const first = await this.fetchFirst(target, version);
      if (first === null) return;
      let parts = first === 'kept' ? target.parts : [first];
      const progressive = first === 'kept' || !target.isComplete;
      const show = () =>
        runInAction(() => {
          target.setParts(parts);
          target.status = 'ready';
        });
      if (progressive && first !== 'kept') show();
      const count = parts[0]!.data.part.count;
      const missing: number[] = [];
      for (let index = 1; index < count; index++) if (!parts[index]) missing.push(index);
      let stop: 'failed' | 'restart' | null = null;
      const fetchNext = async (): Promise<void> => {
        while (stop === null && missing.length > 0) {
          const index = missing.shift()!;
          const part = await this.fetchPart(target, index);
          // (A part that arrives after another one failed is kept; after a change of version it is not.)
          if (stop === 'restart') return;
          if (part === 'failed') stop ??= 'failed';
          else if (part.data.part.version !== parts[0]!.data.part.version) stop = 'restart';
          else {
            parts = withPart(parts, index, part);
            // Shown together when the last has arrived (each showing groups and renders the whole menu
            // again, a long task on a phone), earlier only for a jump that waits for one of them.
            if (progressive && target.wanted >= index) show();
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARTS_AT_ONCE, missing.length) }, fetchNext));
      if (stop !== 'restart') {
        if (parts !== target.parts) show();
        return;
      }
    }
  }

  private async fetchFirst(target: LoadedCatalog, version: number): Promise<LoadedPart | 'kept' | null> {
    const had = target.parts[0];
    try {
      const part = await this.request(target.menuId, 0, had && target.data ? had.etag : null);
      return runInAction(() => {
        target.checkedVersion = version;
        // The same version as before (a cache that answered 200 for an unchanged ETag): keep the objects,
        // so nothing that depends on them is computed again.
        if (had && part.etag && part.etag === had.etag) {
          target.status = 'ready';
          return 'kept';
        }
        return part;
      });
    } catch (error) {
      return runInAction(() => {
        if (error instanceof ApiRequestError && error.status === 304 && target.data) {
          target.status = 'ready';
          target.checkedVersion = version;
          return 'kept';
        }
        // A failed reload keeps the catalogue it had; without one the page offers to try again.
        target.status = target.data ? 'ready' : 'error';
        target.error = error instanceof ApiRequestError && error.status === 404 ? 'missing' : 'failed';
        return null;
      });
    }
  }

  private async fetchPart(target: LoadedCatalog, index: number): Promise<LoadedPart | 'failed'> {
    try {
      return await this.request(target.menuId, index, null);
    } catch {
      // The parts so far stay; the next load (or a jump that needs the part) asks again.
      return 'failed';
    }
  }

  private async request(menuId: number, index: number, etag: string | null): Promise<LoadedPart> {
    let received: string | null = null;
    const data = await this.api.request<SentMenuCatalog>(
      'GET',
      menuCatalogPath(menuId, index),
      undefined,
      { headers: etag ? { 'If-None-Match': etag } : {}, redirectOnUnauthorized: false },
      (response) => {
        received = response.headers.get('ETag');
      },
    );
    return { data: complete(data, index), etag: received };
  }
}

/**
 * Every part of a menu's catalogue, merged, with every field present: for readers that need the whole menu at
 * once (the front-desk board's sold-out dialog). Parts of another version than part 0 start it again.
 */
export async function loadWholeCatalog(api: ApiClient, menuId: number): Promise<MenuCatalog> {
  const store = new MenuCatalogStore(api);
  await store.ensure(menuId, 0);
  const loaded = store.of(menuId);
  if (!loaded?.data || !loaded.isComplete)
    throw new ApiRequestError(0, [{ message: 'Die Speisekarte konnte nicht geladen werden.' }]);
  return loaded.data;
}

function withPart(parts: Array<LoadedPart | undefined>, index: number, part: LoadedPart) {
  const next = parts.slice();
  next[index] = part;
  return next;
}

/** A sent part with every field present (common's defaults put back, in place). */
function complete(data: SentMenuCatalog, index: number): LoadedPart['data'] {
  for (const entry of data.menu?.catalog ?? [])
    for (const product of entry.products ?? []) withStorefrontDefaults(product, STOREFRONT_ENTRY_DEFAULTS);
  for (const category of data.categories ?? [])
    withStorefrontDefaults(category, STOREFRONT_CATEGORY_DEFAULTS);
  for (const product of data.products ?? []) withStorefrontDefaults(product, STOREFRONT_PRODUCT_DEFAULTS);
  return {
    ...data,
    menu: { ...data.menu, catalog: data.menu?.catalog ?? [] },
    categories: (data.categories ?? []) as StorefrontCategory[],
    products: (data.products ?? []) as StorefrontProduct[],
    part: data.part ?? { index, count: 1, version: '' },
  };
}

/** The data of parts 0 … k (up to the first gap): part 0's menu and categories, every part's entries and products. */
function merge(parts: Array<LoadedPart | undefined>): MenuCatalog | null {
  const first = parts[0]?.data;
  if (!first) return null;
  const loaded: LoadedPart['data'][] = [];
  for (const part of parts) {
    if (!part) break;
    loaded.push(part.data);
  }
  if (loaded.length === 1)
    return {
      menu: first.menu as MenuCatalog['menu'],
      categories: first.categories,
      products: first.products,
    };
  const products = new Map<number, MenuProductEntry[]>();
  const order: number[] = [];
  for (const part of loaded)
    for (const entry of part.menu.catalog) {
      let list = products.get(entry.id);
      if (!list) {
        products.set(entry.id, (list = []));
        order.push(entry.id);
      }
      for (const product of entry.products) list.push(product as MenuProductEntry);
    }
  const catalog: MenuCategoryEntry[] = order.map((id) => ({ id, products: products.get(id)! }));
  return {
    menu: { ...first.menu, catalog },
    categories: first.categories,
    products: loaded.flatMap((part) => part.products),
  };
}
