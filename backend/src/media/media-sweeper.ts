import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { Clock } from '../core/clock.js';
import { INT32_MAX } from '../core/input.js';
import { LOGGER } from '../core/tokens.js';
import { MediaStorage } from './media-storage.js';
import { expiredUploads } from './upload-ownership.js';
import { Upload } from './upload.entity.js';
import { UploadService } from './upload.service.js';
import { TransactionalConnection } from '../core/transaction.js';

/**
 * Files younger than this may belong to a write whose transaction is still running (in this or another
 * instance), so they stay until the next sweep.
 */
export const SWEEP_GRACE_MS = 10 * 60 * 1000;
/** How often a running server looks again (for what the grace period spared at start). */
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

const FILE_FOLDERS = ['images', 'uploads'] as const;
/** Cache folders by the table whose ids name their subfolders. */
const CACHE_FOLDERS = { image: 'cache/images', upload: 'cache/uploads' } as const;

/**
 * Removes what a crash can leave in the media folder: a file written before its transaction that never
 * committed, a half-written `.tmp`, and prepared sizes of rows that no longer exist. Runs in the
 * background at start and then every {@link SWEEP_EVERY_MS}; what is younger than {@link SWEEP_GRACE_MS}
 * waits for the next run. The folder must belong to this database alone (the default MEDIA_DIR lies in
 * DATA_DIR): a file no row of this database names is an orphan.
 */
@Injectable()
export class MediaSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly storage: MediaStorage,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.sweepLogged(SWEEP_GRACE_MS);
    this.timer = setInterval(() => void this.sweepLogged(SWEEP_GRACE_MS), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  // Before the database closes: a sweep still running must not query a closed connection.
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** The sweep started at boot (for tests and an orderly shutdown). */
  whenStarted(): Promise<unknown> {
    return this.running ?? Promise.resolve();
  }

  /**
   * Removes unreferenced files and `.tmp` leftovers older than `graceMs` (file age by the file system's
   * clock, which wrote them), and cache folders of ids without a row.
   * @returns the removed keys.
   */
  async sweep(graceMs: number): Promise<string[]> {
    const expired = await this.expireUntakenUploads();
    if (expired.length > 0) this.logger.info({ uploads: expired }, 'expired customer uploads removed');
    const referenced = new Set<string>(
      (
        (await this.connection
          .manager()
          .query('SELECT storage_key AS key FROM image UNION ALL SELECT storage_key FROM upload')) as Array<{
          key: string | null;
        }>
      )
        .map((r) => r.key)
        .filter((k): k is string => !!k),
    );
    const removed: string[] = [];
    const cutoff = Date.now() - graceMs;
    for (const folder of FILE_FOLDERS) {
      for (const key of await this.filesUnder(folder)) {
        if (referenced.has(key)) continue;
        const modified = await this.modifiedAt(key);
        if (modified === null || modified > cutoff) continue;
        await this.storage.remove(key);
        removed.push(key);
      }
    }
    for (const [table, folder] of Object.entries(CACHE_FOLDERS)) {
      const ids = await this.subfolders(folder);
      if (ids.length === 0) continue;
      const numeric = ids.filter((id) => /^\d{1,10}$/.test(id)).map(Number);
      const existing = new Set<number>(
        numeric.length === 0
          ? []
          : (
              (await this.connection
                .manager()
                .query(`SELECT id FROM ${table} WHERE id = ANY($1::int[])`, [
                  numeric.filter((n) => n <= INT32_MAX),
                ])) as Array<{ id: number }>
            ).map((r) => Number(r.id)),
      );
      for (const id of ids) {
        if (/^\d{1,10}$/.test(id) && existing.has(Number(id))) continue;
        const key = `${folder}/${id}`;
        const modified = await this.modifiedAt(key);
        if (modified === null || modified > cutoff) continue;
        await this.storage.removeTree(key);
        removed.push(key);
      }
    }
    return removed;
  }

  /**
   * Removes storefront customers' uploads that no order took up within a day (by the injected clock):
   * the row, then its file and previews. An upload an order took up stays as long as the order.
   * @returns the removed upload ids.
   */
  async expireUntakenUploads(): Promise<number[]> {
    const removed: number[] = [];
    for (const upload of await expiredUploads(this.connection.manager(), this.clock.now())) {
      // Only if still untaken: an order may take it up between the read and this delete.
      const result = await this.connection
        .manager()
        .createQueryBuilder()
        .delete()
        .from(Upload)
        .where('id = :id AND taken_at IS NULL', { id: upload.id })
        .execute();
      if (!result.affected) continue;
      if (upload.storageKey) await this.storage.remove(upload.storageKey);
      await this.storage.removeTree(UploadService.cacheFolder(upload.id));
      removed.push(upload.id);
    }
    return removed;
  }

  private async sweepLogged(graceMs: number): Promise<void> {
    try {
      const removed = await this.sweep(graceMs);
      if (removed.length > 0) this.logger.warn({ removed }, 'media sweep removed orphan files');
    } catch (error) {
      this.logger.error({ err: error }, 'media sweep failed');
    }
  }

  private async filesUnder(folder: string): Promise<string[]> {
    const root = this.storage.pathOf(folder);
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile())
      .map((e) =>
        path.relative(this.storage.root, path.join(e.parentPath, e.name)).split(path.sep).join('/'),
      );
  }

  private async subfolders(folder: string): Promise<string[]> {
    const entries = await readdir(this.storage.pathOf(folder), { withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isDirectory()).map((e) => e.name);
  }

  private async modifiedAt(key: string): Promise<number | null> {
    try {
      return (await stat(this.storage.pathOf(key))).mtimeMs;
    } catch {
      return null;
    }
  }
}
