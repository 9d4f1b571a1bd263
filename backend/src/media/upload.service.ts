import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DEFAULT_UPLOAD_EXTENSIONS, t } from '@ordering/common';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../auth/request-context.js';
import { DomainError } from '../core/errors.js';
import { parseInput } from '../crud/validation.js';
import { AuditService, diff } from '../logs/audit.service.js';
import { parseDataUrl } from './data-url.js';
import { MIME_BY_EXTENSION, sniffFileType } from './file-type.js';
import { MediaStorage, randomKeyPart } from './media-storage.js';
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

const typeError = (type: string) =>
  new DomainError(
    'validation',
    t('validation.fileType', { type, types: DEFAULT_UPLOAD_EXTENSIONS.join(', ') }),
    'data',
  );

/**
 * Decides the stored extension: the one of the file name if the content agrees with it, else the one the
 * content shows. Only the specification's default list is accepted, and only when the bytes are what the
 * extension claims (a renamed program stays refused).
 * @throws DomainError('validation') on the field `data`.
 */
export function checkUpload(content: Buffer, declaredType: string, name: string | undefined): CheckedFile {
  const sniffed = sniffFileType(content);
  const allowed = DEFAULT_UPLOAD_EXTENSIONS as readonly string[];
  const dot = name?.lastIndexOf('.') ?? -1;
  const named = name && dot > 0 ? name.slice(dot + 1).toLowerCase() : null;
  if (!sniffed) throw typeError(named ? `.${named}` : declaredType);
  if (named && !allowed.includes(named)) throw typeError(`.${named}`);
  const extension = named
    ? sniffed.extensions.includes(named)
      ? named
      : undefined
    : sniffed.extensions.find((e) => allowed.includes(e));
  if (!extension) throw typeError(sniffed.mimeType);
  const mimeType = (MIME_BY_EXTENSION[extension] ?? 'application/octet-stream').split(';')[0]!;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
  const base = (name ?? '').replace(/[\u0000-\u001f\\/]/g, '').trim();
  return { content, extension, mimeType, name: base || `datei.${extension}` };
}

/** Uploads: the row and its file change together; the file is written before and removed after the transaction. */
@Injectable()
export class UploadService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly storage: MediaStorage,
  ) {}

  /** Folder of the previews of one upload. */
  static cacheFolder(id: number) {
    return `cache/uploads/${id}`;
  }

  /** Stores a file of the back office from `{ data, name? }`. */
  async create(ctx: RequestContext, body: unknown): Promise<ReturnType<typeof uploadJson>> {
    const input = parseInput(uploadInput, body);
    const file = parseDataUrl(input.data, MAX_UPLOAD_BYTES);
    return this.store(ctx, checkUpload(file.content, file.declaredType, input.name));
  }

  /**
   * Stores a customer's file (configurable product parts). Every refusal reads as the specification's
   * upload failure text naming the file.
   */
  async createPublic(ctx: RequestContext, body: unknown): Promise<ReturnType<typeof uploadJson>> {
    const name =
      typeof (body as { name?: unknown })?.name === 'string'
        ? String((body as { name: string }).name).slice(0, 255)
        : 'Datei';
    let checked: CheckedFile;
    try {
      const input = parseInput(uploadInput, body);
      const file = parseDataUrl(input.data, MAX_PUBLIC_UPLOAD_BYTES);
      checked = checkUpload(file.content, file.declaredType, input.name);
    } catch (error) {
      if (error instanceof DomainError)
        throw new DomainError('validation', t('cart.uploadFailed', { fileName: name }), 'data');
      throw error;
    }
    return this.store(ctx, checked);
  }

  private async store(ctx: RequestContext, file: CheckedFile) {
    const key = `uploads/${randomKeyPart()}.${file.extension}`;
    await this.storage.write(key, file.content);
    try {
      const saved = await this.dataSource.transaction(async (em) => {
        const row = em.create(Upload, {
          version: 1,
          extension: file.extension,
          mimeType: file.mimeType,
          name: file.name,
          size: file.content.length,
          storageKey: key,
          publicHash: randomBytes(24).toString('base64url'),
        });
        const result = await em.save(row);
        await this.audit.record(em, ctx, {
          action: 'create',
          entityType: 'uploads',
          entityId: result.id,
          changes: auditJson(result),
        });
        await this.audit.bump(em, 'uploads');
        return result;
      });
      return uploadJson(saved);
    } catch (error) {
      await this.storage.remove(key);
      throw error;
    }
  }

  /** Renames; a new `data` replaces the file and raises the version. */
  async update(ctx: RequestContext, id: number, body: unknown) {
    const input = parseInput(uploadInput, body);
    let replacement: CheckedFile | null = null;
    if (input.data) {
      const file = parseDataUrl(input.data, MAX_UPLOAD_BYTES);
      replacement = checkUpload(file.content, file.declaredType, input.name);
    }
    const key = replacement ? `uploads/${randomKeyPart()}.${replacement.extension}` : null;
    if (replacement && key) await this.storage.write(key, replacement.content);
    let oldKey: string | null = null;
    try {
      const saved = await this.dataSource.transaction(async (em) => {
        const row = await em.findOne(Upload, { where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!row) throw new DomainError('not_found', 'Upload wurde nicht gefunden.');
        const before = auditJson(row);
        if (input.name !== undefined && input.name !== '') row.name = input.name;
        if (replacement && key) {
          oldKey = row.storageKey;
          Object.assign(row, {
            version: row.version + 1,
            extension: replacement.extension,
            mimeType: replacement.mimeType,
            size: replacement.content.length,
            storageKey: key,
          });
        }
        const result = await em.save(row);
        await this.audit.record(em, ctx, {
          action: 'update',
          entityType: 'uploads',
          entityId: id,
          changes: diff(before, auditJson(result)),
        });
        await this.audit.bump(em, 'uploads');
        return result;
      });
      if (oldKey) {
        await this.storage.remove(oldKey);
        await this.storage.removeTree(UploadService.cacheFolder(id));
      }
      return uploadJson(saved);
    } catch (error) {
      if (key) await this.storage.remove(key);
      throw error;
    }
  }

  /** Deletes the row, then its files. */
  async remove(ctx: RequestContext, id: number): Promise<void> {
    const key = await this.dataSource.transaction(async (em) => {
      const row = await em.findOne(Upload, { where: { id } });
      if (!row) throw new DomainError('not_found', 'Upload wurde nicht gefunden.');
      await em.delete(Upload, { id });
      await this.audit.record(em, ctx, {
        action: 'delete',
        entityType: 'uploads',
        entityId: id,
        changes: auditJson(row),
      });
      await this.audit.bump(em, 'uploads');
      return row.storageKey;
    });
    if (key) await this.storage.remove(key);
    await this.storage.removeTree(UploadService.cacheFolder(id));
  }
}

// The public hash is the secret of the URL: it stays out of the audit log.
function auditJson(upload: Upload): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, publicHash: _h, ...rest } = uploadJson(upload);
  return rest;
}
