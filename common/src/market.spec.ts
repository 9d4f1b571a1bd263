import { DEFAULT_MARKET, defaultVatRate, isMarket, marketProfile, paymentMethodLabel } from './market.js';

describe('market', () => {
  describe(marketProfile.name, () => {
    it('gives Germany its dialling code, time zone, VAT presets and words', () => {
      expect(marketProfile('DE')).toMatchObject({
        phoneCountryCode: '49',
        timeZone: 'Europe/Berlin',
        vatRates: [7, 19],
        atmCardLabel: 'EC-Karte / Girocard',
        cashDesk: 'Kasse',
        stairway: 'Treppenhaus',
        sickLeave: 'Krankmeldung',
      });
      expect(marketProfile('DE').phoneExample).toMatch(/^\+49 /);
    });

    it('gives Austria its own', () => {
      expect(marketProfile('AT')).toMatchObject({
        phoneCountryCode: '43',
        timeZone: 'Europe/Vienna',
        vatRates: [10, 13, 20],
        atmCardLabel: 'Bankomatkarte',
        cashDesk: 'Kassa',
        stairway: 'Stiege',
        sickLeave: 'Krankenstand',
      });
      expect(marketProfile('AT').phoneExample).toMatch(/^\+43 /);
    });

    it('falls back to Germany, the default market, for a missing or unknown one', () => {
      expect(DEFAULT_MARKET).toBe('DE');
      expect(marketProfile(undefined).market).toBe('DE');
      expect(marketProfile(null).market).toBe('DE');
      expect(marketProfile('CH').market).toBe('DE');
    });
  });

  describe(paymentMethodLabel.name, () => {
    it('names the debit card as each country does and keeps the others', () => {
      expect(paymentMethodLabel('atm-card', marketProfile('DE'))).toBe('EC-Karte / Girocard');
      expect(paymentMethodLabel('atm-card', marketProfile('AT'))).toBe('Bankomatkarte');
      expect(paymentMethodLabel('cash', marketProfile('DE'))).toBe(
        paymentMethodLabel('cash', marketProfile('AT')),
      );
    });
  });

  describe(defaultVatRate.name, () => {
    it("starts a new product at the market's standard rate, a preset of the form", () => {
      expect(defaultVatRate(marketProfile('DE'))).toBe(19);
      expect(defaultVatRate(marketProfile('AT'))).toBe(20);
      for (const market of ['DE', 'AT']) {
        expect(marketProfile(market).vatRates).toContain(defaultVatRate(marketProfile(market)));
      }
    });
  });

  describe(isMarket.name, () => {
    it('knows DE and AT only', () => {
      expect(isMarket('DE')).toBe(true);
      expect(isMarket('AT')).toBe(true);
      expect(isMarket('de')).toBe(false);
      expect(isMarket(49)).toBe(false);
    });
  });
});
