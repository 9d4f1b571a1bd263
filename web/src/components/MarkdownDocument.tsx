import { Lexer, type Token, type Tokens } from 'marked';
import { Fragment, type ReactNode } from 'react';
import './markdown.css';

/**
 * Link targets a text from the back office may use: http(s), mailto, tel, paths of this site and anchors.
 * A bare `#` is what the backend leaves of a target it refused (`javascript:` …): no link either.
 */
export function isSafeHref(href: string): boolean {
  return /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#\S)/i.test(href.trim());
}

/** From this many headings on, a text gets a table of contents (a short note needs none). */
export const TOC_MIN_HEADINGS = 3;

/** The words the document shows around the text. */
const TOC_LABEL = 'Inhaltsverzeichnis';

interface Heading {
  depth: number;
  id: string;
  tokens: Token[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * marked leaves character references as typed (`&amp;`, `&#167;`) for an HTML renderer to decode; React
 * escapes what it is given, so they are decoded here (unknown names stay as typed).
 */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Anchor ids from heading text: "§ 3 Preise & Zahlung" → "abschnitt-3-preise-zahlung" (unique per text). */
function slugger() {
  const seen = new Map<string, number>();
  return (text: string) => {
    const base =
      text
        .toLowerCase()
        .replace(/ä/g, 'ae')
        .replace(/ö/g, 'oe')
        .replace(/ü/g, 'ue')
        .replace(/ß/g, 'ss')
        .normalize('NFKD')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '') || 'teil';
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return `abschnitt-${base}${count > 1 ? `-${count}` : ''}`;
  };
}

/** The plain text of inline tokens (for anchor ids and table labels). */
function plainText(tokens: Token[] | undefined): string {
  return (tokens ?? [])
    .map((token) =>
      'tokens' in token && token.tokens ? plainText(token.tokens) : 'text' in token ? token.text : '',
    )
    .join('');
}

function renderInline(tokens: Token[] | undefined, key: string): ReactNode[] {
  return (tokens ?? []).map((token, index) => inline(token, `${key}-${index}`));
}

function inline(token: Token, key: string): ReactNode {
  switch (token.type) {
    case 'strong':
      return <strong key={key}>{renderInline(token.tokens, key)}</strong>;
    case 'em':
      return <em key={key}>{renderInline(token.tokens, key)}</em>;
    case 'del':
      return <del key={key}>{renderInline(token.tokens, key)}</del>;
    case 'codespan':
      return <code key={key}>{decodeEntities(token.text)}</code>;
    case 'br':
      return <br key={key} />;
    case 'link': {
      const { href } = token as Tokens.Link;
      // An unsafe target (javascript:, data:, //host) keeps only its words.
      if (!isSafeHref(href)) return <Fragment key={key}>{renderInline(token.tokens, key)}</Fragment>;
      const external = !href.startsWith('/') && !href.startsWith('#');
      return (
        <a key={key} href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {renderInline(token.tokens, key)}
        </a>
      );
    }
    case 'image':
      // Pictures are not part of a legal text: their description stands in.
      return decodeEntities((token as Tokens.Image).text);
    case 'html':
    case 'tag':
      // No HTML passes: what was typed as a tag is shown as text (React escapes it).
      return token.raw;
    case 'text':
      return 'tokens' in token && token.tokens ? (
        <Fragment key={key}>{renderInline(token.tokens, key)}</Fragment>
      ) : (
        decodeEntities(token.text)
      );
    case 'escape':
      return decodeEntities(token.text);
    default:
      return 'raw' in token ? token.raw : null;
  }
}

/** Block tokens as React elements; `ids` gives each heading (in order) its anchor. */
function renderBlocks(tokens: Token[], key: string, ids: Map<Token, string>): ReactNode[] {
  return tokens.map((token, index) => block(token, `${key}-${index}`, ids));
}

function block(token: Token, key: string, ids: Map<Token, string>): ReactNode {
  switch (token.type) {
    case 'heading': {
      // # → h3: the page's or the dialog's title is above (h1 / h2), the table of contents between.
      const Tag = `h${Math.min(token.depth + 2, 6)}` as 'h3' | 'h4' | 'h5' | 'h6';
      return (
        <Tag key={key} id={ids.get(token)}>
          {renderInline(token.tokens, key)}
        </Tag>
      );
    }
    case 'paragraph':
      return <p key={key}>{renderInline(token.tokens, key)}</p>;
    case 'list': {
      const list = token as Tokens.List;
      const items = list.items.map((item, index) => (
        <li key={index}>
          {item.task && <span aria-hidden="true">{item.checked ? '☑ ' : '☐ '}</span>}
          {renderBlocks(item.tokens, `${key}-${index}`, ids)}
        </li>
      ));
      if (!list.ordered) return <ul key={key}>{items}</ul>;
      const start = typeof list.start === 'number' && list.start !== 1 ? list.start : undefined;
      return (
        <ol key={key} start={start}>
          {items}
        </ol>
      );
    }
    case 'table': {
      const table = token as Tokens.Table;
      const align = (index: number) => table.align[index] ?? undefined;
      const caption = table.header.map((cell) => plainText(cell.tokens)).join(', ');
      // Wide tables scroll sideways on a phone; the region can be reached and scrolled by keyboard.
      return (
        <div
          key={key}
          className="markdown-document__table"
          role="region"
          aria-label={`Tabelle: ${caption}`}
          tabIndex={0}
        >
          <table>
            <thead>
              <tr>
                {table.header.map((cell, index) => (
                  <th key={index} scope="col" style={{ textAlign: align(index) }}>
                    {renderInline(cell.tokens, `${key}-h${index}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    <td key={index} style={{ textAlign: align(index) }}>
                      {renderInline(cell.tokens, `${key}-${rowIndex}-${index}`)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case 'blockquote':
      return <blockquote key={key}>{renderBlocks(token.tokens ?? [], key, ids)}</blockquote>;
    case 'code':
      return (
        <pre key={key}>
          <code>{token.text}</code>
        </pre>
      );
    case 'hr':
      return <hr key={key} />;
    case 'html':
      // A block of HTML is shown as the text it is.
      return <p key={key}>{token.raw.trim()}</p>;
    case 'text':
      // The text of a tight list item.
      return 'tokens' in token && token.tokens ? (
        <Fragment key={key}>{renderInline(token.tokens, key)}</Fragment>
      ) : (
        decodeEntities(token.text)
      );
    case 'space':
    case 'def':
      return null;
    default:
      return 'raw' in token ? <p key={key}>{token.raw}</p> : null;
  }
}

/** Every heading of the text, nested lists and quotes included, in reading order. */
function collectHeadings(tokens: Token[], into: Tokens.Heading[] = []): Tokens.Heading[] {
  for (const token of tokens) {
    if (token.type === 'heading') into.push(token as Tokens.Heading);
    else if (token.type === 'list')
      for (const item of (token as Tokens.List).items) collectHeadings(item.tokens, into);
    else if (token.type === 'blockquote') collectHeadings(token.tokens ?? [], into);
  }
  return into;
}

/**
 * The table of contents of a long text: its headings of the top two levels used, as in-page links. Returns
 * null below {@link TOC_MIN_HEADINGS} headings.
 */
function TableOfContents({ headings }: { headings: Heading[] }) {
  if (headings.length < TOC_MIN_HEADINGS) return null;
  const top = Math.min(...headings.map((heading) => heading.depth));
  const shown = headings.filter((heading) => heading.depth <= top + 1);
  return (
    <nav className="markdown-document__toc" aria-label={TOC_LABEL}>
      <p className="markdown-document__toc-title" aria-hidden="true">
        {TOC_LABEL}
      </p>
      <ol>
        {shown.map((heading) => (
          <li key={heading.id} className={heading.depth > top ? 'markdown-document__toc-sub' : undefined}>
            <a href={`#${heading.id}`}>{renderInline(heading.tokens, `toc-${heading.id}`)}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * A legal text or description written in Markdown (GitHub's dialect: headings, numbered and bullet lists,
 * tables, quotes) as a document: React elements built from marked's tokens, never HTML, so nothing typed
 * as a tag or script runs; links only to http(s), mailto, tel, this site's paths and in-page anchors, and
 * external ones in a new tab with rel="noopener noreferrer". From {@link TOC_MIN_HEADINGS} headings on, a
 * table of contents leads the text.
 */
export function MarkdownDocument({ text, className }: { text: string; className?: string }) {
  const tokens = Lexer.lex(text.replace(/\r\n?/g, '\n'), { gfm: true, breaks: true });
  const slug = slugger();
  const ids = new Map<Token, string>();
  const headings = collectHeadings(tokens).map((token) => {
    const id = slug(plainText(token.tokens));
    ids.set(token, id);
    return { depth: token.depth, id, tokens: token.tokens };
  });
  return (
    <div className={['markdown-document', className].filter(Boolean).join(' ')}>
      <TableOfContents headings={headings} />
      {renderBlocks(tokens, 'b', ids)}
    </div>
  );
}

export default MarkdownDocument;
