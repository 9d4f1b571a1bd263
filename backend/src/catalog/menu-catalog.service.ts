import { Injectable } from '@nestjs/common';
import type { Menu as MenuContract, Schedule } from '@ordering/common';
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

/** A built catalogue answer. */
export interface CatalogBody {
  menuId: number;
  /** The versions it was built from. */
  key: string;
  /** `{ "data": MenuCatalog }`, serialised once. */
  body: Buffer;
  /** Strong validator: a hash of the body. */
  etag: string;
}

const notFound = () => new DomainError('not_found', 'Produktkatalog wurde nicht gefunden.');

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
  private readonly kept = new Map<number, CatalogBody>();
  private readonly building = new Map<string, Promise<CatalogBody>>();

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

  /** The kept answer's ETag when it is still current (a 304 needs nothing more). */
  cachedEtag(menuId: number, key: string): string | null {
    const kept = this.kept.get(menuId);
    return kept?.key === key ? kept.etag : null;
  }

  /**
   * The answer for the current versions: kept, or built once (concurrent callers share the build).
   * @throws DomainError('not_found') for an unknown menu or one that no branch uses.
   */
  async body(menuId: number, key?: string): Promise<CatalogBody> {
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
    const promise = this.build(menuId, current);
    this.building.set(id, promise);
    try {
      const built = await promise;
      this.keep(built);
      return built;
    } finally {
      this.building.delete(id);
    }
  }

  private keep(built: CatalogBody) {
    this.kept.delete(built.menuId);
    this.kept.set(built.menuId, built);
    let bytes = 0;
    for (const entry of this.kept.values()) bytes += entry.body.length;
    // Least recently used first; the newest answer stays whatever its size.
    for (const [menuId, entry] of this.kept) {
      if (this.kept.size <= 1 || (this.kept.size <= MAX_KEPT && bytes <= MAX_KEPT_BYTES)) break;
      this.kept.delete(menuId);
      bytes -= entry.body.length;
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

  private async build(menuId: number, key: string): Promise<CatalogBody> {
    const anonymous = RequestContext.anonymous();
    const menu = await this.readMenu(menuId);
    // A menu no branch uses is not part of any storefront.
    if (!menu || menu.branches.length === 0) throw notFound();
    const categories = await this.categories.listByIds(
      anonymous,
      menu.catalog.map((entry) => entry.id),
    );
    const productIds = [
      ...new Set(menu.catalog.flatMap((entry) => entry.products.map((product) => product.id))),
    ];
    const hash = createHash('sha256');
    const parts: Buffer[] = [];
    const add = (text: string) => {
      const part = Buffer.from(text);
      hash.update(part);
      parts.push(part);
    };
    add(`{"data":{"menu":${JSON.stringify(menu)},"categories":${JSON.stringify(categories)},"products":[`);
    let first = true;
    for (let start = 0; start < productIds.length; start += CATALOG_PAGE) {
      const page = await this.products.listByIds(anonymous, productIds.slice(start, start + CATALOG_PAGE));
      if (page.length > 0) {
        const json = JSON.stringify(page);
        add(`${first ? '' : ','}${json.slice(1, -1)}`);
        first = false;
      }
      await nextTurn();
    }
    add(']}}');
    const etag = `"catalog-${hash.digest('base64url').slice(0, 32)}"`;
    return { menuId, key, body: Buffer.concat(parts), etag };
  }
}
