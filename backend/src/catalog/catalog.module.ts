import { Module } from '@nestjs/common';
import { ResourceModule } from '../crud/resource.module.js';
import { tagResource } from '../tags/tag.resource.js';
import { BranchMenusController } from './branch-menus.controller.js';
import { BranchMenusService } from './branch-menus.service.js';
import { categoryResource } from './category.resource.js';
import { MenuCatalogController } from './menu-catalog.controller.js';
import { MenuCatalogService } from './menu-catalog.service.js';
import { menuResource } from './menu.resource.js';
import { optionGroupResource } from './option-group.resource.js';
import { productResource } from './product.resource.js';

/**
 * Catalog: tags, categories, products, shared option groups and menus (CRUD), the menus of a branch and a
 * menu's catalogue (the store page's categories and products).
 */
@Module({
  imports: [
    ResourceModule.for('Catalog', [
      tagResource,
      categoryResource,
      productResource,
      optionGroupResource,
      menuResource,
    ]),
  ],
  controllers: [BranchMenusController, MenuCatalogController],
  providers: [BranchMenusService, MenuCatalogService],
})
export class CatalogModule {}
