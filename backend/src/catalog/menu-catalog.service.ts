import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { MenuCatalog } from '@ordering/common';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Logger } from 'pino';
import { Branch } from '../branches/branch.entity.js';
import { DomainError } from '../core/errors.js';
import { EventBus } from '../core/events.js';
import { parseId } from '../core/input.js';
import { PgChannel } from '../core/pg-channel.js';
import { LOGGER } from '../core/tokens.js';
import { TransactionalConnection } from '../core/transaction.js';
import { Category } from './category.entity.js';
import { Menu, MenuCategory, MenuProduct } from './menu.entity.js';
import { menuJson } from './menu.resource.js';
import { Product } from './product.entity.js';
import { productJson } from './product.resource.js';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/** Collections whose writes change a menu catalogue (the products embed images and uploads, tags as ids). */
export const MENU_CATALOG_COLLECTIONS = new Set([
  'menus',
  'categories',
  'products',
  'tags',
  'images',
  'uploads',
  'branches',
]);

/** The notification channel every instance listens on to drop its menu catalogues. */
export const MENU_CATALOG_CHANNEL = 'menu_catalog';

/** Bounds: entries, and bytes of all kept forms together (least recently used go first). */
export const MENU_CATALOG_MAX_ENTRIES = 32;
export const MENU_CATALOG_MAX_BYTES = 64 * 1024 * 1024;
/** Above this size only the compressed forms are kept; the rare client without compression gets gunzip. */
export const MENU_CATALOG_IDENTITY_BOUND = 1024 * 1024;
/** Above this size brotli runs at quality 5 (quality 11 took seconds of a core for megabytes of JSON). */
const BROTLI_MAX_QUALITY_BELOW = 256 * 1024;

/** A built catalogue: its forms and validator. `identity` is absent above the bound. */
export interface MenuCatalogAnswer {
  etag: string;
  identity: Buffer | null;
  br: Buffer;
  gzip: Buffer;
  /** Plain size in bytes. */
  plainBytes: number;
}

const sizeOf = (a: MenuCatalogAnswer) => (a.identity?.length ?? 0) + a.br.length + a.gzip.length;

/**
 * The products of one menu of a branch (`GET /api/branches/{id}/menus/{menuId}/catalog`), built once per
 * catalogue version and kept in memory with its brotli and gzip forms and its ETag. Compression runs in
 * libuv's thread pool (async zlib), so a large catalogue never holds the event loop; concurrent requests
 * of a catalogue being built share the one build.
 *
 * Invalidation: any committed write of a catalogue collection drops every entry at once on this instance
 * (after-commit subscriber, before the write's own answer is sent) and is notified on
 * {@link MENU_CATALOG_CHANNEL} to the other instances (PostgreSQL LISTEN/NOTIFY, sent after the commit);
 * a lost LISTEN connection drops everything too. An answer built while a write committed is not kept
 * (epoch check).
 */
@Injectable()
export class MenuCatalogService implements OnModuleInit, OnModuleDestroy {
  /** In order of use: the first key is the least recently used. */
  private readonly answers = new Map<number, MenuCatalogAnswer>();
  private readonly building = new Map<number, { epoch: number; promise: Promise<MenuCatalogAnswer> }>();
  private bytes = 0;
  private epoch = 0;
  private readonly unsubscribe: Array<() => void> = [];
  /** Counters for the benchmark and tests. */
  readonly stats = { hits: 0, builds: 0, invalidations: 0, evictions: 0 };

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly events: EventBus,
    private readonly channel: PgChannel,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit() {
    const types = ['entity.created', 'entity.updated', 'entity.deleted', 'entity.action'] as const;
    const concerns = (entityType: string) => MENU_CATALOG_COLLECTIONS.has(entityType);
    this.unsubscribe.push(
      // Other instances: one notification per transaction, sent after its commit.
      this.events.inTransaction([...types], async (event, ctx) => {
        if (concerns(event.payload.entityType))
          await this.channel.notify(ctx, MENU_CATALOG_CHANNEL, event.payload.entityType);
      }),
      // This instance: at once, before the write answers.
      this.events.afterCommit([...types], (event) => {
        if (concerns(event.payload.entityType)) this.invalidate();
      }),
      this.channel.on(MENU_CATALOG_CHANNEL, () => this.invalidate()),
    );
  }

  onModuleDestroy() {
    for (const off of this.unsubscribe) off();
  }

  /** Entries and bytes held now. */
  get size() {
    return { entries: this.answers.size, bytes: this.bytes };
  }

  /** Drops every kept catalogue (and makes builds under way not kept). */
  invalidate(): void {
    this.epoch += 1;
    this.answers.clear();
    this.bytes = 0;
    this.stats.invalidations += 1;
  }

  /**
   * The catalogue of `menuId` as the branch `branchId` shows it: from memory, or built once.
   * @throws DomainError('not_found') for an unknown branch, or a menu that is not the branch's.
   */
  async answer(rawBranchId: string, rawMenuId: string): Promise<MenuCatalogAnswer> {
    const branchId = parseId(rawBranchId, 'Filiale');
    const menuId = parseId(rawMenuId, 'Produktkatalog');
    await this.assertMenuOfBranch(branchId, menuId);
    const kept = this.answers.get(menuId);
    if (kept) {
      this.stats.hits += 1;
      this.answers.delete(menuId);
      this.answers.set(menuId, kept);
      return kept;
    }
    const epoch = this.epoch;
    const running = this.building.get(menuId);
    if (running && running.epoch === epoch) return running.promise;
    const promise = this.build(menuId).then((answer) => {
      if (epoch === this.epoch) this.keep(menuId, answer);
      return answer;
    });
    this.building.set(menuId, { epoch, promise });
    try {
      return await promise;
    } finally {
      if (this.building.get(menuId)?.promise === promise) this.building.delete(menuId);
    }
  }

