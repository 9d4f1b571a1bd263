import { NotFoundException } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import express from 'express';
import { type AppDependencies, AppModule } from './app.module.js';
import { expressErrorHandler } from './core/http-error.filter.js';
import { PinoNestLogger } from './core/logger.js';
import { requestLogging } from './core/request-logging.js';
import { jsonBodies } from './security/body-limits.js';
import { refuseNonCanonicalPaths } from './security/canonical-paths.js';
import { answerClientErrors } from './security/client-errors.js';
import { rejectNulBytes } from './core/input.js';
import { withRedactedUrls } from './security/redact.js';
import { corsPolicy, responseCompression, securityHeaders } from './serving/headers.js';
import { PublicReadCache } from './serving/public-cache.js';
import { publicWriteLimit } from './serving/rate-limit.js';
import { RATE_LIMIT_STORE } from './serving/serving.module.js';
import { InitService } from './init/init.service.js';
import { branchCatalogPreload } from './web/store-preload.js';
import { webApp } from './web/web-app.js';

/** Builds the whole HTTP application (used by main and by the integration tests alike). */
export async function createApp(deps: AppDependencies): Promise<NestExpressApplication> {
  // Routes match their exact spelling: the rate limits and body limits compare paths exactly, so a router
  // that also took `/API/ORDERS` let a request past them (see security/canonical-paths.ts). Set before
  // the first route: Express reads it when it creates its router.
  const server = express();
  server.set('case sensitive routing', true);
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(deps),
    new ExpressAdapter(server),
    {
      logger: new PinoNestLogger(deps.logger),
      bodyParser: false,
      abortOnError: false,
    },
  );
  app.set('trust proxy', deps.config.trustProxy);
  app.disable('x-powered-by');
  answerClientErrors(app.getHttpServer());
  const logger = withRedactedUrls(deps.logger);
  app.use(requestLogging(logger));
  app.use(securityHeaders());
  app.use(corsPolicy(deps.config));
  app.use(refuseNonCanonicalPaths());
  app.use(responseCompression());
  app.use(publicWriteLimit(app.get(RATE_LIMIT_STORE), deps.config.serving.publicWriteLimit));
  app.use(jsonBodies());
  app.use(rejectNulBytes());
  app.use(cookieParser());
  // A branch page announces its menu's catalogue beside /api/init (docs/decisions/storefront.md).
  const init = app.get(InitService);
  app.use(
    webApp(
      deps.config.webDist,
      branchCatalogPreload(
        () => init.body(),
        () => deps.clock.now(),
      ),
    ),
  );
  app.setGlobalPrefix('api', {
    exclude: ['image/{*path}', 'upload/{*path}', 'font/{*path}', 'app-icon/{*path}', 'manifest.webmanifest'],
  });

  // Built at the first request of /api/docs or /api/openapi.json, not at every start: most shops' processes
  // are never asked for it, and the document (600 kB as JSON) held 3 MB of heap from the start
  // (docs/decisions/memory.md).
  const document = () =>
    SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('Bestellplattform API')
        .setDescription(
          'Storefront, Kiosk, Front-Desk und Backoffice. Antworten: { data }, Fehler: { errors: [{ message, field }] }.',
        )
        .setVersion('1')
        .addCookieAuth('sid')
        .addBearerAuth()
        .build(),
    );
  SwaggerModule.setup('api/docs', app, document, {
    jsonDocumentUrl: 'api/openapi.json',
    useGlobalPrefix: false,
  });
  await app.init();
  // After Nest's routes: whatever is still unanswered (paths outside the API prefix, like an unknown
  // /image/...) gets the same JSON 404 as an unknown /api route.
  app.use((_req: unknown, _res: unknown, next: (err: unknown) => void) => next(new NotFoundException()));
  app.use(expressErrorHandler(logger));
  // Anonymous public reads from memory, in front of Express (see serving/public-cache.ts). It knows an
  // anonymous request by the real authenticator's credentials (session cookie, Authorization); a test
  // that replaces the authenticator authenticates by other means, so the cache stays out of its way.
  if (!deps.authenticator) app.get(PublicReadCache).install(app.getHttpServer());
  return app;
}
