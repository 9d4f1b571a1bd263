import { BLOCK_TYPES, type BlockTypeName } from '@ordering/common/schemas';
import { z } from 'zod';
import { isSafeLinkTarget } from '../security/urls.js';
import { optionalRichText } from './rich-text.js';

export { BLOCK_TYPES, type BlockTypeName };

/** Keys under which block content holds pictures (`{ id }` stored, full image JSON served). */
export const IMAGE_KEYS = new Set(['image', 'images', 'gallery']);
/** Keys under which block content holds videos (uploads). */
export const VIDEO_KEYS = new Set(['video']);

const ref = z.object({ id: z.number().int().positive() }).transform(({ id }) => ({ id }));
const optionalRef = ref.nullish().transform((v) => v ?? null);
const plain = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');

/**
 * Internal (a same-origin path: `/\host` and `//host` are other sites) or external http(s), mailto and tel
 * targets, or a fragment; never script.
 */
const buttonUrl = z.string().trim().min(1).max(2000).refine(isSafeLinkTarget, {
  message: 'Dieser Wert ist keine gültige URL.',
});

/** A button: label and target (links inside the shop start with a slash). */
export const buttonSchema = z.object({ label: z.string().trim().min(1).max(100), url: buttonUrl });

const base = { title: plain(200), text: optionalRichText() };

/** The content of each block type (CMS fields; wysiwyg fields are cleaned HTML). */
export const BLOCK_CONTENT: Record<BlockTypeName, z.ZodType> = {
  hero: z.object({
    ...base,
    image: optionalRef,
    buttons: z.array(buttonSchema).max(4).default([]),
    introduction: optionalRichText(),
    isIntroductionColored: z.boolean().default(false),
  }),
  sectionImages: z.object({ ...base, images: z.array(ref).max(50).default([]) }),
  sectionTextBoxes: z.object({
    ...base,
    boxes: z
      .array(
        z.object({
          title: plain(200),
          text: optionalRichText(),
          button: buttonSchema.nullish().transform((v) => v ?? null),
        }),
      )
      .max(3)
      .default([]),
  }),
  sectionValues: z.object({ ...base, image: optionalRef }),
  sectionInfoBox: z.object({ ...base, items: z.array(buttonSchema).max(12).default([]) }),
  sectionService: z.object({ ...base, gallery: z.array(ref).max(100).default([]) }),
  sectionImageText: z.object({
    ...base,
    image: optionalRef,
    imagePosition: z.enum(['left', 'right']).default('left'),
  }),
  sectionContact: z.object({
    ...base,
    boxes: z
      .array(z.object({ title: plain(200), image: optionalRef, text: optionalRichText() }))
      .max(12)
      .default([]),
  }),
  sectionVideo: z.object({ ...base, video: optionalRef }),
};
