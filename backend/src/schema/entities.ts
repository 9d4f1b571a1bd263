import { Branch } from '../branches/branch.entity.js';
import { DeliveryArea } from '../branches/delivery-area.entity.js';
import { Division } from '../divisions/division.entity.js';
import { AuditLog } from '../logs/audit-log.entity.js';
import { CollectionVersion } from '../logs/collection-version.entity.js';
import { Image } from '../media/image.entity.js';
import { Upload } from '../media/upload.entity.js';
import { Tag } from '../tags/tag.entity.js';
import { DiningTable } from '../tables/table.entity.js';
import { User } from '../auth/user.entity.js';
import { AUTH_ENTITIES } from './entity-groups/auth.js';
import { CATALOG_ENTITIES } from './entity-groups/catalog.js';
import { CONTENT_ENTITIES } from './entity-groups/content.js';
import { EVENTS_ENTITIES } from './entity-groups/events.js';
import { JOBS_ENTITIES } from './entity-groups/jobs.js';
import { KITCHEN_ENTITIES } from './entity-groups/kitchen.js';
import { OPERATIONS_ENTITIES } from './entity-groups/operations.js';
import { ORDERS_ENTITIES } from './entity-groups/orders.js';
import { PAYMENTS_ENTITIES } from './entity-groups/payments.js';
import { STATISTICS_ENTITIES } from './entity-groups/statistics.js';

/**
 * Entities by group. Each group has its own migrations, so that work on one group can generate its
 * migration without picking up another's (`npm run migration:generate -w backend -- Name group`).
 * Relations across groups point only into `foundation` or `core`.
 */
export const ENTITY_GROUPS: Record<string, Function[]> = {
  foundation: [Division, Branch, DeliveryArea, DiningTable],
  core: [User, AuditLog, CollectionVersion, Image, Upload, Tag],
  auth: AUTH_ENTITIES,
  catalog: CATALOG_ENTITIES,
  content: CONTENT_ENTITIES,
  operations: OPERATIONS_ENTITIES,
  jobs: JOBS_ENTITIES,
  events: EVENTS_ENTITIES,
  orders: ORDERS_ENTITIES,
  payments: PAYMENTS_ENTITIES,
  kitchen: KITCHEN_ENTITIES,
  statistics: STATISTICS_ENTITIES,
};

/** Every TypeORM entity of the application (explicit: ESM has no glob loading). */
export const ENTITIES: Function[] = Object.values(ENTITY_GROUPS).flat();
