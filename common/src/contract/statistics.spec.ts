import { conversionTenths } from './statistics.js';

describe(conversionTenths.name, () => {
  it('divides the consenting buyers by the consenting visitors in tenths of a percent, half up', () => {
    expect(conversionTenths(1, 8)).toBe(125); // 12,5 %
    expect(conversionTenths(1, 3)).toBe(333); // 33,3 %
    expect(conversionTenths(2, 3)).toBe(667); // 66,67 → 66,7 %
    expect(conversionTenths(1, 2000)).toBe(1); // 0,05 % → 0,1 %
    expect(conversionTenths(1, 2001)).toBe(0);
    expect(conversionTenths(4, 4)).toBe(1000);
  });

  it('is never above 100 % and has no value without visitors', () => {
    // Before, all orders were divided by the visitors with consent: 15 orders / 2 visitors = "750 %".
    expect(conversionTenths(15, 2)).toBe(1000);
    expect(conversionTenths(0, 0)).toBeNull();
    expect(conversionTenths(0, 5)).toBe(0);
    expect(conversionTenths(-1, 5)).toBeNull();
  });
});
