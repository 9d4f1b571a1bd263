import { In, type EntityManager } from 'typeorm';
import { DomainError } from '../core/errors.js';
import { imageJson } from '../media/image-json.js';
import { Image } from '../media/image.entity.js';
import { Upload } from '../media/upload.entity.js';
import { IMAGE_KEYS, VIDEO_KEYS } from './block-content.js';

type Kind = 'image' | 'video';
interface FoundRef {
  kind: Kind;
  id: number;
  field: string;
}

const isRef = (v: unknown): v is { id: number } =>
  !!v && typeof v === 'object' && !Array.isArray(v) && typeof (v as { id?: unknown }).id === 'number';

/** Every picture and video reference in content, with the field path it sits at. */
export function collectMediaRefs(value: unknown, path = ''): FoundRef[] {
  const out: FoundRef[] = [];
  if (Array.isArray(value)) {
    value.forEach((v, i) => out.push(...collectMediaRefs(v, path ? `${path}.${i}` : String(i))));
    return out;
  }
  if (!value || typeof value !== 'object') return out;
  for (const [key, v] of Object.entries(value)) {
    const field = path ? `${path}.${key}` : key;
    const kind: Kind | null = IMAGE_KEYS.has(key) ? 'image' : VIDEO_KEYS.has(key) ? 'video' : null;
    if (kind && isRef(v)) out.push({ kind, id: v.id, field });
    else if (kind && Array.isArray(v) && v.every(isRef))
      v.forEach((r, i) => out.push({ kind, id: r.id, field: `${field}.${i}` }));
    else out.push(...collectMediaRefs(v, field));
  }
  return out;
}

/** @throws DomainError('validation') naming the first reference to a missing picture or video. */
export async function assertMediaRefsExist(em: EntityManager, value: unknown, prefix: string): Promise<void> {
  const refs = collectMediaRefs(value, prefix);
  for (const [kind, entity] of [
    ['image', Image],
    ['video', Upload],
  ] as const) {
    const ids = [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.id))];
    if (!ids.length) continue;
    const found = await em.getRepository(entity).find({ where: { id: In(ids) }, select: { id: true } });
    const known = new Set(found.map((r) => r.id));
    const missing = refs.find((r) => r.kind === kind && !known.has(r.id));
    if (missing)
      throw new DomainError('validation', 'Der ausgewählte Eintrag existiert nicht.', missing.field);
  }
}

/**
 * Replaces the stored `{ id }` references in the given JSON objects (in place) by what builds the URL now:
 * pictures as `{ id, version, extension, width, height }`, videos as `{ id, version, extension, publicHash }`.
 * References to deleted files become null (single) or disappear (lists). One query per kind for all objects.
 */
export async function resolveMediaRefs(em: EntityManager, values: unknown[]): Promise<void> {
  const refs = values.flatMap((v) => collectMediaRefs(v));
  const imageIds = [...new Set(refs.filter((r) => r.kind === 'image').map((r) => r.id))];
  const videoIds = [...new Set(refs.filter((r) => r.kind === 'video').map((r) => r.id))];
  const images = new Map(
    (imageIds.length ? await em.getRepository(Image).findBy({ id: In(imageIds) }) : []).map((i) => [
      i.id,
      imageJson(i),
    ]),
  );
  const videos = new Map(
    (videoIds.length ? await em.getRepository(Upload).findBy({ id: In(videoIds) }) : []).map((u) => [
      u.id,
      {
        id: u.id,
        version: u.version,
        extension: u.extension,
        publicHash: u.publicHash,
        mimeType: u.mimeType,
      },
    ]),
  );
  const replace = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(replace);
    if (!value || typeof value !== 'object') return;
    const obj = value as Record<string, unknown>;
    for (const [key, v] of Object.entries(obj)) {
      const table = IMAGE_KEYS.has(key) ? images : VIDEO_KEYS.has(key) ? videos : null;
      if (table && isRef(v)) obj[key] = table.get(v.id) ?? null;
      else if (table && Array.isArray(v) && v.every(isRef))
        obj[key] = v.flatMap((r) => (table.has(r.id) ? [table.get(r.id)] : []));
      else replace(v);
    }
  };
  values.forEach(replace);
}
