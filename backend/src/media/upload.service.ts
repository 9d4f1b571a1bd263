import { Injectable } from '@nestjs/common';
import {
  DEFAULT_UPLOAD_EXTENSIONS,
  formatBytes,
  FONT_UPLOAD_EXTENSIONS,
  STAFF_UPLOAD_EXTENSIONS,
  t,
} from '@ordering/common';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { Clock } from '../core/clock.js';
import type { RequestContext } from '../core/request-context.js';
import { DomainError } from '../core/errors.js';
import { parseInput } from '../core/validation.js';
import { EventBus } from '../core/events.js';
import { TransactionalConnection } from '../core/transaction.js';
import { parseDataUrl } from './data-url.js';
import { MIME_BY_EXTENSION, sniffFileType } from './file-type.js';
import { isPlausibleVideo, videoDurationOf } from './video-check.js';
import { assertPixelBudget } from './image.service.js';
import { MAX_IMAGE_SIDE } from './image-sizes.js';
import { MediaStorage } from './media-storage.js';
import { StoredFiles } from './stored-files.js';
import { isSafeSvg } from './svg.js';
import { newUploadSecret } from './upload-ownership.js';
import { Upload } from './upload.entity.js';
import { uploadInput, uploadJson } from './upload.resource.js';

/** Largest file the back office may upload. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Largest file a storefront customer may upload. */
export const MAX_PUBLIC_UPLOAD_BYTES = 10 * 1024 * 1024;

/** A checked file, ready to be stored. */
interface CheckedFile {
  content: Buffer;
  extension: string;
  mimeType: string;
  name: string;
}

/** Largest font file: a web font of one variant is some 20 to 300 KB, a complete CJK font a few MB. */
export const MAX_FONT_BYTES = 5 * 1024 * 1024;

const typeError = (type: string, allowed: readonly string[]) =>
  new DomainError('validation', t('validation.fileType', { type, types: allowed.join(', ') }), 'data');

/**
 * Decides the stored extension: the one of the file name if the content agrees with it, else the one the
 * content shows. Only the allowed extensions are accepted (the specification's default list for customers,
 * plus the fonts for staff), and only when the bytes are what the extension claims (a renamed program or a
 * picture named `.woff2` stays refused).
 * @throws DomainError('validation') on the field `data`.
 */
export function checkUpload(
  content: Buffer,
  declaredType: string,
  name: string | undefined,
  allowed: readonly string[] = DEFAULT_UPLOAD_EXTENSIONS,
): CheckedFile {
  const sniffed = sniffFileType(content);
  const dot = name?.lastIndexOf('.') ?? -1;
  const named = name && dot > 0 ? name.slice(dot + 1).toLowerCase() : null;
  if (!sniffed) throw typeError(named ? `.${named}` : declaredType, allowed);
  if (named && !allowed.includes(named)) throw typeError(`.${named}`, allowed);
  const extension = named
    ? sniffed.extensions.includes(named)
      ? named
      : undefined
    : sniffed.extensions.find((e) => allowed.includes(e));
  if (!extension) throw typeError(sniffed.mimeType, allowed);
  if ((FONT_UPLOAD_EXTENSIONS as readonly string[]).includes(extension) && content.length > MAX_FONT_BYTES)
    throw new DomainError(
      'validation',
      t('validation.fileTooLarge', { limit: formatBytes(MAX_FONT_BYTES) }),
      'data',
    );
  const mimeType = (MIME_BY_EXTENSION[extension] ?? 'application/octet-stream').split(';')[0]!;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
  const base = (name ?? '').replace(/[\u0000-\u001f\\/]/g, '').trim();
  return { content, extension, mimeType, name: base || `datei.${extension}` };
}

/** Raster types whose pixels are counted at upload (their previews are decoded later). */
const RASTER_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * What the bytes of an accepted type may not be: a drawing that can run or load something (refused, not
 * repaired), or a picture with more pixels than {@link assertPixelBudget} allows.
 * @throws DomainError('validation') on the field `data`.
 */
export async function checkUploadContent(file: CheckedFile): Promise<void> {
  if (file.mimeType === 'image/svg+xml' && !isSafeSvg(file.content))
    throw new DomainError('validation', t('validation.image'), 'data');
  if (!isPlausibleVideo(file.content, file.mimeType))
    throw new DomainError('validation', t('validation.video'), 'data');
  if (!RASTER_TYPES.has(file.mimeType) && file.mimeType !== 'image/svg+xml') return;
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(file.content, { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE }).metadata();
  } catch {
    throw new DomainError('validation', t('validation.image'), 'data');
  }
  assertPixelBudget(metadata, file.name);
}

