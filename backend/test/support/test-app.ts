import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory.js';
import type { Authenticator } from '../../src/auth/auth.guard.js';
import { type AppConfig, loadConfig } from '../../src/env/config.js';
import { FixedClock } from '../../src/core/clock.js';
import { createLogger } from '../../src/core/logger.js';
import { migrate, openDatabase, type OpenDatabase } from '../../src/database/data-source.js';
import { ENTITIES } from '../../src/schema/entities.js';
import { seedDemo } from '../../src/seed/seed.js';
import {
  createServerDatabase,
  type DatabaseState,
  openEmbeddedSnapshot,
  SEED_TIME,
  serverTemplate,
} from './snapshots.js';

/** The PostgreSQL server the tests use, if any: TEST_DATABASE_URL, else DATABASE_URL; else PGlite. */
export function testServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

/**
 * A fresh database of its own in the given state (default: empty): in-memory PGlite started from the run's
 * snapshot, or a new database on the server copied from the run's template (dropped after). Without the
 * run's snapshots (see snapshots.ts) the state is built here, as migrations and seed would build it.
 */
export async function openTestDatabase(
  state: DatabaseState = 'empty',
  via?: (url: string) => string,
): Promise<OpenDatabase & { label: string; url?: string }> {
  const serverUrl = testServerUrl();
  if (!serverUrl) {
    const db = (await openEmbeddedSnapshot(state)) ?? (await openDatabase({ kind: 'embedded' }, ENTITIES));
    if (!process.env.TEST_SNAPSHOT_DIR) await bring(db, state);
    return { ...db, label: 'PGlite (in-memory)' };
  }
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = state === 'empty' ? undefined : await serverTemplate(serverUrl, state);
  const url = await createServerDatabase(serverUrl, name, template);
  const db = await openDatabase({ kind: 'server', url: via ? via(url) : url }, ENTITIES);
  if (!template) await bring(db, state);
  return {
    ...db,
    url,
    label: `PostgreSQL ${new URL(url).host}/${name}`,
    close: async () => {
      await db.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

async function bring(db: OpenDatabase, state: DatabaseState) {
  if (state !== 'empty') await migrate(db.dataSource);
  if (state === 'seeded') await seedDemo(db.dataSource, new FixedClock(new Date(SEED_TIME)));
}

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestApp {
  app: NestExpressApplication;
  baseUrl: string;
  clock: FixedClock;
  dataSource: DataSource;
  config: AppConfig;
  /** On a server: the test database's own URL (not through {@link TestAppOptions.via}). */
  databaseUrl?: string;
  /** Sends JSON (when a body is given) and parses JSON answers. */
  request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiResult<T>>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  seed?: boolean;
  env?: Record<string, string>;
  /** Replace the real authenticator (only for tests of the auth guard itself). */
  authenticator?: Authenticator;
  /** On a server: the URL the application connects with, from its database's (a proxy for fault tests). */
  via?: (url: string) => string;
  /** A database opened by the test (migrated and seeded as it needs), instead of a fresh one. */
  database?: OpenDatabase;
}

/**
 * Boots the real application on a free port against a database of its own, migrations applied (and the
 * demo business seeded at {@link SEED_TIME} with `seed`).
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // The demo seed also writes its pictures to MEDIA_DIR; a test with a media folder of its own seeds
  // there itself (the seeded snapshot's pictures went to the builder's folder).
  const seedHere = Boolean(options.seed && options.env?.MEDIA_DIR);
  const db =
    options.database ??
    (await openTestDatabase(options.seed && !seedHere ? 'seeded' : 'migrated', options.via));
  // Nothing to do on a current snapshot; applies what a snapshot would lack.
  await migrate(db.dataSource);
  const clock = new FixedClock(new Date(SEED_TIME));
  if (seedHere) await seedDemo(db.dataSource, clock);
  const config = loadConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_DEMO: 'false',
    ...options.env,
  });
  const logger = createLogger(config.logLevel);
  const app = await createApp({
    config,
    clock,
    logger,
    dataSource: db.dataSource,
    authenticator: options.authenticator,
  });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    baseUrl,
    clock,
    dataSource: db.dataSource,
    config,
    databaseUrl: 'url' in db ? (db.url as string | undefined) : undefined,
    async request(method, path, body, headers = {}) {
      const res = await fetch(baseUrl + path, {
        method,
        headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        redirect: 'manual',
      });
      const text = await res.text();
      let parsed: unknown = text;
      if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
      return { status: res.status, body: parsed as any, headers: res.headers };
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}
