import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AUTHENTICATOR, type Authenticator } from '../auth/auth.guard.js';
import { DeviceAuthenticator } from '../auth/device-authenticator.js';
import { Allow, Ctx, ForDevices, Public } from '../core/decorators.js';
import { deviceScopes } from '../core/device-scopes.js';
import { DomainError } from '../core/errors.js';
import { parseId } from '../core/input.js';
import type { RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { assertFrontdeskEnabled, frontdeskTerminal, ticketScreenAccess } from '../orders/ticket-screen.js';
import { EventStream, lastEventIdOf } from './event-stream.js';
import { EventStreamHub, type StreamHolder, type StreamScope } from './event-stream.hub.js';

const ORDER_NOT_FOUND = 'Bestellung wurde nicht gefunden.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * What the caller's stream carries: staff their branches; a front desk its branch's events; another
 * device what is addressed to it (a device without a branch: nothing).
 */
function scopeOf(ctx: RequestContext): StreamScope {
  const device = ctx.device;
  if (!device) return { kind: 'staff', branches: ctx.branchScope() };
  const scopes = deviceScopes(device);
  if (scopes.includes('orders')) return { kind: 'staff', branches: device.branchId ? [device.branchId] : [] };
  return {
    kind: 'device',
    branchId: device.branchId ?? -1,
    deviceId: device.id,
    print: scopes.includes('print'),
  };
}

/** The live order events as Server-Sent Events (see docs/decisions/jobs.md "Live events"). */
@ApiTags('events')
@Controller()
export class EventsController {
  constructor(
    private readonly hub: EventStreamHub,
    private readonly connection: TransactionalConnection,
    @Inject(AUTHENTICATOR) private readonly users: Authenticator,
    private readonly devices: DeviceAuthenticator,
  ) {}

  /**
   * Staff (session or API token with `orders:read`, scoped to the user's branches) or a device
   * (`Authorization: Bearer <device key>`): a front desk gets its branch's events, any other device only
   * the print jobs addressed to it (when it prints) and the commands for it. The stream ends when its
   * credential does (sign-out, new password, account or device disabled, device unpaired or re-keyed).
   */
  @Allow('orders:read')
  @ForDevices('device')
  @EventStream(
    'events',
    'Live-Ereignisse der Bestellungen (Personal oder Gerät, nur eigene Filialen)',
    'order.created, order.updated, order.status, print.job',
  )
  async staff(@Ctx() ctx: RequestContext, @Req() req: Request, @Res() res: Response): Promise<void> {
    const scope = scopeOf(ctx);
    const credential = ctx.device ? `device:${ctx.device.id}` : `user:${ctx.user!.id}`;
    const holder: StreamHolder = {
      address: req.ip ?? '',
      credential,
      // The same request, authenticated again: the same user or device, with the same scope.
      verify: async () => {
        const again = (await this.devices.authenticate(req)) ?? (await this.users.authenticate(req));
        const who = again.device ? `device:${again.device.id}` : again.user ? `user:${again.user.id}` : null;
        if (who !== credential || (!again.device && !again.can('orders:read'))) return false;
        return JSON.stringify(scopeOf(again)) === JSON.stringify(scope);
      },
    };
    await this.hub.attach(res, scope, lastEventIdOf(req), holder);
  }

  /** One order's status page: its status events only (no contact data), by the link's uid and hash. */
  @Public()
  @EventStream(
    'orders/public/:uid/:hash/events',
    'Live-Status einer Bestellung für die Statusseite',
    'order.* dieser Bestellung, ohne Kontaktdaten',
  )
  async order(
    @Ctx() ctx: RequestContext,
    @Param('uid') uid: string,
    @Param('hash') hash: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const orderUid = await this.checkOrder(ctx, uid, hash);
    await this.hub.attach(res, { kind: 'order', uid: orderUid }, lastEventIdOf(req), {
      address: req.ip ?? '',
    });
  }

  /**
   * A branch's front-desk ticket screen (a TV, no sign-in): `ticket` events (id, number, state, times) of
   * its takeaway and dine-in orders, nothing else; the key in the path is a ticket-screen device's key or
   * the branch's API key.
   */
  @Public()
  @EventStream(
    'orders/frontdesk/:branchId/:apiKey/events',
    'Live-Ticketnummern für den Abholbildschirm einer Filiale',
    'ticket; skip für Bestellungen, die der Bildschirm nicht zeigt',
  )
  async tickets(
    @Ctx() ctx: RequestContext,
    @Param('branchId') branchId: string,
    @Param('apiKey') apiKey: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const access = await ticketScreenAccess(this.connection.manager(ctx), branchId, apiKey);
    await this.hub.attach(res, { kind: 'tickets', branchId: access.branchId }, lastEventIdOf(req), {
      address: req.ip ?? '',
      credential: `screen:${access.branchId}`,
      verify: () =>
        ticketScreenAccess(this.connection.manager(ctx), branchId, apiKey).then(
          () => true,
          (error: unknown) => {
            if (error instanceof DomainError && error.code === 'unauthorized') return false;
            throw error;
          },
        ),
    });
  }

  /**
   * The front-desk board on a paired terminal (docs/decisions/frontdesk-board.md): its branch's order events,
   * as `GET /api/events` gives a front-desk device, with the terminal's key in the path (a browser's
   * EventSource sends no header). Only a front-desk device of that branch; the stream ends with its key.
   */
  @Public()
  @EventStream(
    'orders/frontdesk/:branchId/:apiKey/board-events',
    'Live-Ereignisse der Bestellungen für die Thekenansicht eines Front-Desk-Geräts',
    'order.created, order.updated, order.status, print.job',
  )
  async board(
    @Ctx() ctx: RequestContext,
    @Param('branchId') branchId: string,
    @Param('apiKey') apiKey: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const terminalOf = async () => {
      const em = this.connection.manager(ctx);
      await assertFrontdeskEnabled(em);
      return frontdeskTerminal(em, branchId, apiKey);
    };
    const terminal = await terminalOf();
    if (!terminal) throw new DomainError('unauthorized', HTTP_MESSAGES.unauthorized);
    await this.hub.attach(res, { kind: 'staff', branches: [terminal.branchId] }, lastEventIdOf(req), {
      address: req.ip ?? '',
      credential: `device:${terminal.deviceId}`,
      // A new key, a disabled device or the plugin switched off ends the stream.
      verify: () =>
        terminalOf().then(
          (again) => again?.deviceId === terminal.deviceId,
          (error: unknown) => {
            if (error instanceof DomainError) return false;
            throw error;
          },
        ),
    });
  }

  /**
   * A branch's sold-out changes for open storefronts and kiosks (public: the same view as
   * `GET /api/branches/{id}/sold-out`, each event the branch's whole current list).
   */
  @Public()
  @EventStream(
    'branches/:id/sold-out/events',
    'Live: Ausverkauft-Änderungen einer Filiale (availability.changed)',
    'availability.changed',
  )
  async availability(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const branchId = parseId(id, 'Filiale');
    const rows: Array<{ id: number }> = await this.connection
      .manager(ctx)
      .query('SELECT id FROM branch WHERE id = $1 AND is_public', [branchId]);
    if (!rows[0]) throw new DomainError('not_found', 'Filiale wurde nicht gefunden.');
    await this.hub.attach(res, { kind: 'availability', branchId }, lastEventIdOf(req), {
      address: req.ip ?? '',
    });
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
