import type { MenuCatalog, Product } from '@ordering/common';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { ApiRequestError, type ApiClient } from '../../api/ApiClient';

export type { MenuCatalog };

/** The path of a menu's catalogue. */
export function menuCatalogPath(menuId: number): string {
  return `/api/menus/${menuId}/catalog`;
}

/** One menu's catalogue as loaded: the data (kept over a failed reload), its ETag and the load's state. */
export class LoadedCatalog {
  data: MenuCatalog | null = null;
  etag: string | null = null;
  status: 'loading' | 'ready' | 'error' = 'loading';
  /** Why the last load failed: the menu is gone (404) or the catalogue could not be loaded. */
  error: 'missing' | 'failed' | null = null;
  /** The init data's version the catalogue was last checked against. */
  checkedVersion = -1;

  constructor(readonly menuId: number) {
    makeAutoObservable(this, { data: observableRef, menuId: false }, { autoBind: true });
  }

  /** The products by id (built once per answer). */
  get productsById(): Map<number, Product> {
    return new Map((this.data?.products ?? []).map((product) => [product.id, product]));
  }
}

/**
 * The catalogues of the menus the storefront shows (`GET /api/menus/{id}/catalog`: the menu with its entries,
 * the categories and products it places), loaded per menu (they are no longer part of /api/init). Each is asked for again when the init data is reloaded (its versions changed); the ETag makes
 * an unchanged catalogue a 304, which keeps what was there.
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

  /** The loaded data of a menu's catalogue (null until it arrived). */
  dataOf(menuId: number): MenuCatalog | null {
    return this.of(menuId)?.data ?? null;
  }

  /**
   * Loads a menu's catalogue unless it was checked for this init version already; concurrent calls share
   * one request. Returns when it is there (or failed).
   */
  ensure(menuId: number, version: number): Promise<void> {
    const running = this.pending.get(menuId);
    if (running) return running;
    const loaded = this.of(menuId);
    if (loaded && loaded.checkedVersion === version && loaded.status !== 'error') return Promise.resolve();
    return this.load(menuId, version);
  }

  /** Asks for the catalogue again (the "Erneut versuchen" of the error). */
  retry(menuId: number): Promise<void> {
    return this.load(menuId, this.of(menuId)?.checkedVersion ?? -1);
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
    });
    const request = this.fetch(target, version).finally(() => this.pending.delete(menuId));
    this.pending.set(menuId, request);
    return request;
  }

  private async fetch(target: LoadedCatalog, version: number): Promise<void> {
    let etag: string | null = null;
    try {
      const data = await this.api.request<MenuCatalog>(
        'GET',
        menuCatalogPath(target.menuId),
        undefined,
        {
          headers: target.etag && target.data ? { 'If-None-Match': target.etag } : {},
          redirectOnUnauthorized: false,
        },
        (response) => {
          etag = response.headers.get('ETag');
        },
      );
      runInAction(() => {
        // The same version as before (a cache that answered 200 for an unchanged ETag): keep the objects,
        // so nothing that depends on them is computed again.
        if (!(etag && etag === target.etag && target.data)) target.data = normalise(data);
        target.etag = etag;
        target.status = 'ready';
        target.checkedVersion = version;
      });
    } catch (error) {
      runInAction(() => {
        if (error instanceof ApiRequestError && error.status === 304 && target.data) {
          target.status = 'ready';
          target.checkedVersion = version;
          return;
        }
        // A failed reload keeps the catalogue it had; without one the page offers to try again.
        target.status = target.data ? 'ready' : 'error';
        target.error = error instanceof ApiRequestError && error.status === 404 ? 'missing' : 'failed';
      });
    }
  }
}

function normalise(data: MenuCatalog): MenuCatalog {
  return {
    menu: { ...data.menu, catalog: data.menu?.catalog ?? [] },
    categories: data.categories ?? [],
    products: data.products ?? [],
  };
}
