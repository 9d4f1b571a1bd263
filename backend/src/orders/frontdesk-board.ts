import {
  applyDecorators,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Injectable,
  Param,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiBody,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ORDER_STATUS_ACTIONS, type OrderStatusAction, type SoldOutState } from '@ordering/common';
import type { Request, Response } from 'express';
import { RetryLater } from '../auth/login-throttle.service.js';
import { Ctx, Public } from '../core/decorators.js';
import { DomainError } from '../core/errors.js';
import { parseId } from '../core/input.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { jsonSchemaOf } from '../core/openapi.js';
import { RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import { TimeClockService } from '../operations/time-tracking/time-clock.service.js';
import { statusActionSchema } from './order.schemas.js';
import { BranchPauseService, busySchema, pauseSchema, type PauseState } from './branch-pause.service.js';
import { OrdersService } from './orders.service.js';
import { SoldOutService, soldOutSchema } from './sold-out.service.js';
import { assertFrontdeskEnabled, frontdeskTerminal } from './ticket-screen.js';
import { errorSchema } from '../core/openapi.js';

const ORDER_NOT_FOUND = 'Bestellung wurde nicht gefunden.';

/** The counter's pause row: the branch routes `POST/DELETE …/pause` and `…/busy`. */
export type CounterPauseChange = 'pause' | 'resume' | 'busy' | 'calm';

/** Who acts at the counter: the terminal (key in the path) and the person (id from the tiles, PIN). */
export interface CounterCredentials {
  branchId: string;
  apiKey: string;
  userId: string | undefined;
  pin: string | undefined;
  ip: string | null;
}

/**
 * The front-desk board on a paired terminal (docs/decisions/frontdesk-board.md): the device key reads the
 * board, but never changes an order by itself. Each action names the person by the staff PIN of the time
 * clock (same throttles) and runs as that person: their permissions, their branches, their name in the
 * audit log.
 */
@Injectable()
export class FrontdeskBoardService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly pins: TimeClockService,
    private readonly orders: OrdersService,
    private readonly pauses: BranchPauseService,
    private readonly soldOut: SoldOutService,
  ) {}

  /**
   * What is sold out now at the terminal's branch, with who marked it (the key alone reads it, as it reads
   * the board with the customers' names).
   * @throws DomainError unauthorized (key), forbidden (plugin off).
   */
  async soldOutList(branchId: string, apiKey: string): Promise<SoldOutState> {
    const em = this.connection.manager();
    await assertFrontdeskEnabled(em);
    const terminal = await frontdeskTerminal(em, branchId, apiKey);
    if (!terminal) throw new DomainError('unauthorized', HTTP_MESSAGES.unauthorized);
    return this.soldOut.staffList(terminal.branchId);
  }

  /**
   * Marks a product or an option of the terminal's branch sold out (`body` as `POST /api/branches/{id}/sold-out`)
   * or makes a mark available again (`entryId`), as the person whose PIN came with it: `markedBy` and the
   * audit entry name that person (docs/decisions/kitchen.md).
   * @throws DomainError unauthorized (key, PIN), forbidden (plugin off, no permission, other branch),
   *   validation, not_found; RetryLater (too many wrong PINs).
   */
  async changeSoldOut(
    c: CounterCredentials,
    change: { mark: unknown } | { remove: string },
    requestId?: string,
  ): Promise<unknown> {
    const { ctx, terminal } = await this.asPerson(c, requestId);
    const branchId = String(terminal.branchId);
    return 'mark' in change
      ? this.soldOut.mark(ctx, branchId, change.mark)
      : this.soldOut.remove(ctx, branchId, change.remove);
  }

  /**
   * A status step of one order, as the person whose PIN came with it.
   * @throws DomainError unauthorized (key, PIN), forbidden (plugin off, no permission, other branch),
   *   not_found, conflict; RetryLater (too many wrong PINs).
   */
  async changeStatus(
    c: CounterCredentials,
    orderId: number,
    action: OrderStatusAction,
    body: unknown,
    requestId?: string,
  ) {
    const { ctx, terminal } = await this.asPerson(c, requestId);
    const em = this.connection.manager();
    // And the terminal's: its board holds its branch's orders only, whoever stands at it.
    const rows: Array<{ branch_id: number | null }> = await em.query(
      'SELECT branch_id FROM customer_order WHERE id = $1',
      [orderId],
    );
    if (rows[0] && Number(rows[0].branch_id) !== terminal.branchId)
      throw new DomainError('not_found', ORDER_NOT_FOUND);
    return this.orders.changeStatus(ctx, orderId, action, body);
  }

  /**
   * Pause, resume, busy mode or its end for the terminal's branch, as the person whose PIN came with it
   * (the branch routes' permission and service; docs/decisions/frontdesk-board.md).
   * @throws DomainError unauthorized (key, PIN), forbidden (plugin off, no permission, other branch),
   *   validation; RetryLater (too many wrong PINs).
   */
  async changePause(
    c: CounterCredentials,
    change: CounterPauseChange,
    body: unknown,
    requestId?: string,
  ): Promise<PauseState> {
    const { ctx, terminal } = await this.asPerson(c, requestId);
    const branchId = String(terminal.branchId);
    switch (change) {
      case 'pause':
        return this.pauses.pause(ctx, branchId, body);
      case 'resume':
        return this.pauses.resume(ctx, branchId);
      case 'busy':
        return this.pauses.busy(ctx, branchId, body);
      case 'calm':
        return this.pauses.calm(ctx, branchId);
    }
  }

  /**
   * The terminal (its key in the path) and the person (id and PIN, the time clock's check and throttles),
   * as a request context of that person holding the permission the counter's actions need.
   */
  private async asPerson(c: CounterCredentials, requestId?: string) {
    const em = this.connection.manager();
    await assertFrontdeskEnabled(em);
    const terminal = await frontdeskTerminal(em, c.branchId, c.apiKey);
    if (!terminal) throw new DomainError('unauthorized', HTTP_MESSAGES.unauthorized);
    if (!(c.userId ?? '').trim())
      throw new DomainError('validation', 'Bitte wählen Sie Ihren Namen.', 'userId');
    const { user } = await this.pins.authenticate({
      branchId: c.branchId,
      apiKey: c.apiKey,
      userId: c.userId,
      username: undefined,
      accessToken: c.pin,
      ip: c.ip,
    });
    const ctx = new RequestContext(
      {
        id: user.id,
        username: user.username,
        roles: user.roles,
        branchIds: (user.branches ?? []).map((b) => b.id),
      },
      'device',
      requestId,
    );
    // The same checks as the person's own account: the permission here, the branch scope in the service.
    if (!ctx.can('orders:write')) throw new DomainError('forbidden', HTTP_MESSAGES.forbidden);
    return { ctx, terminal };
  }
}

