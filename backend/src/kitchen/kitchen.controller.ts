import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { deviceOfKey } from '../auth/device-authenticator.js';
import { Allow, Ctx, ForDevices, Public } from '../core/decorators.js';
import { DomainError } from '../core/errors.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import type { RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import { EventStream, lastEventIdOf } from '../events/event-stream.js';
import { EventStreamHub } from '../events/event-stream.hub.js';
import { KitchenService } from './kitchen.service.js';

const object = (description: string) => ({
  description,
  schema: { type: 'object', properties: { data: { type: 'object' } } },
});
const stationQuery = ApiQuery({
  name: 'station',
  required: true,
  type: 'integer',
  description: 'die Station',
});

/**
 * The kitchen display's data (docs/decisions/kitchen.md): staff of the branch (session or API token) or
 * the branch's `kitchen-display` device (`Authorization: Bearer <device key>`).
 */
@ApiTags('kitchen')
@Controller('kitchen')
export class KitchenController {
  constructor(
    private readonly kitchen: KitchenService,
    private readonly hub: EventStreamHub,
    private readonly connection: TransactionalConnection,
  ) {}

  @Allow('orders:read')
  @ForDevices('kitchen')
  @Get(':branchId/tickets')
  @ApiBearerAuth()
  @stationQuery
  @ApiOperation({
    summary: 'Offene Bons einer Station (mit Stufen, erledigten Positionen, zuletzt fertigen)',
  })
  @ApiOkResponse(object('KitchenBoard aus common/src/contract/kitchen.ts'))
  tickets(
    @Ctx() ctx: RequestContext,
    @Param('branchId') branchId: string,
    @Query('station') station: unknown,
  ) {
    return this.kitchen.board(ctx, branchId, station);
  }

  @Allow('orders:write')
  @ForDevices('kitchen')
  @Post(':branchId/tickets/:orderId/bump')
  @HttpCode(200)
  @ApiBearerAuth()
  @stationQuery
  @ApiBody({
    schema: {
      type: 'object',
      properties: { expectedStage: { type: 'integer' }, recall: { type: 'boolean' } },
      required: ['expectedStage'],
    },
  })
  @ApiOperation({
    summary: 'Bon eine Stufe weiter (oder mit recall zurück), nur wenn er auf expectedStage steht',
  })
  @ApiOkResponse(object('der Bon (KitchenTicket) wie er jetzt steht'))
  bump(
    @Ctx() ctx: RequestContext,
    @Param('branchId') branchId: string,
    @Param('orderId') orderId: string,
    @Query('station') station: unknown,
    @Body() body: unknown,
  ) {
    return this.kitchen.bump(ctx, branchId, orderId, station, body);
  }

  @Allow('orders:write')
  @ForDevices('kitchen')
  @Post(':branchId/tickets/:orderId/items/:index')
  @HttpCode(200)
  @ApiBearerAuth()
  @stationQuery
  @ApiBody({ schema: { type: 'object', properties: { done: { type: 'boolean' } }, required: ['done'] } })
  @ApiOperation({ summary: 'Position eines Bons erledigt (oder wieder offen)' })
  @ApiOkResponse(object('der Bon (KitchenTicket) wie er jetzt steht'))
  item(
    @Ctx() ctx: RequestContext,
    @Param('branchId') branchId: string,
    @Param('orderId') orderId: string,
    @Param('index') index: string,
    @Query('station') station: unknown,
    @Body() body: unknown,
  ) {
    return this.kitchen.markItem(ctx, branchId, orderId, index, station, body);
  }

  @Allow('orders:read')
  @ForDevices('kitchen')
  @Get(':branchId/settings')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Küchen-Einstellungen der Filiale (Stufen, Farbschwellen, Abholbereit)' })
  @ApiOkResponse(object('KitchenSettings'))
  async settings(@Ctx() ctx: RequestContext, @Param('branchId') branchId: string) {
    const id = this.kitchen.branchOf(ctx, branchId);
    return this.kitchen.settings(this.connection.manager(ctx), id);
  }

  @Allow('organisation:write')
  @Put(':branchId/settings')
  @ApiBody({ schema: { type: 'object' } })
  @ApiOperation({ summary: 'Küchen-Einstellungen der Filiale ändern' })
  @ApiOkResponse(object('KitchenSettings'))
  saveSettings(@Ctx() ctx: RequestContext, @Param('branchId') branchId: string, @Body() body: unknown) {
    return this.kitchen.saveSettings(ctx, branchId, body);
  }

  /**
   * The live events of a kitchen display opened with a device key (a browser's EventSource sends no
   * header, so the key is in the path, as on the front-desk board): its branch's order and `kitchen.*`
   * events. Only an enabled `kitchen-display` device of that branch; the stream ends with its key.
   */
  @Public()
  @EventStream(
    ':branchId/display/:apiKey/events',
    'Live-Ereignisse für das Küchendisplay eines Geräts (kitchen.*, order.*)',
    'kitchen.*, order.*, print.job der Filiale',
  )
  async events(
    @Ctx() ctx: RequestContext,
    @Param('branchId') branchId: string,
    @Param('apiKey') apiKey: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const displayOf = async () => {
      const device = await deviceOfKey(this.connection.manager(ctx), apiKey);
      return device && device.type === 'kitchen-display' && String(device.branchId) === branchId
        ? device
        : null;
    };
    const device = await displayOf();
    if (!device) throw new DomainError('unauthorized', HTTP_MESSAGES.unauthorized);
    await this.hub.attach(res, { kind: 'staff', branches: [device.branchId!] }, lastEventIdOf(req), {
      address: req.ip ?? '',
      credential: `device:${device.id}`,
      verify: () => displayOf().then((again) => again?.id === device.id),
    });
  }
}
