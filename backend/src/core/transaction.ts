import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, EntityTarget, ObjectLiteral, Repository } from 'typeorm';
import { EventBus, type DomainEvent } from './events.js';
import { rowsOf } from './raw-rows.js';
import type { RequestContext } from './request-context.js';

/**
 * A write nobody in the transaction reads back (audit entry, event-log rows, notification jobs, the
 * idempotency answer): one `INSERT`/`UPDATE`/`DELETE` without a `WITH` of its own, its parameters `$1…`
 * (no `$` anywhere else in the text). `then` gets its `RETURNING` rows, still inside the transaction.
 */
export interface DeferredWrite {
  sql: string;
  params: unknown[];
  /** Called with the statement's `RETURNING` rows (the statement must have one). */
  then?: (rows: Array<Record<string, unknown>>) => Promise<void> | void;
}

/** The open transaction of a request: its EntityManager, the events recorded and the after-commit hooks. */
export class UnitOfWork {
  readonly events: DomainEvent[] = [];
  readonly afterCommit: Array<() => Promise<void> | void> = [];
  private deferred: Array<{ key: object | null; build: () => DeferredWrite | null }> = [];
  private readonly batches = new Map<object, unknown[]>();
  private readonly names = new Map<object, string>();
  constructor(readonly em: EntityManager) {}

  /**
   * The name the closing statement gives the write batched under `key`, for another deferred write that
   * reads its `RETURNING` rows (a `print.job` event row takes its job's id): the writes are ordered so
   * that it comes first. Only for a batch of this transaction that exists when the statement is sent.
   */
  rowsOf(key: object): string {
    let name = this.names.get(key);
    if (!name) {
      name = `__deferred_${this.names.size}__`;
      this.names.set(key, name);
    }
    return name;
  }

  /**
   * Adds `item` to the list kept under `key` (a writer, usually `this`); the first item registers
   * `build`, which turns the whole list into one write of the transaction's closing statement. So the
   * rows an order's subscribers add (audit, event log, jobs) cost no round trip each while the order's
   * locks are held (docs/decisions/orders.md "Throughput").
   */
  batch<T>(key: object, item: T, build: (items: T[]) => DeferredWrite | null): void {
    let items = this.batches.get(key) as T[] | undefined;
    if (!items) {
      const list: T[] = [];
      items = list;
      this.batches.set(key, list);
      this.deferred.push({
        key,
        build: () => {
          this.batches.delete(key);
          return build(list);
        },
      });
    }
    items.push(item);
  }

  /** One write for the closing statement (see {@link batch}). */
  defer(write: DeferredWrite): void {
    this.deferred.push({ key: null, build: () => write });
  }

  /**
   * Sends the deferred writes: one statement (each write a data-modifying CTE of it), then each write's
   * `then` with its rows. Runs before COMMIT; again while a `then` defers more.
   */
  async flush(): Promise<void> {
    while (this.deferred.length > 0) {
      const built = this.deferred.flatMap(({ key, build }) => {
        const write = build();
        return write ? [{ key, write }] : [];
      });
      this.deferred = [];
      const writes = this.ordered(built);
      const rows = await runWrites(this.em, writes);
      for (const [i, write] of writes.entries()) await write.then?.(rows[i]!);
    }
  }

  /**
   * The writes in the order they were deferred, except that a write naming another's rows
   * ({@link rowsOf}) comes after it; the names become the CTE names `runWrites` gives them (`w0`, `w1`…).
   */
  private ordered(built: Array<{ key: object | null; write: DeferredWrite }>): DeferredWrite[] {
    const byName = new Map<string, { key: object | null; write: DeferredWrite }>();
    for (const entry of built) {
      const name = entry.key ? this.names.get(entry.key) : undefined;
      if (name) byName.set(name, entry);
    }
    const order: Array<{ key: object | null; write: DeferredWrite }> = [];
    const placing = new Set<DeferredWrite>();
    const place = (entry: { key: object | null; write: DeferredWrite }) => {
      if (order.includes(entry)) return;
      if (placing.has(entry.write)) throw new Error('deferred writes name each other in a circle');
      placing.add(entry.write);
      for (const name of entry.write.sql.match(/__deferred_\d+__/g) ?? []) {
        const named = byName.get(name);
        if (!named) throw new Error(`deferred write names ${name}, which has no rows in this statement`);
        place(named);
      }
      order.push(entry);
    };
    built.forEach(place);
    const cte = new Map<string, string>();
    order.forEach((entry, i) => {
      const name = entry.key ? this.names.get(entry.key) : undefined;
      if (name) cte.set(name, `w${i}`);
    });
    return order.map(({ write }) =>
      cte.size === 0
        ? write
        : { ...write, sql: write.sql.replace(/__deferred_\d+__/g, (name) => cte.get(name)!) },
    );
  }
}

/**
 * Sends `write` with the closing statement of the context's transaction (see {@link UnitOfWork.defer})
 * when `em` is that transaction's; otherwise (no transaction, or one of its own) at once.
 */
