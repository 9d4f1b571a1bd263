import { applyDecorators, Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Allow } from '../core/decorators.js';
import { DomainError } from '../core/errors.js';
import { parseId } from '../core/input.js';
import { imageJson } from './image-json.js';
import { ImageTemplate, ImageTemplateLayer } from './image-template.entity.js';
import { layerJson } from './image-template.resource.js';
import { apiErrors, envelope } from './media-api.js';
import { TransactionalConnection } from '../core/transaction.js';

/** `GET /api/image-templates/{id}/layers`: the layers bottom first, with their fonts and pictures. */
@ApiTags('image-templates')
@Controller('image-templates')
export class ImageTemplateLayersController {
  constructor(private readonly connection: TransactionalConnection) {}

  @Get(':id/layers')
  @Allow('media:read')
  @ApiOperation({ summary: 'Ebenen einer Bildvorlage' })
  @ApiOkResponse({ schema: envelope({ type: 'array', items: { type: 'object' } }) })
  @applyDecorators(...apiErrors(401, 403, 404))
  async layers(@Param('id') rawId: string) {
    const id = parseId(rawId, 'Bildvorlage');
    if (!(await this.connection.manager().getRepository(ImageTemplate).exists({ where: { id } }))) {
      throw new DomainError('not_found', 'Bildvorlage wurde nicht gefunden.');
    }
    const layers = await this.connection
      .manager()
      .getRepository(ImageTemplateLayer)
      .find({
        where: { imageTemplate: { id } },
        relations: { font: true, image: true },
        order: { position: 'ASC', id: 'ASC' },
      });
    return layers.map((layer) => ({
      ...layerJson(layer),
      imageTemplate: { id },
      font: layer.font ? { id: layer.font.id, family: layer.font.family, variant: layer.font.variant } : null,
      image: layer.image ? imageJson(layer.image) : null,
    }));
  }
}
