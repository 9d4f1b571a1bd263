import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { z } from 'zod';
import type { EntityChange } from '../core/events.js';
import type { Permission } from '../core/permissions.js';
import type { RequestContext } from '../core/request-context.js';

/** How a list query parameter narrows the list. */
export interface FilterDefinition {
  /** Entity property (a column, or a many-to-one relation compared by id). Default: the parameter name. */
  property?: string;
  /** How the value is read from the query string. */
  type: 'number' | 'string' | 'boolean' | 'date';
  /** eq (default), gte, lte, in (comma list), like (case-insensitive contains). */
  op?: 'eq' | 'gte' | 'lte' | 'in' | 'like';
  /** Custom SQL, for filters that are not one column (receives the builder, the alias and the parsed value). */
  apply?: (qb: SelectQueryBuilder<ObjectLiteral>, alias: string, value: unknown) => void;
}

/**
 * Everything that makes one REST collection under /api: the routes (GET list, GET/PUT/DELETE /{id},
 * POST), validation, permissions, branch scope, audit and serialisation come from this description.
 */
export interface ResourceDefinition<
  E extends ObjectLiteral = ObjectLiteral,
  I extends z.ZodObject = z.ZodObject,
> {
  /** Collection path under /api, e.g. `branches`. */
  path: string;
  entity: new () => E;
  /** German names for messages and the OpenAPI tag. */
  names: { plural: string; singular: string };
  /** Writable fields; used for POST and PUT. Unknown and read-only keys (id, timestamps) are dropped. */
  input: I;
  /** Permission to read (list, get) and to write (create, update, delete). */
  read: Permission;
  write: Permission;
  /** Anonymous visitors may read (public storefront data); writes still need `write`. */
  publicRead?: boolean;
  /** Relations loaded for every read (many-to-one and many-to-many are serialised as `{ id }` refs). */
  relations?: string[];
  /**
   * One-to-many relations the entity owns: serialised in full; on write matched by id (kept ids stay,
   * new entries are inserted, missing ones deleted).
   */
  children?: string[];
  /** Query-string filters of the list. */
  filters?: Record<string, FilterDefinition>;
  /** Columns searched by `?q=` (case-insensitive contains). */
  searchable?: string[];
  /** Columns the list may be sorted by (`?sort=name` or `?sort=-name`). */
  sortable?: string[];
  /**
   * Sortable text columns listed in natural order ("1, 2, 10, 11", common's `compareNatural`) instead of the
   * database's character order: for short lists such as a branch's tables (the rows' keys are sorted in
   * memory, then the page is loaded).
   */
  naturalSort?: string[];
  /** Default order, e.g. `name` or `-createdAt`. */
  defaultSort?: string;
  /** Columns whose values must be unique: a duplicate is a 409 naming the field. */
  unique?: string[];
  /**
   * Narrows what this reader may see, for lists and single reads alike (a hidden row is a 404): e.g.
   * anonymous readers get public sites only. Receives the query builder and the entity's alias.
   */
  scope?: (ctx: RequestContext, qb: SelectQueryBuilder<ObjectLiteral>, alias: string) => void;
  /** Completes serialised entities in place after every read and write (e.g. current media versions). */
  complete?: (em: EntityManager, items: Record<string, unknown>[], ctx: RequestContext) => Promise<void>;
  /** The many-to-one relation naming the row's branch: employees see and change only their branches' rows. */
  branchScope?: string;
  /** Turns validated input into the entity (after the default assignment of columns and refs). */
  assign?: (em: EntityManager, entity: E, input: z.infer<I>, ctx: RequestContext) => Promise<void> | void;
  /** JSON of one entity; default: columns, refs for relations, owned children in full. */
  toJson?: (entity: E, ctx: RequestContext) => unknown;
  /** Called in the transaction before a delete (e.g. refuse when still in use). */
  beforeDelete?: (em: EntityManager, entity: E, ctx: RequestContext) => Promise<void> | void;
  /**
   * Called in the write transaction after create or update, with the validated input; `publish` records a
   * change of another collection the write made (its audit entry and version), e.g. menus a product joined.
   */
  afterWrite?: (
    em: EntityManager,
    entity: E,
    ctx: RequestContext,
    input: z.infer<I>,
    publish: (change: EntityChange) => Promise<void>,
  ) => Promise<void> | void;
  /** The collection is part of /api/init (public content): every write bumps its version. Default true. */
  trackVersion?: boolean;
}

/** Identity helper that keeps the generic types while declaring a resource. */
export function defineResource<E extends ObjectLiteral, I extends z.ZodObject>(
  definition: ResourceDefinition<E, I>,
): ResourceDefinition<E, I> {
  return definition;
}
