import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../core/clock.js';
import { LOCK_MS, LoginThrottle, MAX_FAILURES, THROTTLE_WINDOW_MS } from './login-throttle.entity.js';

/** Counts failed sign-ins per typed name and locks the name for a while after too many. */
@Injectable()
export class LoginThrottleService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Whole minutes (rounded up) this name stays locked, or 0 when sign-in is open. */
  async lockedMinutes(key: string): Promise<number> {
    const row = await this.dataSource.getRepository(LoginThrottle).findOne({ where: { key } });
    if (!row?.lockedUntil) return 0;
    const ms = row.lockedUntil.getTime() - this.clock.now().getTime();
    return ms > 0 ? Math.ceil(ms / 60_000) : 0;
  }

  /**
   * Counts one failure (in one statement, so parallel guesses all count); the {@link MAX_FAILURES}th
   * within the window locks the name for {@link LOCK_MS}.
   */
  async recordFailure(key: string): Promise<void> {
    const now = this.clock.now();
    const rows: Array<{ failures: number }> = await this.dataSource.query(
      `INSERT INTO auth_login_throttle ("key", failures, last_failure_at, locked_until, created_at, updated_at)
       VALUES ($1, 1, $2, NULL, $2, $2)
       ON CONFLICT ("key") DO UPDATE SET
         failures = CASE WHEN auth_login_throttle.last_failure_at IS NULL OR auth_login_throttle.last_failure_at < $3
                         THEN 1 ELSE auth_login_throttle.failures + 1 END,
         last_failure_at = $2,
         updated_at = $2
       RETURNING failures`,
      [key, now, new Date(now.getTime() - THROTTLE_WINDOW_MS)],
    );
    if (Number(rows[0]?.failures ?? 0) >= MAX_FAILURES) {
      await this.dataSource
        .getRepository(LoginThrottle)
        .update({ key }, { failures: 0, lockedUntil: new Date(now.getTime() + LOCK_MS) });
    }
  }

  /** A successful sign-in forgets the failures. */
  async reset(key: string): Promise<void> {
    await this.dataSource.getRepository(LoginThrottle).delete({ key });
  }
}
