/**
 * `@ordering/common`: the API contract and the domain rules shared by backend, web and desktop.
 * Pure and deterministic: no I/O, no runtime dependencies; "now" is always a parameter.
 *
 * @packageDocumentation
 */
export * from './contract/index.js';
export * from './i18n/index.js';
export * from './money.js';
export * from './tax.js';
export * from './units.js';
export * from './file-size.js';
export * from './quantity.js';
export * from './pricing.js';
export * from './zoned-time.js';
export * from './calendar.js';
export * from './opening-hours.js';
export * from './appointments.js';
export * from './slot-capacity.js';
export * from './slot-choices.js';
export * from './order-status.js';
export * from './checkout.js';
export * from './price-note.js';
export * from './base-price.js';
export * from './cart.js';
export * from './option-groups.js';
export * from './catalog-visibility.js';
export * from './search.js';
export * from './catalog-search.js';
export * from './text.js';
export * from './natural-order.js';
export * from './phone.js';
export * from './market.js';
export * from './ad-pixel.js';
export * from './consent.js';
export * from './legal-templates.js';
export * from './ticket-screen.js';
export * from './ordering-pause.js';
export * from './preparation-time.js';
export * from './kitchen.js';
export * from './page-path.js';
export * from './time-clock.js';
export * from './offer.js';
export * from './rejection-reasons.js';
export * from './order-times.js';
export * from './withdrawal.js';
export * from './delivery-area.js';
export * from './sold-out.js';
export * from './allergens.js';
export * from './image-template.js';
