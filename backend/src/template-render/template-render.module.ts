import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { ImageTemplateRenderController } from './image-template-render.controller.js';

/**
 * Rendering an image template with today's data (`/api/image-templates/{id}/render.png|jpg`): it binds
 * products and branches into media's templates, so it sits above media, catalog and branches.
 */
@Module({
  imports: [MediaModule],
  controllers: [ImageTemplateRenderController],
})
export class TemplateRenderModule {}
