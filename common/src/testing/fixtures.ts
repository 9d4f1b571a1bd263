/**
 * Test fixtures shared by the specs of `common` (not exported from the package).
 *
 * @packageDocumentation
 */
import type { Branch, OpeningHourRule } from '../contract/branch.js';
import type { Product } from '../contract/catalog.js';

/** A product with every required field; override what a test needs. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    uid: '00000000-0000-4000-8000-000000000001',
    name: 'Pizza Margherita',
    description: 'Tomate, Mozzarella',
    type: 'simple',
    price: 10,
    isPriceHidden: false,
    unit: 'piece',
    calculationModel: 'fixed',
    tax: 10,
    takeawayTax: 10,
    dineInTax: 10,
    isEnabled: true,
    isVisibleWhenUnavailable: false,
    ...overrides,
  };
}

/** A rule shorthand: `rule('monday', '09:00', '18:00')`. */
export function rule(
  type: OpeningHourRule['type'],
  from: string,
  to: string,
  extra: Partial<OpeningHourRule> = {},
): OpeningHourRule {
  return { type, from, to, isClosed: false, ...extra };
}

/** A branch with every required field; override what a test needs. */
export function makeBranch(overrides: Partial<Branch> = {}): Branch {
  return {
    id: 1,
    identifier: 'wien-mitte',
    name: 'Wien Mitte',
    street: 'Landstraßer Hauptstraße 1',
    zipCode: '1030',
    city: 'Wien',
    phone: '+43 1 234567',
    keywords: 'Estrich, Boden',
    tags: [],
    isPublic: true,
    timeZone: 'Europe/Vienna',
    openingHours: [rule('daily', '09:00', '18:00')],
    deliveryHours: [],
    isDeliveryHoursEnabled: false,
    isTakeawayEnabled: true,
    isDeliveryEnabled: true,
    isDineInEnabled: true,
    isTableSelectionEnabled: false,
    isPreorderEnabled: false,
    isAppointmentRequired: false,
    isQuotationRequired: false,
    orderableFrom: null,
    closedMessage: null,
    deliveryAreas: [
      {
        id: 1,
        area: '1030 Wien',
        price: 3.5,
        tax: 20,
        free: false,
        freeFromOrderValue: 30,
        minimumOrderValue: 15,
      },
    ],
    isDeliveryEmailRequired: true,
    isDineInEmailRequired: false,
    isTakeawayEmailRequired: false,
    isDeliveryPhoneRequired: true,
    isDineInPhoneRequired: false,
    isTakeawayPhoneRequired: true,
    isDeliveryAddressRequired: true,
    isDineInAddressRequired: false,
    isTakeawayAddressRequired: false,
    isCashEnabled: true,
    isATMCardEnabled: true,
    isHydroAGVoucherEnabled: false,
    isMollieEnabled: true,
    isDatatransEnabled: false,
    ...overrides,
  };
}
