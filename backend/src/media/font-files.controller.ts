import { createHash } from 'node:crypto';
import { Controller, Get, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../core/decorators.js';
import { RawResponse } from '../core/envelope.interceptor.js';
import { Font } from './font.entity.js';
import { etagMatches } from '../core/etag.js';
import { TransactionalConnection } from '../core/transaction.js';

/** `style-{variant}.embed.css`, the file name of spec section 7 ("fonts stylesheet per family and variant"). */
const STYLESHEET = /^style-(regular|italic|[1-9]00(?:italic)?)\.embed\.css$/;

const FORMATS: Record<string, string> = {
  woff2: 'woff2',
  woff: 'woff',
  ttf: 'truetype',
  otf: 'opentype',
};

/** A family name inside a CSS string: only what a family name needs, quotes and backslashes escaped. */
function cssString(value: string): string {
  return `"${value.replace(/[\\"]/g, '\\$&').replace(/[\n\r\f]/g, ' ')}"`;
}

/** `700italic` → weight 700, style italic; `regular` → 400 normal. */
export function variantFace(variant: string): { weight: number; style: 'normal' | 'italic' } {
  const weight = Number(/^(\d00)/.exec(variant)?.[1] ?? 400);
  return { weight, style: variant.endsWith('italic') ? 'italic' : 'normal' };
}

/** The `@font-face` rule of one family and variant: its own file when uploaded, else the local font. */
export function fontFaceCss(font: Font): string {
  const { weight, style } = variantFace(font.variant);
  const sources: string[] = [];
  const upload = font.upload;
  if (upload) {
    const format = FORMATS[upload.extension.toLowerCase()];
    const url = `/upload/${upload.publicHash}/${upload.id}-${upload.version}.${upload.extension}`;
    sources.push(format ? `url(${cssString(url)}) format("${format}")` : `url(${cssString(url)})`);
  }
  sources.push(`local(${cssString(font.family)})`);
  return [
    '@font-face {',
    `  font-family: ${cssString(font.family)};`,
    `  font-style: ${style};`,
    `  font-weight: ${weight};`,
    '  font-display: swap;',
    `  src: ${sources.join(', ')};`,
    '}',
    '',
  ].join('\n');
}

/**
 * `/font/{family}/style-{variant}.embed.css`: the stylesheet of one configured font (`/api/fonts`), served
 * by the product itself, so no page loads fonts from another site. One URL per family and variant, cached
 * for a day by browsers and the service worker and revalidated by ETag.
 */
@ApiTags('font-files')
@Controller({ path: 'font' })
@Public()
@RawResponse()
export class FontFilesController {
  constructor(private readonly connection: TransactionalConnection) {}

  @Get(':family/:file')
  @ApiOperation({ summary: 'Schriftart-Stylesheet einer Familie und Variante (@font-face)' })
  @ApiProduces('text/css')
  @ApiResponse({
    status: 200,
    description: 'Das Stylesheet',
    content: { 'text/css': { schema: { type: 'string' } } },
  })
  @ApiResponse({ status: 304, description: 'Unverändert' })
  @ApiResponse({ status: 404, description: 'Unbekannte Familie oder Variante' })
  async stylesheet(
    @Param('family') family: string,
    @Param('file') file: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const variant = STYLESHEET.exec(file)?.[1];
    if (!variant || family.length > 100) throw new NotFoundException();
    const font = await this.connection
      .manager()
      .getRepository(Font)
      .findOne({
        where: { family, variant },
        relations: { upload: true },
      });
    if (!font) throw new NotFoundException();
    const css = fontFaceCss(font);
    const etag = `"${createHash('sha256').update(css).digest('base64url').slice(0, 27)}"`;
    res.setHeader('Cache-Control', 'public, max-age=86400, stale-while-revalidate=604800');
    res.setHeader('ETag', etag);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (etagMatches(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    res.type('text/css').send(css);
  }
}
