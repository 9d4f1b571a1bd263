import {
  applyDecorators,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import type { DataSource } from 'typeorm';
import { Allow, Ctx } from '../auth/decorators.js';
import type { RequestContext } from '../auth/request-context.js';
import { jsonSchemaOf } from '../crud/crud.controller.js';
import { CrudService, parseId } from '../crud/crud.service.js';
import { AuditService } from '../logs/audit.service.js';
import { apiErrors, envelope } from './media-api.js';
import { imageInput, imageResource } from './image.resource.js';
import { ImageService } from './image.service.js';

const imageSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    version: { type: 'integer' },
    extension: { type: 'string' },
    name: { type: 'string' },
    alt: { type: 'string' },
    mimeType: { type: 'string' },
    width: { type: 'integer', nullable: true },
    height: { type: 'integer', nullable: true },
    size: { type: 'integer' },
  },
  required: ['id', 'version', 'extension'],
};
const bodySchema = {
  ...jsonSchemaOf(imageInput),
  description:
    'data: das Bild als Data-URL (data:image/png;base64,...); jpg, png, gif, webp oder svg, höchstens 15 MB',
};

/** `/api/images`: lists and reads through the generic resource layer, writes through {@link ImageService}. */
@ApiTags('images')
@Controller('images')
export class ImagesController {
  private readonly crud: CrudService<any>;
  constructor(
    @InjectDataSource() dataSource: DataSource,
    audit: AuditService,
    private readonly images: ImageService,
  ) {
    this.crud = new CrudService(imageResource, dataSource, audit);
  }

  @Get()
  @Allow('media:read')
  @ApiOperation({ summary: 'Bilder auflisten' })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiQuery({ name: 'sort', required: false, type: 'string' })
  @ApiQuery({ name: 'q', required: false, type: 'string' })
  @ApiQuery({ name: 'extension', required: false, type: 'string' })
  @ApiOkResponse({ schema: envelope({ type: 'array', items: imageSchema }) })
  @applyDecorators(...apiErrors(400, 401, 403))
  async list(
    @Ctx() ctx: RequestContext,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ) {
    const result = await this.crud.list(ctx, query);
    res.setHeader('X-Total-Count', String(result.total));
    return result.items;
  }

  @Get(':id')
  @Allow('media:read')
  @ApiOperation({ summary: 'Bild lesen' })
  @ApiOkResponse({ schema: envelope(imageSchema) })
  @applyDecorators(...apiErrors(401, 403, 404))
  get(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.crud.get(ctx, parseId(id, 'Bild'));
  }

  @Post()
  @Allow('media:write')
  @ApiOperation({ summary: 'Bild hochladen' })
  @ApiBody({ schema: { ...bodySchema, required: ['data'] } })
  @ApiResponse({ status: 201, schema: envelope(imageSchema) })
  @applyDecorators(...apiErrors(400, 401, 403))
  create(@Ctx() ctx: RequestContext, @Body() body: unknown) {
    return this.images.create(ctx, body);
  }

  @Put(':id')
  @Allow('media:write')
  @ApiOperation({ summary: 'Bild aktualisieren (mit data: Datei ersetzen, neue Version)' })
  @ApiBody({ schema: bodySchema })
  @ApiOkResponse({ schema: envelope(imageSchema) })
  @applyDecorators(...apiErrors(400, 401, 403, 404))
  update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: unknown) {
    return this.images.update(ctx, parseId(id, 'Bild'), body);
  }

  @Delete(':id')
  @HttpCode(200)
  @Allow('media:write')
  @ApiOperation({ summary: 'Bild löschen' })
  @ApiOkResponse({ schema: envelope({ type: 'null' }) })
  @applyDecorators(...apiErrors(401, 403, 404))
  async remove(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    await this.images.remove(ctx, parseId(id, 'Bild'));
    return null;
  }
}
