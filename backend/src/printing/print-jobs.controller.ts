import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  type ApiResponseNoStatusOptions,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { Allow, Ctx, ForDevices } from '../core/decorators.js';
import type { RequestContext } from '../core/request-context.js';
import { parseId } from '../core/input.js';
import { deviceOf } from '../devices/device-heartbeat.service.js';
import { PrintJobsService } from './print-jobs.service.js';

const data = (
  properties: Record<string, unknown>,
  required: string[] = Object.keys(properties),
): ApiResponseNoStatusOptions =>
  ({
    schema: {
      type: 'object',
      properties: { data: { type: 'object', properties, required } },
      required: ['data'],
    },
  }) as ApiResponseNoStatusOptions;

const printJobSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string', enum: ['receipt', 'cancellation', 'test'] },
    reason: { type: 'string', description: 'created, requested, cancelled oder test' },
    createdAt: { type: 'string', format: 'date-time' },
    attempts: { type: 'integer', description: 'wie oft der Auftrag ausgegeben wurde' },
    leasedUntil: { type: 'string', format: 'date-time' },
    publicUrl: { type: 'string', description: 'für den QR-Code zur Statusseite' },
    shop: { type: 'object', properties: { name: { type: 'string' } } },
    branch: { type: 'object', nullable: true },
    order: { type: 'object', nullable: true, description: 'die Bestellung wie GET /api/orders/{id}' },
  },
  required: ['id', 'kind', 'reason', 'createdAt', 'attempts', 'leasedUntil', 'publicUrl', 'shop', 'order'],
};

/**
 * The terminals' print routes (`Authorization: Bearer <device key>`, checked by the guard's device
 * authenticator: 401 without a valid key, 403 for a device without the `print` scope): print jobs and
 * their acknowledgement; and staff's routes: the printing devices' status and a device's test page.
 */
@ApiTags('devices')
@Controller('devices')
export class PrintJobsController {
  constructor(private readonly jobs: PrintJobsService) {}

  @ForDevices('print')
  @Get('me/jobs')
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Offene Druckaufträge der Filiale des Geräts, älteste zuerst (für dieses Gerät reserviert)',
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: { data: { type: 'array', items: printJobSchema } },
      required: ['data'],
    },
  } as ApiResponseNoStatusOptions)
  async list(@Ctx() ctx: RequestContext) {
    return this.jobs.fetch(ctx, deviceOf(ctx));
  }

  @ForDevices('print')
  @Post('me/jobs/:jobId/ack')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiParam({ name: 'jobId', type: 'integer' })
  @ApiOperation({
    summary: 'Druckauftrag als gedruckt bestätigen (idempotent; danach nie wieder ausgegeben)',
  })
  @ApiOkResponse(
    data({
      id: { type: 'integer' },
      acknowledged: { type: 'boolean', description: 'false: war schon bestätigt, nichts geändert' },
      doneAt: { type: 'string', format: 'date-time' },
    }),
  )
  async ack(@Ctx() ctx: RequestContext, @Param('jobId') jobId: string) {
    return this.jobs.ack(ctx, deviceOf(ctx), parseId(jobId, 'Druckauftrag'));
  }

  @Get('printing/status')
  @Allow('orders:read')
  @ApiQuery({ name: 'branch', required: false, type: 'integer' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: { data: { type: 'array', items: { type: 'object' } } },
      required: ['data'],
    },
  })
  @ApiOperation({
    summary: 'Druckende Geräte der Filialen mit Verbindung (online/offline) und Druckerzustand',
  })
  printers(@Ctx() ctx: RequestContext, @Query('branch') branch?: string) {
    return this.jobs.printers(ctx, branch === undefined || branch === '' ? null : parseId(branch, 'Filiale'));
  }

  @Post(':id/test/print')
  @Allow('devices:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({ summary: 'Testseite auf dem Drucker des Geräts drucken' })
  @ApiOkResponse(data({ jobId: { type: 'integer' }, deviceId: { type: 'integer' } }))
  testPrint(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.jobs.testPrint(ctx, parseId(id, 'Gerät'));
  }
}
