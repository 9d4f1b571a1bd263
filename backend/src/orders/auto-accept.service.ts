import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { rowsOf } from '../core/raw-rows.js';
import { DomainError } from '../core/errors.js';
import { EventBus } from '../core/events.js';
import type { RequestContext } from '../core/request-context.js';
import { LOGGER } from '../core/tokens.js';
import { JobQueue } from '../jobs/job-queue.service.js';
import { JobHandlers } from '../jobs/job-worker.service.js';
import { OrdersService } from './orders.service.js';

/** The job that confirms a new order of a branch with auto-accept. */
export const AUTO_ACCEPT_JOB = 'order-auto-accept';

/**
 * Auto-accept (docs/decisions/orders.md "Auto-accept"): a new order of a branch with `isAutoAcceptEnabled`
 * gets a job in the order's own transaction; the worker confirms it with the branch's default preparation
 * time, through the same status action staff use (audit entry, `order.status` event, customer e-mail). It
 * works with no board open, survives a crash between order and confirmation, and runs once per order.
 */
@Injectable()
export class AutoAcceptService implements OnModuleInit {
  constructor(
    private readonly events: EventBus,
    private readonly jobs: JobQueue,
    private readonly handlers: JobHandlers,
    private readonly orders: OrdersService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    // `order.created` is published when staff should see the order: at creation, or for an online
    // payment once it is paid. Quotation requests are answered by a person.
    this.events.inTransaction(['order.created'], async (event, ctx, em) => {
      const { orderId, branchId, order } = event.payload;
      if (!branchId || order.isQuotation || order.isConfirmed) return;
      if (!(await this.autoAccepts(ctx, em, branchId))) return;
      await this.jobs.enqueueLater(ctx, [
        {
          type: AUTO_ACCEPT_JOB,
          payload: { orderId },
          options: { dedupeKey: `auto-accept:order:${orderId}` },
        },
      ]);
    });
    this.handlers.register(AUTO_ACCEPT_JOB, (job, ctx) => this.accept(ctx, Number(job.payload.orderId)), {
      transactional: true,
    });
  }

  /**
   * The branch's switch as the checkout read it just before the transaction, or else one plain statement
   * (the repository's findOne would first send a DISTINCT query for the eager delivery areas); the
   * order's ticket counter is locked meanwhile.
   */
  private async autoAccepts(ctx: RequestContext, em: EntityManager, branchId: number): Promise<boolean> {
    const known = ctx.recall('branch');
    if (known?.id === branchId) return known.isAutoAcceptEnabled;
    const [branch] = rowsOf<{ auto: boolean }>(
      await em.query('SELECT is_auto_accept_enabled AS auto FROM branch WHERE id = $1', [branchId]),
    );
    return !!branch?.auto;
  }

  /** Confirms the order with the default time; one that staff answered meanwhile is left as it is. */
  private async accept(ctx: RequestContext, orderId: number): Promise<void> {
    try {
      await this.orders.changeStatus(ctx, orderId, 'confirm', {});
    } catch (error) {
      // Already confirmed, rejected or cancelled by staff, deleted, or waiting for its online payment.
      const reason = error instanceof DomainError ? (error.errors[0]?.code ?? error.code) : undefined;
      if (reason === 'not_found' || reason === 'illegal_transition' || reason === 'payment_pending') {
        this.logger.info({ orderId, reason }, 'auto-accept: order left as it is');
        return;
      }
      throw error;
    }
  }
}
