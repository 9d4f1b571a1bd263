import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { Clock } from '../core/clock.js';
import { APP_CONFIG, LOGGER } from '../core/tokens.js';
import { ConfigError } from '../env/config-error.js';
import type { AppConfig } from '../env/config.js';
import { backupFileName, embeddedOf, writeBackup } from './backup-archive.js';
import { answerBackupRequests, BACKUP_REQUEST_POLL_MS } from './backup-request.js';

/** How often a running server looks whether the daily backup is due. */
export const BACKUP_CHECK_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const NAME = /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/;

/** When a file of {@link backupFileName} was taken; undefined for other files. */
function takenAt(name: string): Date | undefined {
  const m = NAME.exec(name);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`) : undefined;
}

/**
 * The daily backup of a running server (docs/decisions/backups.md): with BACKUP_DIR set, the server checks
 * hourly (and right after its start) whether the newest backup there is a day old, writes a new one while the
 * shop keeps running, and deletes backups older than BACKUP_KEEP_DAYS — never the newest. Times come from
 * the Clock, and a file's time is the one in its name.
 */
@Injectable()
export class BackupService implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;
  private requestTimer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private answering?: Promise<void>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    // The CLI's `backup` of a running embedded shop asks through a file in DATA_DIR (backup-request.ts).
    if (embeddedOf(this.dataSource)?.dataDir) {
      this.requestTimer = setInterval(() => void this.answerRequests(), BACKUP_REQUEST_POLL_MS);
      this.requestTimer.unref();
    }
    const dir = this.config.backupDir;
    if (!dir) return;
    // A folder that cannot be written stops the start, as a wrong setting does, not the first backup a day later.
    try {
      mkdirSync(dir, { recursive: true });
      accessSync(dir, constants.W_OK);
    } catch (error) {
      throw new ConfigError(
        'BACKUP_DIR',
        `Der Ordner BACKUP_DIR (${dir}) lässt sich nicht anlegen oder beschreiben: ${(error as Error).message}.`,
      );
    }
    const run = () => {
      this.running ??= this.runIfDue()
        .catch((error: unknown) => this.logger.error({ err: error }, 'daily backup failed'))
        .finally(() => {
          this.running = undefined;
        });
    };
    run();
    this.timer = setInterval(run, BACKUP_CHECK_EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.requestTimer);
    await this.running;
    await this.answering;
  }

  /** Answers the CLI's requests for a backup now (embedded database in a folder only). */
  answerRequests(): Promise<void> {
    this.answering ??= answerBackupRequests(this.config.dataDir, async (file) =>
      writeBackup(
        { kind: 'embedded', dataSource: this.dataSource, mediaDir: this.config.mediaDir },
        file,
        this.clock.now(),
      ),
    )
      .then((files) => {
        for (const file of files) this.logger.info({ file }, 'backup written on request');
      })
      .catch((error: unknown) => this.logger.error({ err: error }, 'backup request failed'))
      .finally(() => {
        this.answering = undefined;
      });
    return this.answering;
  }

  /** Takes the daily backup if the newest one is a day old or missing, then applies the retention. */
  async runIfDue(): Promise<{ written?: string; deleted: string[] }> {
    const dir = this.config.backupDir;
    if (!dir) return { deleted: [] };
    const now = this.clock.now();
    const newest = (await this.backups()).at(-1);
    let written: string | undefined;
    if (!newest || now.getTime() - newest.at.getTime() >= DAY_MS - 60_000) {
      written = path.join(dir, backupFileName(now));
      const manifest = await writeBackup(
        embeddedOf(this.dataSource)
          ? { kind: 'embedded', dataSource: this.dataSource, mediaDir: this.config.mediaDir }
          : { kind: 'server', url: this.config.databaseUrl!, mediaDir: this.config.mediaDir },
        written,
        now,
      );
      this.logger.info({ file: written, mediaFiles: manifest.mediaFiles }, 'daily backup written');
    }
    return { written, deleted: await this.prune(now) };
  }

  /** Our backups in BACKUP_DIR, oldest first. */
  private async backups(): Promise<Array<{ name: string; at: Date }>> {
    const names = await readdir(this.config.backupDir!).catch(() => [] as string[]);
    return names
      .map((name) => ({ name, at: takenAt(name) }))
      .filter((b): b is { name: string; at: Date } => b.at !== undefined)
      .sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  /** Deletes backups older than BACKUP_KEEP_DAYS; the newest one always stays. */
  private async prune(now: Date): Promise<string[]> {
    const limit = now.getTime() - this.config.backupKeepDays * DAY_MS;
    const old = (await this.backups()).slice(0, -1).filter((b) => b.at.getTime() < limit);
    for (const b of old) await rm(path.join(this.config.backupDir!, b.name), { force: true });
    if (old.length) this.logger.info({ files: old.map((b) => b.name) }, 'old backups deleted');
    return old.map((b) => b.name);
  }
}
