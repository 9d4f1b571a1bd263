import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, EntityTarget, ObjectLiteral, Repository } from 'typeorm';
import { EventBus, type DomainEvent } from './events.js';
import type { RequestContext } from './request-context.js';

/** The open transaction of a request: its EntityManager, the events recorded and the after-commit hooks. */
export class UnitOfWork {
  readonly events: DomainEvent[] = [];
  readonly afterCommit: Array<() => Promise<void> | void> = [];
  constructor(readonly em: EntityManager) {}
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
        return await fn(em);
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
