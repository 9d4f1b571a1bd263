import { Foundation1795260883721 } from './1795260883721-foundation.js';
import { BranchSlotCapacity1795426763734 } from './1795426763734-branch-slot-capacity.js';
export const MIGRATIONS: Function[] = [Foundation1795260883721, BranchSlotCapacity1795426763734];
