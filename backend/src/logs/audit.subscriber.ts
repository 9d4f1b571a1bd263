import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ENTITY_CHANGE_EVENTS, EventBus, raisesCollectionVersion } from '../core/events.js';
import { AuditService } from './audit.service.js';
import { CollectionVersions } from './collection-versions.js';

const ACTION_OF = {
  'entity.created': 'create',
  'entity.updated': 'update',
  'entity.deleted': 'delete',
} as const;

/**
 * Every entity change gets its audit entry and raises its collection's version, inside the transaction
 * that made the change: the entry exists exactly when the change does. The one writer of audit entries
 * and collection versions in the app: features publish events, never call {@link AuditService}.
 */
@Injectable()
export class AuditSubscriber implements OnModuleInit {
  constructor(
    private readonly events: EventBus,
    private readonly audit: AuditService,
    private readonly versions: CollectionVersions,
  ) {}

  onModuleInit() {
    this.events.inTransaction([...ENTITY_CHANGE_EVENTS], async (event, ctx, em) => {
      const { type, payload } = event;
      await this.audit.record(em, ctx, {
        action: payload.action ?? (type === 'entity.action' ? 'action' : ACTION_OF[type]),
        entityType: payload.entityType,
        entityId: payload.entityId,
        changes: payload.changes,
      });
      if (raisesCollectionVersion(event)) await this.versions.bump(em, payload.entityType);
    });
    this.events.inTransaction(['collection.changed'], ({ payload }, _ctx, em) =>
      this.versions.bump(em, payload.collection),
    );
  }
}
