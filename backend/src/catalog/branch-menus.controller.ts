import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Ctx } from '../core/decorators.js';
import type { RequestContext } from '../core/request-context.js';
import { Public } from '../core/decorators.js';
import { BranchMenusService } from './branch-menus.service.js';

/** `GET /api/branches/{id}/menus` (beside the branches CRUD, whose `GET /api/branches/{id}` has one segment less). */
@ApiTags('menus')
@Controller('branches')
export class BranchMenusController {
  constructor(private readonly menus: BranchMenusService) {}

  @Get(':id/menus')
  @Public()
  @ApiOperation({ summary: 'Produktkataloge einer Filiale, neuester zuerst' })
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        data: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'availableFrom', 'branches', 'catalog'],
            properties: {
              id: { type: 'integer' },
              name: { type: 'string' },
              availableFrom: { type: 'string', format: 'date-time' },
              branches: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } },
              catalog: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' },
                    products: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: {
                          id: { type: 'integer' },
                          isEnabled: { type: 'boolean' },
                          schedule: { type: 'array', nullable: true },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  })
  @ApiResponse({ status: 404, description: 'Filiale nicht gefunden' })
  list(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.menus.forBranch(ctx, id);
  }
}
