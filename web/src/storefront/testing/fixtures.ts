import type {
  Branch,
  Category,
  InitPayload,
  Menu,
  MenuCatalog,
  OpeningHourRule,
  Product,
  Tag,
} from '@ordering/common';
import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import { StorefrontRootStore } from '../StorefrontRootStore';
import type { CartStorage } from '../stores/CartStore';
import type { StorefrontConfig } from '../stores/InitDataStore';

export function rule(type: OpeningHourRule['type'], from: string, to: string): OpeningHourRule {
  return { type, from, to, isClosed: false };
}

export function makeBranch(overrides: Partial<Branch> = {}): Branch {
  return {
    id: 1,
    identifier: 'wien',
    name: 'Gasthaus Wien',
    street: 'Neubaugasse 42',
    zipCode: '1070',
    city: 'Wien',
    phone: '+43 1 523 88 10',
    keywords: 'Wirtshaus',
    tags: [],
    isPublic: true,
    timeZone: 'Europe/Vienna',
    openingHours: [rule('daily', '11:00', '22:00')],
    deliveryHours: [],
    isDeliveryHoursEnabled: false,
    isTakeawayEnabled: true,
    isDeliveryEnabled: true,
    isDineInEnabled: true,
    isTableSelectionEnabled: false,
    isPreorderEnabled: false,
    isAppointmentRequired: false,
    isQuotationRequired: false,
    deliveryAreas: [
      { id: 3, area: '1070 Neubau', postcodes: '1070', price: 0, tax: 10, free: true, minimumOrderValue: 15 },
      {
        id: 4,
        area: '1060 Mariahilf',
        postcodes: '1060',
        price: 2.9,
        tax: 10,
        free: false,
        freeFromOrderValue: 35,
        minimumOrderValue: 20,
      },
    ],
    isDeliveryEmailRequired: false,
    isDineInEmailRequired: false,
    isTakeawayEmailRequired: false,
    isDeliveryPhoneRequired: true,
    isDineInPhoneRequired: false,
    isTakeawayPhoneRequired: false,
    isDeliveryAddressRequired: true,
    isDineInAddressRequired: false,
    isTakeawayAddressRequired: false,
    isCashEnabled: true,
    isATMCardEnabled: false,
    isHydroAGVoucherEnabled: false,
    isMollieEnabled: false,
    isDatatransEnabled: false,
    ...overrides,
  };
}

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    uid: `00000000-0000-4000-8000-${String(overrides.id ?? 1).padStart(12, '0')}`,
    name: 'Wiener Schnitzel',
    description: 'Mit Erdäpfelsalat.',
    allergens: 'A, C, G',
    type: 'simple',
    price: 19.9,
    isPriceHidden: false,
    unit: 'piece',
    calculationModel: 'fixed',
    tax: 10,
    takeawayTax: 10,
    dineInTax: 10,
    isEnabled: true,
    isVisibleWhenUnavailable: false,
    ...overrides,
  };
}

export function makeCategory(overrides: Partial<Category> = {}): Category {
  return { id: 1, name: 'Hauptspeisen', isEnabled: true, isVisibleWhenUnavailable: false, ...overrides };
}

/** A configurable product: a required select, a multiselect, an optional select and a text. */
export const schnitzelNachWahl = makeProduct({
  id: 2,
  name: 'Schnitzel nach Wahl',
  type: 'configurable',
  price: 14.5,
  config: {
    parts: [
      {
        name: 'Fleisch',
        type: 'select',
        optional: false,
        options: [
          { name: 'Schwein', modifier: 'add', value: 0 },
          { name: 'Kalb', modifier: 'add', value: 4.5 },
        ],
      },
      {
        name: 'Beilagen',
        type: 'multiselect',
        optional: false,
        options: [
          { name: 'Pommes frites', modifier: 'add', value: 0 },
          { name: 'Preiselbeeren', modifier: 'add', value: 0.8 },
        ],
      },
      {
        name: 'Sauce',
        type: 'select',
        optional: true,
        options: [{ name: 'Pfeffer', modifier: 'add', value: 1 }],
      },
      { name: 'Anmerkung', type: 'textarea', optional: true, options: [] },
    ],
  },
});

/** Priced per m² with an alternative unit kg (ratio 0.01), approximate. */
export const estrich = makeProduct({
  id: 3,
  name: 'Fließestrich',
  price: 19,
  unit: 'm2',
  minimumQuantity: 20,
  quantityStepSize: 0.5,
  calculationModel: 'approximate',
  alternativeUnits: [
    {
      unit: 'kg',
      ratio: 0.01,
      calculationModel: 'approximate',
      minimumQuantity: 2000,
      quantityStepSize: 100,
    },
  ],
});

export const config: StorefrontConfig = {
  shopName: 'Gruber & Linde',
  businessName: 'Gruber & Linde GmbH',
  currency: 'EUR',
  enablePluginPWA: true,
  enablePluginToolbar: true,
  enablePluginMaps: false,
  enableCash: true,
  enableATMCard: true,
  enablePluginCardPayments: true,
  enableMollie: false,
  enableDatatrans: false,
  enableHydroAGVoucher: false,
  enablePluginSMS: false,
  enablePluginDonations: false,
  enablePluginOrderReviews: false,
  enablePluginFrontdesk: false,
  disableTickets: false,
  title: 'Bestellen bei Gruber & Linde',
  description: '<p>Wiener Küche.</p>',
  defaultDeliveryMethod: 'takeaway',
};

export interface Fixture {
  branches: Branch[];
  products: Product[];
  categories: Category[];
  menus: Menu[];
  tags: Tag[];
  config: StorefrontConfig;
}

