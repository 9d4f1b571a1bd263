import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CollectionVersion } from './collection-version.entity.js';

/**
 * The version of each public collection (`collection_version`): raised by the {@link AuditSubscriber}
 * on entity events and on `collection.changed`, read by whoever caches a collection (`/api/init`).
 * Features read versions here; they raise one only by publishing an event.
 */
@Injectable()
export class CollectionVersions {
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
