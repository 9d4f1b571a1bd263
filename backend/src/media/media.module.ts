import { Module } from '@nestjs/common';
import type { AppConfig } from '../env/config.js';
import { APP_CONFIG } from '../core/core.module.js';
import { ResourceModule } from '../crud/resource.module.js';
import { FontFilesController } from './font-files.controller.js';
import { fontResource } from './font.resource.js';
import { ImageFileService } from './image-file.service.js';
import { ImageFilesController } from './image-files.controller.js';
import { ImageService } from './image.service.js';
import { ImagesController } from './images.controller.js';
import { ImageTemplateLayersController } from './image-template-layers.controller.js';
import { imageTemplateResource } from './image-template.resource.js';
import { MediaStorage } from './media-storage.js';
import { MediaSweeper } from './media-sweeper.js';
import { UploadFileService } from './upload-file.service.js';
import { UploadFilesController } from './upload-files.controller.js';
import { UploadRateLimit } from './upload-rate-limit.js';
import { UploadService } from './upload.service.js';
import { UploadsController, UploadsCrudController } from './uploads.controller.js';

/** Images, uploads, image templates and fonts: the API under /api and the files under /image and /upload. */
@Module({
  imports: [ResourceModule.for('Media', [fontResource, imageTemplateResource])],
  controllers: [
    ImagesController,
    ImageFilesController,
    UploadsController,
    UploadsCrudController,
    UploadFilesController,
    ImageTemplateLayersController,
    FontFilesController,
  ],
  providers: [
    {
      provide: MediaStorage,
      useFactory: (config: AppConfig) => new MediaStorage(config.mediaDir),
      inject: [APP_CONFIG],
    },
    ImageService,
    ImageFileService,
    UploadService,
    UploadFileService,
    UploadRateLimit,
    MediaSweeper,
  ],
  exports: [MediaStorage, ImageService, UploadService],
})
export class MediaModule {}
