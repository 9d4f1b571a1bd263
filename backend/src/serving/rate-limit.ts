import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Redis } from 'ioredis';
import type { Clock } from '../core/clock.js';

/** Counts hits of a key in fixed windows; shared between instances when backed by Redis. */
export interface RateLimitStore {
  /** Adds one hit; returns the count in the current window and the ms until the window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  close(): Promise<void>;
}

/** One process's counters (the embedded default: one process serves everything). */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly clock: Clock) {}

  async hit(key: string, windowMs: number) {
    const now = this.clock.now().getTime();
    if (now - this.lastSweep > windowMs) {
      for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
      this.lastSweep = now;
    }
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { count: w.count, resetInMs: w.resetAt - now };
  }

  async close() {
    this.windows.clear();
  }
}

/** Counters in Redis (INCR and PEXPIRE in one transaction), shared by every instance. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(url: string) {
    // A command waits for the connection (and one reconnect) at most; then the request passes unlimited.
    this.redis = new Redis(url, {
      maxRetriesPerRequest: 1,
      connectTimeout: 1000,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    // A Redis outage must not stop ordering: errors are handled per call (see hit).
    this.redis.on('error', () => undefined);
  }

  async hit(key: string, windowMs: number) {
    const k = `ratelimit:${key}`;
    const result = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
    const count = Number(result?.[0]?.[1] ?? 1);
    const ttl = Number(result?.[2]?.[1] ?? windowMs);
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async close() {
    this.redis.disconnect();
  }
}

/** The public writes that strangers can send without signing in, limited per client address. */
export const PUBLIC_WRITE_ROUTES: ReadonlyArray<RegExp> = [
  /^\/api\/orders\/?$/,
  /^\/api\/orders\/public\/[^/]+\/[^/]+\/(questionnaire|confirm-counter-appointment|reject-counter-appointment|accept-offer|decline-offer)\/?$/,
  /^\/api\/analytics-log\/?$/,
  /^\/api\/withdrawals\/?$/,
  /^\/api\/auth\/login-link\/?$/,
  /^\/api\/devices\/pairing\/?$/,
];

const ANALYTICS_ROUTE = /^\/api\/analytics-log\/?$/;

/**
 * The delivery-area check with a street: it may ask the shop's geocoder, whose requests the shop pays.
 * Limited like a public write, in a bucket of its own (docs/decisions/delivery.md).
 */
const GEOCODING_ROUTE = /^\/api\/branches\/\d+\/delivery-area\/?$/;
const isGeocodingCheck = (req: Request) =>
  req.method === 'GET' &&
  GEOCODING_ROUTE.test(req.path) &&
  typeof req.query.street === 'string' &&
  req.query.street.trim() !== '';

/**
 * Refuses public writes over the limit per client address (`req.ip`, which honours only the trusted
 * proxy hops) with a German 429 and Retry-After. When the store fails (Redis down) the request passes:
 * a missing limit is better than a shop that takes no orders.
 */
export function publicWriteLimit(
  store: RateLimitStore,
  limit: { count: number; windowMs: number },
): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const geocoding = isGeocodingCheck(req);
    if (!geocoding && (req.method !== 'POST' || !PUBLIC_WRITE_ROUTES.some((r) => r.test(req.path))))
      return next();
    // Page views count in a bucket of their own: a visitor browsing many pages must still be able to order.
    const bucket = geocoding ? 'geocoding' : ANALYTICS_ROUTE.test(req.path) ? 'analytics' : 'public-write';
    store.hit(`${bucket}:${req.ip ?? 'unknown'}`, limit.windowMs).then(
      ({ count, resetInMs }) => {
        if (count <= limit.count) return next();
        const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
        res.setHeader('Retry-After', String(seconds));
        res.status(429).json({
          errors: [
            {
              message: `Zu viele Anfragen von Ihrer Adresse. Bitte versuchen Sie es in ${seconds} Sekunden erneut.`,
              code: 'rate_limited',
            },
          ],
        });
      },
      () => next(),
    );
  };
}
