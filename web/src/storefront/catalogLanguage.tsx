// The language the catalogue's names and descriptions are shown in: German on the website, the guest's
// choice on the kiosk (docs/decisions/kiosk.md). An English text left empty in the back office falls back
// to the German one, so a half-translated menu still reads whole.
import { createContext, useContext, useMemo } from 'react';

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
