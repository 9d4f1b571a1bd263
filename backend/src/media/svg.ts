/** Numeric character references decoded, so that `&#x6A;avascript:` reads as what a browser would see. */
function decodeNumericEntities(text: string): string {
  return text.replace(/&#(x[0-9a-f]+|\d+);?/gi, (_m, code: string) => {
    const n = code[0] === 'x' || code[0] === 'X' ? parseInt(code.slice(1), 16) : parseInt(code, 10);
    return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : '';
  });
}

const FORBIDDEN: RegExp[] = [
  /<\s*script/i,
  /<\s*foreignObject/i,
  /<\s*(iframe|embed|object|audio|video|handler|listener)\b/i,
  /<!ENTITY/i,
  /<!DOCTYPE[^>]*\[/i, // internal DTD subsets (entity expansion)
  /[\s"'/]on[a-z]+\s*=/i, // event handler attributes
  // <set>/<animate…> that write an event handler or a link target when the animation runs
  /attributeName\s*=\s*["']?\s*(?:[a-z_][\w.-]*:)?(?:on[a-z]|href\b)/i,
  /(java|vb)script\s*:/i,
  /data\s*:/i,
  /@import/i,
  /url\(\s*['"]?\s*(?!#)[^)\s'"]/i, // CSS references to anything but a local fragment
  /(?:xlink:)?href\s*=\s*(["'])\s*(?!#)/i, // links and <use>/<image> references to anything but a local fragment
  /(?:xlink:)?href\s*=\s*[^"'\s#]/i,
];

/**
 * Whether an SVG document is safe to keep: no scripts, event handlers, foreign content, entity tricks or
 * references outside the document (which could run script in a browser or make the renderer read files).
 * Unsafe drawings are refused rather than repaired, so nothing is silently changed.
 */
export function isSafeSvg(content: Buffer): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
  const text = decodeNumericEntities(content.toString('utf8')).replace(/[\u0000-\u001F]+/g, (m) =>
    m.includes('\n') ? '\n' : ' ',
  );
  const compact = text.replace(/\s+/g, '');
  if (/(java|vb)script:/i.test(compact)) return false;
  return !FORBIDDEN.some((re) => re.test(text));
}