/** Uploads: the row and its file change together; the file is written before and removed after the transaction. */
@Injectable()
export class UploadService {
  private readonly files: StoredFiles<Upload>;

  constructor(
    connection: TransactionalConnection,
    events: EventBus,
    storage: MediaStorage,
    private readonly clock: Clock,
  ) {
    this.files = new StoredFiles(
      {
        entity: Upload,
        collection: 'uploads',
        notFound: 'Upload wurde nicht gefunden.',
        cacheFolder: UploadService.cacheFolder,
        auditJson,
      },
      connection,
      events,
      storage,
    );
  }

  /** Folder of the previews of one upload. */
  static cacheFolder(id: number) {
    return `cache/uploads/${id}`;
  }

  /** Stores a file of the back office from `{ data, name? }`. */
  async create(ctx: RequestContext, body: unknown): Promise<ReturnType<typeof uploadJson>> {
    const input = parseInput(uploadInput, body);
    const file = parseDataUrl(input.data, MAX_UPLOAD_BYTES);
    const checked = checkUpload(file.content, file.declaredType, input.name, STAFF_UPLOAD_EXTENSIONS);
    await checkUploadContent(checked);
    return this.store(ctx, checked, null);
  }

  /**
   * Stores a customer's file (configurable product parts). Every refusal reads as the specification's
   * upload failure text naming the file, except a picture with too many pixels, which says so. The answer
   * carries the upload's `secret`, given only here: an order takes the file up only with it, so nobody
   * can attach another visitor's file by its id (see `upload-ownership.ts`).
   */
  async createPublic(
    ctx: RequestContext,
    body: unknown,
  ): Promise<ReturnType<typeof uploadJson> & { secret: string }> {
    const name =
      typeof (body as { name?: unknown })?.name === 'string'
        ? String((body as { name: string }).name).slice(0, 255)
        : 'Datei';
    let checked: CheckedFile;
    try {
      const input = parseInput(uploadInput, body);
      const file = parseDataUrl(input.data, MAX_PUBLIC_UPLOAD_BYTES);
      checked = checkUpload(file.content, file.declaredType, input.name);
      await checkUploadContent(checked);
    } catch (error) {
      if (error instanceof DomainError && error.errors[0]?.code === 'image_too_many_pixels') throw error;
      if (error instanceof DomainError)
        throw new DomainError('validation', t('cart.uploadFailed', { fileName: name }), 'data');
      throw error;
    }
    const { secret, secretHash } = newUploadSecret();
    return { ...(await this.store(ctx, checked, secretHash)), secret };
  }

  private async store(ctx: RequestContext, file: CheckedFile, secretHash: string | null) {
    const now = this.clock.now();
    const saved = await this.files.create(ctx, file, (em, storageKey) =>
      em.create(Upload, {
        version: 1,
        extension: file.extension,
        mimeType: file.mimeType,
        name: file.name,
        size: file.content.length,
        duration: videoDurationOf(file.content, file.mimeType),
        storageKey,
        publicHash: randomBytes(24).toString('base64url'),
        secretHash,
        takenAt: null,
        createdAt: now,
        updatedAt: now,
      }),
    );
    return uploadJson(saved);
  }

  /** Renames; a new `data` replaces the file and raises the version. */
  async update(ctx: RequestContext, id: number, body: unknown) {
    const input = parseInput(uploadInput, body);
    let replacement: CheckedFile | null = null;
    if (input.data) {
      const file = parseDataUrl(input.data, MAX_UPLOAD_BYTES);
      replacement = checkUpload(file.content, file.declaredType, input.name, STAFF_UPLOAD_EXTENSIONS);
      // A replacement is a new file: the same content checks as on create (an unsafe SVG, too many pixels).
      await checkUploadContent(replacement);
    }
    const saved = await this.files.update(ctx, id, replacement, (row) => {
      if (input.name !== undefined && input.name !== '') row.name = input.name;
      if (replacement) {
        Object.assign(row, {
          extension: replacement.extension,
          mimeType: replacement.mimeType,
          size: replacement.content.length,
          duration: videoDurationOf(replacement.content, replacement.mimeType),
        });
      }
    });
    return uploadJson(saved);
  }

  /** Deletes the row, then its files. */
  remove(ctx: RequestContext, id: number): Promise<void> {
    return this.files.remove(ctx, id);
  }
}

// The public hash is the secret of the URL: it stays out of the audit log.
function auditJson(upload: Upload): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, publicHash: _h, ...rest } = uploadJson(upload);
  return rest;
}