/** The terminal's key in the path and the person's id and PIN in headers, with the answers they may get. */
const counterAuthDoc = () =>
  applyDecorators(
    Public(),
    HttpCode(200),
    ApiParam({ name: 'branchId', type: 'integer' }),
    ApiParam({
      name: 'apiKey',
      type: 'string',
      description: 'Schlüssel eines Front-Desk-Geräts der Filiale',
    }),
    ApiHeader({
      name: 'X-User-Id',
      required: true,
      description: 'Id aus der Namensliste (Zeiterfassung …/staff)',
    }),
    ApiHeader({ name: 'X-Access-Token', required: true, description: 'PIN der Person (4–8 Ziffern)' }),
    ApiOkResponse({ schema: { type: 'object', properties: { data: { type: 'object' } } } }),
    ApiResponse({ status: 401, description: 'Schlüssel oder PIN falsch', schema: errorSchema }),
    ApiResponse({ status: 403, description: 'Keine Berechtigung oder andere Filiale', schema: errorSchema }),
    ApiResponse({ status: 429, description: 'Zu viele falsche PINs; Retry-After', schema: errorSchema }),
  );

@ApiTags('orders')
@Controller('orders')
export class FrontdeskBoardController {
  constructor(private readonly board: FrontdeskBoardService) {}

  @Post('frontdesk/:branchId/:apiKey/:id/status/:action')
  @counterAuthDoc()
  @ApiOperation({
    summary:
      'Thekenansicht: Statusänderung am Front-Desk-Gerät, ausgeführt und protokolliert als die Person mit dieser PIN',
  })
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiParam({ name: 'action', enum: [...ORDER_STATUS_ACTIONS] })
  @ApiBody({ schema: jsonSchemaOf(statusActionSchema), required: false })
  status(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Param('action') action: string,
    @Body() body: unknown,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    if (!(ORDER_STATUS_ACTIONS as readonly string[]).includes(action))
      throw new DomainError('not_found', HTTP_MESSAGES.notFound);
    return this.asPerson(req, res, (c) =>
      this.board.changeStatus(c, parseId(id, 'Bestellung'), action as OrderStatusAction, body, ctx.requestId),
    );
  }

