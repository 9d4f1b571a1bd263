/** A font of the configuration (`/api/fonts`): a family in one variant (`regular`, `700italic` …). */
export interface FontRef {
  family: string;
  variant: string;
}

/** The product's own stylesheet of one family and variant (spec section 7, `style-{variant}.embed.css`). */
export function fontStylesheetUrl({ family, variant }: FontRef): string {
  return `/font/${encodeURIComponent(family)}/style-${encodeURIComponent(variant || 'regular')}.embed.css`;
}

/** The CSS `font-family` value of a configured family, with the system stack as fallback. */
export function fontFamilyValue(family: string): string {
  return `"${family.replace(/["\\]/g, '')}", var(--font-system)`;
}

/**
 * Adds the stylesheet link of a family and variant once (a `<link>` element, allowed by the CSP's
 * `style-src 'self'`); browsers and the service worker cache it per family and variant.
 */
export function loadFont(font: FontRef, doc: Document = document): void {
  const href = fontStylesheetUrl(font);
  if (doc.head.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return;
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  doc.head.appendChild(link);
}

/** The theme's custom properties of the shop's two fonts (styles/theme.css). */
const FONT_VARIABLES = { headingFont: '--font-heading', bodyFont: '--font-body' } as const;

/**
 * The shop's configured heading and body fonts (`/api/init`'s configuration): each family's stylesheet from
 * the shop's own origin and the theme's variable set to it, the system font behind it; an empty family
 * gives the variable back to the theme (the system font).
 */
export function applyShopFonts(
  config: { headingFont?: string; bodyFont?: string },
  doc: Document | undefined = globalThis.document,
): void {
  if (!doc) return; // stores without a page (tests in Node)
  for (const key of ['headingFont', 'bodyFont'] as const) {
    const family = config[key]?.trim();
    const style = doc.documentElement.style;
    if (!family) {
      style.removeProperty(FONT_VARIABLES[key]);
      continue;
    }
    loadFont({ family, variant: 'regular' }, doc);
    style.setProperty(FONT_VARIABLES[key], fontFamilyValue(family));
  }
}
