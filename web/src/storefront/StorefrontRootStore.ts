import { adPixelIdOf, CONSENT_PURPOSES, toLocal } from '@ordering/common';
import { reaction } from 'mobx';
import type { ApiClient } from '../api/ApiClient';
import { AnalyticsStore, commercePayload } from './content/analytics/AnalyticsStore';
import { ConsentStore, memoryCookieJar, type CookieJar } from './content/consent/ConsentStore';
import { AdPixelStore } from './content/marketing/AdPixelStore';
import { applyShopFonts } from '../shell/fonts';
import { serverProbe } from '../stores/probe';
import { UiStore } from '../stores/UiStore';
import { BranchStore } from './stores/BranchStore';
import { CartStore, noStorage, type CartStorage } from './stores/CartStore';
import { CatalogStore } from './stores/CatalogStore';
import type { CheckoutStore } from './stores/CheckoutStore';
import { ClockStore, type Clock } from './stores/ClockStore';
import { InitDataStore } from './stores/InitDataStore';
import { MenuCatalogStore } from './stores/MenuCatalogStore';
import { SoldOutStore } from './stores/SoldOutStore';
import { TableLinkStore } from './stores/TableLinkStore';
import type { OpenEventSource } from '../api/liveEvents';
import type { OrderStatusStore } from './stores/OrderStatusStore';
import type { FileUploader } from './stores/ProductEditor';

export interface StorefrontRootStoreOptions {
  api: ApiClient;
  shopName?: string;
  now?: Clock;
  /** Where carts are kept; the browser's sessionStorage in the app. */
  storage?: CartStorage;
  /** Uploads files of configurable products. */
  uploader?: FileUploader;
  /** Opens an order's event stream (EventSource in the browser). */
  openEventStream?: OpenEventSource;
  /** Where the consent cookie lives (`document` in the browser). */
  cookies?: CookieJar;
}

/**
 * Root of the storefront face (web shop, kiosk): data from /api/init, branches, the selected branch's
 * catalogue and the carts. Each store gets what it needs handed in from here, never from a module.
 */
export class StorefrontRootStore {
  readonly api: ApiClient;
  readonly ui: UiStore;
  readonly clock: ClockStore;
  readonly data: InitDataStore;
  readonly branches: BranchStore;
  readonly catalog: CatalogStore;
  /** The menus' catalogues (products and categories), loaded per menu. */
  readonly catalogs: MenuCatalogStore;
  readonly cart: CartStore;
  /** What the selected branch has sold out, live (apart from the catalogue's data). */
  readonly soldOut: SoldOutStore;
  readonly consent: ConsentStore;
  readonly analytics: AnalyticsStore;
  /** The ad pixel: loaded only with a configured id and the marketing consent. */
  readonly adPixel: AdPixelStore;
  private readonly openEventStream?: OpenEventSource;
  private orderStatusLoad?: Promise<OrderStatusStore>;
  private readonly storage: CartStorage;
  private checkoutLoad?: Promise<CheckoutStore>;
  private checkoutStore: CheckoutStore | null = null;
  /** The table a guest's QR code named, per branch (the menu and the checkout say "Tisch 7"). */
  readonly tableLinks: TableLinkStore;

