import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../core/request-context.js';
import { DomainError } from '../core/errors.js';
import { diff } from '../core/diff.js';
import type { EventBus } from '../core/events.js';
import type { TransactionalConnection } from '../core/transaction.js';
import { type MediaStorage, randomKeyPart } from './media-storage.js';

/** A row that owns one file in the media store. */
export interface StoredFileRow {
  id: number;
  version: number;
  extension: string;
  storageKey: string;
}

/** What differs between images and uploads. */
export interface StoredFileKind<E extends StoredFileRow> {
  entity: new () => E;
  /** API collection, used for the storage folder, the audit entry and the collection version. */
  collection: 'images' | 'uploads';
  notFound: string;
  /** Folder of the sizes or previews made from the file. */
  cacheFolder(id: number): string;
  /** The row as the audit log keeps it (no secrets). */
  auditJson(row: E): Record<string, unknown>;
}

/**
 * The life of a stored file: the row and its file change together. A new file is written before the
 * transaction (to a fresh key, so nothing half-written is ever served) and removed again if the
 * transaction fails; a replaced or deleted file, and everything made from it, is removed after commit.
 */
const EVENT_OF = { create: 'entity.created', update: 'entity.updated', delete: 'entity.deleted' } as const;

export class StoredFiles<E extends StoredFileRow> {
  constructor(
    private readonly kind: StoredFileKind<E>,
    private readonly connection: TransactionalConnection,
    private readonly events: EventBus,
    private readonly storage: MediaStorage,
  ) {}

  /** Stores `content` and a new row built by `build` (which receives the storage key). */
  async create(
    ctx: RequestContext,
    file: { content: Buffer; extension: string },
    build: (em: EntityManager, storageKey: string) => E,
  ): Promise<E> {
    const key = await this.write(file);
    try {
      return await this.connection.withTransaction(ctx, async (em) => {
        const result = await em.save(build(em, key));
        await this.record(em, ctx, 'create', result.id, this.kind.auditJson(result));
        return result;
      });
    } catch (error) {
      await this.storage.remove(key);
      throw error;
    }
  }

  /**
   * Changes a row with `apply`; with a `replacement` file, the row points to the new file under a raised
   * version (so its URLs change) and the old file goes after commit.
   */
  async update(
    ctx: RequestContext,
    id: number,
    replacement: { content: Buffer; extension: string } | null,
    apply: (row: E, storageKey: string | null) => void,
  ): Promise<E> {
    const key = replacement ? await this.write(replacement) : null;
    let oldKey: string | null = null;
    try {
      return await this.connection.withTransaction(ctx, async (em) => {
        const row = await em.findOne(this.kind.entity, {
          where: { id } as never,
          lock: { mode: 'pessimistic_write' },
        });
        if (!row) throw new DomainError('not_found', this.kind.notFound);
        const before = this.kind.auditJson(row);
        if (key) {
          oldKey = row.storageKey;
          row.version += 1;
          row.storageKey = key;
        }
        apply(row, key);
        const result = await em.save(row);
        await this.record(em, ctx, 'update', id, diff(before, this.kind.auditJson(result)));
        if (oldKey) {
          const replaced = oldKey;
          await this.connection.afterCommit(ctx, async () => {
            await this.storage.remove(replaced);
            await this.storage.removeTree(this.kind.cacheFolder(id));
          });
        }
        return result;
      });
    } catch (error) {
      if (key) await this.storage.remove(key);
      throw error;
    }
  }

  /** Deletes the row, then its file and everything made from it. */
  async remove(ctx: RequestContext, id: number): Promise<void> {
    await this.connection.withTransaction(ctx, async (em) => {
      const row = await em.findOne(this.kind.entity, { where: { id } as never });
      if (!row) throw new DomainError('not_found', this.kind.notFound);
      await em.delete(this.kind.entity, { id } as never);
      await this.record(em, ctx, 'delete', id, this.kind.auditJson(row));
      const key = row.storageKey;
      await this.connection.afterCommit(ctx, async () => {
        if (key) await this.storage.remove(key);
        await this.storage.removeTree(this.kind.cacheFolder(id));
      });
    });
  }

  private async write(file: { content: Buffer; extension: string }): Promise<string> {
    const key = `${this.kind.collection}/${randomKeyPart()}.${file.extension}`;
    await this.storage.write(key, file.content);
    return key;
  }

  private async record(
    _em: EntityManager,
    ctx: RequestContext,
    action: 'create' | 'update' | 'delete',
    id: number,
    changes: Record<string, unknown>,
  ) {
    await this.events.publish(ctx, EVENT_OF[action], {
      entityType: this.kind.collection,
      entityId: id,
      changes,
    });
  }
}
