import {
  customerOrderNumber,
  defaultWithdrawalText,
  isOrderWithdrawable,
  isProductWithdrawalExempt,
  withdrawalExemptNotice,
} from './withdrawal.js';

describe('withdrawal', () => {
  describe(isProductWithdrawalExempt.name, () => {
    it('is exempt when the product and all its categories are (a missing flag counts as exempt)', () => {
      expect(isProductWithdrawalExempt({}, [{}, { isWithdrawalExempt: true }])).toBe(true);
    });
    it('is not exempt when the product is switched off', () => {
      expect(isProductWithdrawalExempt({ isWithdrawalExempt: false }, [{ isWithdrawalExempt: true }])).toBe(
        false,
      );
    });
    it('is not exempt when one of its categories is switched off', () => {
      expect(
        isProductWithdrawalExempt({ isWithdrawalExempt: true }, [{}, { isWithdrawalExempt: false }]),
      ).toBe(false);
    });
  });

  describe(isOrderWithdrawable.name, () => {
    it('is withdrawable when any line is not exempt', () => {
      expect(isOrderWithdrawable([true, false])).toBe(true);
      expect(isOrderWithdrawable([true, true])).toBe(false);
      expect(isOrderWithdrawable([])).toBe(false);
    });
  });

  describe(customerOrderNumber.name, () => {
    it('is the ticket number, else the uid prefix in capitals', () => {
      expect(customerOrderNumber({ uid: 'abcdef12-0000', ticketNumber: 7 })).toBe('7');
      expect(customerOrderNumber({ uid: 'abcdef12-0000', ticketNumber: null })).toBe('ABCDEF12');
    });
  });

  describe(defaultWithdrawalText.name, () => {
    const shop = { businessName: 'Muster GmbH', withdrawalUrl: 'https://shop.example/vertrag-widerrufen' };
    it('gives the German model text with the form and the online function', () => {
      const text = defaultWithdrawalText('DE', shop);
      expect(text).toContain('## Widerrufsrecht');
      expect(text).toContain('## Muster-Widerrufsformular');
      expect(text).toContain('[Vertrag widerrufen](https://shop.example/vertrag-widerrufen)');
      expect(text).toContain('Muster GmbH');
      expect(text).toContain('§ 312g Abs. 2 Nr. 2 BGB');
    });
    it('speaks of Rücktritt and the FAGG in Austria', () => {
      const text = defaultWithdrawalText('AT', shop);
      expect(text).toContain('## Rücktrittsrecht');
      expect(text).toContain('§ 18 Abs. 1 Z 4 FAGG');
      expect(withdrawalExemptNotice('AT')).toContain('Rücktrittsrecht');
    });
  });
});
