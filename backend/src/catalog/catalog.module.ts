import { Module } from '@nestjs/common';
import { ResourceModule } from '../crud/resource.module.js';
import { tagResource } from '../tags/tag.resource.js';
import { BranchMenusController } from './branch-menus.controller.js';
import { BranchMenusService } from './branch-menus.service.js';
import { categoryResource } from './category.resource.js';
import { menuResource } from './menu.resource.js';
import { MenuCatalogService } from './menu-catalog.service.js';
import { ChannelModule } from '../core/channel.module.js';
import { productResource } from './product.resource.js';

/** Catalog: tags, categories, products and menus (CRUD), the menus of a branch and their catalogues. */
@Module({
  imports: [
    ResourceModule.for('Catalog', [tagResource, categoryResource, productResource, menuResource]),
    ChannelModule,
  ],
  controllers: [BranchMenusController],
  providers: [BranchMenusService, MenuCatalogService],
  exports: [MenuCatalogService],
})
export class CatalogModule {}
