import { Module } from '@nestjs/common';
import { ResourceModule } from '../crud/resource.module.js';
import { tagResource } from '../tags/tag.resource.js';
import { BranchMenusController } from './branch-menus.controller.js';
import { BranchMenusService } from './branch-menus.service.js';
import { categoryResource } from './category.resource.js';
import { menuResource } from './menu.resource.js';
import { optionGroupResource } from './option-group.resource.js';
import { productResource } from './product.resource.js';

/** Catalog: tags, categories, products, shared option groups and menus (CRUD), and the menus of a branch. */
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
  controllers: [BranchMenusController],
  providers: [BranchMenusService],
})
export class CatalogModule {}
