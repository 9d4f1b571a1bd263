import { applyDecorators, Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Allow, Ctx } from '../core/decorators.js';
import type { RequestContext } from '../core/request-context.js';
import { jsonSchemaOf } from '../core/openapi.js';
import { apiErrors, envelope } from '../media/media-api.js';
import { shopConfigInput } from './shop-config.schema.js';
import { ShopConfigService } from './shop-config.service.js';

const configSchema = jsonSchemaOf(shopConfigInput);

/** `GET` and `POST /api/config`: the shop configuration (admins; the storefront reads it from /api/init). */
@ApiTags('config')
@Controller('config')
export class ShopConfigController {
  constructor(private readonly config: ShopConfigService) {}

  @Get()
  @Allow('config:read')
  @ApiOperation({ summary: 'Konfiguration lesen (Zugangsdaten maskiert)' })
  @ApiOkResponse({ schema: envelope(configSchema) })
  @applyDecorators(...apiErrors(401, 403))
  get(@Ctx() ctx: RequestContext) {
    return this.config.get(ctx);
  }

  @Post()
  @HttpCode(200)
  @Allow('config:write')
  @ApiOperation({ summary: 'Konfiguration speichern (maskierte Zugangsdaten bleiben unverändert)' })
  @ApiBody({ schema: configSchema })
  @ApiOkResponse({ schema: envelope(configSchema) })
  @applyDecorators(...apiErrors(400, 401, 403))
  save(@Ctx() ctx: RequestContext, @Body() body: unknown) {
    return this.config.save(ctx, body);
  }
}
