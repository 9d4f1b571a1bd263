import { t } from '@ordering/common';
import { DomainError } from '../core/errors.js';
import {
  findNul,
  INT32_MAX,
  parseFilterDate,
  parseId,
  parseIntFilter,
  parseQueryText,
  rejectNul,
  MAX_JSON_DEPTH,
  nestsDeeperThan,
} from './input.js';

/** The status-independent part of a thrown DomainError: its code and first entry. */
function caught(fn: () => unknown): { code: string; message: string; field?: string } {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, message: error.errors[0]!.message, field: error.errors[0]!.field };
  }
  throw new Error('nothing thrown');
}

describe('security input helpers', () => {
  describe(nestsDeeperThan.name, () => {
    it('measures nesting of arrays and objects without recursion', () => {
      expect(nestsDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
      expect(nestsDeeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
      expect(nestsDeeperThan('text', 0)).toBe(false);
      const deep = JSON.parse('['.repeat(200_000) + ']'.repeat(200_000));
      expect(nestsDeeperThan(deep, MAX_JSON_DEPTH)).toBe(true);
    });
  });

  describe(findNul.name, () => {
    it('names the path of the first string with a NUL, keys included', () => {
      expect(findNul({ name: 'ok', items: [{ a: 'x' }, { a: 'b\u0000' }] })).toBe('items.1.a');
      expect(findNul({ ['k\u0000']: 1 })).toBe('k\u0000');
      expect(findNul('a\u0000')).toBe('value');
      expect(findNul({ a: ['x', 1, null, true] })).toBeNull();
    });
  });

  describe(rejectNul.name, () => {
    it('throws a German 400 naming the field when a NUL is inside', () => {
      expect(caught(() => rejectNul('Sch\u0000nitzel', 'q'))).toEqual({
        code: 'validation',
        message: t('validation.invalid'),
        field: 'q',
      });
      expect(caught(() => rejectNul({ title: '\u0000' }, 'content')).field).toBe('content.title');
      expect(() => rejectNul('Schnitzel', 'q')).not.toThrow();
    });
  });

  describe(parseId.name, () => {
    it.each(['1', '42', String(INT32_MAX)])('reads %s', (raw) => {
      expect(parseId(raw)).toBe(Number(raw));
    });

    it('answers the general not-found text when the caller names nothing', () => {
      expect(caught(() => parseId('abc'))).toMatchObject({ code: 'not_found', message: t('http.notFound') });
    });

    it.each(['0', '-1', '1.5', '2147483648', '99999999999', 'abc', '', '1e3', ' 1'])(
      'answers %j like an unknown id (404)',
      (raw) => {
        expect(caught(() => parseId(raw, 'Bild'))).toMatchObject({
          code: 'not_found',
          message: 'Bild wurde nicht gefunden.',
        });
      },
    );
  });

  describe(parseIntFilter.name, () => {
    it('reads integers within PostgreSQL integer', () => {
      expect(parseIntFilter('3', 'branch')).toBe(3);
      expect(parseIntFilter(' -7 ', 'x')).toBe(-7);
      expect(parseIntFilter(String(INT32_MAX), 'x')).toBe(INT32_MAX);
    });

    it('refuses fractions and words as "ganze Zahl", out-of-range values with the range', () => {
      expect(caught(() => parseIntFilter('1.5', 'branch'))).toEqual({
        code: 'validation',
        message: t('validation.integer'),
        field: 'branch',
      });
      expect(caught(() => parseIntFilter(['1', '2'], 'branch')).message).toBe(t('validation.integer'));
      expect(caught(() => parseIntFilter('2147483648', 'user'))).toEqual({
        code: 'validation',
        message: t('validation.range', { min: -INT32_MAX - 1, max: INT32_MAX }),
        field: 'user',
      });
      expect(caught(() => parseIntFilter('0', 'page', 1, 1000)).field).toBe('page');
    });
  });

  describe(parseFilterDate.name, () => {
    it.each([
      ['2026-02-28', '2026-02-28T00:00:00.000Z'],
      ['2028-02-29', '2028-02-29T00:00:00.000Z'],
      ['2026-11-01T08:30:00Z', '2026-11-01T08:30:00.000Z'],
      ['2026-11-01T08:30:00.123+01:00', '2026-11-01T07:30:00.123Z'],
      ['2026-11-01T08:30+02:00', '2026-11-01T06:30:00.000Z'],
    ])('reads %s as %s', (raw, iso) => {
      expect(parseFilterDate(raw, 'from').toISOString()).toBe(iso);
    });

    it.each([
      '2026-02-30',
      '2027-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '1',
      '-271821-04-20',
      '+275760-09-13',
      '0999-01-01',
      '2026-11-01T24:00:00Z',
      '2026-11-01T10:00:00',
      '2026-02-30T10:00:00Z',
      '2026-11-01T10:00:00+15:00',
      'heute',
      '',
    ])('refuses %j with the German date text naming the field', (raw) => {
      expect(caught(() => parseFilterDate(raw, 'from'))).toEqual({
        code: 'validation',
        message: t('validation.date'),
        field: 'from',
      });
    });

    it('refuses what is not a single string (?from=a&from=b)', () => {
      expect(caught(() => parseFilterDate(['2026-01-01'], 'to')).field).toBe('to');
    });
  });

  describe(parseQueryText.name, () => {
    it('trims, and refuses NUL, repeated parameters and overlong text', () => {
      expect(parseQueryText('  Schnitzel ', 'q')).toBe('Schnitzel');
      expect(parseQueryText(undefined, 'q')).toBe('');
      expect(caught(() => parseQueryText('a\u0000', 'q')).field).toBe('q');
      expect(caught(() => parseQueryText(['a', 'b'], 'q')).message).toBe(t('validation.invalid'));
      expect(caught(() => parseQueryText('x'.repeat(201), 'q')).message).toBe(
        t('validation.tooLong', { max: 200 }),
      );
    });
  });
});
