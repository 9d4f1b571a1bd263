import {
  branchCountText,
  branchHasTag,
  branchMatches,
  filterBranches,
  searchWords,
  toggleTag,
} from './search.js';
import { makeBranch } from './testing/fixtures.js';

const tags = [
  { id: 1, name: 'Vegan' },
  { id: 2, name: 'Lieferservice' },
];
const mitte = makeBranch({ id: 1, name: 'Wien Mitte', city: 'Wien', zipCode: '1030', tags: [{ id: 1 }] });
const graz = makeBranch({
  id: 2,
  name: 'Graz Zentrum',
  street: 'Herrengasse 5',
  city: 'Graz',
  zipCode: '8010',
  keywords: 'Estrich',
  tags: [{ id: 2 }],
});

describe('search', () => {
  describe(searchWords.name, () => {
    it('splits on spaces and commas and lower-cases', () => {
      expect(searchWords(' Wien,  GRAZ ,,8010 ')).toEqual(['wien', 'graz', '8010']);
      expect(searchWords(null)).toEqual([]);
    });
  });

  describe(branchMatches.name, () => {
    it('matches any word in name, street, city, zip code, keywords or a tag name', () => {
      expect(branchMatches(graz, 'herren', tags)).toBe(true);
      expect(branchMatches(graz, '8010', tags)).toBe(true);
      expect(branchMatches(graz, 'estrich', tags)).toBe(true);
      expect(branchMatches(graz, 'liefer', tags)).toBe(true);
      expect(branchMatches(mitte, 'vegan', tags)).toBe(true);
      expect(branchMatches(mitte, 'salzburg, wien', tags)).toBe(true);
    });

    it('does not match when no word is contained', () => {
      expect(branchMatches(mitte, 'salzburg', tags)).toBe(false);
      expect(branchMatches(mitte, 'liefer')).toBe(false);
    });

    it('matches everything when the term is empty', () => {
      expect(branchMatches(mitte, '  ')).toBe(true);
    });
  });

  describe(branchHasTag.name, () => {
    it('requires the tag when one is selected', () => {
      expect(branchHasTag(mitte, 1)).toBe(true);
      expect(branchHasTag(mitte, 2)).toBe(false);
      expect(branchHasTag(mitte, null)).toBe(true);
    });
  });

  describe(filterBranches.name, () => {
    it('applies term and tag together', () => {
      expect(filterBranches([mitte, graz], 'wien graz', 2, tags)).toEqual([graz]);
      expect(filterBranches([mitte, graz], '', null, tags)).toEqual([mitte, graz]);
    });
  });

  describe(toggleTag.name, () => {
    it('selects a tag and deselects it on a second click', () => {
      expect(toggleTag(null, 1)).toBe(1);
      expect(toggleTag(1, 1)).toBeNull();
      expect(toggleTag(1, 2)).toBe(2);
    });
  });

  describe(branchCountText.name, () => {
    it('gives the count line or the no-results text', () => {
      expect(branchCountText(2, 5)).toBe('2 von 5 Filialen werden angezeigt.');
      expect(branchCountText(0, 5)).toBe('Leider wurden keine Ergebnisse gefunden.');
    });
  });
});
