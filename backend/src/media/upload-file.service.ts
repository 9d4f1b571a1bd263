import { Injectable } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { DomainError } from '../core/errors.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { parseMediaFileName, type ServedFile } from './image-file.service.js';
import { MAX_IMAGE_SIDE } from './image-sizes.js';
import { MediaStorage } from './media-storage.js';
import { isSafeSvg } from './svg.js';
import { Upload } from './upload.entity.js';
import { UploadService } from './upload.service.js';
import { TransactionalConnection } from '../core/transaction.js';

const notFound = () => new DomainError('not_found', HTTP_MESSAGES.notFound);

/** Types a browser may show in the page; everything else is downloaded. */
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/webm',
  'video/mpeg',
]);
/** Types with a JPEG preview. */
const PREVIEWABLE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml']);

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Serves /upload/{publicHash}/...: the hash is the secret, a wrong one is as missing as an unknown id. */
@Injectable()
export class UploadFileService {
  private readonly rendering = new Map<string, Promise<void>>();

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly storage: MediaStorage,
  ) {}

  private async find(hash: string, fileName: string, extension?: string): Promise<Upload> {
    const parsed = parseMediaFileName(fileName);
    const upload = await this.connection
      .manager()
      .getRepository(Upload)
      .findOne({ where: { id: parsed.id } });
    if (!upload || !sameSecret(upload.publicHash, hash) || upload.version !== parsed.version)
      throw notFound();
    if (parsed.extension !== (extension ?? upload.extension) || !upload.storageKey) throw notFound();
    return upload;
  }

  /** The file of `/upload/{hash}/{id}-{version}.{extension}` and whether it is downloaded rather than shown. */
  async file(hash: string, fileName: string): Promise<{ file: ServedFile; download: string | null }> {
    const upload = await this.find(hash, fileName);
    if (!(await this.storage.exists(upload.storageKey))) throw notFound();
    return {
      file: {
        path: this.storage.pathOf(upload.storageKey),
        mimeType: upload.mimeType,
        etag: `"upl-${upload.id}-${upload.version}"`,
      },
      download: INLINE_TYPES.has(upload.mimeType) ? null : upload.name || `datei.${upload.extension}`,
    };
  }

  /**
   * The JPEG preview of `/upload/{hash}/preview/{id}-{version}.jpg`: a picture at most 400 px wide and high.
   * Only pictures have one (no video decoder on the server); anything else is a 404 and the client shows an icon.
   */
  async preview(hash: string, fileName: string): Promise<ServedFile> {
    const upload = await this.find(hash, fileName, 'jpg');
    if (!PREVIEWABLE.has(upload.mimeType)) throw notFound();
    const key = `${UploadService.cacheFolder(upload.id)}/${upload.version}/preview.jpg`;
    if (!(await this.storage.exists(key))) {
      let pending = this.rendering.get(key);
      if (!pending) {
        pending = this.render(upload, key).finally(() => this.rendering.delete(key));
        this.rendering.set(key, pending);
      }
      await pending;
    }
    return {
      path: this.storage.pathOf(key),
      mimeType: 'image/jpeg',
      etag: `"upl-${upload.id}-${upload.version}-preview"`,
    };
  }

  private async render(upload: Upload, key: string) {
    let original: Buffer;
    try {
      original = await readFile(this.storage.pathOf(upload.storageKey));
    } catch {
      throw notFound();
    }
    // The renderer must not follow references out of a drawing (files, network).
    if (upload.mimeType === 'image/svg+xml' && !isSafeSvg(original)) throw notFound();
    try {
      const jpeg = await sharp(original, { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE })
        .rotate()
        .resize({ width: 400, height: 400, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 80 })
        .toBuffer();
      await this.storage.write(key, jpeg);
    } catch {
      throw notFound();
    }
  }
}
