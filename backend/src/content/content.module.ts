import { Module } from '@nestjs/common';
import { ShopConfigModule } from '../config/shop-config.module.js';
import { crudController } from '../crud/crud.controller.js';
import { MediaModule } from '../media/media.module.js';
import { CONTENT_VIEWS } from './content-views.js';
import { PublicViewInterceptor, withPublicView } from './public-view.js';

/** Content: sites, blocks, navigations and donatees (with their storefront views), media and the shop config. */
@Module({
  imports: [MediaModule, ShopConfigModule],
  controllers: Object.values(CONTENT_VIEWS).map(({ def, view }) =>
    withPublicView(crudController(def), def, view),
  ),
  providers: [PublicViewInterceptor],
})
export class ContentModule {}
