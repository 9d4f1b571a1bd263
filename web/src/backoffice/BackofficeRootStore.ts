import type { Config } from '@ordering/common';
import { action, makeObservable, observableRef } from 'mobx';
import type { ApiClient } from '../api/ApiClient';
import type { OpenEventSource } from '../api/liveEvents';
import { serverProbe } from '../stores/probe';
import { UiStore } from '../stores/UiStore';
import { AuthStore } from './AuthStore';
import { ErrorStore } from './ErrorStore';

/** What the browser gives the back office; tests pass fakes, the server-side render passes nothing. */
export interface BackofficeEnvironment {
  /** Opens the live event stream (`EventSource`); null where there is none. */
  openEventStream?: OpenEventSource;
  /** Where acknowledged alarms are kept (`localStorage`). */
  storage?: Storage;
}

export interface BackofficeRootStoreOptions extends BackofficeEnvironment {
  api: ApiClient;
  shopName?: string;
  now?: () => Date;
}

/**
 * Root of the back-office face (under /backend). The shell's stores live here; the stores of the screens
 * (order board, …) are created by their lazily loaded chunk through {@link BackofficeRootStore.feature},
 * once per root, so the storefront bundle carries none of their code.
 */
export class BackofficeRootStore {
  readonly api: ApiClient;
  readonly ui: UiStore;
  readonly auth: AuthStore;
  readonly errors: ErrorStore;
  readonly env: BackofficeEnvironment;
  readonly now: () => Date;
  /** The public shop configuration (`config` of /api/init); null until it has come. */
  config: Config | null = null;
  private readonly features = new Map<string, unknown>();

  constructor({ api, shopName, now, ...env }: BackofficeRootStoreOptions) {
    this.api = api;
    this.now = now ?? (() => new Date());
    this.env = env;
    this.ui = new UiStore({ shopName, now, probe: serverProbe(api) });
    this.auth = new AuthStore(api);
    this.errors = new ErrorStore();
    makeObservable(this, { config: observableRef, applyConfig: action });
  }

  /** Takes the public configuration: the shop's names for the shell, the rest for the screens. */
  applyConfig(config: Config): void {
    this.config = config;
    this.ui.applyConfig(config);
  }

  /** The store of a screen, created on first use and kept for the life of this root. */
  feature<T>(key: string, create: (root: BackofficeRootStore) => T): T {
    if (!this.features.has(key)) this.features.set(key, create(this));
    return this.features.get(key) as T;
  }

  /** Signs out and drops the screens' stores (their data belongs to the old session). */
  async signOut(): Promise<void> {
    for (const store of this.features.values()) {
      (store as { dispose?: () => void }).dispose?.();
    }
    this.features.clear();
    this.errors.clear();
    await this.auth.logout();
  }
}
