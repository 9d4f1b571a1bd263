import { DEFAULT_TIME_ZONE, WEEKDAY_RULE_TYPES } from './branch.js';
import { UNIT_CODES } from './catalog.js';
import { STATISTICS_SETS } from './entities.js';
import { ORDER_STATUS_ACTIONS, PAYMENT_METHODS } from './order.js';
import { INIT_URLS } from './api.js';

describe('contract constants', () => {
  it('lists the values the spec names', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Europe/Vienna');
    expect(WEEKDAY_RULE_TYPES[0]).toBe('monday');
    expect(UNIT_CODES).toHaveLength(24);
    expect(PAYMENT_METHODS).toEqual(['cash', 'atm-card', 'hydro-ag-voucher', 'mollie', 'datatrans']);
    expect(ORDER_STATUS_ACTIONS).toEqual([
      'cancel',
      'confirm',
      'reject',
      'in-delivery',
      'delivered',
      'completed',
    ]);
    expect(STATISTICS_SETS).toContain('popular-items');
    expect(INIT_URLS).toEqual([
      'config',
      'divisions',
      'branches',
      'menus',
      'tags',
      'tables',
      'sites',
      'navigations',
      'blocks',
      'donatees',
    ]);
  });
});
