import './jitless.js';
import { z } from 'zod';
import { fields } from './fields.js';

/** The block types of spec section 2. */
export const BLOCK_TYPES = [
  'hero',
  'sectionImages',
  'sectionTextBoxes',
  'sectionValues',
  'sectionInfoBox',
  'sectionService',
  'sectionImageText',
  'sectionContact',
  'sectionVideo',
] as const;
export type BlockTypeName = (typeof BLOCK_TYPES)[number];

/** Lower-case segments of letters, digits and dashes joined by `/`; `''` is the home page. */
const sitePath = z
  .string()
  .trim()
  .max(255)
  .transform((p) => p.replace(/^\/+|\/+$/g, ''))
  .refine((p) => p === '' || /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/.test(p), {
    message: 'Nur Kleinbuchstaben, Ziffern, Bindestriche und Schrägstriche sind erlaubt.',
  });

const layoutKey = /^[a-zA-Z][a-zA-Z0-9_-]{0,49}$/;

export const siteInput = z.object({
  path: sitePath,
  type: z.enum(['default', 'custom_site']).default('default'),
  title: fields.optionalText(200),
  content: z
    .object({})
    .catchall(z.unknown())
    .superRefine((content, ctx) => {
      for (const key of Object.keys(content)) {
        if (!layoutKey.test(key))
          ctx.addIssue({ code: 'custom', message: 'Ungültiger Layout-Schlüssel.', path: [key] });
      }
    })
    .nullish()
    .transform((v) => (v ?? {}) as Record<string, unknown>),
  isPublic: fields.bool(true),
});

export const blockInput = z.object({
  identifier: fields.identifier(),
  type: z.enum(BLOCK_TYPES),
  content: z
    .object({})
    .catchall(z.unknown())
    .nullish()
    .transform((v) => (v ?? {}) as Record<string, unknown>),
  isEnabled: fields.bool(true),
  isPublic: fields.bool(true),
  position: z.number().int().min(0).max(100_000).default(0),
});

/** One item of a navigation tree as the API stores it. */
export interface NavigationItemJson {
  /** Stable within the navigation: kept when an edit sends it back, the next free one for a new item. */
  id?: number;
  type: 'home' | 'site' | 'branch' | 'link';
  target: string;
  label: string;
  isEnabled: boolean;
  children: NavigationItemJson[];
}

/** How deep a navigation tree may nest. */
export const MAX_NAVIGATION_DEPTH = 3;

const externalUrl = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+0-9 ()/-]+)$/i;
/** A site's or branch's identifier (the web app links to `/{target}`); empty for a site means none. */
const PAGE_TARGET = /^([a-z0-9][a-z0-9-]*)?$/i;

function itemSchema(depth: number): z.ZodType<NavigationItemJson> {
  return z
    .object({
      id: fields.childId(),
      type: z.enum(['home', 'site', 'branch', 'link']),
      target: z
        .string()
        .trim()
        .max(2000)
        .nullish()
        .transform((v) => (v ?? '').replace(/^\/+/, '')),
      label: fields.text(100),
      isEnabled: fields.bool(true),
      children:
        depth < MAX_NAVIGATION_DEPTH
          ? z.lazy(() => z.array(itemSchema(depth + 1)).max(50)).default([])
          : z.array(z.unknown()).max(0).default([]),
    })
    .superRefine((item, ctx) => {
      if (item.type === 'link' && !externalUrl.test(item.target)) {
        ctx.addIssue({ code: 'custom', message: 'Dieser Wert ist keine gültige URL.', path: ['target'] });
      }
      if (item.type === 'branch' && !item.target) {
        ctx.addIssue({ code: 'custom', message: 'Dieser Wert sollte nicht leer sein.', path: ['target'] });
      } else if ((item.type === 'branch' || item.type === 'site') && !PAGE_TARGET.test(item.target)) {
        // The web app links to /{target}: a backslash or a second slash would lead to another host.
        ctx.addIssue({ code: 'custom', message: 'Dieser Wert ist keine gültige URL.', path: ['target'] });
      }
    })
    .transform((item) => ({
      ...item,
      target: item.type === 'home' ? '' : item.type === 'link' ? item.target : item.target.toLowerCase(),
    })) as z.ZodType<NavigationItemJson>;
}

export const navigationInput = z.object({
  identifier: fields.identifier(),
  name: fields.optionalText(200),
  items: z.array(itemSchema(1)).max(50).default([]),
});

/** Donation recipients; the API cleans the description's markdown on top (backend-only). */
export const donateeInput = z.object({
  identifier: fields.identifier(),
  name: fields.text(200),
  description: z
    .string()
    .max(20_000)
    .nullish()
    .transform((v) => v || null),
  image: fields.ref().nullish(),
});
