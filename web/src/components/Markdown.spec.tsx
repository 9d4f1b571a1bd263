import { renderToStaticMarkup } from 'react-dom/server';
import { Markdown } from './Markdown';

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />);

describe(Markdown.name, () => {
  it('renders headings, paragraphs, lists and inline emphasis', () => {
    expect(
      html('# AGB\n\nGilt ab **1. März**.\nZweite *Zeile*.\n\n- eins\n- zwei\n\n1. erstens\n2. zweitens'),
    ).toBe(
      '<div><h3>AGB</h3><p><span>Gilt ab <strong>1. März</strong>.</span><span><br/>Zweite <em>Zeile</em>.</span></p>' +
        '<ul><li>eins</li><li>zwei</li></ul><ol><li>erstens</li><li>zweitens</li></ol></div>',
    );
  });

  it('links only to safe targets and escapes HTML', () => {
    const out = html('[Impressum](/site/imprint) [x](javascript:alert(1)) <script>alert(1)</script>');
    expect(out).toContain('<a href="/site/imprint">Impressum</a>');
    expect(out).not.toContain('href="javascript');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html('[Web](https://example.at)')).toContain('target="_blank" rel="noopener noreferrer"');
  });
});
