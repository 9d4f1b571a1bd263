import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBearerAuth,
  type ApiResponseNoStatusOptions,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Ctx, ForDevices } from '../core/decorators.js';
import type { RequestContext } from '../core/request-context.js';
import { DeviceHeartbeatService, deviceOf } from './device-heartbeat.service.js';

const data = (properties: Record<string, unknown>): ApiResponseNoStatusOptions =>
  ({
    schema: {
      type: 'object',
      properties: { data: { type: 'object', properties, required: Object.keys(properties) } },
      required: ['data'],
    },
  }) as ApiResponseNoStatusOptions;

/** The terminal's heartbeat (`Authorization: Bearer <device key>`, any device type). */
@ApiTags('devices')
@Controller('devices')
export class DeviceHeartbeatController {
  constructor(private readonly heartbeats: DeviceHeartbeatService) {}

  @ForDevices('device')
  @Post('me/heartbeat')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Gerät meldet sich (setzt lastSeenAt, optional den Druckerzustand { printer: { state, paperNearEnd, queued } }) und erhält seine Einstellungen',
  })
  @ApiOkResponse(
    data({
      id: { type: 'integer' },
      identifier: { type: 'string' },
      name: { type: 'string' },
      type: { type: 'string' },
      branch: { type: 'object', nullable: true },
      settings: { type: 'object' },
      lastSeenAt: { type: 'string', format: 'date-time' },
      logsRequested: { type: 'boolean', description: 'true: POST /api/devices/me/logs hochladen' },
    }),
  )
  async heartbeat(@Ctx() ctx: RequestContext, @Body() body: unknown) {
    return this.heartbeats.heartbeat(ctx, deviceOf(ctx), body);
  }
}
