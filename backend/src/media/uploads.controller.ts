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
  Req,
  Res,
} from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import { Allow, Ctx } from '../auth/decorators.js';
import type { RequestContext } from '../auth/request-context.js';
import { Public } from '../core/public.decorator.js';
import { jsonSchemaOf } from '../crud/crud.controller.js';
import { CrudService, parseId } from '../crud/crud.service.js';
import { AuditService } from '../logs/audit.service.js';
import { apiErrors, envelope } from './media-api.js';
import { UploadRateLimit } from './upload-rate-limit.js';
import { uploadInput, uploadResource } from './upload.resource.js';
import { UploadService } from './upload.service.js';

const uploadSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    version: { type: 'integer' },
    extension: { type: 'string' },
    publicHash: { type: 'string' },
    mimeType: { type: 'string' },
    name: { type: 'string' },
    size: { type: 'integer' },
  },
  required: ['id', 'version', 'extension', 'publicHash', 'mimeType'],
};
const bodySchema = {
  ...jsonSchemaOf(uploadInput),
  description:
    'data: die Datei als Data-URL; txt, csv, gif, jpg, jpeg, png, svg, mp4, mpeg, webm, zip, pdf, doc, docx, xls, xlsx, ppt, pptx',
};

/** `/api/uploads`: files of the back office, and `POST /api/uploads/public` for customers at checkout. */
@ApiTags('uploads')
@Controller('uploads')
export class UploadsController {
  private readonly crud: CrudService<any>;
  constructor(
    @InjectDataSource() dataSource: DataSource,
    audit: AuditService,
    private readonly uploads: UploadService,
    private readonly rateLimit: UploadRateLimit,
  ) {
    this.crud = new CrudService(uploadResource, dataSource, audit);
  }

  @Get()
  @Allow('media:read')
  @ApiOperation({ summary: 'Uploads auflisten' })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiQuery({ name: 'sort', required: false, type: 'string' })
  @ApiQuery({ name: 'q', required: false, type: 'string' })
  @ApiQuery({ name: 'extension', required: false, type: 'string' })
  @ApiQuery({ name: 'mimeType', required: false, type: 'string' })
  @ApiOkResponse({ schema: envelope({ type: 'array', items: uploadSchema }) })
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

  @Post('public')
  @Public()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Datei eines Kunden hochladen (Produktkonfiguration), höchstens 10 MB, begrenzt je Adresse',
  })
  @ApiBody({ schema: { ...bodySchema, required: ['data'] } })
  @ApiResponse({ status: 201, schema: envelope(uploadSchema) })
  @applyDecorators(...apiErrors(400, 429))
  async createPublic(@Ctx() ctx: RequestContext, @Req() req: Request, @Body() body: unknown) {
    this.rateLimit.take(req.ip ?? 'unknown');
    const upload = await this.uploads.createPublic(ctx, body);
    return {
      id: upload.id,
      version: upload.version,
      extension: upload.extension,
      publicHash: upload.publicHash,
      mimeType: upload.mimeType,
      name: upload.name,
    };
  }

  @Get(':id')
  @Allow('media:read')
  @ApiOperation({ summary: 'Upload lesen' })
  @ApiOkResponse({ schema: envelope(uploadSchema) })
  @applyDecorators(...apiErrors(401, 403, 404))
  get(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.crud.get(ctx, parseId(id, 'Upload'));
  }

  @Post()
  @Allow('media:write')
  @ApiOperation({ summary: 'Datei hochladen' })
  @ApiBody({ schema: { ...bodySchema, required: ['data'] } })
  @ApiResponse({ status: 201, schema: envelope(uploadSchema) })
  @applyDecorators(...apiErrors(400, 401, 403))
  create(@Ctx() ctx: RequestContext, @Body() body: unknown) {
    return this.uploads.create(ctx, body);
  }

  @Put(':id')
  @Allow('media:write')
  @ApiOperation({ summary: 'Upload umbenennen oder ersetzen (mit data: neue Version)' })
  @ApiBody({ schema: bodySchema })
  @ApiOkResponse({ schema: envelope(uploadSchema) })
  @applyDecorators(...apiErrors(400, 401, 403, 404))
  update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: unknown) {
    return this.uploads.update(ctx, parseId(id, 'Upload'), body);
  }

  @Delete(':id')
  @HttpCode(200)
  @Allow('media:write')
  @ApiOperation({ summary: 'Upload löschen' })
  @ApiOkResponse({ schema: envelope({ type: 'null' }) })
  @applyDecorators(...apiErrors(401, 403, 404))
  async remove(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    await this.uploads.remove(ctx, parseId(id, 'Upload'));
    return null;
  }
}
