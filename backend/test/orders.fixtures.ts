import { randomUUID } from 'node:crypto';
import { Branch } from '../src/branches/branch.entity.js';
import { Product } from '../src/catalog/product.entity.js';
import { DiningTable } from '../src/tables/table.entity.js';
import { User } from '../src/auth/user.entity.js';
import { DEMO_USERS } from '../src/users/seed-users.js';
import { bearerFor, signIn } from './support/auth.js';
import type { TestApp } from './support/test-app.js';

/** Test app settings: fast bcrypt, and no per-address limit on public writes (the tests send hundreds). */
export const ORDER_TEST_ENV = { BCRYPT_COST: '4', RATE_LIMIT_PUBLIC_WRITES: '100000/60' };

/** Friday 20 November 2026, 12:00 in Vienna: the inn is open, and so is its delivery (11:30-21:30). */
export const NOON = '2026-11-20T11:00:00Z';

export interface Demo {
  vienna: Branch;
  graz: Branch;
  linz: Branch;
  products: Map<string, Product>;
  tables: DiningTable[];
  admin: Record<string, string>;
  employee: Record<string, string>;
}

/** The seeded demo business as the order tests use it. */
export async function loadDemo(t: TestApp): Promise<Demo> {
  const branches = t.dataSource.getRepository(Branch);
  const vienna = await branches.findOneByOrFail({ identifier: 'gasthaus-linde-wien' });
  const graz = await branches.findOneByOrFail({ identifier: 'estrich-graz' });
  const linz = await branches.findOneByOrFail({ identifier: 'gasthaus-linde-linz' });
  const products = new Map((await t.dataSource.getRepository(Product).find()).map((p) => [p.name, p]));
  const tables = await t.dataSource
    .getRepository(DiningTable)
    .find({ where: { branch: { id: vienna.id } }, order: { id: 'ASC' } });
  const adminUser = await t.dataSource.getRepository(User).findOneByOrFail({ username: 'admin' });
  const employee = DEMO_USERS.find((u) => u.username === 'mitarbeiter')!;
  return {
    vienna,
    graz,
    linz,
    products,
    tables,
    admin: await bearerFor(t, adminUser.id),
    employee: (await signIn(t, employee.username, employee.password)).write,
  };
}

/** A cart item of a product by name. */
export function item(
  demo: Demo,
  name: string,
  amount = 1,
  unit?: string,
  parts: unknown[] = [],
): Record<string, unknown> {
  const product = demo.products.get(name);
  if (!product) throw new Error(`no product ${name}`);
  return { product: { id: product.id, uid: product.uid }, amount, unit: unit ?? product.unit, parts };
}

/** A valid takeaway order form for the Vienna inn. */
export function takeaway(demo: Demo, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Anna',
    lastName: 'Huber',
    email: 'anna.huber@example.at',
    phone: '+43 664 1234567',
    comment: '',
    paymentMethod: 'cash',
    legalInstructions: true,
    privacyPolicy: true,
    branch: { id: demo.vienna.id },
    isDelivery: false,
    isDineIn: false,
    items: [item(demo, 'Wiener Schnitzel vom Kalb')],
    ...overrides,
  };
}

/**
 * A delivery form to an address in an area of the Vienna inn (by position: 0 free 1070 Neubau, 1 1060
 * Mariahilf, 2 1080 Josefstadt): the postcode decides; the area id it also names is ignored by the server.
 */
export function delivery(demo: Demo, area: number, overrides: Record<string, unknown> = {}) {
  const areas = [...demo.vienna.deliveryAreas].sort((a, b) => a.position - b.position);
  return takeaway(demo, {
    isDelivery: true,
    street: 'Mariahilfer Straße 1',
    zipCode: areas[area]!.postcodes,
    city: 'Wien',
    deliveryArea: { id: areas[area]!.id },
    ...overrides,
  });
}

/** POST /api/orders with a fresh idempotency key unless one is given. */
export function postOrder(t: TestApp, body: unknown, key: string | null = randomUUID()) {
  return t.request('POST', '/api/orders', body, key ? { 'idempotency-key': key } : {});
}
