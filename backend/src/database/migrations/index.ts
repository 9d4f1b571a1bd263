import { MIGRATIONS as AUTH } from './auth/index.js';
import { MIGRATIONS as CATALOG } from './catalog/index.js';
import { MIGRATIONS as CONTENT } from './content/index.js';
import { MIGRATIONS as CORE } from './core/index.js';
import { MIGRATIONS as EVENTS } from './events/index.js';
import { MIGRATIONS as FOUNDATION } from './foundation/index.js';
import { MIGRATIONS as JOBS } from './jobs/index.js';
import { MIGRATIONS as KITCHEN } from './kitchen/index.js';
import { MIGRATIONS as OPERATIONS } from './operations/index.js';
import { MIGRATIONS as ORDERS } from './orders/index.js';
import { MIGRATIONS as PAYMENTS } from './payments/index.js';
import { MIGRATIONS as STATISTICS } from './statistics/index.js';

/** The timestamp in a migration's class name (`Name1795260883721`). */
const timestampOf = (m: Function) => Number(/(\d{13})$/.exec(m.name)?.[1] ?? 0);

/** Every migration, oldest first: the schema's history. Each entity group keeps its own folder. */
export const MIGRATIONS: Function[] = [
  ...FOUNDATION,
  ...CORE,
  ...AUTH,
  ...CATALOG,
  ...CONTENT,
  ...OPERATIONS,
  ...JOBS,
  ...EVENTS,
  ...ORDERS,
  ...PAYMENTS,
  ...KITCHEN,
  ...STATISTICS,
].sort((a, b) => timestampOf(a) - timestampOf(b));
