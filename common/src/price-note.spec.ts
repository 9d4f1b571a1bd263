import { priceNote, type PriceNoteArea } from './price-note.js';

const area = (price: number, extra: Partial<PriceNoteArea> = {}): PriceNoteArea => ({
  price,
  free: false,
  freeFromOrderValue: null,
  ...extra,
});

describe(priceNote.name, () => {
  describe('without delivery', () => {
    it('says that all prices include VAT for takeaway, dine-in and no choice yet', () => {
      for (const orderType of ['takeaway', 'dineIn', null] as const)
        expect(priceNote({ orderType, area: area(2.9), areas: [area(2.9)] })).toBe('Alle Preise inkl. MwSt.');
    });
  });

  it("is English for the kiosk's English face, with the fee in the shop's format", () => {
    expect(priceNote({ orderType: 'dineIn', area: null, areas: [] }, 'en')).toBe('All prices incl. VAT.');
    expect(priceNote({ orderType: 'delivery', area: area(2.9), areas: [] }, 'en')).toBe(
      'All prices incl. VAT, plus a delivery fee of 2,90\u00a0€.',
    );
  });

  describe('delivery with a chosen area', () => {
    it('names the fee of the area', () => {
      expect(priceNote({ orderType: 'delivery', area: area(2.9), areas: [area(1.5), area(2.9)] })).toBe(
        'Alle Preise inkl. MwSt., zzgl. Liefergebühr von 2,90\u00a0€.',
      );
    });

    it('names the order value from which the area delivers free', () => {
      expect(
        priceNote({
          orderType: 'delivery',
          area: area(3.5, { freeFromOrderValue: 30 }),
          areas: [],
          currency: 'CHF',
        }),
      ).toBe(
        'Alle Preise inkl. MwSt., zzgl. Liefergebühr von 3,50\u00a0CHF (ab 30,00\u00a0CHF Bestellwert kostenlos).',
      );
    });

    it('says "Lieferung kostenlos" for a free area or one without a fee', () => {
      expect(priceNote({ orderType: 'delivery', area: area(2.9, { free: true }), areas: [] })).toBe(
        'Alle Preise inkl. MwSt., Lieferung kostenlos.',
      );
      expect(priceNote({ orderType: 'delivery', area: area(0), areas: [] })).toBe(
        'Alle Preise inkl. MwSt., Lieferung kostenlos.',
      );
    });

    it('says only "inkl. MwSt." where the fee is its own line and the total includes it', () => {
      expect(priceNote({ orderType: 'delivery', area: area(2.9), areas: [], feeShown: true })).toBe(
        'Alle Preise inkl. MwSt.',
      );
    });
  });

  describe('delivery before an area is chosen', () => {
    it('names the lowest fee with "ab"', () => {
      expect(priceNote({ orderType: 'delivery', area: null, areas: [area(3.5), area(2.5), area(4)] })).toBe(
        'Alle Preise inkl. MwSt., zzgl. Liefergebühr ab 2,50\u00a0€ je nach Liefergebiet.',
      );
    });

    it('names the one fee when every area costs the same', () => {
      expect(priceNote({ orderType: 'delivery', area: null, areas: [area(2.5), area(2.5)] })).toBe(
        'Alle Preise inkl. MwSt., zzgl. Liefergebühr von 2,50\u00a0€.',
      );
    });

    it('names the highest fee when some areas deliver free', () => {
      expect(
        priceNote({ orderType: 'delivery', area: null, areas: [area(2.5, { free: true }), area(3.5)] }),
      ).toBe('Alle Preise inkl. MwSt., zzgl. Liefergebühr bis 3,50\u00a0€ je nach Liefergebiet.');
    });

    it('says "Lieferung kostenlos" when every area is free, and only "inkl. MwSt." without areas', () => {
      expect(
        priceNote({ orderType: 'delivery', area: null, areas: [area(0), area(1, { free: true })] }),
      ).toBe('Alle Preise inkl. MwSt., Lieferung kostenlos.');
      expect(priceNote({ orderType: 'delivery', area: null, areas: [] })).toBe('Alle Preise inkl. MwSt.');
    });
  });
});
