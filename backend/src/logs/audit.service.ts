import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../core/request-context.js';
import { requestScope } from '../core/logger.js';
import { valuesList } from '../core/raw-rows.js';
import { batchLater } from '../core/transaction.js';

/**
 * Writes audit entries, always inside the caller's transaction. Only the {@link AuditSubscriber} calls it in
 * the app (a feature publishes an `entity.*` event instead; lint keeps this file inside logs/); the CLI and
 * the seed, which run without Nest and its event bus, call it directly.
 */
@Injectable()
export class AuditService {
  /** One audit entry: who (from ctx), what action on which entity, and what changed. */
  async record(
    em: EntityManager,
    ctx: RequestContext,
    entry: {
      action: string;
      entityType: string;
      entityId: string | number | null;
      changes: Record<string, unknown>;
    },
  ): Promise<void> {
    const row = {
      userId: ctx.user?.id ?? null,
      username: ctx.user?.username ?? null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId === null ? null : String(entry.entityId),
      changes: entry.changes,
      requestId: ctx.requestId ?? requestScope.getStore()?.requestId ?? null,
    };
    // Inside the context's transaction: written with its closing statement (no one reads it back there).
    await batchLater(ctx, em, this, row, (rows) => {
      const { values, params } = valuesList(
        rows.map((r) => [
          r.userId,
          r.username,
          r.action,
          r.entityType,
          r.entityId,
          JSON.stringify(r.changes),
          r.requestId,
        ]),
        ['int', 'varchar', 'varchar', 'varchar', 'varchar', 'jsonb', 'varchar'],
      );
      return {
        sql: `INSERT INTO audit_log (user_id, username, action, entity_type, entity_id, changes, request_id)
              VALUES ${values}`,
        params,
      };
    });
  }
}