  constructor({
    api,
    shopName,
    now,
    storage = noStorage,
    uploader,
    openEventStream,
    cookies = memoryCookieJar(),
  }: StorefrontRootStoreOptions) {
    const clock = now ?? (() => new Date());
    this.api = api;
    this.ui = new UiStore({ shopName, now: clock, probe: serverProbe(api) });
    this.clock = new ClockStore(clock);
    this.data = new InitDataStore(api, clock);
    this.branches = new BranchStore(this.data, this.clock);
    this.catalogs = new MenuCatalogStore(api);
    this.catalog = new CatalogStore(this.data, this.branches, this.clock, this.catalogs);
    this.cart = new CartStore(this.data, this.branches, this.catalog, storage, uploader, api);
    this.storage = storage;
    this.tableLinks = new TableLinkStore(storage);
    this.openEventStream = openEventStream;
    this.soldOut = new SoldOutStore(api, this.branches, this.clock, openEventStream);
    // "Marketing" is offered only when there is a pixel to consent to: a switch must never do nothing.
    this.consent = new ConsentStore(cookies, clock, () =>
      CONSENT_PURPOSES.filter((purpose) => purpose !== 'marketing' || adPixelIdOf(this.data.config) !== null),
    );
    this.analytics = new AnalyticsStore(api, this.consent);
    this.adPixel = new AdPixelStore(this.consent, () => this.data.config);
    // Every load: the configured names into the shell, the shop's fonts into the page, and carts checked
    // against the new catalogue.
    reaction(
      () => this.data.version,
      () => {
        if (this.data.config) {
          this.ui.applyConfig(this.data.config);
          applyShopFonts(this.data.config);
        }
        this.cart.migrateAll();
      },
    );
    // The selected branch's active menu (it changes with the branch and with the clock) is loaded, and
    // checked again after every init load (its versions may have changed; an unchanged one answers 304).
    // Carts are checked once it is there.
    reaction(
      () => ({ menu: this.catalog.menu?.id ?? null, version: this.data.version }),
      ({ menu, version }) => {
        if (menu === null) return;
        void this.catalogs.ensure(menu, version).then(() => this.cart.migrateAll());
      },
      { fireImmediately: true, equals: (a, b) => a.menu === b.menu && a.version === b.version },
    );
  }

  /**
   * The status page's store, built on its first visit from its own chunk (the status route loads it with
   * the page), so the storefront's first load does without it; the same store on every later visit.
   */
  loadOrderStatus(): Promise<OrderStatusStore> {
    this.orderStatusLoad ??= import('./stores/OrderStatusStore').then(
      ({ OrderStatusStore }) => new OrderStatusStore(this.api, this.data, this.openEventStream),
    );
    return this.orderStatusLoad;
  }

  /**
   * The order form (with its date and time pickers), built on first use from its own chunk: the checkout
   * routes and the kiosk load it with their pages, the store page when a table's QR code asks for it.
   */
  loadCheckout(): Promise<CheckoutStore> {
    this.checkoutLoad ??= import('./stores/CheckoutStore').then(({ CheckoutStore }) => {
      const checkout = new CheckoutStore(this.data, this.cart, this.clock, this.api, this.storage);
      checkout.tableLinks = this.tableLinks;
      // The purchase event: the placed order's items and total, sent only with consent.
      checkout.onOrderPlaced = (order, cart) => {
        const payload = commercePayload(cart.items, cart.totals, this.data.currency);
        void this.analytics.commerce('purchase', { ...payload, orderUid: order.uid });
        this.adPixel.purchase(payload.valueCents, payload.currency, order.uid);
      };
      this.checkoutStore = checkout;
      return checkout;
    });
    return this.checkoutLoad;
  }

  /** The order form once {@link loadCheckout} has built it; the pages that use it load it first. */
  get checkout(): CheckoutStore {
    if (!this.checkoutStore) throw new Error('Das Bestellformular ist noch nicht geladen (loadCheckout).');
    return this.checkoutStore;
  }

  /** Loads the data and starts the clock and the 4-hour reload check; returns the function that stops them. */
  start(): () => void {
    void this.data.ensureLoaded();
    // While /api/init is on its way the main thread has nothing to do: build the time-zone formatter then.
    // The first Intl.DateTimeFormat costs 15–25 ms (×4 on a phone) and otherwise lands in the one long task
    // that renders the page when the data arrives (opening state, toolbar).
    // A task of its own right after this one, before the response can arrive (an idle callback came too late).
    const warmUp = setTimeout(() => void toLocal(this.clock.now), 0);
    const stops = [
      this.clock.start(),
      this.data.startAutoReload(),
      this.analytics.watchCart(this.cart, () => this.data.currency),
      this.adPixel.start(),
    ];
    return () => {
      clearTimeout(warmUp);
      stops.forEach((stop) => stop());
    };
  }
}
