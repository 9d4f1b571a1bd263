import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Allow, Ctx, ForDevices, Public } from '../core/decorators.js';
import { jsonSchemaOf } from '../core/openapi.js';
import type { RequestContext } from '../core/request-context.js';
import { SoldOutService, soldOutSchema } from './sold-out.service.js';

const one = { schema: { type: 'object', properties: { data: { type: 'object' } }, required: ['data'] } };

/**
 * Sold out ("ausverkauft") per branch: the public list, and marks from board, back office and the branch's
 * kitchen display (its device key).
 */
@ApiTags('orders')
@Controller('branches')
export class SoldOutController {
  constructor(private readonly soldOut: SoldOutService) {}

  @Get(':id/sold-out')
  @Public()
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({
    summary:
      'Was jetzt ausverkauft ist: { branchId, entries: [{ id, product, part, partName, option, until, markedAt }] } (Personal der Filiale sieht auch markedBy)',
  })
  @ApiOkResponse(one)
  list(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.soldOut.list(ctx, id);
  }

  @Post(':id/sold-out')
  @Allow('orders:write')
  @ForDevices('kitchen')
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({
    summary:
      'Als ausverkauft markieren: { product: { id }, part?, option?, until: "closing" (bis zur nächsten Öffnung) | null (bis auf Weiteres) }',
  })
  @ApiBody({ schema: jsonSchemaOf(soldOutSchema) })
  @ApiCreatedResponse(one)
  mark(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: unknown) {
    return this.soldOut.mark(ctx, id, body);
  }

  @Delete(':id/sold-out/:entryId')
  @Allow('orders:write')
  @ForDevices('kitchen')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiParam({ name: 'entryId', type: 'string' })
  @ApiOperation({ summary: 'Wieder verfügbar: die Markierung entfernen' })
  @ApiOkResponse(one)
  remove(@Ctx() ctx: RequestContext, @Param('id') id: string, @Param('entryId') entryId: string) {
    return this.soldOut.remove(ctx, id, entryId);
  }
}
