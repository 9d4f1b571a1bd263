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
  return `"${family.replace(/["\\]/g, '')}", var(--font-body)`;
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
