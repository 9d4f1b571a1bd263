import { Module } from '@nestjs/common';
import { ShopConfigModule } from '../config/shop-config.module.js';
import { crudController } from '../crud/crud.controller.js';
import type { ResourceDefinition } from '../crud/resource.js';
import { MediaModule } from '../media/media.module.js';
import { blockResource } from './block.resource.js';
import { donateeResource } from './donatee.resource.js';
import { navigationResource } from './navigation.resource.js';
import { siteResource } from './site.resource.js';

/** The content collections: what the storefront sees of them is each resource's `scope`. */
export const CONTENT_RESOURCES: Record<
  'sites' | 'blocks' | 'navigations' | 'donatees',
  ResourceDefinition<any, any>
> = {
  sites: siteResource,
  blocks: blockResource,
  navigations: navigationResource,
  donatees: donateeResource,
};

/** Content: sites, blocks, navigations and donatees, media and the shop config. */
@Module({
  imports: [MediaModule, ShopConfigModule],
  controllers: Object.values(CONTENT_RESOURCES).map((def) => crudController(def)),
})
export class ContentModule {}
