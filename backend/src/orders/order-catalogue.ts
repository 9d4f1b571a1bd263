import { Injectable } from '@nestjs/common';
import { isRowId } from '@ordering/common/schemas';
import { In, type EntityManager } from 'typeorm';
import { Branch } from '../branches/branch.entity.js';
import { Category } from '../catalog/category.entity.js';
import { Menu, MenuProduct } from '../catalog/menu.entity.js';
import { Product } from '../catalog/product.entity.js';
import { ShopConfig } from '../config/shop-config.entity.js';
import { shopConfigInput } from '../config/shop-config.schema.js';
import { Donatee } from '../content/donatee.entity.js';
import { TransactionalConnection } from '../core/transaction.js';
import { DiningTable } from '../tables/table.entity.js';

/** The configuration fields orders read. */
export type OrderConfig = Pick<
  ShopConfig,
  | 'shopName'
  | 'market'
  | 'currency'
  | 'enableCash'
  | 'enableATMCard'
  | 'enableHydroAGVoucher'
  | 'enableMollie'
  | 'enableDatatrans'
  | 'enablePluginCardPayments'
  | 'enablePluginVoucherPayments'
  | 'enablePluginOnlinePayments'
  | 'enablePluginDonations'
  | 'enablePluginOrderReviews'
  | 'enablePluginSMS'
  | 'disableTickets'
>;

/** The shop configuration (its defaults while none is saved). */
export async function loadOrderConfig(em: EntityManager): Promise<OrderConfig> {
  const row = await em.getRepository(ShopConfig).findOne({ where: { id: 1 } });
  return row ?? (shopConfigInput.parse({ shopName: '-', businessName: '-' }) as unknown as OrderConfig);
}

/**
 * What the checkout reads of the catalogue to check and price an order. Everything here changes only
 * through writes that raise its collection's version (config, menus, categories, products, tables,
 * donatees), except the branch (sold-out marks, pauses and busy mode change without one): it is kept
 * only while its own row's `updated_at` and the branches' version are the ones of the order's statement.
 * The objects are shared between requests: read them, never change them.
 */
export interface OrderCatalogue {
  /** The branch with its delivery areas, as it is now (null when there is none of this id). */
  branch(id: number): Promise<Branch | null>;
  config(): Promise<OrderConfig>;
  /** The menus that name this branch, each with its branches. */
  menusOf(branchId: number): Promise<Menu[]>;
  /** A menu's product entries, each with its menu category. */
  entriesOf(menuId: number): Promise<MenuProduct[]>;
  categories(ids: readonly number[]): Promise<Map<number, Category>>;
  products(ids: readonly number[]): Promise<Map<number, Product>>;
  tablesOf(branchId: number): Promise<DiningTable[]>;
  donatee(id: number): Promise<Donatee | null>;
}

/** The catalogue read straight from `em` (in its transaction when it has one): no memory kept. */
export function directCatalogue(em: EntityManager): OrderCatalogue {
  const byId = async <E extends { id: number }>(target: new () => E, ids: readonly number[]) =>
    new Map(
      (ids.length ? await em.getRepository(target).findBy({ id: In([...ids]) } as never) : []).map((e) => [
        e.id,
        e,
      ]),
    );
  return {
    // `find`, not `findOne`: with its eager delivery areas a `findOne` sends a DISTINCT query for the
    // LIMIT first; an id matches one branch anyway, so this is one statement instead of two.
    branch: async (id) => (await em.getRepository(Branch).find({ where: { id } }))[0] ?? null,
    config: () => loadOrderConfig(em),
    menusOf: (branchId) =>
      em
        .getRepository(Menu)
        .createQueryBuilder('menu')
        .leftJoinAndSelect('menu.branches', 'branches')
        .where(
          'EXISTS (SELECT 1 FROM menu_branch mb WHERE mb.menu_id = menu.id AND mb.branch_id = :branchId)',
          {
            branchId,
          },
        )
        .getMany(),
    entriesOf: (menuId) =>
      em
        .getRepository(MenuProduct)
        .find({ where: { menu: { id: menuId } }, relations: { menuCategory: true } }),
    categories: (ids) => byId(Category, ids),
    products: (ids) => byId(Product, ids),
    tablesOf: (branchId) => em.getRepository(DiningTable).find({ where: { branch: { id: branchId } } }),
    donatee: (id) => em.getRepository(Donatee).findOne({ where: { id } }),
  };
}

