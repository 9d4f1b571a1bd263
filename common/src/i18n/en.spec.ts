import { de, t } from './de.js';
import { en, renderMessageIn, tEn, translator } from './en.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('English texts of the kiosk', () => {
  it('have exactly the placeholders of the German text of the same key', () => {
    for (const [key, english] of Object.entries(en)) {
      expect([key, placeholders(english!)]).toEqual([key, placeholders(de[key as keyof typeof de])]);
    }
  });

  it('fill placeholders and fall back to German where no English is written', () => {
    expect(tEn('pricing.vatIncludedDeliveryFee', { fee: '2,90 €' })).toBe(
      'All prices incl. VAT, plus a delivery fee of 2,90 €.',
    );
    expect(tEn('cart.undo')).toBe('Undo');
    expect(tEn('general.offline')).toBe(t('general.offline'));
  });

  it('are chosen by language', () => {
    expect(translator('de')('appointment.asap')).toBe('So bald wie möglich');
    expect(translator('en')('appointment.asap')).toBe('As soon as possible');
  });

  it('render findings by language, German where no English is written', () => {
    const finding = { key: 'validation.tooLong', params: { max: 40 } } as const;
    expect(renderMessageIn(finding, 'de')).toBe(t('validation.tooLong', { max: 40 }));
    expect(renderMessageIn(finding, 'en')).toBe(
      'This text is too long. It should have at most 40 characters.',
    );
    expect(renderMessageIn({ key: 'general.offline' }, 'en')).toBe(t('general.offline'));
  });
});
