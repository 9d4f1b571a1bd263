// The language the storefront's components speak: German on the website, the guest's choice on the kiosk
// (docs/decisions/kiosk.md). It decides the catalogue's names and descriptions (an English text left empty
// in the back office falls back to the German one, so a half-translated menu still reads whole) and the
// components' own words (`useTexts`, `useT`).
import { translator, type Translate } from '@ordering/common';
import { createContext, useContext, useMemo } from 'react';
import { texts, textsEn, type StorefrontTexts } from './texts';

export type CatalogLanguage = 'de' | 'en';

const CatalogLanguageContext = createContext<CatalogLanguage>('de');

/** Sets the catalogue's language for everything below (the kiosk's layout, by the guest's choice). */
export const CatalogLanguageProvider = CatalogLanguageContext.Provider;

type Named = { name: string; nameEn?: string | null };
type Described = { description?: string | null; descriptionEn?: string | null };

/** A product's or category's name and description in the given language (English where there is one). */
export function catalogText(language: CatalogLanguage) {
  return {
    name: (entry: Named): string => (language === 'en' && entry.nameEn ? entry.nameEn : entry.name),
    description: (entry: Described): string =>
      language === 'en' && entry.descriptionEn ? entry.descriptionEn : (entry.description ?? ''),
  };
}

/** {@link catalogText} in the language of the page. */
export function useCatalogText() {
  const language = useContext(CatalogLanguageContext);
  return useMemo(() => catalogText(language), [language]);
}

/** The language of the page's storefront components. */
export function useLanguage(): CatalogLanguage {
  return useContext(CatalogLanguageContext);
}

/** The storefront's labels in the language of the page. */
export function useTexts(): StorefrontTexts {
  return useContext(CatalogLanguageContext) === 'en' ? textsEn : texts;
}

/** Common's catalogue (`t`) in the language of the page, German where no English is written. */
export function useT(): Translate {
  return translator(useContext(CatalogLanguageContext));
}
