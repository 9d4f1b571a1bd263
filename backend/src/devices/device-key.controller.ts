import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Allow, Ctx } from '../core/decorators.js';
import type { RequestContext } from '../core/request-context.js';
import { parseId } from '../core/input.js';
import { DeviceKeyService } from './device-key.service.js';

/** Issuing a device's API key (the pairing itself follows with the device routes). */
@ApiTags('devices')
@Controller('devices')
export class DeviceKeyController {
  constructor(private readonly keys: DeviceKeyService) {}

  @Post(':id/api-key')
  @Allow('devices:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({ summary: 'Neuen API-Schlüssel für ein Gerät erzeugen (wird nur einmal angezeigt)' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: { id: { type: 'integer' }, apiKey: { type: 'string' }, apiKeyHint: { type: 'string' } },
          required: ['id', 'apiKey', 'apiKeyHint'],
        },
      },
    },
  })
  issue(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.keys.issue(ctx, parseId(id, 'Gerät'));
  }
}