/** The collections whose versions key the cached catalogue (every write of them raises one). */
export const CATALOGUE_COLLECTIONS = ['menus', 'categories', 'products', 'tables', 'donatees'];

/**
 * The tables behind them: their newest `updated_at` is part of the key too, so that a write which
 * bypasses the services (a repair by hand, a test's shortcut) but sets `updated_at`, as every TypeORM
 * update does, is noticed as well.
 */
const CATALOGUE_TABLES = ['menu', 'category', 'product', 'dining_table', 'donatee', 'shop_config'];

/**
 * One statement, one row: the versions and the tables' newest changes, and the stamp of the order's
 * branch ($1): the branches' version and its row's `updated_at`, which every change of the row moves
 * (TypeORM's updates set it; a pause or a sold-out mark is such an update), null for an unknown id.
 */
const KEY_QUERY = `SELECT (SELECT string_agg(collection || ':' || version, ',' ORDER BY collection)
    FROM collection_version WHERE collection IN (${CATALOGUE_COLLECTIONS.map((c) => `'${c}'`).join(', ')})) AS versions,
  ${CATALOGUE_TABLES.map((t) => `(SELECT max(updated_at) FROM ${t})::text AS ${t}`).join(',\n  ')},
  (SELECT coalesce((SELECT version FROM collection_version WHERE collection = 'branches'), 0) || '@' || updated_at::text
     FROM branch WHERE id = $1) AS branch_stamp`;

/** Loads once per key, sharing the load between concurrent callers; a failed load is forgotten. */
class Memo<K, V> {
  private readonly values = new Map<K, Promise<V>>();
  get(key: K, load: () => Promise<V>): Promise<V> {
    let value = this.values.get(key);
    if (!value) {
      value = load();
      this.values.set(key, value);
      value.catch(() => this.values.delete(key));
    }
    return value;
  }
}

/** One version of the catalogue: filled as orders ask for its parts, dropped when a version moves. */
class CatalogueSnapshot implements OrderCatalogue {
  private readonly direct: OrderCatalogue;
  private readonly menus = new Memo<number, Menu[]>();
  private readonly entries = new Memo<number, MenuProduct[]>();
  private readonly tables = new Memo<number, DiningTable[]>();
  private readonly donatees = new Memo<number, Donatee | null>();
  private readonly productById = new Map<number, Product | null>();
  private readonly categoryById = new Map<number, Category | null>();

  constructor(
    readonly key: string,
    em: EntityManager,
  ) {
    this.direct = directCatalogue(em);
  }

  /** Read afresh here; the cache answers a branch it keeps for the order's stamp before this. */
  branch = (id: number) => this.direct.branch(id);

  /**
   * Once per key: the configuration's `updated_at` is part of it, so a payment method switched off (on
   * any instance) refuses the next order.
   */
  private configRead: Promise<OrderConfig> | null = null;
  config(): Promise<OrderConfig> {
    if (!this.configRead) {
      const read = this.direct.config();
      this.configRead = read;
      read.catch(() => {
        if (this.configRead === read) this.configRead = null;
      });
    }
    return this.configRead;
  }

