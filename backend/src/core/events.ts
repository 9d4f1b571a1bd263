import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { LOGGER } from './tokens.js';
import type { RequestContext } from './request-context.js';

/** A change to an entity made through a service (audit entry, collection version, cache invalidation). */
export interface EntityChange {
  /** The collection, as its API path (`branches`, `products`, `config` …). */
  entityType: string;
  entityId: string | number | null;
  /** `{ field: { from, to } }` for updates, the whole entity for creates and deletes. */
  changes: Record<string, unknown>;
  /** The collection is part of the public snapshot (/api/init): its version is raised. Default true. */
  trackVersion?: boolean;
  /** Audit action when it is not create/update/delete (e.g. `login`, `password-reset`). */
  action?: string;
}

/**
 * Every event type and its payload. Feature modules add theirs by declaration merging:
 * `declare module '../core/events.js' { interface DomainEventMap { 'order.created': OrderEvent } }`.
 */
export interface DomainEventMap {
  'entity.created': EntityChange;
  'entity.updated': EntityChange;
  'entity.deleted': EntityChange;
  /** Anything else worth an audit entry (actions that are not plain writes). */
  'entity.action': EntityChange;
  /**
   * A credential stopped working without a plain write of its owner row (sign-out, a device key rotated,
   * a device paired anew or unpaired): whatever lives on it (open event streams) ends.
   */
  'credentials.ended': { subject: 'user' | 'device'; id: number };
  /**
   * A public collection's data changed without a write of its own rows (a review changes the branches'
   * ratings): its version is raised, and no audit entry is written.
   */
  'collection.changed': { collection: string };
}

export type DomainEventType = keyof DomainEventMap;

/** The entity-change events (audit entries; collection versions unless the change says otherwise). */
export const ENTITY_CHANGE_EVENTS = [
  'entity.created',
  'entity.updated',
  'entity.deleted',
  'entity.action',
] as const satisfies DomainEventType[];

/**
 * Whether an event raises a collection's version (so public answers built from it are stale): a plain
 * write unless it says `trackVersion: false`, an action only when it says `trackVersion: true`, and every
 * `collection.changed`. An order's `entity.created` raises none: orders are not public data.
 */
export function raisesCollectionVersion(event: DomainEvent): boolean {
  if (event.type === 'collection.changed') return true;
  if (!(ENTITY_CHANGE_EVENTS as readonly string[]).includes(event.type)) return false;
  const change = event.payload as EntityChange;
  return event.type === 'entity.action' ? change.trackVersion === true : change.trackVersion !== false;
}

/** One event recorded in a transaction. */
export interface DomainEvent<K extends DomainEventType = DomainEventType> {
  type: K;
  payload: DomainEventMap[K];
}

/**
 * When a subscriber runs:
 * - `transaction`: at once, inside the publishing transaction, with its EntityManager; a failure rolls the
 *   whole transaction back (audit entries, collection versions, job rows belong here);
 * - `commit`: after the transaction has committed, never after a rollback (push to clients, cache
 *   invalidation, waking workers); a failure is logged and does not reach the caller.
 */
export type EventPhase = 'transaction' | 'commit';

export type TransactionHandler<K extends DomainEventType> = (
  event: DomainEvent<K>,
  ctx: RequestContext,
  em: EntityManager,
) => Promise<void> | void;
export type CommitHandler<K extends DomainEventType> = (
  event: DomainEvent<K>,
  ctx: RequestContext,
) => Promise<void> | void;

interface Subscription {
  types: ReadonlySet<string> | '*';
  phase: EventPhase;
  handler: (event: DomainEvent, ctx: RequestContext, em?: EntityManager) => Promise<void> | void;
}

/**
 * In-process domain events with transactional delivery (Vendure's EventBus with `TransactionEvent`s,
 * Immich's after-commit hooks). Services call {@link EventBus.publish} inside
 * `TransactionalConnection.withTransaction`; cross-instance delivery (LISTEN/NOTIFY) and the durable jobs
 * attach as subscribers.
 */
@Injectable()
export class EventBus {
  private readonly subscriptions: Subscription[] = [];

  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  /** Runs `handler` inside the publishing transaction for these event types (`'*'`: every type). */
  inTransaction<K extends DomainEventType>(types: K[] | '*', handler: TransactionHandler<K>): () => void {
    return this.add({ types: types === '*' ? '*' : new Set(types), phase: 'transaction', handler } as never);
  }

  /** Runs `handler` after the publishing transaction committed (never after a rollback). */
  afterCommit<K extends DomainEventType>(types: K[] | '*', handler: CommitHandler<K>): () => void {
    return this.add({ types: types === '*' ? '*' : new Set(types), phase: 'commit', handler } as never);
  }

  private add(subscription: Subscription): () => void {
    this.subscriptions.push(subscription);
    return () => {
      const index = this.subscriptions.indexOf(subscription);
      if (index >= 0) this.subscriptions.splice(index, 1);
    };
  }

  private matching(type: string, phase: EventPhase): Subscription[] {
    return this.subscriptions.filter((s) => s.phase === phase && (s.types === '*' || s.types.has(type)));
  }

  /**
   * Records the event on the context's open transaction and runs the transaction subscribers now; the
   * commit subscribers run once the outermost transaction has committed. Throws when no transaction is
   * open: an event always belongs to a write.
   */
  async publish<K extends DomainEventType>(
    ctx: RequestContext,
    type: K,
    payload: DomainEventMap[K],
  ): Promise<void> {
    const unit = ctx.unitOfWork;
    if (!unit) throw new Error(`Ereignis ${type} ohne offene Transaktion veröffentlicht`);
    const event = { type, payload } as DomainEvent;
    unit.events.push(event);
    for (const s of this.matching(type, 'transaction')) await s.handler(event, ctx, unit.em);
  }

  /** Hands committed events to the commit subscribers, in order; failures are logged. */
  async deliverCommitted(ctx: RequestContext, events: readonly DomainEvent[]): Promise<void> {
    for (const event of events) {
      for (const s of this.matching(event.type, 'commit')) {
        try {
          await s.handler(event, ctx);
        } catch (err) {
          this.logger.error({ err, event: event.type }, 'after-commit subscriber failed');
        }
      }
    }
  }
}
