import { Injectable } from '@nestjs/common';
import {
  CATALOG_FIRST_PART_PRODUCTS,
  CATALOG_PART_PRODUCTS,
  STOREFRONT_CATEGORY_DEFAULTS,
  STOREFRONT_ENTRY_DEFAULTS,
  STOREFRONT_PRODUCT_DEFAULTS,
  withoutStorefrontDefaults,
  type Category as CategoryContract,
  type MenuCatalogPart,
  type Menu as MenuContract,
  type Product as ProductContract,
  type Schedule,
  type SentMenu,
} from '@ordering/common';
import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DomainError } from '../core/errors.js';
import { EventBus } from '../core/events.js';
import { parseId } from '../core/input.js';
import { RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import { CrudService } from '../crud/crud.service.js';
import { CollectionVersions } from '../logs/collection-versions.js';
import { categoryResource } from './category.resource.js';
import { Menu, type MenuProduct } from './menu.entity.js';
import { menuJson } from './menu.resource.js';
import { productResource } from './product.resource.js';

/**
 * Collections whose changes show in a menu's catalogue: the menu (its entries and branches), the products
 * and categories it places, the tags and media embedded in them, and the branches (a deleted branch can
 * leave a menu without any).
 */
export const CATALOG_COLLECTIONS = [
  'menus',
  'categories',
  'products',
  'tags',
  'branches',
  'images',
  'uploads',
];

/** Products read and serialised per step; the event loop gets a turn between steps. */
export const CATALOG_PAGE = 100;

/** Bounds of the built answers kept here (the public cache in front keeps the compressed forms). */
const MAX_KEPT = 4;
const MAX_KEPT_BYTES = 24 * 1024 * 1024;

/** One part of a built catalogue answer. */
export interface CatalogBody {
  /** `{ "data": MenuCatalog }`, serialised once. */
  body: Buffer;
  /** Strong validator: a hash of the body. */
  etag: string;
}

/** A menu's built catalogue: its parts (one for a menu of up to {@link CATALOG_PART_PRODUCTS} products). */
export interface CatalogBuild {
  menuId: number;
  /** The versions it was built from. */
  key: string;
  parts: CatalogBody[];
  /** Plain bytes of all parts. */
  bytes: number;
}

const notFound = () => new DomainError('not_found', 'Produktkatalog wurde nicht gefunden.');
const partNotFound = () =>
  new DomainError('not_found', 'Dieser Teil des Produktkatalogs wurde nicht gefunden.');

/** What the storefront reads of a product, its defaults left out (common's `STOREFRONT_PRODUCT_DEFAULTS`). */
export function storefrontProductJson(product: ProductContract) {
  const {
    position: _position,
    createdAt: _created,
    updatedAt: _updated,
    placements: _placements,
    ...rest
  } = product;
  return withoutStorefrontDefaults(rest, STOREFRONT_PRODUCT_DEFAULTS);
}

/** What the storefront reads of a category, its defaults left out (`STOREFRONT_CATEGORY_DEFAULTS`). */
export function storefrontCategoryJson(category: CategoryContract & { position?: number }) {
  const { position: _position, createdAt: _created, updatedAt: _updated, ...rest } = category;
  return withoutStorefrontDefaults(rest, STOREFRONT_CATEGORY_DEFAULTS);
}

/**
 * `GET /api/menus/{id}/catalog`: one menu with the categories and products it places, each exactly as the
 * public reads serialise them for an anonymous reader (whoever asks: this is the storefront's catalogue;
 * the back office reads the lists). Built once per menu and collection versions, product by product in
 * steps of {@link CATALOG_PAGE} with a turn of the event loop between them, so that a catalogue of 10,000
 * products does not hold up other requests while it is read and serialised.
 */
@Injectable()
export class MenuCatalogService {
  private readonly categories: CrudService<any>;
  private readonly products: CrudService<any>;
  /** Built answers by menu id, least recently used first. */
  private readonly kept = new Map<number, CatalogBuild>();
  private readonly building = new Map<string, Promise<CatalogBuild>>();

  constructor(
    private readonly connection: TransactionalConnection,
    events: EventBus,
    private readonly versions: CollectionVersions,
  ) {
    this.categories = new CrudService(categoryResource, connection, events);
    this.products = new CrudService(productResource, connection, events);
  }

  /** The key of the current data (the versions of {@link CATALOG_COLLECTIONS}). */
  async currentKey(): Promise<string> {
    const versions = await this.versions.versions(this.connection.manager(), CATALOG_COLLECTIONS);
    return CATALOG_COLLECTIONS.map((c) => `${c}:${versions[c]}`).join(',');
  }

  /** The menu id of a path parameter (404 for anything but a positive integer). */
  parseMenuId(raw: string): number {
    return parseId(raw, 'Produktkatalog');
  }

  /** The part number of a query parameter: absent is 0; anything but a whole number is refused (400). */
  parsePart(raw: unknown): number {
    if (raw === undefined) return 0;
    if (typeof raw !== 'string' || !/^(0|[1-9]\d{0,5})$/.test(raw))
      throw new DomainError('validation', 'Der Teil des Produktkatalogs muss eine ganze Zahl sein.', 'part');
    return Number(raw);
  }

  /** The kept part's ETag when it is still current (a 304 needs nothing more). */
  cachedEtag(menuId: number, part: number, key: string): string | null {
    const kept = this.kept.get(menuId);
    return kept?.key === key ? (kept.parts[part]?.etag ?? null) : null;
  }

  /**
   * A part of the answer for the current versions: kept, or built once with all its parts (concurrent
   * callers share the build).
   * @throws DomainError('not_found') for an unknown menu, one that no branch uses, or a part it does not have.
   */
  async body(menuId: number, part = 0, key?: string): Promise<CatalogBody> {
    const built = await this.build(menuId, key);
    const body = built.parts[part];
    if (!body) throw partNotFound();
    return body;
  }

  /** The whole build for the current versions (kept or made now). */
  async build(menuId: number, key?: string): Promise<CatalogBuild> {
    const current = key ?? (await this.currentKey());
    const kept = this.kept.get(menuId);
    if (kept?.key === current) {
      this.kept.delete(menuId);
      this.kept.set(menuId, kept);
      return kept;
    }
    const id = `${menuId}|${current}`;
    const running = this.building.get(id);
    if (running) return running;
    const promise = this.make(menuId, current);
    this.building.set(id, promise);
    try {
      const built = await promise;
      this.keep(built);
      return built;
    } finally {
      this.building.delete(id);
    }
  }

  private keep(built: CatalogBuild) {
    this.kept.delete(built.menuId);
    this.kept.set(built.menuId, built);
    let bytes = 0;
    for (const entry of this.kept.values()) bytes += entry.bytes;
    // Least recently used first; the newest answer stays whatever its size.
    for (const [menuId, entry] of this.kept) {
      if (this.kept.size <= 1 || (this.kept.size <= MAX_KEPT && bytes <= MAX_KEPT_BYTES)) break;
      this.kept.delete(menuId);
      bytes -= entry.bytes;
    }
  }

  /**
   * The menu as `GET /api/menus/{id}` serialises it ({@link menuJson}), its product entries read as plain
   * rows: hydrating 10,000 of them as entities held the event loop for a third of a second.
   */
  private async readMenu(menuId: number): Promise<MenuContract | null> {
    const em = this.connection.manager();
    const menu = await em
      .getRepository(Menu)
      .createQueryBuilder('menu')
      .leftJoin('menu.branches', 'branches')
      .addSelect('branches.id')
      .leftJoinAndSelect('menu.categoryEntries', 'categoryEntries')
      .where('menu.id = :menuId', { menuId })
      .getOne();
    if (!menu) return null;
    const rows: Array<{
      id: number;
      menu_category_id: number;
      product_id: number;
      position: number;
      is_enabled: boolean;
      schedule: Schedule | null;
    }> = await em.query(
      'SELECT id, menu_category_id, product_id, position, is_enabled, schedule FROM menu_product WHERE menu_id = $1',
      [menuId],
    );
    menu.productEntries = rows.map(
      (row) =>
        ({
          id: row.id,
          menuCategoryId: row.menu_category_id,
          productId: row.product_id,
          position: row.position,
          isEnabled: row.is_enabled,
          schedule: row.schedule,
        }) as MenuProduct,
    );
    return menuJson(menu);
  }

  private async make(menuId: number, key: string): Promise<CatalogBuild> {
    const anonymous = RequestContext.anonymous();
    const menu = await this.readMenu(menuId);
    // A menu no branch uses is not part of any storefront.
    if (!menu || menu.branches.length === 0) throw notFound();
    // Only what an anonymous reader sees: a hidden category's entry is left out with its product entries.
    const categories = (await this.categories.listByIds(
      anonymous,
      menu.catalog.map((entry) => entry.id),
    )) as Array<CategoryContract & { position: number }>;
    const shownCategories = new Set(categories.map((category) => category.id));
    const entries = menu.catalog.filter((entry) => shownCategories.has(entry.id));
    const productIds = [...new Set(entries.flatMap((entry) => entry.products.map((product) => product.id)))];
    // Each shown product serialised once, in the menu's order; hidden ones do not come back.
    const productJson = new Map<number, string>();
    for (let start = 0; start < productIds.length; start += CATALOG_PAGE) {
      const page = (await this.products.listByIds(
        anonymous,
        productIds.slice(start, start + CATALOG_PAGE),
      )) as ProductContract[];
      for (const product of page) productJson.set(product.id, JSON.stringify(storefrontProductJson(product)));
      await nextTurn();
    }
    // The parts: walking the entries in order, a product counts where it stands first.
    const total = productJson.size;
    const split = total > CATALOG_PART_PRODUCTS;
    const partOf = (ordinal: number) =>
      !split || ordinal < CATALOG_FIRST_PART_PRODUCTS
        ? 0
        : 1 + Math.floor((ordinal - CATALOG_FIRST_PART_PRODUCTS) / CATALOG_PART_PRODUCTS);
    const count = partOf(Math.max(0, total - 1)) + 1;
    const parts = Array.from({ length: count }, () => ({
      entries: [] as Array<{ id: number; products: unknown[] }>,
      products: [] as string[],
    }));
    const categoryParts: number[] = [];
    const placed = new Set<number>();
    let part = 0;
    for (const entry of entries) {
      let first = -1;
      const byPart = new Map<number, unknown[]>();
      for (const product of entry.products) {
        const json = productJson.get(product.id);
        if (json === undefined) continue;
        if (!placed.has(product.id)) {
          part = partOf(placed.size);
          placed.add(product.id);
          parts[part]!.products.push(json);
        }
        if (first < 0) first = part;
        let list = byPart.get(part);
        if (!list) byPart.set(part, (list = []));
        list.push(withoutStorefrontDefaults(product, STOREFRONT_ENTRY_DEFAULTS));
      }
      categoryParts.push(first);
      // Part 0 names every category entry (the category bar's outline); later parts only their own.
      if (split && !byPart.has(0)) parts[0]!.entries.push({ id: entry.id, products: [] });
      for (const [index, products] of byPart) parts[index]!.entries.push({ id: entry.id, products });
    }
    const sentMenu = {
      id: menu.id,
      name: menu.name,
      availableFrom: menu.availableFrom,
      branches: menu.branches,
    } satisfies Omit<SentMenu, 'catalog'>;
    const head = JSON.stringify(sentMenu).slice(0, -1);
    const categoriesJson = JSON.stringify(categories.map(storefrontCategoryJson));
    // The version of the whole: every part's content.
    const hash = createHash('sha256');
    hash.update(head).update(categoriesJson);
    const entriesJson = parts.map((p) => JSON.stringify(p.entries));
    parts.forEach((p, index) => {
      hash.update(`|${index}|`).update(entriesJson[index]!);
      for (const json of p.products) hash.update(json);
    });
    const version = hash.digest('base64url').slice(0, 22);
    const bodies: CatalogBody[] = [];
    let bytes = 0;
    for (let index = 0; index < count; index++) {
      const meta: MenuCatalogPart = {
        index,
        count,
        version,
        ...(index === 0 && count > 1 ? { categoryParts } : {}),
      };
      const body = Buffer.from(
        `{"data":{"menu":${head},"catalog":${entriesJson[index]}},"categories":${
          index === 0 ? categoriesJson : '[]'
        },"products":[${parts[index]!.products.join(',')}],"part":${JSON.stringify(meta)}}}`,
      );
      const etag = `"catalog-${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
      bodies.push({ body, etag });
      bytes += body.length;
      await nextTurn();
    }
    return { menuId, key, parts: bodies, bytes };
  }
}
