import { ConfigError } from './config-error.js';

/** What the serving layer reads from the environment (CORS_ORIGINS, RATE_LIMIT_PUBLIC_WRITES, REDIS_URL). */
export interface ServingConfig {
  /** Origins (scheme://host[:port]) allowed to call /api from another site; none by default. */
  corsOrigins: string[];
  /** Public writes (order, analytics, questionnaire, counter-offer answers, login link) per client address. */
  publicWriteLimit: { count: number; windowMs: number };
  /** Redis server that shares the rate-limit counters between instances (`redis://…`). */
  redisUrl?: string;
}

/** Reads and validates the serving settings. */
export function readServingConfig(env: NodeJS.ProcessEnv): ServingConfig {
  const corsOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((origin) => {
      const url = URL.canParse(origin) ? new URL(origin) : null;
      if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== origin.replace(/\/+$/, '')) {
        throw new ConfigError(
          'CORS_ORIGINS',
          `Die Umgebungsvariable CORS_ORIGINS muss Ursprünge wie https://shop.example.at enthalten (ohne Pfad), nicht "${origin}".`,
        );
      }
      return url.origin;
    });
  const rawLimit = env.RATE_LIMIT_PUBLIC_WRITES?.trim() || '30/60';
  const match = /^(\d{1,6})\/(\d{1,6})$/.exec(rawLimit);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    throw new ConfigError(
      'RATE_LIMIT_PUBLIC_WRITES',
      `Die Umgebungsvariable RATE_LIMIT_PUBLIC_WRITES muss die Form Anzahl/Sekunden haben (z. B. 30/60), nicht "${env.RATE_LIMIT_PUBLIC_WRITES}".`,
    );
  }
  const redisUrl = env.REDIS_URL?.trim() || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError(
      'REDIS_URL',
      `Die Umgebungsvariable REDIS_URL muss mit redis:// oder rediss:// beginnen, nicht "${redisUrl}".`,
    );
  }
  return {
    corsOrigins,
    publicWriteLimit: { count: Number(match[1]), windowMs: Number(match[2]) * 1000 },
    redisUrl,
  };
}
