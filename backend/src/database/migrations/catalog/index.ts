import { EnglishNames1795990000002 } from './1795990000002-english-names.js';
import { CategoryUpsell1795990000001 } from './1795990000001-category-upsell.js';
import { AllergenCodes1795940000001 } from './1795940000001-allergen-codes.js';
import { WithdrawalExempt1795730000001 } from './1795730000001-withdrawal-exempt.js';
import { NetQuantity1795740000001 } from './1795740000001-net-quantity.js';
import { Catalog1795261944502 } from './1795261944502-catalog.js';
import { OptionGroups1795980000003 } from './1795980000003-option-groups.js';
export const MIGRATIONS: Function[] = [
  Catalog1795261944502,
  WithdrawalExempt1795730000001,
  NetQuantity1795740000001,
  AllergenCodes1795940000001,
  OptionGroups1795980000003,
  CategoryUpsell1795990000001,
  EnglishNames1795990000002,
];
