import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Allow, Ctx, Public } from '../../core/decorators.js';
import { etagMatches } from '../../core/etag.js';
import { parseId } from '../../core/input.js';
import type { RequestContext } from '../../core/request-context.js';
import { SignagePlayerService } from './signage-player.service.js';
import { errorSchema } from '../../core/openapi.js';

const segmentSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    position: { type: 'integer' },
    type: { type: 'string', enum: ['image', 'video'] },
    name: { type: 'string' },
    url: { type: 'string' },
    duration: { type: ['integer', 'null'] },
    validFrom: { type: ['string', 'null'], format: 'date-time' },
    validUntil: { type: ['string', 'null'], format: 'date-time' },
    hash: { type: 'string' },
  },
};
const manifestSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        tv: {
          type: 'object',
          properties: {
            identifier: { type: 'string' },
            name: { type: 'string' },
            orientation: { type: 'string', enum: ['landscape', 'portrait'] },
            width: { type: 'integer' },
            height: { type: 'integer' },
          },
        },
        stream: {
          type: ['object', 'null'],
          properties: { id: { type: 'integer' }, name: { type: 'string' } },
        },
        loop: { type: 'boolean' },
        segments: { type: 'array', items: segmentSchema },
        version: { type: 'string' },
      },
    },
  },
};
const pathParams = [
  ApiParam({ name: 'identifier', type: 'string', description: 'Kennung des Bildschirms (TV)' }),
  ApiParam({
    name: 'key',
    type: 'string',
    description: 'Player-Schlüssel des Bildschirms oder der Schlüssel eines damit gekoppelten Signage-Geräts',
  }),
];
const applyAll =
  (decorators: MethodDecorator[]): MethodDecorator =>
  (target, key, descriptor) => {
    for (const d of decorators) d(target, key, descriptor);
  };

/** The TV's player key (back office). */
@ApiTags('digital-signage')
@Controller('digital-signage-devices')
export class SignageKeyController {
  constructor(private readonly player: SignagePlayerService) {}

  @Post(':id/api-key')
  @Allow('signage:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({
    summary:
      'Neuen Player-Schlüssel für einen Bildschirm erzeugen (wird nur einmal angezeigt; der alte endet)',
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: { key: { type: 'string' }, url: { type: 'string' }, apiKeyHint: { type: 'string' } },
          required: ['key', 'url', 'apiKeyHint'],
        },
      },
    },
  })
  @ApiResponse({ status: 404, description: 'Bildschirm nicht gefunden', schema: errorSchema })
  issue(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.player.issueKey(ctx, parseId(id, 'Bildschirm'));
  }

  @Post(':id/screenshot-request')
  @Allow('signage:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({
    summary:
      'Bildschirmfoto anfordern: die Antwort auf das nächste Lebenszeichen bittet den Player darum (nur im Desktop-Programm)',
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: { screenshotRequestedAt: { type: 'string', format: 'date-time' } },
        },
      },
    },
  })
  @ApiResponse({ status: 404, description: 'Bildschirm nicht gefunden', schema: errorSchema })
  requestScreenshot(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.player.requestScreenshot(ctx, parseId(id, 'Bildschirm'));
  }

  @Get(':id/screenshot')
  @Allow('signage:read')
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({ summary: 'Das neueste Bildschirmfoto des Bildschirms (JPEG oder PNG)' })
  @ApiProduces('image/jpeg', 'image/png')
  @ApiOkResponse({
    description: 'Das Bild; `Last-Modified` ist seine Aufnahmezeit',
    content: {
      'image/jpeg': { schema: { type: 'string', format: 'binary' } },
      'image/png': { schema: { type: 'string', format: 'binary' } },
    },
  })
  @ApiResponse({ status: 404, description: 'Kein Bildschirmfoto vorhanden', schema: errorSchema })
  async screenshot(@Ctx() ctx: RequestContext, @Param('id') id: string, @Res() res: Response) {
    const shot = await this.player.screenshot(ctx, parseId(id, 'Bildschirm'));
    res.setHeader('Content-Type', shot.type);
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('Last-Modified', shot.takenAt.toUTCString());
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.end(shot.content);
  }
}

