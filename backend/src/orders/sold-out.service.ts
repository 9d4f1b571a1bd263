import type { EntityManager } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  activeSoldOut,
  hoursForOrderType,
  nextOpening,
  publicSoldOut,
  t,
  type SoldOutEntry,
  type SoldOutState,
} from '@ordering/common';
import { z } from 'zod';
import { Branch } from '../branches/branch.entity.js';
import { Product } from '../catalog/product.entity.js';
import { Clock } from '../core/clock.js';
import { DomainError, reasonError } from '../core/errors.js';
import { EventBus } from '../core/events.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { parseId } from '../core/input.js';
import type { RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import { fields, parseInput } from '../core/validation.js';
import { branchContract } from './order-pricing.js';

/** `POST /api/branches/{id}/sold-out`: a product, or one option (by name) of one of its parts (by index). */
export const soldOutSchema = z
  .object({
    product: fields.ref(),
    part: z.number().int().min(0).max(1000).nullish(),
    option: z.string().trim().min(1).max(200).nullish(),
    until: z.literal('closing').nullable(),
  })
  .strict();

const BRANCH_NOT_FOUND = 'Filiale wurde nicht gefunden.';
const ENTRY_NOT_FOUND = 'Dieser Eintrag ist nicht (mehr) als ausverkauft markiert.';

declare module '../core/events.js' {
  interface DomainEventMap {
    /** Staff marked something sold out or available again (the branch's marks that count after it). */
    'availability.changed': SoldOutState;
  }
}

/**
 * Sold out ("ausverkauft", docs/decisions/kitchen.md): staff of a branch mark a product or an option of
 * one of its parts as not orderable, until the branch's next opening or until removed. The marks live on
 * the branch row (locked while changed), each change with its audit entry and a live event.
 */
@Injectable()
export class SoldOutService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly events: EventBus,
    private readonly clock: Clock,
  ) {}

  /** What is sold out now; staff of the branch also see who marked it. */
  async list(ctx: RequestContext, rawId: string): Promise<SoldOutState> {
    const id = parseId(rawId, 'Filiale');
    const branch = await this.connection
      .getRepository(ctx, Branch)
      .findOne({ where: { id }, select: { id: true, isPublic: true, soldOut: true } });
    const staff = ctx.can('orders:read') && ctx.mayAccessBranch(id);
    if (!branch || (!branch.isPublic && !staff)) throw new DomainError('not_found', BRANCH_NOT_FOUND);
    const state = { branchId: id, entries: activeSoldOut(branch.soldOut ?? [], this.clock.now()) };
    return staff ? state : publicSoldOut(state);
  }

  /**
   * What is sold out now at a branch, with who marked it: for callers that proved their right to the
   * branch's staff view themselves (the counter board's device key).
   */
  async staffList(branchId: number): Promise<SoldOutState> {
    const branch = await this.connection
      .manager()
      .getRepository(Branch)
      .findOne({ where: { id: branchId }, select: { id: true, soldOut: true } });
    if (!branch) throw new DomainError('not_found', BRANCH_NOT_FOUND);
    return { branchId, entries: activeSoldOut(branch.soldOut ?? [], this.clock.now()) };
  }

  /**
   * Marks a product or an option sold out (a mark of the same product and option is replaced).
   * @throws DomainError validation (unknown product, part or option; no next opening), forbidden, not_found.
   */
  async mark(ctx: RequestContext, rawId: string, body: unknown): Promise<SoldOutEntry> {
    const input = parseInput(soldOutSchema, body);
    const part = input.part ?? null;
    const option = input.option ?? null;
    if ((part === null) !== (option === null))
      throw new DomainError('validation', t('soldOut.optionUnknown'), part === null ? 'part' : 'option');
    let created: SoldOutEntry | undefined;
    await this.change(ctx, rawId, 'sold-out', async (em, branch, entries, now) => {
      const product = await em.getRepository(Product).findOne({ where: { id: input.product.id } });
      if (!product) throw reasonError('validation', 'product_unknown', 'product');
      let partName: string | null = null;
      if (part !== null) {
        const found = product.config?.parts?.[part];
        if (!found) throw new DomainError('validation', t('soldOut.optionUnknown'), 'part');
        if (!found.options.some((o) => o.name === option))
          throw new DomainError('validation', t('soldOut.optionUnknown'), 'option');
        partName = found.name;
      }
      let until: string | null = null;
      if (input.until === 'closing') {
        const next = nextOpening(hoursForOrderType(branchContract(branch), 'takeaway'), now);
        if (!next) throw new DomainError('validation', t('soldOut.noNextOpening'), 'until');
        until = next.toISOString();
      }
      created = {
        id: randomUUID(),
        product: { id: product.id, name: product.name },
        part,
        partName,
        option,
        until,
        markedAt: now.toISOString(),
        markedBy: await this.markedBy(em, ctx),
      };
      const same = (e: SoldOutEntry) => e.product.id === product.id && e.part === part && e.option === option;
      return [...entries.filter((e) => !same(e)), created];
    });
    return created!;
  }

  /** Makes a mark's product or option available again ("wieder verfügbar"). */
  async remove(ctx: RequestContext, rawId: string, entryId: string): Promise<SoldOutState> {
    return this.change(ctx, rawId, 'sold-out-end', (_em, _branch, entries) => {
      if (!entries.some((e) => e.id === entryId)) throw new DomainError('not_found', ENTRY_NOT_FOUND);
      return Promise.resolve(entries.filter((e) => e.id !== entryId));
    });
  }

  /** The person, or the kitchen display by its device name. */
  private async markedBy(em: EntityManager, ctx: RequestContext): Promise<SoldOutEntry['markedBy']> {
    if (ctx.user) return { id: ctx.user.id, name: ctx.user.username };
    if (!ctx.device) return null;
    const rows: Array<{ name: string }> = await em.query('SELECT name FROM device WHERE id = $1', [
      ctx.device.id,
    ]);
    return { id: null, name: rows[0]?.name ?? `Gerät ${ctx.device.id}`, deviceId: ctx.device.id };
  }

  /** One change under the branch row's lock, with its audit entry and the live event; expired marks go. */
  private async change(
    ctx: RequestContext,
    rawId: string,
    action: string,
    apply: (
      em: import('typeorm').EntityManager,
      branch: Branch,
      entries: SoldOutEntry[],
      now: Date,
    ) => Promise<SoldOutEntry[]>,
  ): Promise<SoldOutState> {
    const id = parseId(rawId, 'Filiale');
    // A kitchen display acts for its own branch only; staff for the branches they work in.
    if (ctx.device ? ctx.device.branchId !== id : !ctx.mayAccessBranch(id))
      throw new DomainError('forbidden', HTTP_MESSAGES.forbidden);
    return this.connection.withTransaction(ctx, async (em) => {
      await em.query('SELECT id FROM branch WHERE id = $1 FOR UPDATE', [id]);
      const branch = await em.getRepository(Branch).findOne({ where: { id } });
      if (!branch) throw new DomainError('not_found', BRANCH_NOT_FOUND);
      const now = this.clock.now();
      const before = activeSoldOut(branch.soldOut ?? [], now);
      const after = await apply(em, branch, before, now);
      await em.update(Branch, { id }, { soldOut: after });
      const beforeIds = new Set(before.map((e) => e.id));
      const afterIds = new Set(after.map((e) => e.id));
      await this.events.publish(ctx, 'entity.action', {
        entityType: 'branches',
        entityId: id,
        action,
        changes: {
          soldOut: {
            added: after.filter((e) => !beforeIds.has(e.id)),
            removed: before.filter((e) => !afterIds.has(e.id)),
          },
          // A display has no user: the audit entry names the device.
          ...(ctx.device ? { device: await this.markedBy(em, ctx) } : {}),
        },
        trackVersion: false,
      });
      const state = { branchId: id, entries: after };
      await this.events.publish(ctx, 'availability.changed', state);
      return state;
    });
  }
}