  /** The plain bytes of an answer (decompressed when only the compressed forms are kept). */
  async plain(answer: MenuCatalogAnswer): Promise<Buffer> {
    return answer.identity ?? (await gunzip(answer.gzip));
  }

  /**
   * Branch scoping: the branch exists and the menu is one of its menus. One indexed query; the menu's
   * branches can change without a new catalogue, so this is checked on every request.
   */
  private async assertMenuOfBranch(branchId: number, menuId: number): Promise<void> {
    const rows: unknown[] = await this.connection.dataSource.query(
      'SELECT 1 FROM menu_branch WHERE menu_id = $1 AND branch_id = $2',
      [menuId, branchId],
    );
    if (rows.length > 0) return;
    const branch = await this.connection.dataSource.getRepository(Branch).exists({ where: { id: branchId } });
    if (!branch) throw new DomainError('not_found', 'Filiale wurde nicht gefunden.');
    throw new DomainError('not_found', 'Produktkatalog wurde für diese Filiale nicht gefunden.');
  }

  private async build(menuId: number): Promise<MenuCatalogAnswer> {
    this.stats.builds += 1;
    const started = performance.now();
    const catalog = await this.read(menuId);
    const json = Buffer.from(JSON.stringify({ data: catalog }), 'utf8');
    const large = json.length > BROTLI_MAX_QUALITY_BELOW;
    const [br, gz] = await Promise.all([
      brotli(json, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: large ? 5 : 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      }),
      gzip(json, { level: large ? 6 : 9 }),
    ]);
    const etag = `"menu-${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
    this.logger.debug(
      { menuId, bytes: json.length, br: br.length, ms: Math.round(performance.now() - started) },
      'menu catalogue built',
    );
    return {
      etag,
      identity: json.length > MENU_CATALOG_IDENTITY_BOUND ? null : json,
      br,
      gzip: gz,
      plainBytes: json.length,
    };
  }

  private keep(menuId: number, answer: MenuCatalogAnswer) {
    const old = this.answers.get(menuId);
    if (old) {
      this.answers.delete(menuId);
      this.bytes -= sizeOf(old);
    }
    this.answers.set(menuId, answer);
    this.bytes += sizeOf(answer);
    for (const [oldest, entry] of this.answers) {
      if (this.answers.size <= MENU_CATALOG_MAX_ENTRIES && this.bytes <= MENU_CATALOG_MAX_BYTES) break;
      if (oldest === menuId) break;
      this.answers.delete(oldest);
      this.bytes -= sizeOf(entry);
      this.stats.evictions += 1;
    }
  }

  /**
   * The menu and its products as an anonymous visitor sees them. Left out (spec section 5, the parts that do
   * not depend on the time): categories and products switched off and not "visible when unavailable", and
   * entries switched off in the menu whose product is not "visible when unavailable". Schedules stay: they
   * depend on the time, which the storefront applies.
   */
  private async read(menuId: number): Promise<MenuCatalog> {
    const em = this.connection.dataSource.manager;
    // The entries each on their own: joined together they multiply (100 categories × 10,000 products).
    const menu = await em
      .getRepository(Menu)
      .createQueryBuilder('menu')
      .leftJoinAndSelect('menu.branches', 'branches')
      .where('menu.id = :menuId', { menuId })
      .getOne();
    if (!menu) throw new DomainError('not_found', 'Produktkatalog wurde für diese Filiale nicht gefunden.');
    menu.categoryEntries = await em.getRepository(MenuCategory).find({ where: { menu: { id: menuId } } });
    menu.productEntries = await em.getRepository(MenuProduct).find({ where: { menu: { id: menuId } } });
    const shownCategories = new Set(
      (
        await em
          .getRepository(Category)
          .createQueryBuilder('c')
          .select(['c.id'])
          .where('(c.isEnabled = true OR c.isVisibleWhenUnavailable = true)')
          .andWhere(
            'EXISTS (SELECT 1 FROM menu_category mc WHERE mc.category_id = c.id AND mc.menu_id = :menuId)',
            {
              menuId,
            },
          )
          .getMany()
      ).map((c) => c.id),
    );
    const products = await em
      .getRepository(Product)
      .createQueryBuilder('product')
      .leftJoinAndSelect('product.images', 'images')
      .leftJoinAndSelect('product.tags', 'tags')
      .where('(product.isEnabled = true OR product.isVisibleWhenUnavailable = true)')
      .andWhere(
        'EXISTS (SELECT 1 FROM menu_product mp WHERE mp.product_id = product.id AND mp.menu_id = :menuId)',
        {
          menuId,
        },
      )
      .getMany();
    const productById = new Map(products.map((product) => [product.id, product]));
    const json = menuJson(menu);
    const sent = new Map<number, ReturnType<typeof productJson>>();
    const catalog = json.catalog
      .filter((entry) => shownCategories.has(entry.id))
      .map((entry) => ({
        ...entry,
        products: entry.products.filter((item) => {
          const product = productById.get(item.id);
          if (!product || (!item.isEnabled && !product.isVisibleWhenUnavailable)) return false;
          if (!sent.has(product.id)) sent.set(product.id, productJson(product));
          return true;
        }),
      }));
    return { menu: { ...json, catalog }, products: [...sent.values()] };
  }
}
