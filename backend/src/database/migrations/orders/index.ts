import { Orders1795425430527 } from './1795425430527-orders.js';
import { BranchAutoAccept1795439269892 } from './1795439269892-branch-auto-accept.js';
import { BranchPauseBusy1795697253053 } from './1795697253053-branch-pause-busy.js';
import { OrderOffer1795698740161 } from './1795698740161-order-offer.js';
import { PrivacyRetention1795700646450 } from './1795700646450-privacy-retention.js';
import { BranchRatingIndex1795701000000 } from './1795701000000-branch-rating-index.js';
import { OrderChannel1795710000000 } from './1795710000000-order-channel.js';
import { OrderWithdrawal1795730000002 } from './1795730000002-order-withdrawal.js';
import { BranchSoldOut1795900000000 } from './1795900000000-branch-sold-out.js';
export const MIGRATIONS: Function[] = [
  Orders1795425430527,
  BranchAutoAccept1795439269892,
  BranchPauseBusy1795697253053,
  OrderOffer1795698740161,
  PrivacyRetention1795700646450,
  BranchRatingIndex1795701000000,
  OrderChannel1795710000000,
  OrderWithdrawal1795730000002,
  BranchSoldOut1795900000000,
];
