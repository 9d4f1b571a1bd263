import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../core/request-context.js';
import { requestScope } from '../core/logger.js';
import { AuditLog } from './audit-log.entity.js';

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
    await em.insert(AuditLog, {
      userId: ctx.user?.id ?? null,
      username: ctx.user?.username ?? null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId === null ? null : String(entry.entityId),
      changes: entry.changes as AuditLog['changes'] & object as never,
      requestId: ctx.requestId ?? requestScope.getStore()?.requestId ?? null,
    });
  }
}
