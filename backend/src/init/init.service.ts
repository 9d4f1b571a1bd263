import { Injectable } from '@nestjs/common';
import { INIT_URLS, type InitUrl } from '@ordering/common';
import { createHash } from 'node:crypto';
import { EventBus } from '../core/events.js';
import { TransactionalConnection } from '../core/transaction.js';
import { RequestContext } from '../core/request-context.js';
import { branchResource } from '../branches/branch.resource.js';
import { categoryResource } from '../catalog/category.resource.js';
import { menuResource, menuSummaryJson } from '../catalog/menu.resource.js';
import { productResource } from '../catalog/product.resource.js';
import { ShopConfigService } from '../config/shop-config.service.js';
import { CONTENT_RESOURCES } from '../content/content.module.js';
import { CrudService, MAX_LIMIT } from '../crud/crud.service.js';
import type { ResourceDefinition } from '../crud/resource.js';
import { divisionResource } from '../divisions/division.resource.js';
import { CollectionVersions } from '../logs/collection-versions.js';
import { branchRatings, RATINGS_COLLECTION } from '../orders/branch-ratings.js';
import { tableResource } from '../tables/table.resource.js';
import { tagResource } from '../tags/tag.resource.js';

/**
 * The resource behind each list of /api/init (what an anonymous reader sees is the resource's scope). Menus
 * come without their catalogues: the categories and products of a menu grow with the shop and come with
 * `GET /api/menus/{id}/catalog` (docs/decisions/serving.md, "Catalogue at scale").
 */
export const INIT_SOURCES: Record<Exclude<InitUrl, 'config'>, ResourceDefinition<any, any>> = {
  divisions: divisionResource,
  branches: branchResource,
  menus: { ...menuResource, relations: ['branches'], toJson: menuSummaryJson },
  tags: tagResource,
  tables: tableResource,
  ...CONTENT_RESOURCES,
};

/** The public lists the public cache keeps: those of /api/init (menus in full) and the catalogue's. */
export const PUBLIC_LIST_SOURCES: Record<string, ResourceDefinition<any, any>> = {
  ...INIT_SOURCES,
  menus: menuResource,
  categories: categoryResource,
  products: productResource,
};

/**
 * Collections whose changes show in /api/init: its own, the media embedded in them and the reviews. (A
 * menu's catalogue rows are in the menus' version: /api/init revalidates with them although its menus do
 * not carry them; a menu change is rare beside a visit.)
 */
export const INIT_COLLECTIONS = [...INIT_URLS, 'images', 'uploads', RATINGS_COLLECTION];

/** A built /api/init answer. */
export interface InitBody {
  /** The versions it was built from (cache key). */
  key: string;
  /** `{ "data": [ { url, data: { data } } ... ] }`, serialised once. */
  json: string;
  /** Strong validator: a hash of the body. */
  etag: string;
}

/**
 * `GET /api/init`: every public collection the storefront starts from, each exactly as its public list
 * route answers an anonymous visitor (same services, same serialisation). The answer is kept in memory
 * for the collection versions it was built from; every write raises a version, in the same transaction,
 * so any backend instance notices a change with one small query.
 */
@Injectable()
export class InitService {
  private readonly services = new Map<string, CrudService<any>>();
  private cached: InitBody | null = null;
  private building: { key: string; promise: Promise<InitBody> } | null = null;

  constructor(
    private readonly connection: TransactionalConnection,
    events: EventBus,
    private readonly versions: CollectionVersions,
    private readonly config: ShopConfigService,
  ) {
    for (const [url, def] of Object.entries(INIT_SOURCES))
      this.services.set(url, new CrudService(def, connection, events));
  }

  /** The key of the current data: the versions of every collection in the answer. */
  async currentKey(): Promise<string> {
    const versions = await this.versions.versions(this.connection.manager(), INIT_COLLECTIONS);
    return INIT_COLLECTIONS.map((c) => `${c}:${versions[c]}`).join(',');
  }

  /** The answer for the current versions: from memory, or built once (concurrent callers share the build). */
  async body(key?: string): Promise<InitBody> {
    const current = key ?? (await this.currentKey());
    if (this.cached?.key === current) return this.cached;
    if (this.building?.key === current) return this.building.promise;
    const promise = this.build(current).then((body) => {
      this.cached = body;
      return body;
    });
    this.building = { key: current, promise };
    try {
      return await promise;
    } finally {
      if (this.building?.promise === promise) this.building = null;
    }
  }

  /** The cached answer's ETag when it is still current (a 304 needs nothing more). */
  cachedEtag(key: string): string | null {
    return this.cached?.key === key ? this.cached.etag : null;
  }

  private async build(key: string): Promise<InitBody> {
    const anonymous = RequestContext.anonymous();
    const entries: Array<{ url: string; data: { data: unknown } }> = [];
    const config = await this.config.publicConfig();
    for (const url of INIT_URLS) {
      if (url === 'config') {
        entries.push({ url: '/api/config', data: { data: config } });
        continue;
      }
      const service = this.services.get(url)!;
      const items: Record<string, unknown>[] = [];
      for (let page = 1; ; page++) {
        const result = await service.list(anonymous, {
          limit: String(MAX_LIMIT),
          page: String(page),
        });
        items.push(...(result.items as Record<string, unknown>[]));
        if (items.length >= result.total || result.items.length === 0) break;
      }
      if (url === 'branches' && config.enablePluginRatings === true) await this.addRatings(items);
      entries.push({ url: `/api/${url}`, data: { data: items } });
    }
    const json = JSON.stringify({ data: entries });
    const etag = `"init-${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
    return { key, json, etag };
  }

  /** The ratings plugin: each reviewed branch carries its customers' average (one query for all). */
  private async addRatings(branches: Record<string, unknown>[]): Promise<void> {
    const ratings = await branchRatings(this.connection.manager());
    for (const branch of branches) {
      const rating = ratings.get(branch.id as number);
      if (rating) branch.rating = rating;
    }
  }
}
