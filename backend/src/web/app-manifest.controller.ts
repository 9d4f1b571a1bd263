import { createHash } from 'node:crypto';
import { Controller, Get, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import sharp from 'sharp';
import { Public } from '../core/decorators.js';
import { RawResponse } from '../core/envelope.interceptor.js';
import { ShopConfigService } from '../config/shop-config.service.js';
import { etagMatches } from '../core/etag.js';

/** The orange of the theme (web/src/styles/theme.css, `--color-primary`). */
export const THEME_COLOR = '#c2410c';
const BACKGROUND_COLOR = '#ffffff';
const FALLBACK_NAME = 'Bestellplattform';

/** The icons the manifest lists: `any` with rounded corners, `maskable` full-bleed with a safe zone. */
const ICONS = {
  '192.png': { size: 192, maskable: false },
  '512.png': { size: 512, maskable: false },
  'maskable-512.png': { size: 512, maskable: true },
  'apple-touch-icon.png': { size: 180, maskable: true },
} as const;
type IconName = keyof typeof ICONS;

/** A shopping bag drawn from paths (no font needed on the server), white on the theme's orange. */
function iconSvg(size: number, maskable: boolean): string {
  const radius = maskable ? 0 : size * 0.22;
  // Maskable icons keep their content inside the central 80 % circle.
  const scale = maskable ? 0.52 : 0.62;
  const box = size * scale;
  const offset = (size - box) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${radius}" fill="${THEME_COLOR}"/>
  <g transform="translate(${offset} ${offset}) scale(${box / 64})" fill="none" stroke="#fff" stroke-width="4.5" stroke-linejoin="round" stroke-linecap="round">
    <path d="M10 22h44l-4 36H14z" fill="#fff" fill-opacity="0.18"/>
    <path d="M23 28v-9a9 9 0 0 1 18 0v9"/>
  </g>
</svg>`;
}

/** The short name of a home-screen label: the name itself when short, else its first word (max. 12). */
export function shortName(name: string): string {
  if (name.length <= 12) return name;
  const first = name.split(/[\s&,–-]+/).find((word) => word.length > 0) ?? name;
  return first.slice(0, 12);
}

/**
 * The installable app's manifest and icons from the shop configuration (docs/decisions/app-shell.md):
 * `/manifest.webmanifest` (revalidated on every use, ETag) and `/app-icon/{192,512,maskable-512,
 * apple-touch-icon}.png` (rendered once with sharp, kept in memory).
 */
@ApiTags('app')
@Controller()
@Public()
@RawResponse()
export class AppManifestController {
  private readonly icons = new Map<IconName, Promise<Buffer>>();

  constructor(private readonly config: ShopConfigService) {}

  @Get('manifest.webmanifest')
  @ApiOperation({ summary: 'Web-App-Manifest der installierbaren App (aus der Konfiguration)' })
  @ApiProduces('application/manifest+json')
  @ApiResponse({
    status: 200,
    description: 'Das Manifest',
    content: { 'application/manifest+json': { schema: { type: 'object' } } },
  })
  @ApiResponse({ status: 304, description: 'Unverändert' })
  async manifest(@Req() req: Request, @Res() res: Response) {
    const config = await this.config.publicConfig();
    const name = String(config.shopName ?? '').trim() || FALLBACK_NAME;
    const description = String(config.title ?? '').trim() || `Online bestellen bei ${name}`;
    const body = JSON.stringify({
      id: '/',
      name,
      short_name: shortName(name),
      description,
      lang: 'de',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      background_color: BACKGROUND_COLOR,
      theme_color: THEME_COLOR,
      categories: ['food', 'shopping'],
      icons: [
        { src: '/app-icon/192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/app-icon/512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/app-icon/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    });
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', etag);
    if (etagMatches(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    res.type('application/manifest+json').send(body);
  }

  @Get('app-icon/:file')
  @ApiOperation({ summary: 'App-Symbol (PNG)' })
  @ApiProduces('image/png')
  @ApiResponse({
    status: 200,
    description: 'Das Symbol',
    content: { 'image/png': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiResponse({ status: 404, description: 'Unbekannte Größe' })
  async icon(@Param('file') file: string, @Req() req: Request, @Res() res: Response) {
    if (!Object.hasOwn(ICONS, file)) throw new NotFoundException();
    const name = file as IconName;
    let png = this.icons.get(name);
    if (!png) {
      const { size, maskable } = ICONS[name];
      png = sharp(Buffer.from(iconSvg(size, maskable)))
        .png({ compressionLevel: 9 })
        .toBuffer();
      this.icons.set(name, png);
    }
    const bytes = await png;
    const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.setHeader('ETag', etag);
    if (etagMatches(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    res.type('image/png').send(bytes);
  }
}
