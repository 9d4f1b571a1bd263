import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../core/decorators.js';
import { RawResponse } from '../core/envelope.interceptor.js';
import { etagMatches } from '../core/etag.js';
import { MenuCatalogService } from './menu-catalog.service.js';

const refs = { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } };

/**
 * `GET /api/menus/{id}/catalog` (beside the menus CRUD, whose `GET /api/menus/{id}` has one segment less):
 * what a menu's store page shows, public, with a strong ETag; anonymous readers get it from the public
 * cache, compressed once per version.
 */
@ApiTags('menus')
@Controller('menus')
export class MenuCatalogController {
  constructor(private readonly catalog: MenuCatalogService) {}

  @Get(':id/catalog')
  @Public()
  @RawResponse()
  @ApiOperation({
    summary:
      'Sortiment eines Produktkatalogs: der Katalog mit seinen Kategorien und Produkten (wie die öffentlichen Listen sie zeigen), in Katalogreihenfolge',
  })
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          required: ['menu', 'categories', 'products'],
          properties: {
            menu: {
              type: 'object',
              description: 'Wie GET /api/menus/{id}',
              properties: {
                id: { type: 'integer' },
                name: { type: 'string' },
                availableFrom: { type: 'string', format: 'date-time' },
                branches: refs,
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
            categories: {
              type: 'array',
              description: 'Wie GET /api/categories, nur die des Katalogs, in seiner Reihenfolge',
              items: { type: 'object' },
            },
            products: {
              type: 'array',
              description: 'Wie GET /api/products, nur die des Katalogs, in seiner Reihenfolge, jedes einmal',
              items: { type: 'object' },
            },
          },
        },
      },
    },
  })
  @ApiResponse({ status: 304, description: 'Unverändert (If-None-Match)' })
  @ApiResponse({ status: 404, description: 'Produktkatalog unbekannt oder keiner Filiale zugeordnet' })
  async get(@Param('id') rawId: string, @Req() req: Request, @Res() res: Response) {
    const menuId = this.catalog.parseMenuId(rawId);
    const key = await this.catalog.currentKey();
    res.setHeader('Cache-Control', 'no-cache');
    const known = this.catalog.cachedEtag(menuId, key);
    if (known && etagMatches(req.headers['if-none-match'], known)) {
      res.setHeader('ETag', known);
      res.status(304).end();
      return;
    }
    const built = await this.catalog.body(menuId, key);
    res.setHeader('ETag', built.etag);
    if (etagMatches(req.headers['if-none-match'], built.etag)) {
      res.status(304).end();
      return;
    }
    res.type('application/json').send(built.body);
  }
}
