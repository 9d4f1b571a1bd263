import { type DynamicModule, Global, Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import type { AppConfig } from '../env/config.js';
import { Clock } from '../core/clock.js';
import { APP_CONFIG } from '../core/tokens.js';
import { PUBLIC_LISTS, type PublicLists, PublicReadCache } from './public-cache.js';
import { MemoryRateLimitStore, type RateLimitStore, RedisRateLimitStore } from './rate-limit.js';

/** Injection token of the rate-limit counters (memory, or Redis when REDIS_URL is set). */
export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');

/** Serving concerns around the API: public reads from memory and the counters of the rate limits. */
@Global()
@Module({
  providers: [
    PublicReadCache,
    {
      provide: RATE_LIMIT_STORE,
      useFactory: (config: AppConfig, clock: Clock): RateLimitStore =>
        config.serving.redisUrl
          ? new RedisRateLimitStore(config.serving.redisUrl)
          : new MemoryRateLimitStore(clock),
      inject: [APP_CONFIG, Clock],
    },
  ],
  exports: [PublicReadCache, RATE_LIMIT_STORE],
})
export class ServingModule implements OnModuleDestroy {
  /** `lists`: the public lists the cache keeps (the app passes /api/init's resources and the catalogue's). */
  static forRoot(lists: PublicLists): DynamicModule {
    return { module: ServingModule, providers: [{ provide: PUBLIC_LISTS, useValue: lists }] };
  }

  constructor(@Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore) {}

  async onModuleDestroy() {
    await this.store.close();
  }
}
