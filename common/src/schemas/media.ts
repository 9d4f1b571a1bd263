import './jitless.js';
import { z } from 'zod';
import { fields } from './fields.js';

/** CSS colours: #rgb, #rrggbb, #rrggbbaa, rgb()/rgba()/hsl() or a name; nothing that could end a style. */
const colour = () =>
  z
    .string()
    .trim()
    .max(50)
    .refine((v) => /^(#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/]+\)|[a-zA-Z]{3,30})$/.test(v), {
      message: 'Dieser Wert ist keine gültige Farbe.',
    });

const pixels = (min: number, max: number) => z.number().int().min(min).max(max);

export const layerInput = z.object({
  /** A layer the template already owns keeps its id; without one (or an unknown one) it is new. */
  id: fields.childId(),
  type: z.enum(['text', 'image', 'shape']),
  x: pixels(-10_000, 10_000).default(0),
  y: pixels(-10_000, 10_000).default(0),
  width: pixels(1, 10_000),
  height: pixels(1, 10_000),
  rotation: z.number().min(-360).max(360).default(0),
  opacity: z.number().min(0).max(1).default(1),
  text: z
    .string()
    .max(2000)
    .nullish()
    .transform((v) => v ?? null),
  font: fields
    .ref()
    .nullish()
    .transform((v) => v ?? null),
  fontSize: pixels(1, 2000)
    .nullish()
    .transform((v) => v ?? null),
  textAlign: z.enum(['left', 'center', 'right']).default('left'),
  color: colour()
    .nullish()
    .transform((v) => v ?? null),
  image: fields
    .ref()
    .nullish()
    .transform((v) => v ?? null),
  /** Locked layers cannot be moved or resized in the editor. */
  locked: fields.bool(false),
});

export const imageTemplateInput = z.object({
  identifier: fields.identifier(),
  name: fields.text(200),
  width: pixels(1, 10_000),
  height: pixels(1, 10_000),
  background: colour().default('#ffffff'),
  /** Published templates render for anybody (signage players); unpublished ones for staff only. */
  isPublished: fields.bool(false),
  layers: z.array(layerInput).max(100).default([]),
});

/** Create/update body of an image: the file as a data URL (required on create), name and alt text. */
export const imageInput = z.object({
  data: z.string().optional(),
  name: z
    .string()
    .trim()
    .max(255)
    .nullish()
    .transform((v) => v ?? undefined),
  alt: z
    .string()
    .trim()
    .max(255)
    .nullish()
    .transform((v) => v ?? undefined),
});

export const uploadInput = z.object({
  data: z.string().optional(),
  name: z
    .string()
    .trim()
    .max(255)
    .nullish()
    .transform((v) => v ?? undefined),
});

export const fontInput = z.object({
  family: fields.text(100),
  variant: z
    .string()
    .trim()
    .max(30)
    .refine((v) => /^(regular|italic|[1-9]00(italic)?)?$/.test(v), {
      message: 'Erlaubt sind regular, italic, 100 bis 900 und z. B. 700italic.',
    })
    .nullish()
    .transform((v) => v || 'regular'),
  upload: fields.ref().nullish(),
});
