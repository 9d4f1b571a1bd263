import { Orders1795425430527 } from './1795425430527-orders.js';
import { BranchAutoAccept1795439269892 } from './1795439269892-branch-auto-accept.js';
import { OrderOffer1795698740161 } from './1795698740161-order-offer.js';
export const MIGRATIONS: Function[] = [
  Orders1795425430527,
  BranchAutoAccept1795439269892,
  OrderOffer1795698740161,
];