/** The player's routes: the key in the path, as the ticket screen and the time clock have it. */
@ApiTags('digital-signage')
@Controller('signage')
export class SignagePlayerController {
  constructor(private readonly player: SignagePlayerService) {}

  @Get(':identifier/:key/manifest')
  @Public()
  @applyAll(pathParams)
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'ETag des zuletzt geladenen Manifests' })
  @ApiOperation({
    summary:
      'Abspielliste eines Bildschirms: Segmente in Reihenfolge mit Datei, Dauer, Gültigkeit und Prüfsumme',
  })
  @ApiOkResponse({ schema: manifestSchema })
  @ApiResponse({ status: 304, description: 'Unverändert (If-None-Match)' })
  @ApiResponse({
    status: 404,
    description: 'Unbekannter Bildschirm oder falscher Schlüssel',
    schema: errorSchema,
  })
  async manifest(
    @Ctx() ctx: RequestContext,
    @Param('identifier') identifier: string,
    @Param('key') key: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const manifest = await this.player.manifest(ctx, identifier, key);
    const etag = `"${manifest.version}"`;
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', etag);
    if (etagMatches(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    res.json({ data: manifest });
  }

  @Post(':identifier/:key/heartbeat')
  @Public()
  @HttpCode(200)
  @applyAll(pathParams)
  @ApiOperation({
    summary: 'Lebenszeichen des Players (alle 30 s): aktuelles Segment, Zwischenspeicher, Fehler',
  })
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        current: {
          type: ['object', 'null'],
          properties: { id: { type: 'integer' }, position: { type: 'integer' }, name: { type: 'string' } },
        },
        manifestVersion: { type: ['string', 'null'] },
        cache: { type: 'object', properties: { cached: { type: 'integer' }, total: { type: 'integer' } } },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              at: { type: 'string' },
              segmentId: { type: ['integer', 'null'] },
              message: { type: 'string' },
            },
          },
        },
        playerTime: { type: ['string', 'null'] },
        capabilities: { type: 'array', items: { type: 'string', enum: ['screenshot'] } },
      },
    },
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: {
            lastSeenAt: { type: 'string', format: 'date-time' },
            screenshotWanted: {
              type: 'boolean',
              description: 'Der Back Office wartet auf ein Bildschirmfoto',
            },
          },
        },
      },
    },
  })
  @ApiResponse({ status: 400, description: 'Ungültige Angaben', schema: errorSchema })
  @ApiResponse({
    status: 404,
    description: 'Unbekannter Bildschirm oder falscher Schlüssel',
    schema: errorSchema,
  })
  heartbeat(
    @Ctx() ctx: RequestContext,
    @Param('identifier') identifier: string,
    @Param('key') key: string,
    @Body() body: unknown,
  ) {
    return this.player.heartbeat(ctx, identifier, key, body);
  }

  @Post(':identifier/:key/screenshot')
  @Public()
  @HttpCode(200)
  @applyAll(pathParams)
  @ApiOperation({
    summary:
      'Bildschirmfoto des Players (Desktop-Programm, auf Anforderung): JPEG oder PNG als data-URL, höchstens 1 MB',
  })
  @ApiBody({
    schema: {
      type: 'object',
      properties: { data: { type: 'string', description: 'data:image/jpeg;base64,…' } },
      required: ['data'],
    },
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: { screenshotTakenAt: { type: 'string', format: 'date-time' } },
        },
      },
    },
  })
  @ApiResponse({ status: 400, description: 'Kein Bild oder zu groß', schema: errorSchema })
  @ApiResponse({
    status: 404,
    description: 'Unbekannter Bildschirm oder falscher Schlüssel',
    schema: errorSchema,
  })
  receiveScreenshot(
    @Ctx() ctx: RequestContext,
    @Param('identifier') identifier: string,
    @Param('key') key: string,
    @Body() body: unknown,
  ) {
    return this.player.receiveScreenshot(ctx, identifier, key, body);
  }
}
