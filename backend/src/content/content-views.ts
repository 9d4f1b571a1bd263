import type { ResourceDefinition } from '../crud/resource.js';
import { blockResource } from './block.resource.js';
import { donateeResource } from './donatee.resource.js';
import { resolveMediaRefs } from './media-refs.js';
import { navigationResource } from './navigation.resource.js';
import type { PublicView } from './public-view.js';
import { siteResource } from './site.resource.js';

/**
 * The content collections and how the storefront sees them: anonymous readers (and staff without
 * `content:read`) get public sites and public, enabled blocks only; everybody gets pictures and videos
 * in their current version. `/api/init` uses the same views, so its lists equal the public routes'.
 */
export const CONTENT_VIEWS: Record<
  'sites' | 'blocks' | 'navigations' | 'donatees',
  { def: ResourceDefinition<any, any>; view: PublicView }
> = {
  sites: {
    def: siteResource,
    view: {
      publicQuery: { isPublic: 'true' },
      isVisible: (site) => site.isPublic === true,
      finish: (em, items) =>
        resolveMediaRefs(
          em,
          items.map((i) => i.content),
        ),
    },
  },
  blocks: {
    def: blockResource,
    view: {
      publicQuery: { isPublic: 'true', isEnabled: 'true' },
      isVisible: (block) => block.isPublic === true && block.isEnabled === true,
      finish: (em, items) =>
        resolveMediaRefs(
          em,
          items.map((i) => i.content),
        ),
    },
  },
  navigations: { def: navigationResource, view: {} },
  donatees: { def: donateeResource, view: {} },
};
