import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../core/decorators.js';
import { RawResponse } from '../core/envelope.interceptor.js';
import { ImageFileService } from './image-file.service.js';
import { sendMediaFile } from './media-response.js';

/** `/image/{id}-{version}.{extension}` and the prepared sizes; public like any picture on a web page. */
@ApiTags('image-files')
@ApiProduces('image/*')
@ApiResponse({ status: 200, description: 'Die Bilddatei (Cache-Control immutable, ETag)' })
@ApiResponse({ status: 304, description: 'Unverändert' })
@ApiResponse({ status: 404, description: 'Unbekanntes Bild oder veraltete Version' })
@Controller({ path: 'image' })
@Public()
@RawResponse()
export class ImageFilesController {
  constructor(private readonly files: ImageFileService) {}

  @Get(':file')
  @ApiResponse({
    status: 200,
    description: 'Die Bilddatei',
    content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiOperation({ summary: 'Originalbild' })
  async original(@Param('file') file: string, @Req() req: Request, @Res() res: Response) {
    await sendMediaFile(req, res, await this.files.file(file));
  }

  @Get('custom/:size/:file')
  @ApiResponse({
    status: 200,
    description: 'Die Bilddatei',
    content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiOperation({ summary: 'Bild in einer Sondergröße (box, gallery)' })
  async custom(
    @Param('size') size: string,
    @Param('file') file: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await sendMediaFile(req, res, await this.files.file(file, `custom/${size}`));
  }

  @Get(':size/:file')
  @ApiResponse({
    status: 200,
    description: 'Die Bilddatei',
    content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiOperation({
    summary: 'Bild in einer vorbereiteten Größe (tiny, small, medium, large, product, category)',
  })
  async sized(
    @Param('size') size: string,
    @Param('file') file: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await sendMediaFile(req, res, await this.files.file(file, size));
  }
}