  @Post('frontdesk/:branchId/:apiKey/pause')
  @counterAuthDoc()
  @ApiOperation({
    summary:
      'Thekenansicht: Bestellungen pausieren wie POST /api/branches/{id}/pause, als die Person mit dieser PIN',
  })
  @ApiBody({ schema: jsonSchemaOf(pauseSchema) })
  pause(
    @Ctx() ctx: RequestContext,
    @Body() body: unknown,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.asPerson(req, res, (c) => this.board.changePause(c, 'pause', body, ctx.requestId));
  }

  @Delete('frontdesk/:branchId/:apiKey/pause')
  @counterAuthDoc()
  @ApiOperation({ summary: 'Thekenansicht: Pause beenden, als die Person mit dieser PIN' })
  resume(@Ctx() ctx: RequestContext, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.asPerson(req, res, (c) => this.board.changePause(c, 'resume', undefined, ctx.requestId));
  }

  @Post('frontdesk/:branchId/:apiKey/busy')
  @counterAuthDoc()
  @ApiOperation({
    summary: 'Thekenansicht: „Viel los“ wie POST /api/branches/{id}/busy, als die Person mit dieser PIN',
  })
  @ApiBody({ schema: jsonSchemaOf(busySchema), required: false })
  busy(
    @Ctx() ctx: RequestContext,
    @Body() body: unknown,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.asPerson(req, res, (c) => this.board.changePause(c, 'busy', body, ctx.requestId));
  }

  @Delete('frontdesk/:branchId/:apiKey/busy')
  @counterAuthDoc()
  @ApiOperation({ summary: 'Thekenansicht: „Viel los“ beenden, als die Person mit dieser PIN' })
  calm(@Ctx() ctx: RequestContext, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.asPerson(req, res, (c) => this.board.changePause(c, 'calm', undefined, ctx.requestId));
  }

  @Get('frontdesk/:branchId/:apiKey/sold-out')
  @Public()
  @ApiParam({ name: 'branchId', type: 'integer' })
  @ApiParam({ name: 'apiKey', type: 'string', description: 'Schlüssel eines Front-Desk-Geräts der Filiale' })
  @ApiOperation({
    summary:
      'Thekenansicht: was jetzt ausverkauft ist, mit markedBy (wie GET /api/branches/{id}/sold-out für Personal)',
  })
  @ApiOkResponse({ schema: { type: 'object', properties: { data: { type: 'object' } } } })
  @ApiResponse({ status: 401, description: 'Schlüssel falsch', schema: errorSchema })
  soldOutList(@Param('branchId') branchId: string, @Param('apiKey') apiKey: string) {
    return this.board.soldOutList(branchId, apiKey);
  }

  @Post('frontdesk/:branchId/:apiKey/sold-out')
  @counterAuthDoc()
  @ApiOperation({
    summary:
      'Thekenansicht: als ausverkauft markieren wie POST /api/branches/{id}/sold-out, als die Person mit dieser PIN (markedBy)',
  })
  @ApiBody({ schema: jsonSchemaOf(soldOutSchema) })
  markSoldOut(
    @Ctx() ctx: RequestContext,
    @Body() body: unknown,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.asPerson(req, res, (c) => this.board.changeSoldOut(c, { mark: body }, ctx.requestId));
  }

  @Delete('frontdesk/:branchId/:apiKey/sold-out/:entryId')
  @counterAuthDoc()
  @ApiParam({ name: 'entryId', type: 'string' })
  @ApiOperation({
    summary: 'Thekenansicht: wieder verfügbar (Markierung entfernen), als die Person mit dieser PIN',
  })
  releaseSoldOut(
    @Ctx() ctx: RequestContext,
    @Param('entryId') entryId: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.asPerson(req, res, (c) => this.board.changeSoldOut(c, { remove: entryId }, ctx.requestId));
  }

  /** Runs `act` with the request's counter credentials; too many wrong PINs answer with `Retry-After`. */
  private async asPerson<T>(
    req: Request,
    res: Response,
    act: (c: CounterCredentials) => Promise<T>,
  ): Promise<T> {
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const credentials: CounterCredentials = {
      branchId: String(req.params.branchId),
      apiKey: String(req.params.apiKey),
      userId: header('x-user-id'),
      pin: header('x-access-token'),
      ip: req.ip ?? null,
    };
    try {
      return await act(credentials);
    } catch (error) {
      if (error instanceof RetryLater) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  }
}
