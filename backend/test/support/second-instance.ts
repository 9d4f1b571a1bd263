import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../../src/app.factory.js';
import { loadConfig } from '../../src/env/config.js';
import { createLogger } from '../../src/core/logger.js';
import { openDatabase } from '../../src/database/data-source.js';
import { ENTITIES } from '../../src/schema/entities.js';
import type { TestApp } from './test-app.js';

/**
 * A second backend instance on the same PostgreSQL server database as `t` (as two processes behind a
 * load balancer would run), with its own pool, clock and HTTP port. Server only: `undefined` on PGlite,
 * whose database belongs to one process.
 */
export async function startSecondInstance(
  t: TestApp,
  env: Record<string, string> = {},
): Promise<
  | { app: NestExpressApplication; baseUrl: string; close(): Promise<void>; clock: TestApp['clock'] }
  | undefined
> {
  const url = (t.dataSource.options as { url?: string }).url;
  if (!url) return undefined;
  const db = await openDatabase({ kind: 'server', url }, ENTITIES);
  const config = loadConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_DEMO: 'false',
    ...env,
  });
  const app = await createApp({
    config,
    clock: t.clock,
    logger: createLogger(config.logLevel),
    dataSource: db.dataSource,
  });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    clock: t.clock,
    async close() {
      await app.close();
      await db.close();
    },
  };
}
