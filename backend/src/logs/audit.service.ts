import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../core/request-context.js';
import { requestScope } from '../core/logger.js';
import { AuditLog } from './audit-log.entity.js';
import { CollectionVersion } from './collection-version.entity.js';

/** Writes audit entries and collection versions, always inside the caller's transaction. */
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

  /** Raises the version of a collection (so caches of it revalidate). */
  async bump(em: EntityManager, collection: string): Promise<void> {
    await em.query(
      `INSERT INTO collection_version (collection, version, updated_at) VALUES ($1, 1, now())
       ON CONFLICT (collection) DO UPDATE SET version = collection_version.version + 1, updated_at = now()`,
      [collection],
    );
  }

  /** The current versions of the given collections (missing ones count as 0). */
  async versions(em: EntityManager, collections: string[]): Promise<Record<string, string>> {
    const rows: Array<{ collection: string; version: string }> = await em
      .getRepository(CollectionVersion)
      .createQueryBuilder('v')
      .where('v.collection IN (:...collections)', { collections })
      .getMany();
    const out: Record<string, string> = Object.fromEntries(collections.map((c) => [c, '0']));
    for (const r of rows) out[r.collection] = String(r.version);
    return out;
  }
}
