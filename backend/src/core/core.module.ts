import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AppConfig } from '../env/config.js';
import { Clock } from './clock.js';

import { EventBus } from './events.js';
import { APP_CONFIG, LOGGER } from './tokens.js';
import { TransactionalConnection } from './transaction.js';

export { APP_CONFIG, LOGGER };

/** What every module may inject: configuration, clock, logger, the event bus and the transactional connection. */
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
        EventBus,
        TransactionalConnection,
      ],
      exports: [APP_CONFIG, Clock, LOGGER, EventBus, TransactionalConnection],
    };
  }
}
