import { Injectable } from '@nestjs/common';
import {
  BUSY_EXTRA_MINUTES,
  PAUSE_MAX_MINUTES,
  hoursForOrderType,
  nextOpening,
  t,
  type BusyMode,
  type OrderingPause,
  type OrderType,
} from '@ordering/common';
import { z } from 'zod';
import { Branch } from '../branches/branch.entity.js';
import { Clock } from '../core/clock.js';
import { diff } from '../core/diff.js';
import { DomainError, reasonError } from '../core/errors.js';
import { EventBus } from '../core/events.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import type { RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import { parseInput } from '../core/validation.js';
import { parseId } from '../core/input.js';
import { branchContract } from './order-pricing.js';

const ORDER_TYPES = ['takeaway', 'delivery', 'dineIn'] as const;
const minutes = z.number().int().min(1).max(PAUSE_MAX_MINUTES);

/** `POST /api/branches/{id}/pause`: a length or an end ("nextOpening": the next opening of the hours). */
export const pauseSchema = z.object({
  minutes: minutes.optional(),
  until: z.union([z.literal('nextOpening'), z.iso.datetime({ offset: true })]).optional(),
  orderTypes: z.array(z.enum(ORDER_TYPES)).min(1).max(3).nullish(),
  message: z
    .string()
    .max(300)
    .nullish()
    .transform((v) => (v ?? '').trim()),
  allowPreorders: z.boolean().default(true),
});

/** `POST /api/branches/{id}/busy`: extra preparation minutes for a while (default +20 for an hour). */
export const busySchema = z.object({
  extraMinutes: z.number().int().min(5).max(240).default(BUSY_EXTRA_MINUTES),
  minutes: minutes.default(60),
});

/** The state the board shows after a change. */
export interface PauseState {
  orderingPause: OrderingPause | null;
  busyMode: BusyMode | null;
}

/**
 * Staff pause online ordering of their branch or switch on busy mode; both are stored with their end and
 * end by themselves (common's `ordering-pause.ts` decides on every clock). Each change is one transaction
 * with its audit entry and raises the branches' version, so /api/init's cache shows it at once.
 */
@Injectable()
export class BranchPauseService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly events: EventBus,
    private readonly clock: Clock,
  ) {}

  /** Starts (or replaces) the pause. */
  pause(ctx: RequestContext, rawId: string, body: unknown): Promise<PauseState> {
    const input = parseInput(pauseSchema, body);
    if ((input.minutes === undefined) === (input.until === undefined))
      throw reasonError('validation', 'pause_length', 'minutes');
    return this.change(ctx, rawId, 'pause', (branch, now) => {
      const orderTypes = input.orderTypes ? [...new Set(input.orderTypes)].sort() : null;
      const until = this.pauseEnd(branch, now, input.minutes, input.until, orderTypes);
      branch.orderingPause = {
        until: until.toISOString(),
        orderTypes: orderTypes as OrderType[] | null,
        message: input.message,
        allowPreorders: input.allowPreorders,
      };
    });
  }

  /** Ends the pause now. */
  resume(ctx: RequestContext, rawId: string): Promise<PauseState> {
    return this.change(ctx, rawId, 'resume', (branch) => {
      branch.orderingPause = null;
    });
  }

  /** Starts (or replaces) busy mode. */
  busy(ctx: RequestContext, rawId: string, body: unknown): Promise<PauseState> {
    const input = parseInput(busySchema, body ?? {});
    return this.change(ctx, rawId, 'busy', (branch, now) => {
      branch.busyMode = {
        extraMinutes: input.extraMinutes,
        until: new Date(now.getTime() + input.minutes * 60_000).toISOString(),
      };
    });
  }

  /** Ends busy mode now. */
  calm(ctx: RequestContext, rawId: string): Promise<PauseState> {
    return this.change(ctx, rawId, 'busy-end', (branch) => {
      branch.busyMode = null;
    });
  }

  private pauseEnd(
    branch: Branch,
    now: Date,
    length: number | undefined,
    until: string | undefined,
    orderTypes: string[] | null,
  ): Date {
    if (length !== undefined) return new Date(now.getTime() + length * 60_000);
    const latest = now.getTime() + PAUSE_MAX_MINUTES * 60_000;
    if (until === 'nextOpening') {
      // A delivery-only pause lasts until delivery opens again; otherwise until the shop opens again.
      const type: OrderType =
        orderTypes?.length === 1 && orderTypes[0] === 'delivery' ? 'delivery' : 'takeaway';
      const next = nextOpening(hoursForOrderType(branchContract(branch), type), now);
      if (!next || next.getTime() > latest)
        throw new DomainError('validation', t('pause.noNextOpening'), 'until', 'pause_until');
      return next;
    }
    const end = new Date(until!);
    if (end <= now || end.getTime() > latest) throw reasonError('validation', 'pause_until', 'until');
    return end;
  }

  private change(
    ctx: RequestContext,
    rawId: string,
    action: string,
    apply: (branch: Branch, now: Date) => void,
  ): Promise<PauseState> {
    const id = parseId(rawId, 'Filiale');
    if (!ctx.mayAccessBranch(id)) throw new DomainError('forbidden', HTTP_MESSAGES.forbidden);
    return this.connection.withTransaction(ctx, async (em) => {
      // Two taps at once apply one after the other (the row lock; the delivery areas join cannot be locked).
      await em.query('SELECT id FROM branch WHERE id = $1 FOR UPDATE', [id]);
      const branch = await em.getRepository(Branch).findOne({ where: { id } });
      if (!branch) throw new DomainError('not_found', 'Filiale wurde nicht gefunden.');
      const before = { orderingPause: branch.orderingPause, busyMode: branch.busyMode };
      apply(branch, this.clock.now());
      await em.update(Branch, { id }, { orderingPause: branch.orderingPause, busyMode: branch.busyMode });
      const after = { orderingPause: branch.orderingPause, busyMode: branch.busyMode };
      await this.events.publish(ctx, 'entity.action', {
        entityType: 'branches',
        entityId: id,
        action,
        changes: diff(before, after),
        trackVersion: true,
      });
      // Every board of the branch shows the new state at once (the event stream), not at its next reload.
      await this.events.publish(ctx, 'branch.pause', { branchId: id, ...after });
      return after;
    });
  }
}
