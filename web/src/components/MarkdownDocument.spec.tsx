import { renderToStaticMarkup } from 'react-dom/server';
import { MarkdownDocument } from './MarkdownDocument';

const html = (text: string) => renderToStaticMarkup(<MarkdownDocument text={text} />);

describe(MarkdownDocument.name, () => {
  describe('blocks', () => {
    it('renders headings one level below the title, paragraphs with line breaks and inline emphasis', () => {
      expect(html('# AGB\n\nGilt ab **1. März**.\nZweite *Zeile*.')).toBe(
        '<div class="markdown-document"><h3 id="abschnitt-agb">AGB</h3>' +
          '<p>Gilt ab <strong>1. März</strong>.<br/>Zweite <em>Zeile</em>.</p></div>',
      );
      expect(html('### Unterabschnitt')).toContain('<h5 id="abschnitt-unterabschnitt">Unterabschnitt</h5>');
    });

    it('renders numbered lists with their start and nested bullet lists', () => {
      const out = html(
        '1. Vertragsschluss\n2. Preise\n   - inkl. MwSt.\n   - zzgl. Liefergebühr\n3. Zahlung',
      );
      expect(out).toContain('<ol><li>Vertragsschluss</li><li>Preise<ul><li>inkl. MwSt.</li>');
      expect(out).toContain('<li>zzgl. Liefergebühr</li></ul></li><li>Zahlung</li></ol>');
      expect(html('3. drittens\n4. viertens')).toContain(
        '<ol start="3"><li>drittens</li><li>viertens</li></ol>',
      );
    });

    it('renders a table with header cells, rows and alignment in a scrollable region', () => {
      const out = html('| Allergen | Code |\n|:--|--:|\n| Gluten | A |\n| Milch | G |');
      expect(out).toContain(
        '<div class="markdown-document__table" role="region" aria-label="Tabelle: Allergen, Code" tabindex="0">',
      );
      expect(out).toContain(
        '<thead><tr><th scope="col" style="text-align:left">Allergen</th>' +
          '<th scope="col" style="text-align:right">Code</th></tr></thead>',
      );
      expect(out).toContain(
        '<tbody><tr><td style="text-align:left">Gluten</td><td style="text-align:right">A</td></tr>' +
          '<tr><td style="text-align:left">Milch</td><td style="text-align:right">G</td></tr></tbody>',
      );
    });

    it('decodes character references once, as a browser would', () => {
      expect(html('Preise &amp; Zahlung &sect; &#167; &lt;b&gt;')).toBe(
        '<div class="markdown-document"><p>Preise &amp; Zahlung &amp;sect; § &lt;b&gt;</p></div>',
      );
    });
  });

  describe('table of contents', () => {
    const agb =
      '# § 1 Geltungsbereich\n\nText.\n\n# § 2 Preise & Zahlung\n\n## Lieferung\n\nText.\n\n### Details\n\n# § 2 Preise & Zahlung';

    it('leads a text of three or more headings with links to each of the top two levels', () => {
      const out = html(agb);
      expect(out).toMatch(
        /^<div class="markdown-document"><nav class="markdown-document__toc" aria-label="Inhaltsverzeichnis">/,
      );
      expect(out).toContain(
        '<ol><li><a href="#abschnitt-1-geltungsbereich">§ 1 Geltungsbereich</a></li>' +
          '<li><a href="#abschnitt-2-preise-zahlung">§ 2 Preise &amp; Zahlung</a></li>' +
          '<li class="markdown-document__toc-sub"><a href="#abschnitt-lieferung">Lieferung</a></li>' +
          '<li><a href="#abschnitt-2-preise-zahlung-2">§ 2 Preise &amp; Zahlung</a></li></ol></nav>',
      );
      // Each link has its heading: the ids are unique even for the same words.
      expect(out).toContain('<h3 id="abschnitt-2-preise-zahlung">');
      expect(out).toContain('<h3 id="abschnitt-2-preise-zahlung-2">');
      expect(out).toContain('<h5 id="abschnitt-details">Details</h5>');
      expect(out).not.toContain('href="#abschnitt-details"');
    });

    it('is left out for a short text', () => {
      expect(html('# Eins\n\n## Zwei\n\nText.')).not.toContain('<nav');
    });
  });

  describe('safety', () => {
    it('shows a <script> and other HTML as text, never as markup', () => {
      const inline = html('Hallo <script>alert(1)</script> <img src=x onerror=alert(1)>');
      expect(inline).toContain('&lt;script&gt;');
      expect(inline).not.toContain('<script');
      expect(inline).not.toContain('<img');
      const blockHtml = html('<div onclick="alert(1)">\n<script>alert(2)</script>\n</div>');
      expect(blockHtml).not.toMatch(/<(div onclick|script)/);
      expect(blockHtml).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    });

    it('keeps the words of a javascript:, data: or protocol-relative link but not its target', () => {
      for (const href of [
        'javascript:alert(1)',
        'JaVaScRiPt:alert(1)',
        'data:text/html,x',
        '//evil.example',
      ]) {
        const out = html(`[Klick](${href}) <${href}>`);
        expect(out).toContain('Klick');
        expect(out).not.toMatch(/href="(javascript|data|\/\/)/i);
      }
      expect(html('[a](javascript&#58;alert(1))')).not.toMatch(/href="javascript/i);
      // What the backend leaves of a refused target is no link either.
      expect(html('[Kontakt](#)')).toBe('<div class="markdown-document"><p>Kontakt</p></div>');
    });

    it('opens outside links in a new tab with noopener and keeps the shop and anchor links in place', () => {
      expect(html('[Web](https://example.at)')).toContain(
        '<a href="https://example.at" target="_blank" rel="noopener noreferrer">Web</a>',
      );
      expect(html('[Impressum](/site/imprint) [oben](#abschnitt-agb)')).toContain(
        '<a href="/site/imprint">Impressum</a> <a href="#abschnitt-agb">oben</a>',
      );
      expect(html('<mailto:info@example.at>')).toContain('href="mailto:info@example.at" target="_blank"');
    });
  });
});
