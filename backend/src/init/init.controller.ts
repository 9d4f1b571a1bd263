import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { RawResponse } from '../core/envelope.interceptor.js';
import { Public } from '../core/decorators.js';
import { InitService } from './init.service.js';
import { etagMatches } from '../core/etag.js';

/** `GET /api/init`: the storefront's first load, public, with an ETag (a repeated load is a 304). */
@ApiTags('init')
@Controller('init')
export class InitController {
  constructor(private readonly init: InitService) {}

  @Get()
  @Public()
  @RawResponse()
  @ApiOperation({
    summary: 'Startdaten der Storefront: Konfiguration, Organisationen, Filialen, Kataloge, Inhalte',
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        data: {
          type: 'array',
          items: {
            type: 'object',
            properties: { url: { type: 'string' }, data: { type: 'object', properties: { data: {} } } },
            required: ['url', 'data'],
          },
        },
      },
    },
  })
  @ApiResponse({ status: 304, description: 'Unverändert (If-None-Match)' })
  async get(@Req() req: Request, @Res() res: Response) {
    const key = await this.init.currentKey();
    res.setHeader('Cache-Control', 'no-cache');
    const known = this.init.cachedEtag(key);
    if (known && etagMatches(req.headers['if-none-match'], known)) {
      res.setHeader('ETag', known);
      res.status(304).end();
      return;
    }
    const body = await this.init.body(key);
    res.setHeader('ETag', body.etag);
    if (etagMatches(req.headers['if-none-match'], body.etag)) {
      res.status(304).end();
      return;
    }
    res.type('application/json').send(body.json);
  }
}
