import type { ReactNode } from 'react';

/** Link targets a text from the back office may use: http(s), mailto, tel and paths of this site. */
function isSafeHref(href: string): boolean {
  return /^(https?:\/\/|mailto:|tel:|\/(?!\/))/i.test(href.trim());
}

/** Inline markdown: **bold**, *italic* / _italic_, [text](url); everything else stays text (React escapes it). */
export function renderInline(text: string, keyPrefix = 'i'): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /\*\*(.+?)\*\*|__(.+?)__|\*(.+?)\*|_(.+?)_|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  let match: RegExpExecArray | null;
  let index = 0;
  while ((match = pattern.exec(text)) !== null) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const key = `${keyPrefix}-${index++}`;
    const [, bold1, bold2, em1, em2, linkText, href] = match;
    if (bold1 ?? bold2) out.push(<strong key={key}>{renderInline(bold1 ?? bold2, key)}</strong>);
    else if (em1 ?? em2) out.push(<em key={key}>{renderInline(em1 ?? em2, key)}</em>);
    else if (linkText && href && isSafeHref(href)) {
      const external = !href.startsWith('/');
      out.push(
        <a key={key} href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {linkText}
        </a>,
      );
    } else out.push(linkText ?? match[0]);
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * The markdown of legal texts and descriptions as React elements: headings (#, ##, ###), paragraphs, bullet
 * and numbered lists and the inline forms of {@link renderInline}. No HTML passes through: what is not
 * markdown is shown as text.
 */
export function Markdown({ text, className }: { text: string; className?: string }) {
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  return (
    <div className={className}>
      {blocks.map((block, index) => {
        const lines = block.split('\n').filter((line) => line.trim() !== '');
        if (lines.length === 0) return null;
        const heading = /^(#{1,3})\s+(.*)$/.exec(lines[0]);
        if (heading && lines.length === 1) {
          const level = heading[1].length + 2; // # → h3: the overlay's title is the h2
          const Tag = `h${Math.min(level, 6)}` as 'h3' | 'h4' | 'h5';
          return <Tag key={index}>{renderInline(heading[2], `h${index}`)}</Tag>;
        }
        if (lines.every((line) => /^\s*[-*]\s+/.test(line))) {
          return (
            <ul key={index}>
              {lines.map((line, item) => (
                <li key={item}>{renderInline(line.replace(/^\s*[-*]\s+/, ''), `l${index}-${item}`)}</li>
              ))}
            </ul>
          );
        }
        if (lines.every((line) => /^\s*\d+[.)]\s+/.test(line))) {
          return (
            <ol key={index}>
              {lines.map((line, item) => (
                <li key={item}>{renderInline(line.replace(/^\s*\d+[.)]\s+/, ''), `o${index}-${item}`)}</li>
              ))}
            </ol>
          );
        }
        return (
          <p key={index}>
            {lines.map((line, item) => (
              <span key={item}>
                {item > 0 && <br />}
                {renderInline(line.replace(/^#{1,3}\s+/, ''), `p${index}-${item}`)}
              </span>
            ))}
          </p>
        );
      })}
    </div>
  );
}
