import 'reflect-metadata';
import { createApp } from './app.factory.js';
import { ConfigError } from './env/config-error.js';
import { describeDatabaseUrl, loadConfig } from './env/config.js';
import { SystemClock } from './core/clock.js';
import { createLogger } from './core/logger.js';
import { collectStartupGarbage } from './core/memory.js';
import { lockDataDir } from './database/data-dir-lock.js';
import { migrate, openDatabase } from './database/data-source.js';
import { ENTITIES } from './schema/entities.js';
import { seedIfEmpty } from './seed/seed.js';

/** Starts the server; returns only by a signal (graceful shutdown) or a fatal error (exit code 1). */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const db = await openDatabase(
    config.databaseUrl
      ? { kind: 'server', url: config.databaseUrl }
      : {
          kind: 'embedded',
          dataDir: config.dataDir,
          durable: config.dataFsync,
          // Its own thread, so that requests (liveness) are answered while it works.
          thread: config.pgliteWorker,
          optimizingCompiler: config.pgliteOptimizingCompiler,
          // Without it every request would fail until someone restarts the shop: end the process for
          // the supervisor (systemd, Docker) to start it again, which recovers the database as after kill -9.
          onThreadExit: (error) => {
            logger.fatal({ err: error }, 'embedded database thread ended: exiting for a restart');
            unlock();
            process.exit(1);
          },
        },
    ENTITIES,
    { statementCountFile: config.statementCountFile },
  );
  if (db.created) logger.info({ from: db.created }, 'empty database created');
  const ran = await migrate(db.dataSource);
  if (ran.length) logger.info({ migrations: ran }, 'migrations applied');
  const clock = new SystemClock();
  if (config.seedDemo && (await seedIfEmpty(db.dataSource, clock))) logger.info('demo data seeded');

  const app = await createApp({ config, clock, logger, dataSource: db.dataSource });
  try {
    await app.listen(config.port, config.host);
    // Node closes an idle keep-alive connection after 5 s; a client (a proxy, a test's request context)
    // that reuses it in that instant gets ECONNRESET. Keep idle connections longer than clients do.
    const server = app.getHttpServer() as import('node:http').Server;
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new ConfigError('PORT', `Der Port PORT=${config.port} ist bereits belegt.`);
    }
    throw error;
  }
  logger.info(
    {
      url: `http://localhost:${config.port}`,
      database: config.databaseUrl ? describeDatabaseUrl(config.databaseUrl) : `PGlite in ${config.dataDir}`,
    },
    'Bestellplattform läuft',
  );
  collectStartupGarbage();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    setTimeout(() => {
      logger.error('shutdown took longer than 20 s: exiting');
      process.exit(1);
    }, 20_000);
    // Not unref'd: it also keeps the process alive until the shutdown has finished, so that a step whose
    // promise never settles cannot end the process silently with exit code 0 and no 'stopped'.
    try {
      await app.close(); // stops accepting, waits for requests in flight, then closes the modules
      await db.close(); // checkpoints and closes the database cleanly
      unlock();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Start abgebrochen: ${error.message}`);
  } else {
    console.error('Start abgebrochen:', error);
  }
  process.exit(1);
});
