import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config.js';
import { Clock } from './clock.js';

/** Injection token of the pino logger. */
export const LOGGER = Symbol('LOGGER');
/** Injection token of the validated configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** What every module may inject: configuration, clock and logger. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig, clock: Clock, logger: Logger): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: Clock, useValue: clock },
        { provide: LOGGER, useValue: logger },
      ],
      exports: [APP_CONFIG, Clock, LOGGER],
    };
  }
}
