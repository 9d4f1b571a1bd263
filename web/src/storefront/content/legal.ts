import { defaultWithdrawalText, marketProfile, type Config } from '@ordering/common';
import { legalPages } from '../../i18n/messages';

type LegalPath = (typeof legalPages)[number]['path'];

/** Which config fields hold each legal page's text (markdown) and address. */
const FIELDS: Record<LegalPath, { text: keyof Config; url: keyof Config }> = {
  'terms-and-conditions': { text: 'termsAndConditionsText', url: 'termsAndConditions' },
  privacy: { text: 'privacyPolicyText', url: 'privacyPolicy' },
  imprint: { text: 'imprintText', url: 'imprint' },
  allergens: { text: 'allergensText', url: 'allergens' },
  withdrawal: { text: 'withdrawalPolicyText', url: 'withdrawalPolicy' },
};

/** Where the withdrawal function is (§356a BGB): the footer links here, the default text too. */
export const WITHDRAWAL_FORM_PATH = '/vertrag-widerrufen';

/**
 * The Widerrufsbelehrung a shop shows while it has configured neither a text nor a link: the model text of
 * its market with the model form (common's defaultWithdrawalText), so a shop can go live without writing one.
 */
export function defaultWithdrawalPolicy(config: Partial<Config> | null): string {
  return defaultWithdrawalText(marketProfile(config?.market).market, {
    businessName: config?.businessName || config?.shopName || 'uns',
    withdrawalUrl: WITHDRAWAL_FORM_PATH,
  });
}

/** A legal page as configured: its text, else its address, else nothing. */
export interface LegalEntry {
  path: LegalPath;
  title: string;
  text: string | null;
  url: string | null;
}

export function legalEntry(path: string, config: Partial<Config> | null): LegalEntry | null {
  const page = legalPages.find((candidate) => candidate.path === path);
  if (!page) return null;
  const fields = FIELDS[page.path];
  const text = config?.[fields.text];
  const url = config?.[fields.url];
  const configured = (typeof text === 'string' && text.trim()) || (typeof url === 'string' && url.trim());
  if (page.path === 'withdrawal' && !configured)
    return { path: page.path, title: page.title, text: defaultWithdrawalPolicy(config), url: null };
  return {
    path: page.path,
    title: page.title,
    text: typeof text === 'string' && text.trim() ? text : null,
    url: typeof url === 'string' && url.trim() ? url.trim() : null,
  };
}

/**
 * Where the footer's legal link goes (spec section 2): `/site/{path}` when a text is configured, else the
 * configured address (inside the shop when it starts with a slash); null when neither is configured.
 */
export function legalHref(entry: LegalEntry): { href: string; external: boolean } | null {
  if (entry.text) return { href: `/site/${entry.path}`, external: false };
  if (entry.url) return { href: entry.url, external: !entry.url.startsWith('/') };
  return null;
}

export function allLegalEntries(config: Partial<Config> | null): LegalEntry[] {
  return legalPages.map((page) => legalEntry(page.path, config)!);
}
