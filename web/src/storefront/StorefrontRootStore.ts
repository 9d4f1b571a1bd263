import type { ApiClient } from '../api/ApiClient';
import { serverProbe } from '../stores/probe';
import { UiStore } from '../stores/UiStore';

export interface StorefrontRootStoreOptions {
  api: ApiClient;
  shopName?: string;
  now?: () => Date;
}

/**
 * Root of the storefront face (web shop, kiosk). Aggregate stores (branches, catalogue, cart per branch)
 * hang off it as they arrive; each gets the API client from here, never from a module.
 */
export class StorefrontRootStore {
  readonly api: ApiClient;
  readonly ui: UiStore;

  constructor({ api, shopName, now }: StorefrontRootStoreOptions) {
    this.api = api;
    this.ui = new UiStore({ shopName, now, probe: serverProbe(api) });
  }
}
