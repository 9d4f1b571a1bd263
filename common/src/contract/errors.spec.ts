import { de } from '../i18n/de.js';
import { ERROR_CODES, errorMessageIn, errorText, isErrorCode, type ErrorCode } from './errors.js';

const codes = Object.keys(ERROR_CODES) as ErrorCode[];

describe('ERROR_CODES', () => {
  it('gives every reason code a German sentence of its own, with no placeholder left to fill', () => {
    expect(codes.length).toBeGreaterThan(20);
    const bad = codes.filter((code) => {
      const text = errorText(code);
      return text.trim().length < 10 || /\{\w+\}/.test(text) || !/[.!?]$/.test(text.trim());
    });
    expect(bad).toEqual([]);
  });

  it('names every code in snake_case', () => {
    expect(codes.filter((code) => !/^[a-z]+(_[a-z]+)*$/.test(code))).toEqual([]);
  });

  it('takes the checkout texts from the catalogue, so the form and the answer say the same', () => {
    expect(errorText('outside_delivery_area')).toBe(de['checkout.outsideDeliveryArea']);
    expect(errorText('branch_closed')).toBe(de['checkout.closed']);
  });
});

describe(isErrorCode.name, () => {
  it('knows the listed codes and nothing else, not even inherited names', () => {
    expect(isErrorCode('sold_out')).toBe(true);
    expect(isErrorCode('slot_full')).toBe(true);
    expect(isErrorCode('sold-out')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});

describe(errorMessageIn.name, () => {
  it("gives an error answer's English by its code, keeping the server's German where no English is written", () => {
    const full = {
      message: 'Zu diesem Zeitpunkt sind leider bereits alle Plätze vergeben.',
      code: 'slot_full',
    };
    expect(errorMessageIn(full, 'en')).toBe(
      'All places at this time are already taken. Please choose another time.',
    );
    expect(errorMessageIn(full, 'de')).toBe(full.message);
    expect(errorMessageIn({ message: 'Nur Deutsch.', code: 'signature_invalid' }, 'en')).toBe('Nur Deutsch.');
    expect(errorMessageIn({ message: 'Ohne Code.' }, 'en')).toBe('Ohne Code.');
  });
});
