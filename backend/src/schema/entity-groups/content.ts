import { ShopConfig } from '../../config/shop-config.entity.js';
import { Block } from '../../content/block.entity.js';
import { Donatee } from '../../content/donatee.entity.js';
import { Navigation } from '../../content/navigation.entity.js';
import { Site } from '../../content/site.entity.js';
import { Font } from '../../media/font.entity.js';
import { ImageTemplate, ImageTemplateLayer } from '../../media/image-template.entity.js';

/** Entities of the content group (see ../entities.ts): content, media templates and fonts, the shop config. */
export const CONTENT_ENTITIES: Function[] = [
  Site,
  Block,
  Navigation,
  Donatee,
  Font,
  ImageTemplate,
  ImageTemplateLayer,
  ShopConfig,
];
