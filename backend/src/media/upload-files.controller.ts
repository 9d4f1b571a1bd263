import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { RawResponse } from '../core/envelope.interceptor.js';
import { Public } from '../core/decorators.js';
import { sendMediaFile } from './media-response.js';
import { UploadFileService } from './upload-file.service.js';

/** Uploads may hold a customer's personal files: browsers may keep them, shared caches may not. */
const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable';

/** `/upload/{publicHash}/{id}-{version}.{extension}` and its JPEG preview; the hash is the secret. */
@ApiTags('upload-files')
@ApiResponse({ status: 200, description: 'Die Datei (Anhang, außer Bilder und Videos)' })
@ApiResponse({ status: 404, description: 'Unbekannt, falscher Hash oder veraltete Version' })
@Controller({ path: 'upload' })
@Public()
@RawResponse()
export class UploadFilesController {
  constructor(private readonly files: UploadFileService) {}

  @Get(':hash/preview/:file')
  @ApiResponse({
    status: 200,
    description: 'Die Datei',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiOperation({ summary: 'JPEG-Vorschau eines hochgeladenen Bildes' })
  async preview(
    @Param('hash') hash: string,
    @Param('file') file: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    res.setHeader('X-Robots-Tag', 'noindex');
    await sendMediaFile(req, res, await this.files.preview(hash, file), { cacheControl: PRIVATE_IMMUTABLE });
  }

  @Get(':hash/:file')
  @ApiResponse({
    status: 200,
    description: 'Die Datei',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiOperation({ summary: 'Hochgeladene Datei' })
  async file(
    @Param('hash') hash: string,
    @Param('file') file: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const found = await this.files.file(hash, file);
    res.setHeader('X-Robots-Tag', 'noindex');
    await sendMediaFile(req, res, found.file, { cacheControl: PRIVATE_IMMUTABLE, download: found.download });
  }
}
