import { Injectable } from '@nestjs/common';
import { LessThan } from 'typeorm';
import { Clock } from '../core/clock.js';
import { EventBus } from '../core/events.js';
import { RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import type { User } from './user.entity.js';
import { randomToken, sha256 } from './secrets.js';
import { AuthSession, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './session.entity.js';

/** Updating lastSeenAt on every request would write on every read; once a minute is enough. */
const SLIDE_EVERY_MS = 60_000;

/** Where a sign-in came from (kept for the user's overview of its sessions). */
export interface ClientInfo {
  ip?: string | null;
  userAgent?: string | null;
}

/** Browser sessions: created at sign-in, found by the cookie's token, slid on use, ended at sign-out. */
@Injectable()
export class SessionService {
  constructor(
    private readonly clock: Clock,
    private readonly connection: TransactionalConnection,
    private readonly bus: EventBus,
  ) {}

  /** A new session with a new random id (never one the client brought: no fixation). */
  async create(
    user: User,
    client: ClientInfo,
  ): Promise<{ token: string; csrfToken: string; session: AuthSession }> {
    const now = this.clock.now();
    const token = randomToken();
    const csrfToken = randomToken();
    const absolute = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
    const session = await this.connection
      .manager()
      .getRepository(AuthSession)
      .save(
        this.connection
          .manager()
          .getRepository(AuthSession)
          .create({
            tokenHash: sha256(token),
            user: { id: user.id } as User,
            csrfToken,
            startedAt: now,
            lastSeenAt: now,
            expiresAt: new Date(Math.min(now.getTime() + SESSION_IDLE_MS, absolute.getTime())),
            absoluteExpiresAt: absolute,
            ip: client.ip?.slice(0, 64) ?? null,
            userAgent: client.userAgent?.slice(0, 300) ?? null,
          }),
      );
    // Sessions that ran out are of no use; sweep them now and then (at sign-in is often enough).
    await this.connection
      .manager()
      .getRepository(AuthSession)
      .delete({ expiresAt: LessThan(now) });
    return { token, csrfToken, session };
  }

  /**
   * The live session of this cookie token, with its user (roles and branch ids) in one query; null when
   * unknown or expired (an expired row is deleted). Slides the idle limit forward.
   */
  async find(token: string): Promise<AuthSession | null> {
    const now = this.clock.now();
    const session = await this.connection
      .manager()
      .getRepository(AuthSession)
      .createQueryBuilder('s')
      .innerJoinAndSelect('s.user', 'u')
      .leftJoin('u.branches', 'b')
      .addSelect('b.id')
      .where('s.tokenHash = :hash', { hash: sha256(token) })
      .getOne();
    if (!session) return null;
    if (
      session.expiresAt.getTime() <= now.getTime() ||
      session.absoluteExpiresAt.getTime() <= now.getTime()
    ) {
      await this.connection.manager().getRepository(AuthSession).delete({ id: session.id });
      return null;
    }
    if (now.getTime() - session.lastSeenAt.getTime() >= SLIDE_EVERY_MS) {
      const expiresAt = new Date(
        Math.min(now.getTime() + SESSION_IDLE_MS, session.absoluteExpiresAt.getTime()),
      );
      await this.connection
        .manager()
        .getRepository(AuthSession)
        .update({ id: session.id }, { lastSeenAt: now, expiresAt });
      session.lastSeenAt = now;
      session.expiresAt = expiresAt;
    }
    return session;
  }

  /**
   * Ends the session of this cookie token (deletes the row; what lives on it, like an open event stream,
   * ends with it); unknown tokens are ignored.
   */
  async end(token: string): Promise<void> {
    const ctx = RequestContext.system();
    await this.connection.withTransaction(ctx, async (em) => {
      const result = await em
        .createQueryBuilder()
        .delete()
        .from(AuthSession)
        .where('token_hash = :hash', { hash: sha256(token) })
        .returning('user_id')
        .execute();
      const rows = (result.raw ?? []) as Array<{ user_id: number }>;
      for (const row of rows)
        await this.bus.publish(ctx, 'credentials.ended', { subject: 'user', id: Number(row.user_id) });
    });
  }
}
