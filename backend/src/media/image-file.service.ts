import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { readFile } from 'node:fs/promises';
import { DomainError } from '../core/errors.js';
import { INT32_MAX } from '../core/input.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { Image } from './image.entity.js';
import { type ImageSize, imageSizeOf, MAX_IMAGE_SIDE } from './image-sizes.js';
import { ImageService } from './image.service.js';
import { MediaStorage } from './media-storage.js';
import { TransactionalConnection } from '../core/transaction.js';

/** A file ready to be sent. */
export interface ServedFile {
  /** Absolute path on disk. */
  path: string;
  mimeType: string;
  /** Strong validator: id, version and size never change their bytes. */
  etag: string;
}

const notFound = () => new DomainError('not_found', HTTP_MESSAGES.notFound);

/** `12-3.png` → its parts; anything else is a missing file. */
export function parseMediaFileName(name: string): { id: number; version: number; extension: string } {
  const match = /^(\d{1,10})-(\d{1,10})\.([a-z0-9]{2,5})$/.exec(name);
  if (!match) throw notFound();
  const id = Number(match[1]);
  const version = Number(match[2]);
  if (id < 1 || id > INT32_MAX || version > INT32_MAX) throw notFound();
  return { id, version, extension: match[3]! };
}

/**
 * Serves /image/...: the original, or a prepared size rendered with sharp on first request and kept on disk
 * (one rendering at a time per file; concurrent requests wait for it).
 */
@Injectable()
export class ImageFileService {
  private readonly rendering = new Map<string, Promise<void>>();

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly storage: MediaStorage,
  ) {}

  /**
   * The file of `/image/{size?}/{id}-{version}.{extension}`.
   * @throws DomainError('not_found') for an unknown image, another version or extension, or an unknown size.
   */
  async file(fileName: string, size?: string): Promise<ServedFile> {
    const { id, version, extension } = parseMediaFileName(fileName);
    const spec = size === undefined ? null : imageSizeOf(size);
    if (size !== undefined && !spec) throw notFound();
    const image = await this.connection.manager().getRepository(Image).findOne({ where: { id } });
    if (!image || image.version !== version || image.extension !== extension || !image.storageKey)
      throw notFound();
    const etag = `"img-${id}-${version}-${size ?? 'original'}"`.replace('/', '-');
    // Vector drawings scale by themselves: every size is the (checked) original.
    if (!spec || extension === 'svg') {
      if (!(await this.storage.exists(image.storageKey))) throw notFound();
      return { path: this.storage.pathOf(image.storageKey), mimeType: image.mimeType, etag };
    }
    const key = `${ImageService.cacheFolder(id)}/${version}/${size!.replace('/', '-')}.${extension}`;
    if (!(await this.storage.exists(key))) {
      let pending = this.rendering.get(key);
      if (!pending) {
        pending = this.render(image, spec, key).finally(() => this.rendering.delete(key));
        this.rendering.set(key, pending);
      }
      await pending;
    }
    return { path: this.storage.pathOf(key), mimeType: image.mimeType, etag };
  }

  private async render(image: Image, spec: ImageSize, key: string): Promise<void> {
    let original: Buffer;
    try {
      original = await readFile(this.storage.pathOf(image.storageKey));
    } catch {
      throw notFound();
    }
    const animated = image.extension === 'gif' || image.extension === 'webp';
    const pipeline = sharp(original, { animated, limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE })
      .rotate()
      .resize({
        width: spec.width,
        height: spec.height,
        fit: spec.fit,
        position: 'centre',
        withoutEnlargement: spec.fit === 'inside',
      });
    let encoded: Buffer;
    try {
      encoded = await (
        image.extension === 'jpg'
          ? pipeline.jpeg({ quality: 82, mozjpeg: true })
          : image.extension === 'png'
            ? pipeline.png({ compressionLevel: 9 })
            : image.extension === 'webp'
              ? pipeline.webp({ quality: 80 })
              : pipeline.gif()
      ).toBuffer();
    } catch {
      // An original that cannot be decoded (stored before uploads were decoded completely) has no sizes.
      throw notFound();
    }
    await this.storage.write(key, encoded);
  }
}
