import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Ctx, Public } from '../core/decorators.js';
import { DomainError } from '../core/errors.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import type { RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import { Device } from '../operations/devices/device.entity.js';
import { hashDeviceKey } from '../operations/devices/device-key.service.js';
import { ticketScreenAccess } from '../orders/ticket-screen.js';
import { EventStreamHub, type StreamScope } from './event-stream.hub.js';

const ORDER_NOT_FOUND = 'Bestellung wurde nicht gefunden.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Last-Event-ID` from the header (EventSource's reconnect) or `?lastEventId=` (a first connect). */
function lastEventIdOf(req: Request): number | null {
  const raw =
    req.header('last-event-id') ?? (typeof req.query.lastEventId === 'string' ? req.query.lastEventId : '');
  return /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

const streamDoc = ApiOkResponse({
  description:
    'Server-Sent Events: `id:` (Ereignis-ID), `event:` (order.created, order.updated, order.status, print.job), `data:` JSON; alle 15 s ein Kommentar als Heartbeat.',
  schema: { type: 'string' },
});

/** The live order events as Server-Sent Events (see docs/decisions/jobs.md "Live events"). */
@ApiTags('events')
@Controller()
export class EventsController {
  constructor(
    private readonly hub: EventStreamHub,
    private readonly connection: TransactionalConnection,
  ) {}

  /**
   * Staff (session or API token with `orders:read`, scoped to the user's branches) or a device
   * (`Authorization: Bearer <device key>`, scoped to its branch). The guard cannot check device keys,
   * so the route is public to the guard and authenticates here: 401 for nobody, 403 without permission.
   */
  @Public()
  @Get('events')
  @ApiOperation({ summary: 'Live-Ereignisse der Bestellungen (Personal oder Gerät, nur eigene Filialen)' })
  @ApiProduces('text/event-stream')
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'fortsetzen nach dieser Ereignis-ID' })
  @ApiQuery({ name: 'lastEventId', required: false, type: 'integer' })
  @streamDoc
  async staff(@Ctx() ctx: RequestContext, @Req() req: Request, @Res() res: Response): Promise<void> {
    const scope = await this.staffScope(ctx, req);
    await this.hub.attach(res, scope, lastEventIdOf(req));
  }

  /** One order's status page: its status events only (no contact data), by the link's uid and hash. */
  @Public()
  @Get('orders/public/:uid/:hash/events')
  @ApiOperation({ summary: 'Live-Status einer Bestellung für die Statusseite' })
  @ApiProduces('text/event-stream')
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'fortsetzen nach dieser Ereignis-ID' })
  @ApiQuery({ name: 'lastEventId', required: false, type: 'integer' })
  @streamDoc
  async order(
    @Ctx() ctx: RequestContext,
    @Param('uid') uid: string,
    @Param('hash') hash: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const orderUid = await this.checkOrder(ctx, uid, hash);
    await this.hub.attach(res, { kind: 'order', uid: orderUid }, lastEventIdOf(req));
  }

  /**
   * A branch's front-desk ticket screen (a TV, no sign-in): `ticket` events (id, number, state, times) of
   * its takeaway and dine-in orders, nothing else; the key in the path is a ticket-screen device's key or
   * the branch's API key.
   */
  @Public()
  @Get('orders/frontdesk/:branchId/:apiKey/events')
  @ApiOperation({ summary: 'Live-Ticketnummern für den Abholbildschirm einer Filiale' })
  @ApiProduces('text/event-stream')
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'fortsetzen nach dieser Ereignis-ID' })
  @ApiQuery({ name: 'lastEventId', required: false, type: 'integer' })
  @streamDoc
  async tickets(
    @Ctx() ctx: RequestContext,
    @Param('branchId') branchId: string,
    @Param('apiKey') apiKey: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const access = await ticketScreenAccess(this.connection.manager(ctx), branchId, apiKey);
    await this.hub.attach(res, { kind: 'tickets', branchId: access.branchId }, lastEventIdOf(req));
  }

  private async staffScope(ctx: RequestContext, req: Request): Promise<StreamScope> {
    if (ctx.user) {
      if (!ctx.can('orders:read')) throw new DomainError('forbidden', HTTP_MESSAGES.forbidden);
      return { kind: 'staff', branches: ctx.branchScope() };
    }
    const key = /^Bearer\s+(\S+)\s*$/i.exec(req.header('authorization') ?? '')?.[1];
    if (key) {
      const device = await this.connection
        .getRepository(ctx, Device)
        .createQueryBuilder('d')
        .leftJoin('d.branch', 'b')
        .addSelect('b.id')
        .where('d.apiKeyHash = :hash AND d.isEnabled', { hash: hashDeviceKey(key) })
        .getOne();
      if (device) return { kind: 'staff', branches: device.branch ? [device.branch.id] : [] };
    }
    throw new DomainError('unauthorized', HTTP_MESSAGES.unauthorized);
  }

  /** The order's uid when the hash is right; an unknown uid and a wrong hash are the same 404. */
  private async checkOrder(ctx: RequestContext, uid: string, hash: string): Promise<string> {
    let stored: string | undefined;
    if (UUID.test(uid)) {
      const rows: Array<{ hash: string }> = await this.connection
        .manager(ctx)
        .query(`SELECT hash FROM customer_order WHERE uid = $1`, [uid.toLowerCase()]);
      stored = rows[0]?.hash;
    }
    // Compared even for an unknown uid, in constant time, so timing tells nothing.
    const ok = timingSafeEqual(digest(hash), digest(stored ?? 'x'.repeat(32)));
    if (!stored || !ok) throw new DomainError('not_found', ORDER_NOT_FOUND);
    return uid.toLowerCase();
  }
}
