import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  type ApiResponseNoStatusOptions,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { Allow, Ctx, ForDevices, Public } from '../core/decorators.js';
import type { RequestContext } from '../core/request-context.js';
import { parseId } from '../core/input.js';
import { DeviceCommandsService } from './device-commands.service.js';
import { deviceOf } from './device-heartbeat.service.js';
import { DevicePairingService } from './device-pairing.service.js';

const data = (properties: Record<string, unknown>): ApiResponseNoStatusOptions =>
  ({
    schema: {
      type: 'object',
      properties: { data: { type: 'object', properties } },
      required: ['data'],
    },
  }) as ApiResponseNoStatusOptions;

/**
 * Pairing a terminal with a device (docs/decisions/terminal.md) and what staff do to a paired terminal:
 * test notification, logs request, status (paired, online, logs). The pairing routes are public and
 * check the pairing secret; `me/logs` and `me/signage` take the device key (the guard's device
 * authenticator).
 */
@ApiTags('devices')
@Controller('devices')
export class DevicePairingController {
  constructor(
    private readonly pairing: DevicePairingService,
    private readonly commands: DeviceCommandsService,
  ) {}

  @Public()
  @Post('pairing')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Terminal: Kopplung beginnen (Code zum Anzeigen, Geheimnis zum Abholen des Schlüssels)',
  })
  @ApiOkResponse(
    data({
      code: { type: 'string', example: 'K7QM-4TZP' },
      secret: { type: 'string' },
      expiresAt: { type: 'string', format: 'date-time' },
    }),
  )
  open(@Ctx() ctx: RequestContext) {
    return this.pairing.open(ctx);
  }

  @Public()
  @Get('pairing/:code')
  @ApiBearerAuth()
  @ApiParam({ name: 'code', type: 'string' })
  @ApiOperation({
    summary:
      'Terminal: Stand der Kopplung (Authorization: Bearer <Geheimnis>); einmal gekoppelt, kommt der Geräteschlüssel',
  })
  @ApiOkResponse(
    data({
      status: { type: 'string', enum: ['waiting', 'paired'] },
      expiresAt: { type: 'string', format: 'date-time' },
      deviceKey: { type: 'string' },
      device: { type: 'object' },
    }),
  )
  poll(@Ctx() ctx: RequestContext, @Param('code') code: string, @Req() req: Request) {
    return this.pairing.poll(ctx, code, req);
  }

  @Post(':id/pair')
  @Allow('devices:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiBody({ schema: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } })
  @ApiOperation({
    summary: 'Terminal mit dem angezeigten Code an dieses Gerät koppeln (alter Schlüssel erlischt)',
  })
  @ApiOkResponse(data({ id: { type: 'integer' }, code: { type: 'string' } }))
  pair(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: unknown) {
    return this.pairing.pair(ctx, parseId(id, 'Gerät'), body);
  }

  @Post(':id/unpair')
  @Allow('devices:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({ summary: 'Kopplung aufheben: der Geräteschlüssel erlischt sofort' })
  @ApiOkResponse(data({ id: { type: 'integer' }, paired: { type: 'boolean' } }))
  unpair(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.pairing.unpair(ctx, parseId(id, 'Gerät'));
  }

  @Post(':id/test/notification')
  @Allow('devices:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({ summary: 'Testbenachrichtigung auf dem Terminal anzeigen' })
  @ApiOkResponse(data({ deviceId: { type: 'integer' }, online: { type: 'boolean' } }))
  testNotification(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.commands.testNotification(ctx, parseId(id, 'Gerät'));
  }

  @Post(':id/request-device-logs')
  @Allow('devices:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({ summary: 'Das Terminal lädt seine letzten Logzeilen hoch (lesbar unter /status)' })
  @ApiOkResponse(
    data({ deviceId: { type: 'integer' }, requestedAt: { type: 'string', format: 'date-time' } }),
  )
  requestLogs(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.commands.requestLogs(ctx, parseId(id, 'Gerät'));
  }

  @Get(':id/status')
  @Allow('devices:read')
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({
    summary: 'Gekoppelt, online (Heartbeat jünger als 90 s) und die zuletzt hochgeladenen Logs',
  })
  @ApiOkResponse(
    data({
      id: { type: 'integer' },
      paired: { type: 'boolean' },
      apiKeyHint: { type: 'string', nullable: true },
      lastSeenAt: { type: 'string', format: 'date-time', nullable: true },
      online: { type: 'boolean' },
      logs: { type: 'object', nullable: true },
    }),
  )
  status(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.commands.status(ctx, parseId(id, 'Gerät'));
  }

  @ForDevices('signage')
  @Get('me/signage')
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Signage-Gerät: sein Bildschirm (TV) und dessen Stream mit den gültigen Segmenten in Abspielfolge',
  })
  @ApiOkResponse(
    data({
      tv: { type: 'object', nullable: true },
      stream: { type: 'object', nullable: true },
      loop: { type: 'boolean' },
      segments: { type: 'array', items: { type: 'object' } },
    }),
  )
  async signage(@Ctx() ctx: RequestContext) {
    return this.commands.signage(ctx, deviceOf(ctx));
  }

  @ForDevices('device')
  @Post('me/logs')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiBody({
    schema: {
      type: 'object',
      properties: { lines: { type: 'array', items: { type: 'string' }, maxItems: 500 } },
      required: ['lines'],
    },
  })
  @ApiOperation({ summary: 'Terminal: letzte Logzeilen hochladen (Geräteschlüssel)' })
  @ApiOkResponse(data({ uploadedAt: { type: 'string', format: 'date-time' }, lines: { type: 'integer' } }))
  async uploadLogs(@Ctx() ctx: RequestContext, @Body() body: unknown) {
    return this.commands.uploadLogs(ctx, deviceOf(ctx), body);
  }
}
