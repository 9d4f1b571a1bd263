/** Placeholder replaced by the domain core. */
export const CURRENCY_DEFAULT = 'EUR';
