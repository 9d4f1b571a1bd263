import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventBus } from '../core/events.js';
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
    this.events.inTransaction(
      ['entity.created', 'entity.updated', 'entity.deleted', 'entity.action'],
      async ({ type, payload }, ctx, em) => {
        await this.audit.record(em, ctx, {
          action: payload.action ?? (type === 'entity.action' ? 'action' : ACTION_OF[type]),
          entityType: payload.entityType,
          entityId: payload.entityId,
          changes: payload.changes,
        });
        const track =
          type === 'entity.action' ? payload.trackVersion === true : payload.trackVersion !== false;
        if (track) await this.versions.bump(em, payload.entityType);
      },
    );
    this.events.inTransaction(['collection.changed'], ({ payload }, _ctx, em) =>
      this.versions.bump(em, payload.collection),
    );
  }
}
