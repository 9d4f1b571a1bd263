import type { ApiClient } from '../api/ApiClient';
import { serverProbe } from '../stores/probe';
import { UiStore } from '../stores/UiStore';
import { AuthStore } from './AuthStore';

export interface BackofficeRootStoreOptions {
  api: ApiClient;
  shopName?: string;
  now?: () => Date;
}

/** Root of the back-office face (under /backend): sign-in now, one store per entity later. */
export class BackofficeRootStore {
  readonly api: ApiClient;
  readonly ui: UiStore;
  readonly auth: AuthStore;

  constructor({ api, shopName, now }: BackofficeRootStoreOptions) {
    this.api = api;
    this.ui = new UiStore({ shopName, now, probe: serverProbe(api) });
    this.auth = new AuthStore(api);
  }
}
