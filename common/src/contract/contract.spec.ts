import { DEFAULT_TIME_ZONE, WEEKDAY_RULE_TYPES } from './branch.js';
import {
  STOREFRONT_PRODUCT_DEFAULTS,
  UNIT_CODES,
  withoutStorefrontDefaults,
  withStorefrontDefaults,
  type StorefrontProduct,
} from './catalog.js';
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

describe('the storefront shape of the catalogue', () => {
  const product = {
    id: 7,
    uid: 'u-7',
    name: 'Kaspressknödel',
    description: null,
    nameEn: '',
    descriptionEn: 'Cheese dumplings',
    allergenCodes: [],
    allergens: null,
    images: [],
    type: 'simple',
    price: 9.5,
    isPriceHidden: false,
    unit: 'piece',
    alternativeUnits: [],
    minimumQuantity: 0,
    maximumQuantity: null,
    quantityStepSize: null,
    defaultQuantity: null,
    defaultUnit: null,
    pricing: null,
    netQuantity: null,
    netQuantityUnit: null,
    calculationModel: 'fixed',
    tax: 10,
    takeawayTax: 10,
    dineInTax: 10,
    isEnabled: true,
    schedule: null,
    isVisibleWhenUnavailable: false,
    isStepByStep: false,
    isWithdrawalExempt: false,
    isLeadTimeEnabled: false,
    leadTimeType: null,
    leadTimeValue: null,
    config: { parts: [] },
    tags: [{ id: 1 }],
  } satisfies StorefrontProduct;

  it('leaves out exactly the fields at their listed defaults, and a reader gets them back', () => {
    const sent = withoutStorefrontDefaults(product, STOREFRONT_PRODUCT_DEFAULTS);
    expect(sent).toEqual({
      id: 7,
      uid: 'u-7',
      name: 'Kaspressknödel',
      descriptionEn: 'Cheese dumplings',
      price: 9.5,
      minimumQuantity: 0,
      tax: 10,
      takeawayTax: 10,
      dineInTax: 10,
      isWithdrawalExempt: false,
      tags: [{ id: 1 }],
    });
    const read = withStorefrontDefaults<StorefrontProduct, typeof STOREFRONT_PRODUCT_DEFAULTS>(
      JSON.parse(JSON.stringify(sent)),
      STOREFRONT_PRODUCT_DEFAULTS,
    );
    expect(read).toEqual(product);
    // Each put-back list or object is its own.
    const other = withStorefrontDefaults<StorefrontProduct, typeof STOREFRONT_PRODUCT_DEFAULTS>(
      JSON.parse(JSON.stringify(sent)),
      STOREFRONT_PRODUCT_DEFAULTS,
    );
    expect(other.images).not.toBe(read.images);
    expect(other.config).not.toBe(read.config);
  });

  it('has a default only for fields a storefront product has', () => {
    const keys = Object.keys(product);
    expect(Object.keys(STOREFRONT_PRODUCT_DEFAULTS).filter((key) => !keys.includes(key))).toEqual([]);
  });
});
