import {
  marketProfile,
  readInitPayload,
  t,
  type Block,
  type Branch,
  type Category,
  type Config,
  type Division,
  type Donatee,
  type InitPayload,
  type MarketProfile,
  type Menu,
  type MenuCatalog,
  type MenuOutline,
  menuCatalogPath,
  type Navigation,
  type Product,
  type Site,
  type SiteSettings,
  type Table,
  type Tag,
} from '@ordering/common';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { ApiClient } from '../../api/ApiClient';
import type { Clock } from './ClockStore';

/** `config` of /api/init: the shop configuration with the site settings merged in. */
export type StorefrontConfig = Config & Partial<SiteSettings>;

/** How old the data may get before it is loaded again (spec section 9: 4 hours). */
export const DATA_MAX_AGE_MS = 4 * 60 * 60 * 1000;
/** How often the age is checked (spec section 9: 10 s). */
export const DATA_CHECK_INTERVAL_MS = 10_000;

/**
 * Everything the storefront starts from: one `GET /api/init`, kept until it is 4 hours old, and the
 * products of the menus a visitor opens, one `GET /api/branches/{id}/menus/{menuId}/catalog` each (ETag'd:
 * a reload of an unchanged menu is a 304). `version` rises with every successful load of either, so
 * dependants (cart migration) can react to a reload.
 */
export class InitDataStore {
  config: StorefrontConfig | null = null;
  divisions: Division[] = [];
  branches: Branch[] = [];
  /** The menus of /api/init: categories only (their products come per menu). */
  menuOutlines: MenuOutline[] = [];
  /** The loaded catalogues by menu id (replaced as a whole on every load). */
  catalogs: ReadonlyMap<number, MenuCatalog> = new Map();
  /** Menus whose catalogue could not be had (offline without a stored copy): shown as empty. */
  failedMenus: ReadonlySet<number> = new Set();
  categories: Category[] = [];
  tags: Tag[] = [];
  tables: Table[] = [];
  sites: Site[] = [];
  navigations: Navigation[] = [];
  blocks: Block[] = [];
  donatees: Donatee[] = [];

  status: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  error: string | null = null;
  loadedAt: Date | null = null;
  version = 0;

  private pending: Promise<void> | null = null;
  private readonly pendingMenus = new Map<number, Promise<void>>();
  /** The branch each loaded menu was asked for (a reload of /api/init reloads them through it). */
  private readonly menuBranches = new Map<number, number>();

  constructor(
    private readonly api: ApiClient,
    private readonly clock: Clock,
  ) {
    // The data is replaced as a whole on every load and never changed in place, so MobX tracks the
    // references only: making every product, branch and menu deeply observable cost about 50 ms of main
    // thread on a phone right when the first page renders (issue 10's Lighthouse run).
    const ref = observableRef;
    makeAutoObservable<InitDataStore, 'api' | 'clock' | 'pending' | 'pendingMenus' | 'menuBranches'>(
      this,
      {
        api: false,
        clock: false,
        pending: false,
        pendingMenus: false,
        menuBranches: false,
        config: ref,
        divisions: ref,
        branches: ref,
        menuOutlines: ref,
        catalogs: ref,
        failedMenus: ref,
        categories: ref,
        tags: ref,
        tables: ref,
        sites: ref,
        navigations: ref,
        blocks: ref,
        donatees: ref,
        loadedAt: ref,
      },
      { autoBind: true },
    );
  }

  /** Data has arrived at least once (a failed reload keeps the old data). */
  get isLoaded(): boolean {
    return this.loadedAt !== null;
  }

  get currency(): string {
    return this.config?.currency || 'EUR';
  }

  /** The shop's market profile (`DE` unless the configuration says `AT`): dialling code and words. */
  get market(): MarketProfile {
    return marketProfile(this.config?.market);
  }

  /** The country code national phone numbers are dialled with (`tel:` and WhatsApp links). */
  get phoneCountryCode(): string {
    return this.market.phoneCountryCode;
  }

  /**
   * The menus in the shape the catalogue components read: a loaded menu with its whole catalogue, the
   * others with their categories and no products yet.
   */
  get menus(): Menu[] {
    return this.menuOutlines.map(
      (outline) =>
        this.catalogs.get(outline.id)?.menu ?? {
          ...outline,
          catalog: outline.catalog.map((entry) => ({ id: entry.id, products: [] })),
        },
    );
  }

  /** The products of every loaded menu (each once). */
  get products(): Product[] {
    return [...this.productsById.values()];
  }

  private get productsById(): Map<number, Product> {
    const byId = new Map<number, Product>();
    for (const catalog of this.catalogs.values())
      for (const product of catalog.products) if (!byId.has(product.id)) byId.set(product.id, product);
    return byId;
  }

  /** Whether the menu's products are here (or could not be had: then it shows empty). */
  isMenuLoaded(menuId: number): boolean {
    return this.catalogs.has(menuId) || this.failedMenus.has(menuId);
  }

