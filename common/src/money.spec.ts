import { CURRENCY_DEFAULT } from './money.js';
describe('money', () => {
  it('defaults to EUR', () => {
    expect(CURRENCY_DEFAULT).toBe('EUR');
  });
});
