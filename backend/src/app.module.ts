import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { AppConfig } from './env/config.js';
import type { Clock } from './core/clock.js';
import { CoreModule, LOGGER } from './core/core.module.js';
import { EnvelopeInterceptor } from './core/envelope.interceptor.js';
import { HttpErrorFilter } from './core/http-error.filter.js';
import { AnalyticsModule } from './analytics/analytics.module.js';
import { StatisticsModule } from './statistics/statistics.module.js';
import { AuthModule } from './auth/auth.module.js';
import type { Authenticator } from './auth/auth.guard.js';
import { branchResource } from './branches/branch.resource.js';
import { CatalogModule } from './catalog/catalog.module.js';
import { ContentModule } from './content/content.module.js';
import { ResourceModule } from './crud/resource.module.js';
import { DevicesModule } from './devices/devices.module.js';
import { divisionResource } from './divisions/division.resource.js';
import { EventsModule } from './events/events.module.js';
import { HealthModule } from './health/health.module.js';
import { InitModule } from './init/init.module.js';
import { PUBLIC_LIST_SOURCES } from './init/init.service.js';
import { JobsModule } from './jobs/jobs.module.js';
import { KitchenModule } from './kitchen/kitchen.module.js';
import { LogsModule } from './logs/logs.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { OperationsModule } from './operations/operations.module.js';
import { CheckoutModule } from './checkout/checkout.module.js';
import { OrdersModule } from './orders/orders.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { PrintingModule } from './printing/printing.module.js';
import { PrivacyModule } from './privacy/privacy.module.js';
import { BackupModule } from './backup/backup.module.js';
import { tableResource } from './tables/table.resource.js';
import { UsersModule } from './users/users.module.js';
import { ServingModule } from './serving/serving.module.js';
import { AppManifestModule } from './web/app-manifest.module.js';
import { TemplateRenderModule } from './template-render/template-render.module.js';

export interface AppDependencies {
  config: AppConfig;
  clock: Clock;
  logger: Logger;
  /** Initialised and migrated. */
  dataSource: DataSource;
  /** Replaces the session/token authenticator (tests only). */
  authenticator?: Authenticator;
}

/** The feature modules of the API. */
export const FEATURE_MODULES = [
  ServingModule.forRoot(PUBLIC_LIST_SOURCES),
  HealthModule,
  LogsModule,
  UsersModule,
  ResourceModule.for('Organisation', [divisionResource, branchResource, tableResource]),
  CatalogModule,
  ContentModule,
  TemplateRenderModule,
  InitModule,
  OperationsModule,
  JobsModule,
  EventsModule,
  NotificationsModule,
  PaymentsModule,
  OrdersModule,
  CheckoutModule,
  KitchenModule,
  PrivacyModule,
  BackupModule,
  // Before devices: `GET /api/devices/printing/status` must match before `GET /api/devices/:id/status`.
  PrintingModule,
  DevicesModule,
  AppManifestModule,
  AnalyticsModule,
  StatisticsModule,
];

@Module({})
export class AppModule {
  static forRoot(deps: AppDependencies): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(deps.config, deps.clock, deps.logger),
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ ...deps.dataSource.options, retryAttempts: 0 }),
          dataSourceFactory: async () => deps.dataSource,
        }),
        AuthModule.forRoot(deps.authenticator),
        ...FEATURE_MODULES,
      ],
      providers: [
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
        {
          provide: APP_FILTER,
          useFactory: (logger: Logger) => new HttpErrorFilter(logger),
          inject: [LOGGER],
        },
      ],
    };
  }
}
