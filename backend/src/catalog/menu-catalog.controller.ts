import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CATALOG_FIRST_PART_PRODUCTS, CATALOG_PART_PRODUCTS } from '@ordering/common';
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
      'Sortiment eines Produktkatalogs für die Filialseite: der Katalog mit seinen Kategorien und Produkten in Katalogreihenfolge, ' +
      'in der Form der Filialseite (ohne Felder des Backoffice, Standardwerte weggelassen, siehe common/src/contract/catalog.ts); ' +
      `ein großer Katalog (über ${CATALOG_PART_PRODUCTS} Produkte) in Teilen: Teil 0 (ohne part) mit den ersten ${CATALOG_FIRST_PART_PRODUCTS} Produkten und allen Kategorien, dann Teile zu ${CATALOG_PART_PRODUCTS}`,
  })
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiQuery({
    name: 'part',
    required: false,
    schema: { type: 'integer', minimum: 0 },
    description: 'Nummer des Teils (0 wie ohne Angabe; data.part.count nennt die Anzahl)',
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          required: ['menu', 'categories', 'products', 'part'],
          properties: {
            menu: {
              type: 'object',
              description: 'Der Katalog mit den Einträgen dieses Teils (Teil 0: alle Kategorie-Einträge)',
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
                            isEnabled: { type: 'boolean', default: true },
                            schedule: { type: 'array', nullable: true, default: null },
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
              description: 'Die Kategorien des Katalogs in seiner Reihenfolge (nur in Teil 0)',
              items: { type: 'object' },
            },
            products: {
              type: 'array',
              description: 'Die Produkte dieses Teils in Katalogreihenfolge, jedes einmal',
              items: { type: 'object' },
            },
            part: {
              type: 'object',
              required: ['index', 'count', 'version'],
              properties: {
                index: { type: 'integer' },
                count: { type: 'integer' },
                version: { type: 'string' },
                categoryParts: { type: 'array', items: { type: 'integer' } },
              },
            },
          },
        },
      },
    },
  })
  @ApiResponse({ status: 304, description: 'Unverändert (If-None-Match)' })
  @ApiResponse({ status: 400, description: 'part ist keine ganze Zahl' })
  @ApiResponse({
    status: 404,
    description: 'Produktkatalog unbekannt oder keiner Filiale zugeordnet, oder diesen Teil gibt es nicht',
  })
  async get(
    @Param('id') rawId: string,
    @Query('part') rawPart: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const menuId = this.catalog.parseMenuId(rawId);
    const part = this.catalog.parsePart(rawPart);
    const key = await this.catalog.currentKey();
    res.setHeader('Cache-Control', 'no-cache');
    const known = this.catalog.cachedEtag(menuId, part, key);
    if (known && etagMatches(req.headers['if-none-match'], known)) {
      res.setHeader('ETag', known);
      res.status(304).end();
      return;
    }
    const built = await this.catalog.body(menuId, part, key);
    res.setHeader('ETag', built.etag);
    if (etagMatches(req.headers['if-none-match'], built.etag)) {
      res.status(304).end();
      return;
    }
    res.type('application/json').send(built.body);
  }
}