export function fixture(overrides: Partial<Fixture> = {}): Fixture {
  const products = overrides.products ?? [makeProduct(), schnitzelNachWahl, estrich];
  return {
    branches: [
      makeBranch({ tags: [{ id: 1 }] }),
      makeBranch({
        id: 2,
        identifier: 'graz',
        name: 'Estrich Graz',
        street: 'Kärntner Straße 120',
        zipCode: '8053',
        city: 'Graz',
        keywords: 'Estrich',
        openingHours: [rule('daily', '07:00', '16:30')],
        tags: [{ id: 2 }],
      }),
    ],
    products,
    categories: [makeCategory(), makeCategory({ id: 2, name: 'Menü', isBundle: true })],
    menus: [
      {
        id: 1,
        availableFrom: '2026-01-01T00:00:00.000Z',
        branches: [{ id: 1 }, { id: 2 }],
        catalog: [
          { id: 2, products: [{ id: 1, isEnabled: true }] },
          { id: 1, products: products.map((product) => ({ id: product.id, isEnabled: true })) },
        ],
      },
    ],
    tags: [
      { id: 1, name: 'Wirtshaus' },
      { id: 2, name: 'Handwerk' },
      { id: 3, name: 'Unbenutzt' },
    ],
    config,
    ...overrides,
  };
}

/**
 * `/api/init` as the server sends it: the menus without their product lists, no products (each menu's
 * catalogue comes from `GET /api/menus/{id}/catalog`, see {@link menuCatalogOf}).
 */
export function initPayload(data: Fixture): InitPayload {
  return [
    { url: '/api/config', data: { data: data.config } },
    { url: '/api/branches', data: { data: data.branches } },
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    { url: '/api/menus', data: { data: data.menus.map(({ catalog, ...menu }) => menu) } },
    { url: '/api/tags', data: { data: data.tags } },
  ];
}

/** A menu's catalogue answer: the menu with its entries, the categories and products it references. */
export function menuCatalogOf(data: Fixture, menuId: number): MenuCatalog | null {
  const menu = data.menus.find((candidate) => candidate.id === menuId);
  if (!menu) return null;
  const categoryIds = new Set(menu.catalog.map((entry) => entry.id));
  const productIds = menu.catalog.flatMap((entry) => entry.products.map((product) => product.id));
  const byId = new Map(data.products.map((product) => [product.id, product]));
  return {
    menu,
    categories: data.categories.filter((category) => categoryIds.has(category.id)),
    products: [...new Set(productIds)].flatMap((id) => byId.get(id) ?? []),
    part: { index: 0, count: 1, version: 'fixture' },
  };
}

/**
 * A fetch for the storefront's tests: menu catalogues are answered from the fixture whose /api/init was
 * served last (with an ETag per fixture, so an unchanged one answers 304) and recorded in `catalogCalls`;
 * every other request goes to the queue of `fakeFetch`.
 */
export function storefrontFetch(fixtures: Fixture[], replies: Parameters<typeof fakeFetch> = []) {
  const initReplies = fixtures.map((next) => json(200, { data: initPayload(next) }));
  const queue = fakeFetch(...initReplies, ...replies);
  let served = -1;
  const catalogCalls: { url: string; headers: Record<string, string> }[] = [];
  const fn = async (input: string, init: RequestInit = {}) => {
    const match = /^\/api\/menus\/(\d+)\/catalog$/.exec(input);
    if (!match) {
      if (input === '/api/init') served = Math.min(served + 1, fixtures.length - 1);
      return queue(input, init);
    }
    const headers = { ...(init.headers as Record<string, string>) };
    catalogCalls.push({ url: input, headers });
    const data = menuCatalogOf(fixtures[Math.max(served, 0)]!, Number(match[1]));
    if (!data) return json(404, { errors: [{ message: 'Die Speisekarte gibt es nicht.' }] });
    const etag = `"fixture-${Math.max(served, 0)}"`;
    if (headers['If-None-Match'] === etag)
      return new Response(null, { status: 304, headers: { ETag: etag } });
    const response = json(200, { data });
    response.headers.set('ETag', etag);
    return response;
  };
  return Object.assign(fn, { calls: queue.calls, catalogCalls });
}

/** An in-memory sessionStorage. */
export class MemoryStorage implements CartStorage {
  readonly values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, value);
  }
}

/** A steerable clock: `clock.set('2030-…')`. */
export function steerableClock(start: string) {
  let current = new Date(start);
  const now = () => current;
  return Object.assign(now, {
    set(iso: string) {
      current = new Date(iso);
    },
    advance(ms: number) {
      current = new Date(current.getTime() + ms);
    },
  });
}

/** A root store with its data loaded from the fixture. Monday 2 March 2026, 12:00 in Vienna by default. */
export async function loadedRoot(
  options: {
    data?: Fixture;
    now?: () => Date;
    storage?: CartStorage;
    reloads?: Fixture[];
    /** Answers to the requests after the loads (a delivery-area check …), in order. */
    replies?: Response[];
  } = {},
) {
  const data = options.data ?? fixture();
  // The first answer is `data`; later loads answer with `reloads` in order.
  const fetch = storefrontFetch([data, ...(options.reloads ?? [])], options.replies ?? []);
  const root = new StorefrontRootStore({
    api: new ApiClient({ fetch }),
    now: options.now ?? (() => new Date('2026-03-02T11:00:00Z')),
    storage: options.storage ?? new MemoryStorage(),
  });
  await root.data.load();
  await catalogsLoaded(root);
  await root.loadCheckout();
  return { root, fetch };
}

/** Waits until the catalogue of every menu /api/init listed is loaded for the current init version. */
export async function catalogsLoaded(root: StorefrontRootStore): Promise<void> {
  await Promise.all(root.data.menus.map((menu) => root.catalogs.ensure(menu.id, root.data.version)));
}