  menusOf = (branchId: number) => this.menus.get(branchId, () => this.direct.menusOf(branchId));
  entriesOf = (menuId: number) => this.entries.get(menuId, () => this.direct.entriesOf(menuId));
  tablesOf = (branchId: number) => this.tables.get(branchId, () => this.direct.tablesOf(branchId));
  donatee = (id: number) => this.donatees.get(id, () => this.direct.donatee(id));
  products = (ids: readonly number[]) =>
    this.byId(this.productById, ids, (missing) => this.direct.products(missing));
  categories = (ids: readonly number[]) =>
    this.byId(this.categoryById, ids, (missing) => this.direct.categories(missing));

  /** The rows of these ids, the ones not yet known read in one statement (unknown ids stay absent). */
  private async byId<E>(
    known: Map<number, E | null>,
    ids: readonly number[],
    load: (ids: number[]) => Promise<Map<number, E>>,
  ): Promise<Map<number, E>> {
    const missing = [...new Set(ids)].filter((id) => !known.has(id));
    if (missing.length) {
      const found = await load(missing);
      for (const id of missing) known.set(id, found.get(id) ?? null);
    }
    const out = new Map<number, E>();
    for (const id of ids) {
      const value = known.get(id);
      if (value) out.set(id, value);
    }
    return out;
  }
}

/**
 * The catalogue as the checkout reads it, kept in memory per version (docs/decisions/orders.md
 * "Throughput"): each order asks the database only for the versions of {@link CATALOGUE_COLLECTIONS}
 * and the newest `updated_at` of their tables (one small statement, outside the order's transaction);
 * while they are unchanged, products, menus, categories, tables, donatees and the configuration come
 * from memory. A write on this or another
 * instance raises a version in its own transaction, so the next order reads afresh. Only the newest
 * version is kept, and of it only what orders asked for (bounded by the catalogue's size).
 */
@Injectable()
export class OrderCatalogueCache {
  private snapshot: CatalogueSnapshot | null = null;
  /** Per branch id its row as read under a stamp (one entry per branch that took an order). */
  private readonly branches = new Map<number, { stamp: string; read: Promise<Branch | null> }>();

  constructor(private readonly connection: TransactionalConnection) {}

  /**
   * The catalogue of the current versions (reads outside any transaction), with the branch `branchId`
   * (the one the order names, when it names one) kept while its stamp is unchanged: the same statement
   * reads that stamp, so the order is checked against the branch as it is now, in one round trip.
   */
  async current(branchId: number | null = null): Promise<OrderCatalogue> {
    const em = this.connection.manager();
    // Taken from the body before the form is checked: only an id a branch can have goes into the statement.
    const id = isRowId(branchId) ? branchId : null;
    const rows: Array<Record<string, string | null>> = await em.query(KEY_QUERY, [id]);
    const { branch_stamp: stamp = null, ...versions } = rows[0] ?? {};
    const key = JSON.stringify(versions);
    if (this.snapshot?.key !== key) this.snapshot = new CatalogueSnapshot(key, em);
    if (id === null || stamp === null) return this.snapshot;
    let kept = this.branches.get(id);
    if (kept?.stamp !== stamp) {
      // Read after the stamp was: the row is that state or a newer one (whose stamp differs, so the
      // next order reads again); a failed read is not kept.
      const read = this.snapshot.branch(id);
      kept = { stamp, read };
      this.branches.set(id, kept);
      read.catch(() => {
        if (this.branches.get(id)?.read === read) this.branches.delete(id);
      });
    }
    const branch = kept.read;
    const snapshot = this.snapshot;
    return {
      branch: (wanted) => (wanted === id ? branch : snapshot.branch(wanted)),
      config: () => snapshot.config(),
      menusOf: (branchId) => snapshot.menusOf(branchId),
      entriesOf: (menuId) => snapshot.entriesOf(menuId),
      categories: (ids) => snapshot.categories(ids),
      products: (ids) => snapshot.products(ids),
      tablesOf: (branchId) => snapshot.tablesOf(branchId),
      donatee: (donateeId) => snapshot.donatee(donateeId),
    };
  }
}
