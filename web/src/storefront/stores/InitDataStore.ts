import {
  marketProfile,
  readInitPayload,
  t,
  type Block,
  type Branch,
  type Config,
  type Division,
  type Donatee,
  type InitPayload,
  type MarketProfile,
  type MenuSummary,
  type Navigation,
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
 * Everything the storefront starts from: one `GET /api/init`, kept until it is 4 hours old. Products and
 * categories are not part of it: each menu's catalogue is loaded on its own (MenuCatalogStore). `version`
 * rises with every successful load, so dependants (cart migration) can react to a reload.
 */
export class InitDataStore {
  config: StorefrontConfig | null = null;
  divisions: Division[] = [];
  branches: Branch[] = [];
  /** The menus without their catalogues (enough for `activeMenu`); see MenuCatalogStore. */
  menus: MenuSummary[] = [];
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

  constructor(
    private readonly api: ApiClient,
    private readonly clock: Clock,
  ) {
    // The data is replaced as a whole on every load and never changed in place, so MobX tracks the
    // references only: making every product, branch and menu deeply observable cost about 50 ms of main
    // thread on a phone right when the first page renders (issue 10's Lighthouse run).
    const ref = observableRef;
    makeAutoObservable<InitDataStore, 'api' | 'clock' | 'pending'>(
      this,
      {
        api: false,
        clock: false,
        pending: false,
        config: ref,
        divisions: ref,
        branches: ref,
        menus: ref,
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
      const data = readInitPayload(Array.isArray(payload) ? payload : []);
      runInAction(() => {
        this.config = (data.config as StorefrontConfig | undefined) ?? this.config;
        this.divisions = data.divisions ?? [];
        this.branches = data.branches ?? [];
        this.menus = data.menus ?? [];
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
    } catch {
      runInAction(() => {
        this.status = 'error';
        this.error = t('backoffice.initFailed');
      });
    }
  }
}
