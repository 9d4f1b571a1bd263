import type { Config } from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import { messages } from '../i18n/messages';

/** What the connectivity binding needs from `window`: its events and `navigator.onLine`. */
export interface ConnectivitySource {
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
  readonly navigator: { readonly onLine: boolean };
}

export interface UiStoreOptions {
  shopName?: string;
  /** Asks whether the server answers; used by the offline warning's retry button. */
  probe?: () => Promise<boolean>;
  /** The clock; tests set it. */
  now?: () => Date;
}

/** State of the app shell that every face has: shop name, connectivity. */
export class UiStore {
  shopName: string;
  /** Legal business name for the copyright line; the shop name until the config says otherwise. */
  businessName: string;
  online = true;
  checkingConnection = false;

  private readonly probe: () => Promise<boolean>;
  private readonly now: () => Date;

  constructor(options: UiStoreOptions = {}) {
    this.shopName = options.shopName?.trim() || messages.defaultShopName;
    this.businessName = this.shopName;
    this.probe = options.probe ?? (() => Promise.resolve(true));
    this.now = options.now ?? (() => new Date());
    makeAutoObservable<UiStore, 'probe' | 'now'>(this, { probe: false, now: false }, { autoBind: true });
  }

  get offline(): boolean {
    return !this.online;
  }

  /** The year of the footer's copyright line, from the store's clock. */
  get copyrightYear(): number {
    return this.now().getFullYear();
  }

  /** Takes the names from the shop configuration (`config` of /api/init); blank values are ignored. */
  applyConfig(config: Partial<Pick<Config, 'shopName' | 'businessName'>>): void {
    const shopName = config.shopName?.trim();
    const businessName = config.businessName?.trim();
    if (shopName) this.shopName = shopName;
    this.businessName = businessName || this.shopName;
  }

  setOnline(online: boolean): void {
    this.online = online;
  }

  /** The retry button: ask the server; the warning goes away only when it answers. */
  async retryConnection(): Promise<boolean> {
    if (this.checkingConnection) return this.online;
    this.checkingConnection = true;
    let reachable: boolean;
    try {
      reachable = await this.probe();
    } catch {
      reachable = false;
    }
    runInAction(() => {
      this.online = reachable;
      this.checkingConnection = false;
    });
    return reachable;
  }

  /** Follows the browser's online/offline events; returns the function that stops following. */
  bindConnectivity(source: ConnectivitySource): () => void {
    const goOnline = () => this.setOnline(true);
    const goOffline = () => this.setOnline(false);
    this.setOnline(source.navigator.onLine);
    source.addEventListener('online', goOnline);
    source.addEventListener('offline', goOffline);
    return () => {
      source.removeEventListener('online', goOnline);
      source.removeEventListener('offline', goOffline);
    };
  }
}
