import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Ctx, Public } from '../core/decorators.js';
import { jsonSchemaOf } from '../core/openapi.js';
import type { RequestContext } from '../core/request-context.js';
import { analyticsLogInput } from './analytics.schema.js';
import { AnalyticsService } from './analytics.service.js';

/**
 * `POST /api/analytics-log`: the storefront's page views and events, stored only with the visitor's
 * statistics consent (the consent cookie; 403 `consent_required` without it).
 */
@ApiTags('analytics')
@Controller('analytics-log')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Post()
  @Public()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Seitenaufruf oder Ereignis protokollieren (nur mit Einwilligung in die Statistik im Cookie; je Adresse begrenzt)',
  })
  @ApiBody({ schema: jsonSchemaOf(analyticsLogInput) })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: { data: { type: 'object', properties: { id: { type: 'integer' } } } },
    },
  })
  log(@Ctx() ctx: RequestContext, @Body() body: unknown, @Req() req: Request) {
    return this.analytics.log(ctx, body, {
      ip: req.ip ?? 'unknown',
      userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500),
      cookies: String(req.headers.cookie ?? ''),
    });
  }
}
