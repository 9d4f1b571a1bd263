import { applyDecorators, Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { DEFAULT_UPLOAD_EXTENSIONS, STAFF_UPLOAD_EXTENSIONS } from '@ordering/common';
import type { Request } from 'express';
import { Ctx } from '../core/decorators.js';
import type { RequestContext } from '../core/request-context.js';
import { Public } from '../core/decorators.js';
import { jsonSchemaOf } from '../core/openapi.js';
import { crudController } from '../crud/crud.controller.js';
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
  description: `data: die Datei als Data-URL; ${DEFAULT_UPLOAD_EXTENSIONS.join(', ')}`,
};
/** Staff may upload the font files too (the shop's fonts), at most 5 MB each. */
const staffBodySchema = {
  ...bodySchema,
  description: `data: die Datei als Data-URL; ${STAFF_UPLOAD_EXTENSIONS.join(', ')} (Schriftdateien höchstens 5 MB)`,
};

/** `POST /api/uploads/public`: files of customers at checkout (the back office's routes are below). */
@ApiTags('uploads')
@Controller('uploads')
export class UploadsController {
  constructor(
    private readonly uploads: UploadService,
    private readonly rateLimit: UploadRateLimit,
  ) {}

  @Post('public')
  @Public()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Datei eines Kunden hochladen (Produktkonfiguration), höchstens 10 MB, begrenzt je Adresse',
  })
  @ApiBody({ schema: { ...bodySchema, required: ['data'] } })
  @ApiResponse({
    status: 201,
    schema: envelope({
      ...uploadSchema,
      properties: {
        ...uploadSchema.properties,
        secret: {
          type: 'string',
          description:
            'Nur hier: der Nachweis, dass die Datei diesem Kunden gehört. Die Bestellung nennt die Datei als { id, secret }; ohne Bestellung wird sie nach 24 Stunden gelöscht.',
        },
      },
      required: [...uploadSchema.required, 'secret'],
    }),
  })
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
      secret: upload.secret,
    };
  }
}

/** List, read, create, update and delete: the generated routes, writes through {@link UploadService}. */
export const UploadsCrudController = crudController(uploadResource, {
  writes: UploadService,
  bodySchema: { ...staffBodySchema, required: ['data'] },
  entitySchema: uploadSchema,
});
