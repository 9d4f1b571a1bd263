import { BLOCK_TYPES, type BlockTypeName } from '@ordering/common/schemas';
import { moveItem } from '../moveItem';

/** What one field of a block's content is edited as. */
export type BlockFieldKind =
  | 'text'
  | 'richText'
  | 'boolean'
  | 'image'
  | 'images'
  | 'video'
  | 'buttons'
  | 'imagePosition'
  | 'textBoxes'
  | 'contactBoxes';

export interface BlockFieldSpec {
  key: string;
  label: string;
  kind: BlockFieldKind;
  /** The most entries a list may hold (the API's limit). */
  max?: number;
  /** The name of one entry of a list ("Button" → "Button 2", "Button hinzufügen"). */
  item?: string;
}

const title: BlockFieldSpec = { key: 'title', label: 'Titel', kind: 'text' };
const text: BlockFieldSpec = { key: 'text', label: 'Text (HTML)', kind: 'richText' };

/** The fields of each block type, in the order the form shows them (the API's limits in `max`). */
export const BLOCK_FIELDS: Record<BlockTypeName, BlockFieldSpec[]> = {
  hero: [
    title,
    text,
    { key: 'image', label: 'Bild', kind: 'image' },
    { key: 'buttons', label: 'Buttons', kind: 'buttons', max: 4, item: 'Button' },
    { key: 'introduction', label: 'Einleitung (HTML)', kind: 'richText' },
    { key: 'isIntroductionColored', label: 'Einleitung farbig hinterlegen', kind: 'boolean' },
  ],
  sectionImages: [title, text, { key: 'images', label: 'Bilder', kind: 'images', max: 50, item: 'Bild' }],
  sectionTextBoxes: [
    title,
    text,
    { key: 'boxes', label: 'Textboxen', kind: 'textBoxes', max: 3, item: 'Box' },
  ],
  sectionValues: [title, text, { key: 'image', label: 'Bild', kind: 'image' }],
  sectionInfoBox: [title, text, { key: 'items', label: 'Links', kind: 'buttons', max: 12, item: 'Link' }],
  sectionService: [title, text, { key: 'gallery', label: 'Galerie', kind: 'images', max: 100, item: 'Bild' }],
  sectionImageText: [
    title,
    text,
    { key: 'image', label: 'Bild', kind: 'image' },
    { key: 'imagePosition', label: 'Bildposition', kind: 'imagePosition' },
  ],
  sectionContact: [
    title,
    text,
    { key: 'boxes', label: 'Kontaktboxen', kind: 'contactBoxes', max: 12, item: 'Box' },
  ],
  sectionVideo: [title, text, { key: 'video', label: 'Video', kind: 'video' }],
};

export function isBlockType(type: unknown): type is BlockTypeName {
  return typeof type === 'string' && (BLOCK_TYPES as readonly string[]).includes(type);
}

export type BlockContent = Record<string, unknown>;
export interface ButtonValue {
  label: string;
  url: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const media = (v: unknown): Record<string, unknown> | null =>
  isObject(v) && typeof v.id === 'number' ? v : null;
const mediaList = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.flatMap((item) => (media(item) ? [item as Record<string, unknown>] : [])) : [];
const button = (v: unknown): ButtonValue => ({
  label: str(isObject(v) ? v.label : ''),
  url: str(isObject(v) ? v.url : ''),
});

function defaultOf(kind: BlockFieldKind, raw: unknown): unknown {
  switch (kind) {
    case 'text':
    case 'richText':
      return str(raw);
    case 'boolean':
      return raw === true;
    case 'image':
    case 'video':
      return media(raw);
    case 'images':
      return mediaList(raw);
    case 'buttons':
      return Array.isArray(raw) ? raw.map(button) : [];
    case 'imagePosition':
      return raw === 'right' ? 'right' : 'left';
    case 'textBoxes':
      return (Array.isArray(raw) ? raw : []).map((box: unknown) => {
        const b = isObject(box) ? box : {};
        return {
          title: str(b.title),
          text: str(b.text),
          button: isObject(b.button) ? button(b.button) : null,
        };
      });
    case 'contactBoxes':
      return (Array.isArray(raw) ? raw : []).map((box: unknown) => {
        const b = isObject(box) ? box : {};
        return { title: str(b.title), image: media(b.image), text: str(b.text) };
      });
  }
}

/**
 * The content of a block of this type with every field present (empty texts, empty lists, no picture),
 * read from whatever the API sent (pictures resolved to `{ id, version, extension, … }`). Keys the type
 * does not know are dropped: the API would drop them too.
 */
export function normalizeContent(type: BlockTypeName, raw: unknown): BlockContent {
  const source = isObject(raw) ? raw : {};
  return Object.fromEntries(
    BLOCK_FIELDS[type].map((field) => [field.key, defaultOf(field.kind, source[field.key])]),
  );
}

/** The content with one field replaced. */
export function withField(content: BlockContent, key: string, value: unknown): BlockContent {
  return { ...content, [key]: value };
}

/** List helpers for buttons, boxes and pictures (all addressed by index: unsaved entries have no ids). */
export function listOf<T>(content: BlockContent, key: string): T[] {
  return Array.isArray(content[key]) ? (content[key] as T[]) : [];
}
export function withItemAdded<T>(content: BlockContent, key: string, item: T): BlockContent {
  return withField(content, key, [...listOf<T>(content, key), item]);
}
export function withItemRemoved(content: BlockContent, key: string, index: number): BlockContent {
  return withField(
    content,
    key,
    listOf(content, key).filter((_, at) => at !== index),
  );
}
export function withItemChanged<T>(content: BlockContent, key: string, index: number, item: T): BlockContent {
  return withField(
    content,
    key,
    listOf<T>(content, key).map((old, at) => (at === index ? item : old)),
  );
}
export function withItemMoved(content: BlockContent, key: string, from: number, to: number): BlockContent {
  return withField(content, key, moveItem(listOf(content, key), from, to));
}

/** A new, empty entry of a list field. */
export function emptyItem(kind: BlockFieldKind): unknown {
  if (kind === 'buttons') return { label: '', url: '' };
  if (kind === 'textBoxes') return { title: '', text: '', button: null };
  if (kind === 'contactBoxes') return { title: '', image: null, text: '' };
  return null;
}

/** An image or video as the API stores it: the reference alone. */
const ref = (v: unknown) => (media(v) ? { id: (v as { id: number }).id } : null);
/** A text box's button, or null when both its label and its link are empty. */
export const buttonOrNull = (v: unknown): ButtonValue | null => {
  const b = button(v);
  return b.label.trim() || b.url.trim() ? b : null;
};

/**
 * What the form sends: pictures and videos as `{ id }` references, a text box's button left out when both
 * its label and its link are empty. (The API keeps only the reference too; this is the stored shape.)
 */
export function toStoredContent(type: BlockTypeName, content: BlockContent): BlockContent {
  const normalized = normalizeContent(type, content);
  return Object.fromEntries(
    BLOCK_FIELDS[type].map((field) => {
      const value = normalized[field.key];
      switch (field.kind) {
        case 'image':
        case 'video':
          return [field.key, ref(value)];
        case 'images':
          return [field.key, (value as unknown[]).map(ref)];
        case 'textBoxes':
          return [
            field.key,
            (value as Array<Record<string, unknown>>).map((box) => ({
              ...box,
              button: buttonOrNull(box.button),
            })),
          ];
        case 'contactBoxes':
          return [
            field.key,
            (value as Array<Record<string, unknown>>).map((box) => ({ ...box, image: ref(box.image) })),
          ];
        default:
          return [field.key, value];
      }
    }),
  );
}
