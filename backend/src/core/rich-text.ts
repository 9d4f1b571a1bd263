import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';

/**
 * What HTML from the wysiwyg editor may keep: formatting, headings, lists, quotes, tables, links and
 * pictures. No script, style, iframe, form or embedded document; no event handlers or style attributes;
 * links only to http(s), mailto, tel or relative paths; pictures only from http(s) or relative paths.
 */
const HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'small',
    'mark',
    'blockquote',
    'code',
    'pre',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start'],
    '*': ['class'],
  },
  allowedClasses: { '*': [/^[a-zA-Z0-9_-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'title',
    'xmp',
    'noembed',
    'noframes',
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.target && out.target !== '_blank') delete out.target;
      // A new tab must not be able to steer this page (reverse tabnabbing).
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      return { tagName, attribs: out };
    },
  },
};

/** Cleans wysiwyg HTML (see {@link HTML_OPTIONS}); text stays as it was typed. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, HTML_OPTIONS).trim();
}

/** Elements whose content is code or a foreign document: removed with everything inside. */
const DANGEROUS_BLOCKS = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'textarea',
  'xmp',
  'noembed',
  'noframes',
  'title',
  'frameset',
  'frame',
  'applet',
  'form',
  'base',
  'link',
  'meta',
];
/** Raw HTML that may stay in markdown (without attributes other than the safe ones). */
const MARKDOWN_TAGS = new Set([
  'b',
  'i',
  'em',
  'strong',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'br',
  'hr',
  'p',
  'div',
  'span',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'code',
  'pre',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'details',
  'summary',
  'abbr',
  'kbd',
]);
const MARKDOWN_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  abbr: ['title'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};

/** Decodes what a browser would decode before reading a URL's scheme: character references and escapes. */
function decodeForSchemeCheck(url: string): string {
  let s = url
    .replace(/&#(x[0-9a-f]+|\d+);?/gi, (_m, code: string) => {
      const n = code[0] === 'x' || code[0] === 'X' ? parseInt(code.slice(1), 16) : parseInt(code, 10);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : '';
    })
    .replace(
      /&(colon|tab|newline);?/gi,
      (_m, name: string) => ({ colon: ':', tab: '\t', newline: '\n' })[name.toLowerCase()] ?? '',
    );
  s = s.replace(/\\(.)/g, '$1');
  try {
    s = decodeURIComponent(s);
  } catch {
    // keep it as it is
  }
  // Browsers drop control characters and whitespace inside a scheme.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
  return s.replace(/[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]+/g, '').toLowerCase();
}

/** Whether a link target is safe: relative, a fragment, or http(s), mailto or tel. */
export function isSafeUrl(url: string): boolean {
  const decoded = decodeForSchemeCheck(url.replace(/^<|>$/g, ''));
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(decoded);
  if (!scheme) return true;
  return ['http', 'https', 'mailto', 'tel'].includes(scheme[1]!);
}

/** Rebuilds one raw HTML tag of a markdown text with only the safe attributes, or drops it. */
function cleanTag(tag: string, closing: boolean, name: string, attributes: string): string {
  if (!MARKDOWN_TAGS.has(name)) return '';
  if (closing) return `</${name}>`;
  const kept: string[] = [];
  const allowed = MARKDOWN_ATTRIBUTES[name] ?? [];
  const attrPattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of attributes.matchAll(attrPattern)) {
    const attr = match[1]!.toLowerCase();
    const value = match[2] ?? match[3] ?? match[4] ?? '';
    if (!allowed.includes(attr)) continue;
    if ((attr === 'href' || attr === 'src') && !isSafeUrl(value)) continue;
    kept.push(`${attr}="${value.replace(/"/g, '&quot;').replace(/</g, '&lt;')}"`);
  }
  const selfClosing = /\/\s*$/.test(attributes) || tag.endsWith('/>');
  return `<${name}${kept.length ? ' ' + kept.join(' ') : ''}${selfClosing ? ' /' : ''}>`;
}

/**
 * Cleans a markdown text without touching ordinary markdown (`>` quotes, `&`, `*`, code spans stay as typed):
 * code and foreign documents in raw HTML are removed with their content, other raw HTML tags keep only safe
 * attributes, and links, images, reference definitions and autolinks to `javascript:`, `data:` and other
 * non-web schemes lose their target.
 */
export function sanitizeMarkdown(markdown: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
  let s = markdown.replace(/\u0000/g, '');
  // HTML comments, processing instructions, CDATA and doctype declarations.
  s = s
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(/<!\[CDATA\[[\s\S]*?(\]\]>|$)/gi, '')
    .replace(/<[!?][^>]*>?/g, '');
  const names = DANGEROUS_BLOCKS.join('|');
  // Dangerous elements with their content, then any stray opening or closing tag of them (even unclosed).
  s = s.replace(new RegExp(`<\\s*(${names})\\b[^>]*>[\\s\\S]*?<\\s*/\\s*\\1\\s*>`, 'gi'), '');
  s = s.replace(new RegExp(`<\\s*/?\\s*(${names})\\b[^>]*>?`, 'gi'), '');
  // Autolinks: <scheme:...>.
  s = s.replace(/<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^<>\s]*)>/g, (m, url: string) => (isSafeUrl(url) ? m : ''));
  // Remaining raw HTML tags.
  s = s.replace(
    /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s[^<>]*)?)\/?>/g,
    (tag, slash: string, name: string, attributes: string) =>
      cleanTag(tag, slash === '/', name.toLowerCase(), attributes ?? ''),
  );
  // Inline links and images: [text](target "title") / ![alt](target).
  s = s.replace(/(\]\(\s*)(<[^>\n]*>|(?:[^()\s]|\([^()\s]*\))+)/g, (m, open: string, url: string) =>
    isSafeUrl(url) ? m : `${open}#`,
  );
  // Reference definitions: [id]: target.
  s = s.replace(/^( {0,3}\[[^\]\n]+\]:[ \t]*)(<[^>\n]*>|\S+)/gm, (m, open: string, url: string) =>
    isSafeUrl(url) ? m : `${open}#`,
  );
  return s;
}

/** A zod field of wysiwyg HTML, cleaned on the way in. */
export const richText = (max = 100_000) => z.string().max(max).transform(sanitizeRichText);
/** An optional wysiwyg field; null and missing become ''. */
export const optionalRichText = (max = 100_000) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v ? sanitizeRichText(v) : ''));
/** An optional markdown field, cleaned on the way in; null and missing stay null. */
export const optionalMarkdown = (max = 200_000) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v ? sanitizeMarkdown(v) : null));
