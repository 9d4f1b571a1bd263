import { ELLIPSIS, stripHtml, truncate, TRUNCATE_LENGTH } from './text.js';

describe('text', () => {
  describe(truncate.name, () => {
    it('keeps texts up to 128 characters unchanged', () => {
      const text = 'a'.repeat(128);
      expect(truncate(text)).toBe(text);
      expect(TRUNCATE_LENGTH).toBe(128);
    });

    it('cuts longer texts to 128 characters including the ellipsis', () => {
      const result = truncate('a'.repeat(200));
      expect(Array.from(result)).toHaveLength(128);
      expect(result.endsWith(ELLIPSIS)).toBe(true);
    });

    it('drops trailing spaces before the ellipsis and never splits an emoji', () => {
      expect(truncate('Hallo Welt', 7)).toBe('Hallo…');
      expect(truncate('😀😀😀😀', 3)).toBe('😀😀…');
    });

    it('handles empty input and a zero length', () => {
      expect(truncate(null)).toBe('');
      expect(truncate('abc', 0)).toBe('');
    });
  });

  describe(stripHtml.name, () => {
    it('removes tags and collapses whitespace', () => {
      expect(stripHtml('<p>Frisch&nbsp;gebacken</p>\n<b>heute</b>')).toBe('Frisch gebacken heute');
      expect(stripHtml(undefined)).toBe('');
    });
  });
});
