/**
 * The 14 allergens of the EU food information regulation (1169/2011, Annex II) with the Austrian letter
 * codes (Allergeninformationsverordnung, A–R without I, J, K, Q) and their German names. A product keeps
 * the codes; the storefront shows the letters with this legend.
 */
export const ALLERGENS = [
  { code: 'A', name: 'Gluten', long: 'Glutenhaltiges Getreide' },
  { code: 'B', name: 'Krebstiere', long: 'Krebstiere' },
  { code: 'C', name: 'Ei', long: 'Eier' },
  { code: 'D', name: 'Fisch', long: 'Fisch' },
  { code: 'E', name: 'Erdnuss', long: 'Erdnüsse' },
  { code: 'F', name: 'Soja', long: 'Sojabohnen' },
  { code: 'G', name: 'Milch/Laktose', long: 'Milch und Milchprodukte (inkl. Laktose)' },
  { code: 'H', name: 'Schalenfrüchte', long: 'Schalenfrüchte (Nüsse)' },
  { code: 'L', name: 'Sellerie', long: 'Sellerie' },
  { code: 'M', name: 'Senf', long: 'Senf' },
  { code: 'N', name: 'Sesam', long: 'Sesamsamen' },
  { code: 'O', name: 'Sulfite', long: 'Schwefeldioxid und Sulfite' },
  { code: 'P', name: 'Lupinen', long: 'Lupinen' },
  { code: 'R', name: 'Weichtiere', long: 'Weichtiere' },
] as const;

export type AllergenCode = (typeof ALLERGENS)[number]['code'];

export const ALLERGEN_CODES = ALLERGENS.map((allergen) => allergen.code) as unknown as readonly [
  AllergenCode,
  ...AllergenCode[],
];

const BY_CODE: ReadonlyMap<string, (typeof ALLERGENS)[number]> = new Map(ALLERGENS.map((a) => [a.code, a]));

/** The German name of a code ("G" → "Milch/Laktose"); the code itself when unknown. */
export function allergenName(code: string): string {
  return BY_CODE.get(code)?.name ?? code;
}

/** Codes in legend order, each once, unknown ones left out. */
export function sortAllergenCodes(codes: readonly string[]): AllergenCode[] {
  const set = new Set(codes);
  return ALLERGEN_CODES.filter((code) => set.has(code));
}

/** Words of free text that name an allergen (lower case, umlauts as typed), besides the letter codes. */
const WORDS: ReadonlyArray<[RegExp, AllergenCode]> = [
  [/^(gluten|glutenhaltig(es)? getreide|weizen|roggen|gerste|hafer|dinkel)$/, 'A'],
  [/^(krebstiere?|krebs|garnelen?|shrimps?|krabben?|hummer)$/, 'B'],
  [/^(eie?r?|hühnerei)$/, 'C'],
  [/^fische?$/, 'D'],
  [/^erdnü(ss|ß)e?$/, 'E'],
  [/^(soja|sojabohnen?)$/, 'F'],
  [/^(milch|laktose|lactose|milch\/laktose|milchprodukte)$/, 'G'],
  [/^(schalenfrüchte|nüsse|nuss|haselnüsse?|walnüsse?|mandeln?|cashew(nüsse|s)?|pistazien?)$/, 'H'],
  [/^sellerie$/, 'L'],
  [/^senf$/, 'M'],
  [/^(sesam|sesamsamen)$/, 'N'],
  [/^(sulfite?|schwefeldioxid|schwefeldioxid und sulfite)$/, 'O'],
  [/^lupinen?$/, 'P'],
  [/^(weichtiere?|muscheln?|schnecken?|tintenfisch)$/, 'R'],
];

/**
 * Reads a free-text declaration as written before the checkboxes ("A, C, G", "Gluten, Ei", "A C G – enthält
 * Spuren von Nüssen"): known letter codes and names become codes; what is not understood stays as the note
 * (in its original words and order), so nothing a shop wrote is lost.
 */
export function parseAllergenText(text: string | null | undefined): { codes: AllergenCode[]; note: string } {
  const codes: string[] = [];
  const rest: string[] = [];
  for (const raw of (text ?? '').split(/[,;/\n]+/)) {
    const token = raw.trim();
    if (!token) continue;
    // "A C G" or "ACG": a run of code letters only.
    const letters = token.replace(/[\s.]+/g, '');
    if (
      /^[A-Za-z]{1,14}$/.test(letters) &&
      letters === letters.toUpperCase() &&
      [...letters].every((c) => BY_CODE.has(c))
    ) {
      codes.push(...letters);
      continue;
    }
    // "A Gluten" or "Gluten (A)": a code with its name.
    const named = /^(.+?)\s*\(([A-Z])\)$/.exec(token) ?? /^([A-Z])(?:\)|\s*[-:–]|\s)\s*(.+)$/.exec(token);
    const word = token.toLowerCase();
    const byWord = WORDS.find(([pattern]) => pattern.test(word))?.[1];
    if (byWord) {
      codes.push(byWord);
      continue;
    }
    if (named) {
      const [code, name] = /^[A-Z]$/.test(named[1]!) ? [named[1]!, named[2]!] : [named[2]!, named[1]!];
      const matches = WORDS.find(([pattern]) => pattern.test(name.trim().toLowerCase()))?.[1];
      if (matches === code) {
        codes.push(code);
        continue;
      }
    }
    rest.push(token);
  }
  return { codes: sortAllergenCodes(codes), note: rest.join(', ') };
}

/**
 * A product's allergens for the storefront: the letters ("A, C, G"), with `names` the letters and names
 * ("A Gluten, C Ei, G Milch/Laktose"); the free-text note follows after a middle dot. Empty when none.
 */
export function allergenDeclaration(
  product: { allergenCodes?: readonly string[] | null; allergens?: string | null },
  names = false,
): string {
  const codes = sortAllergenCodes(product.allergenCodes ?? []);
  const letters = codes.map((code) => (names ? `${code} ${allergenName(code)}` : code)).join(', ');
  const note = (product.allergens ?? '').trim();
  return [letters, note].filter(Boolean).join(' · ');
}
