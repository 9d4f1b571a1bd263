import {
  BLOCK_IMAGE_KEYS,
  BLOCK_TYPES,
  BLOCK_VIDEO_KEYS,
  blockButtonSchema,
  blockContentSchemas,
  type BlockTypeName,
} from '@ordering/common/schemas';
import type { z } from 'zod';
import { optionalRichText } from '../core/rich-text.js';

export { BLOCK_TYPES, type BlockTypeName };

/** Keys under which block content holds pictures (`{ id }` stored, full image JSON served). */
export const IMAGE_KEYS = BLOCK_IMAGE_KEYS;
/** Keys under which block content holds videos (uploads). */
export const VIDEO_KEYS = BLOCK_VIDEO_KEYS;

/** A button: label and target (links inside the shop start with a slash). */
export const buttonSchema = blockButtonSchema;

/**
 * The content of each block type: the shared shapes (`common/src/schemas/blocks.ts`) with the wysiwyg
 * fields cleaned on the way in (the back-office editor checks the same shapes without cleaning).
 */
export const BLOCK_CONTENT: Record<BlockTypeName, z.ZodType> = blockContentSchemas(optionalRichText);
