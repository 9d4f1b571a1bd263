import { applyDecorators, Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { TemplateBindings } from '@ordering/common';
import type { Request, Response } from 'express';
import { Branch } from '../branches/branch.entity.js';
import { Product } from '../catalog/product.entity.js';
import { Ctx, Public } from '../core/decorators.js';
import { RawResponse } from '../core/envelope.interceptor.js';
import { DomainError } from '../core/errors.js';
import { etagMatches } from '../core/etag.js';
import { parseId } from '../core/input.js';
import { rowIdOf } from '@ordering/common/schemas';
import type { RequestContext } from '../core/request-context.js';
import { ImageTemplate, ImageTemplateLayer } from '../media/image-template.entity.js';
import { apiErrors } from '../media/media-api.js';
import { MediaStorage } from '../media/media-storage.js';
import { TemplateRenderer, type RenderFormat } from '../media/template-renderer.js';
import { TransactionalConnection } from '../core/transaction.js';

const NOT_FOUND = 'Bildvorlage wurde nicht gefunden.';
const MAX_TEXT = 500;

function optionalId(value: unknown, field: string, label: string): number | null {
  if (value === undefined || value === '') return null;
  const id = typeof value === 'string' && /^[1-9]/.test(value) ? rowIdOf(value) : null;
  if (id === null) throw new DomainError('validation', `${label}: bitte eine gültige Nummer angeben.`, field);
  return id;
}

/**
 * `GET /api/image-templates/{id}/render.png` and `.jpg`: the template at its size with the variables bound
 * from the query (`product`, `branch`, `text`). Published templates render for anybody (signage players
 * have no sign-in); unpublished ones only for staff who may read media, for others they are the same 404
 * as an unknown template. The answer's ETag is the content hash (template, layers, bound values, font and
 * picture versions), so players revalidate cheaply.
 */
@ApiTags('image-templates')
@Controller('image-templates')
@Public()
@RawResponse()
export class ImageTemplateRenderController {
  readonly renderer = new TemplateRenderer();

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly storage: MediaStorage,
  ) {}

  @Get(':id/render.png')
  @ApiOperation({ summary: 'Bildvorlage als PNG (Variablen aus der Abfrage)' })
  @ApiProduces('image/png')
  @renderDocs('image/png')
  png(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Ctx() ctx: RequestContext,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    return this.send(id, query, ctx, req, res, 'png');
  }

  @Get(':id/render.jpg')
  @ApiOperation({ summary: 'Bildvorlage als JPEG (Variablen aus der Abfrage)' })
  @ApiProduces('image/jpeg')
  @renderDocs('image/jpeg')
  jpg(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Ctx() ctx: RequestContext,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    return this.send(id, query, ctx, req, res, 'jpg');
  }

  private async send(
    rawId: string,
    query: Record<string, unknown>,
    ctx: RequestContext,
    req: Request,
    res: Response,
    format: RenderFormat,
  ) {
    const id = parseId(rawId, 'Bildvorlage');
    const bindings = await this.bindings(query);
    const template = await this.connection.manager().getRepository(ImageTemplate).findOne({ where: { id } });
    if (!template || (!template.isPublished && !ctx.can('media:read')))
      throw new DomainError('not_found', NOT_FOUND);
    const layers = await this.connection
      .manager()
      .getRepository(ImageTemplateLayer)
      .find({
        where: { imageTemplate: { id } },
        relations: { font: { upload: true }, image: true },
        order: { position: 'ASC', id: 'ASC' },
      });
    const file = await this.renderer.render(
      { template, layers, bindings, pathOf: (key) => this.storage.pathOf(key) },
      format,
    );
    res.setHeader(
      'Cache-Control',
      template.isPublished ? 'public, max-age=60, stale-while-revalidate=86400' : 'private, no-cache',
    );
    res.setHeader('ETag', file.etag);
    res.setHeader('X-Render-Cache', file.cached ? 'hit' : 'miss');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-site');
    if (query.download !== undefined) {
      const name = `${template.identifier}.${format}`.replace(/[^A-Za-z0-9._-]/g, '_');
      res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    }
    if (etagMatches(req.headers['if-none-match'], file.etag)) {
      res.status(304).end();
      return;
    }
    res.type(format === 'png' ? 'image/png' : 'image/jpeg').send(file.body);
  }

  /** The variables' values from the query: a product and a branch by id, a free text. */
  private async bindings(query: Record<string, unknown>): Promise<TemplateBindings> {
    const productId = optionalId(query.product, 'product', 'Produkt');
    const branchId = optionalId(query.branch, 'branch', 'Filiale');
    const text = query.text;
    if (text !== undefined && (typeof text !== 'string' || text.length > MAX_TEXT))
      throw new DomainError('validation', `Text: höchstens ${MAX_TEXT} Zeichen.`, 'text');
    const bindings: TemplateBindings = { text: text ?? null };
    if (productId !== null) {
      const product = await this.connection
        .manager()
        .getRepository(Product)
        .findOne({ where: { id: productId }, select: { id: true, name: true, price: true } });
      if (!product) throw new DomainError('validation', 'Das Produkt existiert nicht.', 'product');
      bindings.product = { name: product.name, price: product.price };
    }
    if (branchId !== null) {
      const branch = await this.connection
        .manager()
        .getRepository(Branch)
        .findOne({ where: { id: branchId }, select: { id: true, name: true } });
      if (!branch) throw new DomainError('validation', 'Die Filiale existiert nicht.', 'branch');
      bindings.branch = { name: branch.name };
    }
    return bindings;
  }
}

function renderDocs(mime: string) {
  return applyDecorators(
    ApiQuery({
      name: 'product',
      required: false,
      description: 'Produkt für {product.name}, {product.price}',
    }),
    ApiQuery({ name: 'branch', required: false, description: 'Filiale für {branch.name}' }),
    ApiQuery({ name: 'text', required: false, description: 'Freier Text für {text}' }),
    ApiQuery({ name: 'download', required: false, description: 'Als Datei speichern' }),
    ApiResponse({
      status: 200,
      description: 'Das gerenderte Bild (ETag: Inhalts-Hash)',
      content: { [mime]: { schema: { type: 'string', format: 'binary' } } },
    }),
    ApiResponse({ status: 304, description: 'Unverändert' }),
    ...apiErrors(400, 404),
  );
}
