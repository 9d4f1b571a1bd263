import { Injectable } from '@nestjs/common';
import { consentAllows, DEFAULT_TIME_ZONE, localDate, publicPagePath } from '@ordering/common';
import { createHash, randomBytes } from 'node:crypto';
import { Clock } from '../core/clock.js';
import { reasonError } from '../core/errors.js';
import type { RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import { parseInput } from '../core/validation.js';
import { AnalyticsLog } from './analytics-log.entity.js';
import { analyticsLogInput } from './analytics.schema.js';

/** Who sent a record, as far as the server can tell (never stored as such). */
export interface AnalyticsClient {
  ip: string;
  userAgent: string;
  /** The request's `Cookie` header: the visitor's consent choice travels in it. */
  cookies: string;
}

/** Stores the storefront's analytics records for the statistics. */
@Injectable()
export class AnalyticsService {
  private salt: { day: string; value: string } | null = null;

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly clock: Clock,
  ) {}

  /**
   * Validates and stores one record, only when the visitor's consent cookie allows the statistics under the
   * current purpose list (a client that ignores the consent gets no row either). The body is checked first.
   * @throws DomainError('forbidden', code `consent_required`) without that consent.
   * @throws DomainError('validation') with German messages naming each field.
   */
  async log(ctx: RequestContext, body: unknown, client: AnalyticsClient): Promise<{ id: number }> {
    // A malformed record is a client error whatever the consent (it says what is wrong with the body).
    const input = parseInput(analyticsLogInput, body);
    if (!consentAllows(client.cookies, 'statistics')) throw reasonError('forbidden', 'consent_required');
    const now = this.clock.now();
    return this.connection.withTransaction(ctx, async (em) => {
      const saved = await em.save(
        em.create(AnalyticsLog, {
          occurredAt: now,
          type: input.type,
          action: input.action,
          category: input.category,
          // Never a secret of the address (the status page's hash): the route pattern instead.
          path: publicPagePath(input.path),
          data: input.data,
          visitorHash: this.visitorHash(now, client),
        }),
      );
      return { id: Number(saved.id) };
    });
  }

  /**
   * A day's salt is random and lives only in memory: yesterday's hashes cannot be linked to today's. The day
   * is the shop's, as the statistics count visitors by it (a UTC day split a Vienna evening at 1 a.m. and
   * counted its visitors twice).
   */
  private visitorHash(now: Date, client: AnalyticsClient): string {
    const day = localDate(now, DEFAULT_TIME_ZONE);
    if (this.salt?.day !== day) this.salt = { day, value: randomBytes(16).toString('hex') };
    return createHash('sha256')
      .update(`${this.salt.value}|${client.ip}|${client.userAgent}`)
      .digest('hex')
      .slice(0, 32);
  }
}
