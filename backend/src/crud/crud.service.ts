import { compareNatural, t } from '@ordering/common';
import { Brackets, In, type EntityManager, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import type { RelationMetadata } from 'typeorm/metadata/RelationMetadata.js';
import { diff } from '../core/diff.js';
import { DomainError } from '../core/errors.js';
import { parseFilterDate, parseIntFilter, parseQueryText } from '../core/input.js';
import type { EventBus } from '../core/events.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { RequestContext } from '../core/request-context.js';
import type { TransactionalConnection } from '../core/transaction.js';
import { parseInput } from '../core/validation.js';
import type { ResourceDefinition } from './resource.js';

/** Paging and sorting of a list. */
export interface ListResult<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

const notFound = (singular: string) => new DomainError('not_found', `${singular} wurde nicht gefunden.`);

/** JSON copy, so that a later change of the entity does not change what was recorded. */
const snapshot = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

/**
 * List, get, create, update and delete for one {@link ResourceDefinition}: validation, branch scope,
 * reader scope, uniqueness and owned children. Writes join the context's transaction and publish
 * `entity.created` / `entity.updated` / `entity.deleted`; the audit entry and the collection version are
 * subscribers of those events (see `AuditSubscriber`).
 *
 * Hand-written services of domains with behaviour use the same pieces: {@link list}, {@link load},
 * {@link assignRefs}, {@link serialize}.
 */
export class CrudService<E extends ObjectLiteral> {
  constructor(
    readonly def: ResourceDefinition<E>,
    private readonly connection: TransactionalConnection,
    private readonly events: EventBus,
  ) {}

  private get metadata() {
    return this.connection.manager().connection.getMetadata(this.def.entity);
  }

  private relation(name: string): RelationMetadata | undefined {
    return this.metadata.relations.find((r) => r.propertyName === name);
  }

  /** Default JSON: columns as they are, to-one relations as `{ id }`, to-many as `[{ id }]`, children in full. */
  serialize(entity: E, ctx: RequestContext): unknown {
    if (this.def.toJson) return this.def.toJson(entity, ctx);
    const out: Record<string, unknown> = {};
    for (const column of this.metadata.columns) {
      if (column.relationMetadata) continue;
      if (!column.isSelect) continue;
      out[column.propertyName] = (entity as Record<string, unknown>)[column.propertyName];
    }
    for (const rel of this.metadata.relations) {
      const value = (entity as Record<string, unknown>)[rel.propertyName];
      if (value === undefined) continue;
      if (this.def.children?.includes(rel.propertyName)) {
        const childMeta = rel.inverseEntityMetadata;
        out[rel.propertyName] = (value as ObjectLiteral[])
          .slice()
          .sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0) || Number(a.id) - Number(b.id))
          .map((child) => {
            const c: Record<string, unknown> = {};
            for (const col of childMeta.columns) {
              if (col.relationMetadata || !col.isSelect) continue;
              c[col.propertyName] = child[col.propertyName];
            }
            return c;
          });
      } else if (rel.isManyToMany || rel.isOneToMany) {
        out[rel.propertyName] = (value as ObjectLiteral[])
          .map((v) => ({ id: v.id }))
          .sort((a, b) => a.id - b.id);
      } else {
        out[rel.propertyName] = value === null ? null : { id: (value as ObjectLiteral).id };
      }
    }
    return out;
  }

  /**
   * The relations read with the entity, by whether a join keeps one row per entity (many-to-one, one-to-one)
   * or multiplies the rows (one-to-many, many-to-many, owned children).
   */
  private readRelations(): { toOne: string[]; toMany: string[] } {
    const toOne: string[] = [];
    const toMany: string[] = [];
    for (const name of [...(this.def.relations ?? []), ...(this.def.children ?? [])]) {
      const rel = this.relation(name);
      (rel && (rel.isOneToMany || rel.isManyToMany) ? toMany : toOne).push(name);
    }
    return { toOne, toMany };
  }

  /**
   * The rows this reader may list with their to-one relations (filters may name them, e.g. `branch`):
   * filters and paging go on top, the to-many relations are read by {@link readRows}.
   */
  private baseQuery(em: EntityManager, ctx: RequestContext): SelectQueryBuilder<E> {
    const qb = em.getRepository(this.def.entity).createQueryBuilder('e');
    for (const rel of this.readRelations().toOne) qb.leftJoinAndSelect(`e.${rel}`, rel);
    this.def.scope?.(ctx, qb as unknown as SelectQueryBuilder<ObjectLiteral>, 'e');
    // Anonymous readers only reach public-read resources (the guard sees to that): no branch scope there.
    if (this.def.branchScope && ctx.user) {
      const scope = ctx.branchScope();
      if (scope !== 'all') {
        const own = scope.length === 0 ? '1 = 0' : `e.${this.def.branchScope} IN (:...scopeBranchIds)`;
        if (this.def.publicRead) {
          // What a visitor may read stays readable for staff of other branches (one access rule per row):
          // their own branches' rows, or the rows the visitor's scope lets through.
          const visitor = this.visitorIds(em);
          qb.andWhere(
            new Brackets((w) => {
              w.where(own, { scopeBranchIds: scope }).orWhere(`e.id IN (${visitor.getQuery()})`);
            }),
          ).setParameters(visitor.getParameters());
        } else qb.andWhere(own, { scopeBranchIds: scope });
      }
    }
    return qb;
  }

  /**
   * The listed rows (of {@link baseQuery}, to-one relations joined: they keep one row per entity, so LIMIT
   * and OFFSET stay exact) with their to-many relations, each read by one query for all the rows' ids. One
   * join over all of them multiplied the rows (images x tags x ...) and made PostgreSQL estimate it large
   * enough to compile it (JIT) on every request (docs/decisions/serving.md, "List reads that miss the cache").
   */
  private async readRows(em: EntityManager, rows: SelectQueryBuilder<E>): Promise<E[]> {
    const entities = await rows.getMany();
    if (entities.length === 0) return entities;
    const ids = entities.map((entity) => (entity as ObjectLiteral).id as number);
    for (const name of this.readRelations().toMany) {
      const byOwner = await this.readToMany(em, this.relation(name)!, ids);
      for (const entity of entities)
        (entity as Record<string, unknown>)[name] = byOwner.get((entity as ObjectLiteral).id as number) ?? [];
    }
    return entities;
  }

  /**
   * The related rows of a to-many relation for the given owners, by owner id, read from the related table
   * (through the join table of a many-to-many): an owner without any is missing from the map, where a left
   * join from the owners would return a row of empty columns for it. The rows come hydrated as a join
   * hydrates them; their order is the database's, as before.
   */
  private async readToMany(
    em: EntityManager,
    rel: RelationMetadata,
    ownerIds: number[],
  ): Promise<Map<number, ObjectLiteral[]>> {
    const qb = em.getRepository<ObjectLiteral>(rel.inverseEntityMetadata.target).createQueryBuilder('r');
    const column = (alias: string, name: string) => `${qb.escape(alias)}.${qb.escape(name)}`;
    let owner: string;
    if (rel.isOneToMany) {
      owner = column('r', rel.inverseRelation!.joinColumns[0]!.databaseName);
    } else {
      // Which join table columns name the owner and the related row, as TypeORM joins them.
      const [toOwner, toTarget] = rel.isOwning
        ? [rel.joinColumns, rel.inverseJoinColumns]
        : [rel.inverseRelation!.inverseJoinColumns, rel.inverseRelation!.joinColumns];
      qb.innerJoin(
        rel.junctionEntityMetadata!.tablePath,
        'j',
        toTarget
          .map((c) => `${column('j', c.databaseName)} = ${column('r', c.referencedColumn!.databaseName)}`)
          .join(' AND '),
      );
      owner = column('j', toOwner[0]!.databaseName);
    }
    const { raw, entities } = await qb
      .addSelect(owner, 'owner_id')
      .where(`${owner} IN (:...ownerIds)`, { ownerIds })
      .getRawAndEntities<{ owner_id: unknown; r_id: unknown }>();
    const byId = new Map(entities.map((entity) => [Number(entity.id), entity]));
    const byOwner = new Map<number, ObjectLiteral[]>();
    for (const row of raw) {
      const list = byOwner.get(Number(row.owner_id)) ?? [];
      list.push(byId.get(Number(row.r_id))!);
      byOwner.set(Number(row.owner_id), list);
    }
    return byOwner;
  }

  /** The ids an anonymous visitor may read (the resource's scope for an anonymous context). */
  private visitorIds(em: EntityManager): SelectQueryBuilder<E> {
    const sub = em.getRepository(this.def.entity).createQueryBuilder('v').select('v.id');
    this.def.scope?.(RequestContext.anonymous(), sub as unknown as SelectQueryBuilder<ObjectLiteral>, 'v');
    return sub;
  }

  /** The list, filtered, searched, sorted and paged by the query string. */
  async list(ctx: RequestContext, query: Record<string, unknown>): Promise<ListResult<unknown>> {
    const em = this.connection.manager(ctx);
    const qb = this.baseQuery(em, ctx);
    for (const [name, filter] of Object.entries(this.def.filters ?? {})) {
      const raw = query[name];
      if (raw === undefined || raw === '') continue;
      const value = parseFilterValue(name, filter.type, raw, filter.op === 'in');
      if (filter.apply) {
        filter.apply(qb as unknown as SelectQueryBuilder<ObjectLiteral>, 'e', value);
        continue;
      }
      const property = filter.property ?? name;
      // TypeORM resolves `e.<relation>` to its join column, so columns and to-one relations read alike.
      const column = `e.${property}`;
      const param = `f_${name}`;
      switch (filter.op ?? 'eq') {
        case 'gte':
          qb.andWhere(`${column} >= :${param}`, { [param]: value });
          break;
        case 'lte':
          qb.andWhere(`${column} <= :${param}`, { [param]: value });
          break;
        case 'in':
          qb.andWhere(`${column} IN (:...${param})`, { [param]: value });
          break;
        case 'like':
          qb.andWhere(`${column} ILIKE :${param}`, { [param]: `%${escapeLike(String(value))}%` });
          break;
        default:
          qb.andWhere(`${column} = :${param}`, { [param]: value });
      }
    }
    const q = parseQueryText(query.q, 'q');
    if (q && this.def.searchable?.length) {
      qb.andWhere(
        new Brackets((w) => {
          for (const col of this.def.searchable!)
            w.orWhere(`CAST(e.${col} AS text) ILIKE :q`, { q: `%${escapeLike(q)}%` });
        }),
      );
    }
    const sortRaw =
      typeof query.sort === 'string' && query.sort ? query.sort : (this.def.defaultSort ?? 'id');
    const desc = sortRaw.startsWith('-') || String(query.order ?? '').toLowerCase() === 'desc';
    const sortField = sortRaw.replace(/^-/, '');
    const sortable = new Set([...(this.def.sortable ?? []), 'id', 'createdAt', 'updatedAt']);
    if (!sortable.has(sortField)) {
      throw new DomainError('validation', t('validation.choice'), 'sort');
    }
    const page = parsePositiveInt(query.page, 'page', 1);
    const limit = Math.min(parsePositiveInt(query.limit, 'limit', DEFAULT_LIMIT), MAX_LIMIT);
    if (this.def.naturalSort?.includes(sortField)) {
      // The database sorts "1, 10, 11, 2": order the matching rows' keys with common's comparator (the one
      // the storefront and back office use), then load just the page.
      const keys = await qb
        .clone()
        .select('e.id', 'id')
        .addSelect(`e.${sortField}`, 'key')
        .getRawMany<{ id: unknown; key: unknown }>();
      const byId = new Map(keys.map((row) => [Number(row.id), row.key == null ? '' : String(row.key)]));
      const ordered = [...byId].sort(([ia, a], [ib, b]) => compareNatural(a, b) || ia - ib);
      if (desc) ordered.reverse();
      const ids = ordered.slice((page - 1) * limit, page * limit).map(([id]) => id);
      const rows = ids.length
        ? await this.readRows(em, qb.andWhere('e.id IN (:...naturalIds)', { naturalIds: ids }))
        : [];
      const found = new Map(rows.map((row) => [Number((row as ObjectLiteral).id), row]));
      const items = ids.map((id) => found.get(id)).filter((row): row is E => row !== undefined);
      return { items: await this.toJson(em, ctx, items), total: ordered.length, page, limit };
    }
    const offset = (page - 1) * limit;
    const items = await this.readRows(
      em,
      qb
        .clone()
        .orderBy(`e.${sortField}`, desc ? 'DESC' : 'ASC')
        .addOrderBy('e.id', desc ? 'DESC' : 'ASC')
        .offset(offset)
        .limit(limit),
    );
    // A page that is neither full nor empty ends the list: it tells the total without counting.
    const total = items.length > 0 && items.length < limit ? offset + items.length : await qb.getCount();
    return { items: await this.toJson(em, ctx, items), total, page, limit };
  }

  /**
   * The rows with these ids that the reader may list, serialised as {@link list} serialises them, in the
   * order of `ids` (ids it may not see, or unknown ones, are left out; a repeated id comes once).
   */
  async listByIds(ctx: RequestContext, ids: readonly number[]): Promise<unknown[]> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return [];
    const em = this.connection.manager(ctx);
    const rows = await this.readRows(
      em,
      this.baseQuery(em, ctx).andWhere('e.id IN (:...byIds)', { byIds: wanted }),
    );
    const found = new Map(rows.map((row) => [Number((row as ObjectLiteral).id), row]));
    const items = wanted.map((id) => found.get(id)).filter((row): row is E => row !== undefined);
    return this.toJson(em, ctx, items);
  }

  /** Serialises entities and lets the resource complete the JSON (e.g. current media versions). */
  async toJson(em: EntityManager, ctx: RequestContext, entities: E[]): Promise<unknown[]> {
    const items = entities.map((e) => this.serialize(e, ctx) as Record<string, unknown>);
    if (this.def.complete && items.length) await this.def.complete(em, items, ctx);
    return items;
  }

  /**
   * One entity with its relations and children, or a 404 when it does not exist or the reader's
   * {@link ResourceDefinition.scope} hides it; a 403 when it is another branch's row.
   */
  async load(
    em: EntityManager,
    ctx: RequestContext,
    id: number,
    purpose: 'read' | 'write' = 'write',
  ): Promise<E> {
    const qb = em.getRepository(this.def.entity).createQueryBuilder('e');
    // To-one relations joined; each to-many one read by a query of its own, as the lists read them: one join
    // over all of them multiplied the rows (a menu of 10,000 products in 100 categories: a million).
    const { toOne, toMany } = this.readRelations();
    for (const rel of toOne) qb.leftJoinAndSelect(`e.${rel}`, rel);
    this.def.scope?.(ctx, qb as unknown as SelectQueryBuilder<ObjectLiteral>, 'e');
    if (this.def.branchScope) qb.leftJoinAndSelect(`e.${this.def.branchScope}`, '__scope');
    const entity = await qb.andWhere('e.id = :id', { id }).getOne();
    if (!entity) throw notFound(this.def.names.singular);
    for (const name of toMany) {
      const byOwner = await this.readToMany(em, this.relation(name)!, [id]);
      (entity as Record<string, unknown>)[name] = byOwner.get(id) ?? [];
    }
    if (purpose === 'read' && this.def.publicRead && !this.inBranchScope(ctx, entity)) {
      // Another branch's row: readable when a visitor could read it, else as before a 403.
      const visitor = this.visitorIds(em).andWhere('v.id = :visitorId', { visitorId: id });
      if (await visitor.getExists()) return entity;
    }
    this.assertScope(ctx, entity);
    return entity;
  }

  private inBranchScope(ctx: RequestContext, entity: E): boolean {
    return !this.def.branchScope || !ctx.user || ctx.mayAccessBranch(this.branchIdOf(entity));
  }

  private branchIdOf(entity: E): number | null {
    if (!this.def.branchScope) return null;
    const ref = (entity as Record<string, { id?: number } | null | undefined>)[this.def.branchScope];
    return ref?.id ?? null;
  }

  private assertScope(ctx: RequestContext, entity: E) {
    if (!this.inBranchScope(ctx, entity)) {
      throw new DomainError('forbidden', HTTP_MESSAGES.forbidden);
    }
  }

  /** One entity by id, as JSON. */
  async get(ctx: RequestContext, id: number): Promise<unknown> {
    const em = this.connection.manager(ctx);
    const [json] = await this.toJson(em, ctx, [await this.load(em, ctx, id, 'read')]);
    return json;
  }

  /**
   * Owned children matched by id: a child whose id the entity already owns is updated in place (it keeps
   * its id, so orders and open checkouts that name it stay valid), one without a known id is inserted, and
   * the owned ones missing from the input are deleted.
   */
  private assignChildren(
    em: EntityManager,
    entity: E,
    rel: RelationMetadata,
    input: ObjectLiteral[],
  ): ObjectLiteral[] {
    const childMeta = rel.inverseEntityMetadata;
    const target = childMeta.target as new () => ObjectLiteral;
    const existing = new Map(
      (((entity as Record<string, unknown>)[rel.propertyName] as ObjectLiteral[] | undefined) ?? []).map(
        (c) => [Number(c.id), c],
      ),
    );
    const kept = new Set<number>();
    return input.map((child, index) => {
      const id = Number(child.id);
      const match = Number.isInteger(id) && !kept.has(id) ? existing.get(id) : undefined;
      if (match) kept.add(id);
      const c = match ?? (em.create(target, {}) as ObjectLiteral);
      for (const [k, v] of Object.entries(child))
        if (k !== 'id' && childMeta.findColumnWithPropertyName(k)) c[k] = v;
      if (childMeta.findColumnWithPropertyName('position')) c.position = index;
      return c;
    });
  }

  /**
   * Assigns validated input: columns directly, `{ id }` refs as relations (checked to exist), owned
   * children matched by id; then the resource's own `assign`.
   */
  async assignRefs(em: EntityManager, entity: E, input: Record<string, unknown>, ctx: RequestContext) {
    for (const [key, value] of Object.entries(input)) {
      const rel = this.relation(key);
      if (!rel) {
        if (this.metadata.findColumnWithPropertyName(key)) (entity as Record<string, unknown>)[key] = value;
        continue;
      }
      const target = rel.inverseEntityMetadata.target as new () => ObjectLiteral;
      if (this.def.children?.includes(key)) {
        (entity as Record<string, unknown>)[key] = this.assignChildren(
          em,
          entity,
          rel,
          (value as ObjectLiteral[]) ?? [],
        );
        continue;
      }
      if (rel.isManyToMany || rel.isOneToMany) {
        const ids = ((value as Array<{ id: number }>) ?? []).map((v) => v.id);
        const found = ids.length ? await em.getRepository(target).findBy({ id: In(ids) }) : [];
        if (found.length !== new Set(ids).size) {
          throw new DomainError('validation', 'Ein ausgewählter Eintrag existiert nicht.', key);
        }
        (entity as Record<string, unknown>)[key] = found;
        continue;
      }
      if (value === null || value === undefined) {
        (entity as Record<string, unknown>)[key] = null;
        continue;
      }
      const refId = (value as { id: number }).id;
      const found = await em.getRepository(target).findOne({ where: { id: refId } });
      if (!found) throw new DomainError('validation', 'Der ausgewählte Eintrag existiert nicht.', key);
      (entity as Record<string, unknown>)[key] = found;
    }
    if (this.def.assign) await this.def.assign(em, entity, input as never, ctx);
  }

  private async assertUnique(em: EntityManager, entity: E) {
    for (const field of this.def.unique ?? []) {
      const value = (entity as Record<string, unknown>)[field];
      if (value === undefined || value === null || value === '') continue;
      const qb = em
        .getRepository(this.def.entity)
        .createQueryBuilder('e')
        .where(`e.${field} = :value`, { value });
      if ((entity as ObjectLiteral).id) qb.andWhere('e.id <> :id', { id: (entity as ObjectLiteral).id });
      if (await qb.getExists()) throw new DomainError('conflict', t('validation.unique'), field);
    }
  }

  private async write(ctx: RequestContext, id: number | null, body: unknown): Promise<unknown> {
    const input = parseInput(this.def.input, body) as Record<string, unknown>;
    return this.connection.withTransaction(ctx, async (em) => {
      const entity = id === null ? (em.create(this.def.entity) as E) : await this.load(em, ctx, id);
      const before = id === null ? {} : snapshot(this.serialize(entity, ctx));
      await this.assignRefs(em, entity, input, ctx);
      this.assertScope(ctx, entity);
      await this.assertUnique(em, entity);
      const result = (await em.save(this.def.entity, entity)) as E;
      await this.deleteOrphans(em, result);
      if (this.def.afterWrite)
        await this.def.afterWrite(em, result, ctx, input as never, (change) =>
          this.events.publish(ctx, 'entity.updated', change),
        );
      const fresh = await this.load(em, ctx, (result as ObjectLiteral).id);
      const after = snapshot(this.serialize(fresh, ctx));
      await this.events.publish(ctx, id === null ? 'entity.created' : 'entity.updated', {
        entityType: this.def.path,
        entityId: (fresh as ObjectLiteral).id,
        changes: id === null ? after : diff(before, after),
        trackVersion: this.def.trackVersion !== false,
      });
      const [json] = await this.toJson(em, ctx, [fresh]);
      return json;
    });
  }

  /** Owned children the write left out: deleted (they are the parent's, nobody else refers to them). */
  private async deleteOrphans(em: EntityManager, entity: E): Promise<void> {
    for (const child of this.def.children ?? []) {
      const rel = this.relation(child)!;
      const keep = (((entity as Record<string, unknown>)[child] as ObjectLiteral[]) ?? []).map((c) =>
        Number(c.id),
      );
      const qb = em
        .createQueryBuilder()
        .delete()
        .from(rel.inverseEntityMetadata.target)
        .where(`${rel.inverseRelation!.joinColumns[0]!.databaseName} = :parent`, {
          parent: (entity as ObjectLiteral).id,
        });
      if (keep.length) qb.andWhere('id NOT IN (:...keep)', { keep });
      await qb.execute();
    }
  }

  /** Creates an entity from the request body. */
  create(ctx: RequestContext, body: unknown): Promise<unknown> {
    return this.write(ctx, null, body);
  }

  /** Replaces the entity's writable fields with the request body (read-only keys are ignored). */
  update(ctx: RequestContext, id: number, body: unknown): Promise<unknown> {
    return this.write(ctx, id, body);
  }

  /** Deletes the entity (its owned children go with it). */
  async remove(ctx: RequestContext, id: number): Promise<void> {
    await this.connection.withTransaction(ctx, async (em) => {
      const entity = await this.load(em, ctx, id);
      if (this.def.beforeDelete) await this.def.beforeDelete(em, entity, ctx);
      const before = snapshot(this.serialize(entity, ctx));
      await em.delete(this.def.entity, { id });
      await this.events.publish(ctx, 'entity.deleted', {
        entityType: this.def.path,
        entityId: id,
        changes: before,
        trackVersion: this.def.trackVersion !== false,
      });
    });
  }
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => '\\' + c);
}

function parsePositiveInt(raw: unknown, field: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const s = String(raw);
  if (!/^\d{1,6}$/.test(s) || Number(s) < 1)
    throw new DomainError('validation', t('validation.positive'), field);
  return Number(s);
}

/**
 * A query-string filter value by its type. A repeated (`?x=1&x=2`) or nested (`?x[a]=1`) parameter
 * arrives as an array or object and is refused like any other value that does not fit: a German 400
 * naming the parameter, never a 500 from the database.
 */
function parseFilterValue(field: string, type: string, raw: unknown, list: boolean): unknown {
  if (typeof raw !== 'string') throw new DomainError('validation', t('validation.invalid'), field);
  if (list) return raw.split(',').map((v) => parseFilterValue(field, type, v.trim(), false));
  switch (type) {
    case 'number':
      // Every number filter names a row (a ref) or a year: an integer in PostgreSQL's range.
      return parseIntFilter(raw, field);
    case 'boolean':
      if (!['true', 'false', '1', '0'].includes(raw))
        throw new DomainError('validation', t('validation.choice'), field);
      return raw === 'true' || raw === '1';
    case 'date':
      return parseFilterDate(raw, field);
    default:
      return raw;
  }
}
