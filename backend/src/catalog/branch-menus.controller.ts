import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { etagMatches } from '../core/etag.js';
import { RawResponse } from '../core/envelope.interceptor.js';
import { Ctx } from '../core/decorators.js';
import type { RequestContext } from '../core/request-context.js';
import { Public } from '../core/decorators.js';
import { BranchMenusService } from './branch-menus.service.js';
import { MenuCatalogService } from './menu-catalog.service.js';

/** `GET /api/branches/{id}/menus` (beside the branches CRUD, whose `GET /api/branches/{id}` has one segment less). */
@ApiTags('menus')
@Controller('branches')
export class BranchMenusController {
  constructor(
    private readonly menus: BranchMenusService,
    private readonly catalogs: MenuCatalogService,
  ) {}

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

  @Get(':id/menus/:menuId/catalog')
  @Public()
  @RawResponse()
  @ApiOperation({
    summary:
      'Produkte eines Produktkatalogs einer Filiale (ohne ausgeblendete), komprimiert, mit ETag (Startdaten tragen nur die Kategorien)',
  })
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiParam({ name: 'menuId', type: 'integer' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        data: {
          type: 'object',
          required: ['menu', 'products'],
          properties: {
            menu: { type: 'object', properties: { id: { type: 'integer' }, catalog: { type: 'array' } } },
            products: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } },
          },
        },
      },
    },
  })
  @ApiResponse({ status: 304, description: 'Unverändert (If-None-Match)' })
  @ApiResponse({ status: 404, description: 'Filiale oder Produktkatalog nicht gefunden' })
  async catalog(
    @Param('id') id: string,
    @Param('menuId') menuId: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const answer = await this.catalogs.answer(id, menuId);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', answer.etag);
    res.setHeader('Vary', 'Accept-Encoding');
    if (etagMatches(req.headers['if-none-match'], answer.etag)) {
      res.status(304).end();
      return;
    }
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const [body, encoding] = /\bbr\b/.test(accepted)
      ? [answer.br, 'br']
      : /\bgzip\b/.test(accepted)
        ? [answer.gzip, 'gzip']
        : [await this.catalogs.plain(answer), undefined];
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    // Already compressed once for this version: the compression middleware leaves an encoded body alone.
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', String(body.length));
    res.status(200).end(req.method === 'HEAD' ? undefined : body);
  }
}
