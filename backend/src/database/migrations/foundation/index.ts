import { Foundation1795260883721 } from './1795260883721-foundation.js';
import { BranchSlotCapacity1795426763734 } from './1795426763734-branch-slot-capacity.js';
import { DeliveryAreaShapes1795720000000 } from './1795720000000-delivery-area-shapes.js';
export const MIGRATIONS: Function[] = [
  Foundation1795260883721,
  BranchSlotCapacity1795426763734,
  DeliveryAreaShapes1795720000000,
];
