import './jitless.js';
import { z } from 'zod';
import type { BlockTypeName } from './content.js';

/**
 * Whether a link target stays on this site: a path starting with exactly one slash. Browsers read `//host`
 * and `/\host` as another host, and drop tabs and line breaks inside URLs (so `/\t/host` is `//host`),
 * hence no backslash, whitespace or control character anywhere.
 */
export function isSameOriginPath(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  return /^\/(?![/\\])/.test(url) && !/[\\\u0000-\u0020\u007f-\u009f]/.test(url);
}

/** Whether a button target is safe: a same-origin path, a fragment, or an external http(s), mailto or tel link. */
export function isSafeLinkTarget(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f-\u009f]/.test(url)) return false;
  if (url.startsWith('/')) return isSameOriginPath(url);
  if (url.startsWith('#')) return !/[\s\\]/.test(url);
  return /^(https?:\/\/[^\s\\/]+[^\s]*|mailto:[^\s]+|tel:[+0-9 ()/-]+)$/i.test(url);
}

/** Keys under which block content holds pictures (`{ id }` stored, full image JSON served). */
export const BLOCK_IMAGE_KEYS: ReadonlySet<string> = new Set(['image', 'images', 'gallery']);
/** Keys under which block content holds videos (uploads). */
export const BLOCK_VIDEO_KEYS: ReadonlySet<string> = new Set(['video']);

/** An optional wysiwyg (HTML) field of a block: null and missing become `''`. */
export type RichTextField = (max?: number) => z.ZodType<string, unknown>;

/**
 * The shape of a wysiwyg field without cleaning: a string up to the limit, null and missing `''`. The API
 * passes its own field that also cleans the HTML (`backend/src/core/rich-text.ts`).
 */
export const uncleanedRichText: RichTextField = (max = 100_000) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');

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
export const blockButtonSchema = z.object({ label: z.string().trim().min(1).max(100), url: buttonUrl });

/**
 * The content of each block type (spec section 2's CMS fields): limits, pictures as `{ id }`, buttons with
 * safe targets. Wysiwyg fields are made by `richText`: the API cleans the HTML there, the back office only
 * checks the shape ({@link BLOCK_CONTENT_SHAPES}).
 */
export function blockContentSchemas(richText: RichTextField): Record<BlockTypeName, z.ZodType> {
  const base = { title: plain(200), text: richText() };
  return {
    hero: z.object({
      ...base,
      image: optionalRef,
      buttons: z.array(blockButtonSchema).max(4).default([]),
      introduction: richText(),
      isIntroductionColored: z.boolean().default(false),
    }),
    sectionImages: z.object({ ...base, images: z.array(ref).max(50).default([]) }),
    sectionTextBoxes: z.object({
      ...base,
      boxes: z
        .array(
          z.object({
            title: plain(200),
            text: richText(),
            button: blockButtonSchema.nullish().transform((v) => v ?? null),
          }),
        )
        .max(3)
        .default([]),
    }),
    sectionValues: z.object({ ...base, image: optionalRef }),
    sectionInfoBox: z.object({ ...base, items: z.array(blockButtonSchema).max(12).default([]) }),
    sectionService: z.object({ ...base, gallery: z.array(ref).max(100).default([]) }),
    sectionImageText: z.object({
      ...base,
      image: optionalRef,
      imagePosition: z.enum(['left', 'right']).default('left'),
    }),
    sectionContact: z.object({
      ...base,
      boxes: z
        .array(z.object({ title: plain(200), image: optionalRef, text: richText() }))
        .max(12)
        .default([]),
    }),
    sectionVideo: z.object({ ...base, video: optionalRef }),
  };
}

/** The per-type content shapes with HTML left as typed (the back office's checks; the API cleans it). */
export const BLOCK_CONTENT_SHAPES = blockContentSchemas(uncleanedRichText);
