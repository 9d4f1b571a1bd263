import { Branch } from '../branches/branch.entity.js';
import { DeliveryArea } from '../branches/delivery-area.entity.js';
import { Division } from '../divisions/division.entity.js';
import { DiningTable } from '../tables/table.entity.js';

/** Every TypeORM entity of the application (explicit: ESM has no glob loading). */
export const ENTITIES: Function[] = [Division, Branch, DeliveryArea, DiningTable];
