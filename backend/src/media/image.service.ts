import { Injectable } from '@nestjs/common';
import { t } from '@ordering/common';
import sharp from 'sharp';
import type { RequestContext } from '../core/request-context.js';
import { DomainError } from '../core/errors.js';
import { parseInput } from '../core/validation.js';
import { EventBus } from '../core/events.js';
import { TransactionalConnection } from '../core/transaction.js';
import { parseDataUrl } from './data-url.js';
import { sniffFileType } from './file-type.js';
import { Image } from './image.entity.js';
import { imageDetailJson, imageInput } from './image.resource.js';
import {
  IMAGE_EXTENSIONS,
  IMAGE_FORMATS,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
} from './image-sizes.js';
import { MediaStorage } from './media-storage.js';
import { StoredFiles } from './stored-files.js';
import { isSafeSvg } from './svg.js';

/** A checked picture, ready to be stored. */
export interface AnalysedImage {
  content: Buffer;
  extension: string;
  mimeType: string;
  width: number | null;
  height: number | null;
}

const typeError = (type: string) =>
  new DomainError(
    'validation',
    t('validation.fileType', { type, types: IMAGE_EXTENSIONS.join(', ') }),
    'data',
  );

const megapixels = (pixels: number) =>
  (Math.ceil(pixels / 100_000) / 10).toLocaleString('de-AT', { maximumFractionDigits: 1 });

/**
 * Refuses a picture whose frames hold more than {@link MAX_IMAGE_PIXELS} together (width × frame height ×
 * frames, as its header says): each side may be within bounds while the whole is not (a 10 000 × 10 000
 * picture, an animation of hundreds of large frames).
 * @throws DomainError('validation') on the field `data`.
 */
export function assertPixelBudget(
  metadata: Pick<sharp.Metadata, 'width' | 'height' | 'pageHeight' | 'pages'>,
  fileName: string,
): void {
  const pixels =
    (metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0) * (metadata.pages ?? 1);
  if (pixels > MAX_IMAGE_PIXELS)
    throw new DomainError(
      'validation',
      t('validation.imageTooManyPixels', {
        fileName,
        megapixels: megapixels(pixels),
        maxMegapixels: megapixels(MAX_IMAGE_PIXELS),
      }),
      'data',
      'image_too_many_pixels',
    );
}

/**
 * Checks that the bytes are a picture of an accepted format (by content, not by the declared type), within
 * the size and dimension limits; SVG only when it carries nothing that could run or load something.
 * @throws DomainError('validation') on the field `data`.
 */
export async function analyseImage(
  content: Buffer,
  declaredType: string,
  fileName = 'Bild',
): Promise<AnalysedImage> {
  const sniffed = sniffFileType(content);
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(content, { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE }).metadata();
  } catch {
    if (sniffed && !sniffed.mimeType.startsWith('image/')) throw typeError(sniffed.mimeType);
    if (!sniffed && !declaredType.startsWith('image/')) throw typeError(declaredType);
    throw new DomainError('validation', t('validation.image'), 'data');
  }
  const format = IMAGE_FORMATS[metadata.format ?? ''];
  if (!format) throw typeError(sniffed?.mimeType ?? `image/${metadata.format}`);
  if (format.extension === 'svg' && !isSafeSvg(content)) {
    throw new DomainError('validation', t('validation.image'), 'data');
  }
  const width = metadata.width ?? null;
  const height = metadata.height ?? null;
  if (width !== null && width > MAX_IMAGE_SIDE) {
    throw new DomainError(
      'validation',
      t('validation.imageTooWide', { width, maxWidth: MAX_IMAGE_SIDE }),
      'data',
    );
  }
  if (height !== null && (metadata.pageHeight ?? height) > MAX_IMAGE_SIDE) {
    throw new DomainError(
      'validation',
      t('validation.imageTooHigh', { height, maxHeight: MAX_IMAGE_SIDE }),
      'data',
    );
  }
  assertPixelBudget(metadata, fileName);
  // The header can promise more than the data holds: decode every pixel (every frame) now, so that a
  // truncated or corrupt picture is refused here and not a failure on every size later.
  try {
    await sharp(content, {
      limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE,
      animated: true,
      failOn: 'truncated',
    }).stats();
  } catch {
    throw new DomainError('validation', t('validation.image'), 'data');
  }
  // Quarter-turned photos (EXIF orientation 5-8) are shown turned: report the dimensions as shown.
  const turned = (metadata.orientation ?? 1) >= 5;
  const shownHeight = metadata.pageHeight ?? height;
  return {
    content,
    extension: format.extension,
    mimeType: format.mimeType,
    width: turned ? shownHeight : width,
    height: turned ? width : shownHeight,
  };
}

/** Images: the row and its file change together (see {@link StoredFiles}). */
@Injectable()
export class ImageService {
  private readonly files: StoredFiles<Image>;

  constructor(connection: TransactionalConnection, events: EventBus, storage: MediaStorage) {
    this.files = new StoredFiles(
      {
        entity: Image,
        collection: 'images',
        notFound: 'Bild wurde nicht gefunden.',
        cacheFolder: ImageService.cacheFolder,
        auditJson,
      },
      connection,
      events,
      storage,
    );
  }

  /** Folder of the prepared sizes of one image. */
  static cacheFolder(id: number) {
    return `cache/images/${id}`;
  }

  /** Stores a new image from `{ data, name?, alt? }`. */
  async create(ctx: RequestContext, body: unknown): Promise<unknown> {
    const input = parseInput(imageInput, body);
    const file = parseDataUrl(input.data, MAX_IMAGE_BYTES);
    const image = await analyseImage(file.content, file.declaredType, input.name || undefined);
    const saved = await this.files.create(ctx, image, (em, storageKey) =>
      em.create(Image, {
        version: 1,
        extension: image.extension,
        mimeType: image.mimeType,
        width: image.width,
        height: image.height,
        size: image.content.length,
        storageKey,
        name: input.name ?? '',
        alt: input.alt ?? '',
      }),
    );
    return imageDetailJson(saved);
  }

  /** Changes name and alt text; a new `data` replaces the file and raises the version (new URLs). */
  async update(ctx: RequestContext, id: number, body: unknown): Promise<unknown> {
    const input = parseInput(imageInput, body);
    const replacement = input.data ? await analyseImage(...fromDataUrl(input.data)) : null;
    const saved = await this.files.update(ctx, id, replacement, (row) => {
      if (input.name !== undefined) row.name = input.name;
      if (input.alt !== undefined) row.alt = input.alt;
      if (replacement) {
        Object.assign(row, {
          extension: replacement.extension,
          mimeType: replacement.mimeType,
          width: replacement.width,
          height: replacement.height,
          size: replacement.content.length,
        });
      }
    });
    return imageDetailJson(saved);
  }

  /** Deletes the row (references to it become empty), then its files. */
  remove(ctx: RequestContext, id: number): Promise<void> {
    return this.files.remove(ctx, id);
  }
}

function fromDataUrl(data: string): [Buffer, string] {
  const file = parseDataUrl(data, MAX_IMAGE_BYTES);
  return [file.content, file.declaredType];
}

function auditJson(image: Image): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, ...rest } = imageDetailJson(image);
  return rest;
}