export async function writeLater(
  ctx: RequestContext | null | undefined,
  em: EntityManager,
  write: DeferredWrite,
) {
  const unit = ctx?.unitOfWork;
  if (unit && unit.em === em) return unit.defer(write);
  await runNow(em, write);
}

/**
 * Adds `item` to the list under `key` that `build` writes with the closing statement of the context's
 * transaction (see {@link UnitOfWork.batch}) when `em` is that transaction's; otherwise writes it at once.
 */
export async function batchLater<T>(
  ctx: RequestContext | null | undefined,
  em: EntityManager,
  key: object,
  item: T,
  build: (items: T[]) => DeferredWrite | null,
): Promise<void> {
  const unit = ctx?.unitOfWork;
  if (unit && unit.em === em) return unit.batch(key, item, build);
  const write = build([item]);
  if (write) await runNow(em, write);
}

async function runNow(em: EntityManager, write: DeferredWrite): Promise<void> {
  const [rows] = await runWrites(em, [write]);
  await write.then?.(rows!);
}

/** The writes as one statement (a single one as it is); per write its `RETURNING` rows. */
async function runWrites(
  em: EntityManager,
  writes: DeferredWrite[],
): Promise<Array<Array<Record<string, unknown>>>> {
  if (writes.length === 0) return [];
  if (writes.length === 1) return [rowsOf(await em.query(writes[0]!.sql, writes[0]!.params))];
  const params: unknown[] = [];
  const ctes = writes.map((write, i) => {
    const offset = params.length;
    params.push(...write.params);
    const sql = write.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
    return `w${i} AS (${sql})`;
  });
  const selects = writes.flatMap((write, i) =>
    write.then ? [`SELECT ${i} AS w, to_jsonb(w${i}) AS r FROM w${i}`] : [],
  );
  const sql = `WITH ${ctes.join(',\n')}\n${selects.length ? selects.join('\nUNION ALL ') : 'SELECT NULL AS w, NULL AS r'}`;
  const result = writes.map((): Array<Record<string, unknown>> => []);
  for (const row of rowsOf<{ w: number | null; r: Record<string, unknown> | string | null }>(
    await em.query(sql, params),
  )) {
    if (row.w === null || row.r === null) continue;
    result[Number(row.w)]!.push(typeof row.r === 'string' ? JSON.parse(row.r) : row.r);
  }
  return result;
}

/**
 * The one way services reach the database (Vendure's `TransactionalConnection`): the transaction travels
 * on the {@link RequestContext}, so every service called within {@link withTransaction} joins it instead of
 * opening its own, and writes of several services commit or roll back together.
 *
 * On the embedded database (one connection) this is what keeps a transaction from waiting for itself:
 * repositories come from the context's EntityManager, never from the pool.
 *
 * Features inject this class, never the `DataSource` (lint: `no-restricted-imports` in `eslint.config.js`);
 * only the infrastructure (database/, core/, backup/, seed/, the CLI and the composition root) holds the
 * pool itself. Work that belongs to no request (authenticators before the context exists, sweepers,
 * throttles, live streams) calls {@link manager} without a context: the pool, one statement at a time.
 */
@Injectable()
export class TransactionalConnection {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventBus,
  ) {}

  /**
   * Runs `fn` in the context's transaction, opening one when none is open. When the outermost call
   * returns, the transaction commits, then the commit subscribers of its events and the after-commit
   * hooks run; when it throws, everything is rolled back and the events are dropped.
   */
  async withTransaction<T>(ctx: RequestContext, fn: (em: EntityManager) => Promise<T>): Promise<T> {
    if (ctx.unitOfWork) return fn(ctx.unitOfWork.em);
    let unit: UnitOfWork | undefined;
    const result = await this.dataSource.transaction(async (em) => {
      unit = new UnitOfWork(em);
      ctx.unitOfWork = unit;
      try {
        const value = await fn(em);
        await unit.flush();
        return value;
      } finally {
        ctx.unitOfWork = null;
      }
    });
    await this.events.deliverCommitted(ctx, unit!.events);
    for (const hook of unit!.afterCommit) await hook();
    return result;
  }

  /** Registers `hook` to run after the context's transaction commits (at once when none is open). */
  async afterCommit(ctx: RequestContext, hook: () => Promise<void> | void): Promise<void> {
    if (ctx.unitOfWork) ctx.unitOfWork.afterCommit.push(hook);
    else await hook();
  }

  /**
   * The context's transaction manager, or the pool's manager outside a transaction. Without a context
   * (work of no request: authenticators, sweepers, throttles, streams) always the pool: each statement
   * commits on its own, and `manager().transaction(…)` opens a transaction that publishes no events.
   * Never call it without the context while that context's transaction is open: on the embedded
   * database the pool's one connection is the transaction's, and the statement would wait for itself.
   */
  manager(ctx?: RequestContext | null): EntityManager {
    return ctx?.unitOfWork?.em ?? this.dataSource.manager;
  }

  /** A repository bound to the context's transaction when one is open (else the pool's, as {@link manager}). */
  getRepository<E extends ObjectLiteral>(
    ctx: RequestContext | null | undefined,
    target: EntityTarget<E>,
  ): Repository<E> {
    return this.manager(ctx).getRepository(target);
  }
}