  /** Loads a menu's products unless they are here or on their way. */
  ensureMenu(branchId: number, menuId: number): Promise<void> {
    const pending = this.pendingMenus.get(menuId);
    if (pending) return pending;
    if (this.catalogs.has(menuId)) return Promise.resolve();
    return this.loadMenu(branchId, menuId);
  }

  /** Loads a menu's products (the browser revalidates with its ETag: unchanged, it is a 304). */
  loadMenu(branchId: number, menuId: number): Promise<void> {
    const pending = this.pendingMenus.get(menuId);
    if (pending) return pending;
    this.menuBranches.set(menuId, branchId);
    const promise = this.fetchMenu(branchId, menuId).finally(() => this.pendingMenus.delete(menuId));
    this.pendingMenus.set(menuId, promise);
    return promise;
  }

  private async fetchMenu(branchId: number, menuId: number): Promise<void> {
    try {
      const catalog = await this.api.get<MenuCatalog>(menuCatalogPath(branchId, menuId));
      runInAction(() => {
        this.catalogs = new Map(this.catalogs).set(menuId, catalog);
        if (this.failedMenus.has(menuId))
          this.failedMenus = new Set([...this.failedMenus].filter((id) => id !== menuId));
        this.version += 1;
      });
    } catch {
      runInAction(() => {
        if (!this.catalogs.has(menuId)) this.failedMenus = new Set(this.failedMenus).add(menuId);
      });
    }
  }

  /** Loads /api/init; concurrent calls share one request. */
  load(): Promise<void> {
    if (this.pending) return this.pending;
    this.status = 'loading';
    this.error = null;
    this.pending = this.fetch().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** Loads unless already loaded or loading. */
  ensureLoaded(): Promise<void> {
    if (this.pending) return this.pending;
    if (this.isLoaded) return Promise.resolve();
    return this.load();
  }

  /** Reloads when the data is older than {@link DATA_MAX_AGE_MS}; true when a reload started. */
  reloadIfStale(): boolean {
    if (!this.loadedAt || this.pending) return false;
    if (this.clock().getTime() - this.loadedAt.getTime() < DATA_MAX_AGE_MS) return false;
    void this.load();
    return true;
  }

  /** Checks the age every 10 s; returns the stop function. */
  startAutoReload(intervalMs = DATA_CHECK_INTERVAL_MS): () => void {
    const id = setInterval(this.reloadIfStale, intervalMs);
    return () => clearInterval(id);
  }

  private async fetch(): Promise<void> {
    try {
      const payload = await this.api.get<InitPayload>('/api/init');
      const entries = Array.isArray(payload) ? payload : [];
      const data = readInitPayload(entries);
      const menus = data.menus ?? [];
      const inline = inlineCatalogs(entries, menus);
      runInAction(() => {
        this.config = (data.config as StorefrontConfig | undefined) ?? this.config;
        this.divisions = data.divisions ?? [];
        this.branches = data.branches ?? [];
        this.menuOutlines = menus;
        this.categories = data.categories ?? [];
        // Catalogues of menus that are gone are dropped; the others are reloaded below.
        const kept = new Map([...this.catalogs].filter(([id]) => menus.some((menu) => menu.id === id)));
        for (const [id, catalog] of inline) kept.set(id, catalog);
        this.catalogs = kept;
        this.failedMenus = new Set();
        this.tags = data.tags ?? [];
        this.tables = data.tables ?? [];
        this.sites = data.sites ?? [];
        this.navigations = data.navigations ?? [];
        this.blocks = data.blocks ?? [];
        this.donatees = data.donatees ?? [];
        this.loadedAt = this.clock();
        this.status = 'ready';
        this.version += 1;
      });
      // The menus loaded before: their products may have changed as well (a 304 when not).
      for (const menu of menus) {
        const branchId = this.menuBranches.get(menu.id);
        if (branchId !== undefined && !inline.has(menu.id)) void this.loadMenu(branchId, menu.id);
      }
    } catch {
      runInAction(() => {
        this.status = 'error';
        this.error = t('backoffice.initFailed');
      });
    }
  }

  productById(id: number): Product | undefined {
    return this.productsById.get(id);
  }
}

/**
 * Catalogues that came inside /api/init itself (a server before the per-menu route, and the test
 * fixtures): menus whose categories carry their products, with a `/api/products` entry.
 */
function inlineCatalogs(entries: InitPayload, menus: readonly MenuOutline[]): Map<number, MenuCatalog> {
  const out = new Map<number, MenuCatalog>();
  const products = entries.find((entry) => entry.url.replace(/^\/api\//, '') === 'products')?.data.data;
  if (!Array.isArray(products)) return out;
  for (const menu of menus as ReadonlyArray<MenuOutline | Menu>) {
    if (!menu.catalog.every((entry) => Array.isArray((entry as { products?: unknown }).products))) continue;
    out.set(menu.id, { menu: menu as Menu, products: products as Product[] });
  }
  return out;
}
