import { isSafeUrl, sanitizeMarkdown, sanitizeRichText } from '../src/core/rich-text.js';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const manager = asUser(['ROLE_MANAGER'], [], 2);

/** Script in every disguise that matters for HTML typed into an editor. */
const HTML_CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload=alert(1)><circle r="5"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">klick</a>',
  '<a href="JaVaScRiPt:alert(1)">klick</a>',
  '<a href="jav&#x09;ascript:alert(1)">klick</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">klick</a>',
  '<a href=" javascript:alert(1)">klick</a>',
  '<a href="vbscript:msgbox(1)">klick</a>',
  '<a href="data:text/html,<script>alert(1)</script>">klick</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<div onmouseover="alert(1)">x</div>',
  '<body onload=alert(1)>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<!--<img src=x onerror=alert(1)>-->',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
];

/** What must never survive in stored HTML. */
function assertHarmlessHtml(html: string) {
  expect(html).not.toMatch(
    /<\s*(script|iframe|object|embed|style|svg|math|form|input|meta|base|body|noscript)\b/i,
  );
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/(href|src|action)\s*=\s*["']?\s*(javascript|vbscript|data):/i);
  expect(html).not.toMatch(/style\s*=/i);
}

describe('rich text', () => {
  describe(sanitizeRichText.name, () => {
    it.each(HTML_CORPUS)('removes the script from %s', (input) => {
      assertHarmlessHtml(sanitizeRichText(input));
    });

    it('keeps ordinary formatting, links, lists, headings and pictures', () => {
      const html =
        '<h2>Fließestrich</h2><p><strong>Schnell</strong> &amp; <em>eben</em>: <a href="/store/estrich-graz">anfragen</a>, <a href="https://www.wko.at" target="_blank">WKO</a>, <a href="mailto:office@gruber.at">Mail</a></p><ul><li>eins</li></ul><img src="/image/medium/3-1.png" alt="Estrich">';
      expect(sanitizeRichText(html)).toBe(
        '<h2>Fließestrich</h2><p><strong>Schnell</strong> &amp; <em>eben</em>: <a href="/store/estrich-graz">anfragen</a>, <a href="https://www.wko.at" target="_blank" rel="noopener noreferrer">WKO</a>, <a href="mailto:office@gruber.at">Mail</a></p><ul><li>eins</li></ul><img src="/image/medium/3-1.png" alt="Estrich" />',
      );
    });
  });

  describe(sanitizeMarkdown.name, () => {
    it('leaves ordinary markdown as typed: quotes, ampersands, emphasis, code, links', () => {
      const markdown =
        '# AGB\n\n> Angebote gelten 30 Tage & länger.\n\n* **Preis** < 50 € ist *netto*\n\n`a > b`\n\n[WKO](https://www.wko.at "Kammer") und [AGB](/terms-and-conditions)\n\n![Logo](/image/small/1-1.png)\n\n<https://www.gruber-linde.at>';
      expect(sanitizeMarkdown(markdown)).toBe(markdown);
    });

    it.each([
      ['[klick](javascript:alert(1))', '[klick](#)'],
      ['[klick]( JAVASCRIPT:alert(1) )', '[klick]( # )'],
      ['[klick](java&#115;cript:alert(1))', '[klick](#)'],
      ['[klick](javascript&colon;alert(1))', '[klick](#)'],
      ['[klick](%6Aavascript:alert(1))', '[klick](#)'],
      ['[klick](<javascript:alert(1)>)', '[klick]()'],
      ['![bild](data:text/html;base64,PHNjcmlwdD4=)', '![bild](#)'],
      ['[x]: javascript:alert(1)', '[x]: #'],
      ['<javascript:alert(1)>', ''],
      ['vorher <script>alert(1)</script> nachher', 'vorher  nachher'],
      ['<img src=x onerror=alert(1)>', '<img src="x">'],
      ['<a href="javascript:alert(1)" onclick="x()">klick</a>', '<a>klick</a>'],
      ['<svg onload=alert(1)><circle/></svg>', ''],
      ['<iframe src="https://evil.example">', ''],
      ['<!-- <script>alert(1)</script> -->text', 'text'],
      ['<SCRIPT>alert(1)', 'alert(1)'], // an unclosed script tag leaves plain text
      ['<b style="x" class="y">fett</b>', '<b>fett</b>'],
    ])('neutralises %s', (input, expected) => {
      expect(sanitizeMarkdown(input)).toBe(expected);
    });
  });

  describe(isSafeUrl.name, () => {
    it.each(['/store/x', '#kontakt', 'https://x.at', 'mailto:a@b.at', 'tel:+431', 'seite.html'])(
      'accepts %s',
      (url) => {
        expect(isSafeUrl(url)).toBe(true);
      },
    );
    it.each([
      'javascript:x',
      ' javascript:x',
      'java\tscript:x',
      'data:text/html,x',
      'vbscript:x',
      'JAVASCRIPT:x',
    ])('refuses %s', (url) => {
      expect(isSafeUrl(url)).toBe(false);
    });
  });
});

describe('rich text through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ authenticator: new HeaderAuthenticator() });
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores blocks, sites and donatees cleaned', async () => {
    const corpus = HTML_CORPUS.join('\n');
    const block = await t.request(
      'POST',
      '/api/blocks',
      {
        identifier: 'xss',
        type: 'sectionTextBoxes',
        content: { text: corpus, boxes: [{ title: '<b>x</b>', text: corpus }] },
      },
      manager,
    );
    expect(block.status).toBe(201);
    assertHarmlessHtml(block.body.data.content.text);
    assertHarmlessHtml(block.body.data.content.boxes[0].text);

    const site = await t.request(
      'POST',
      '/api/sites',
      { path: 'xss', content: { body: corpus, sidebar: { text: '<img src=x onerror=alert(1)>ok' } } },
      manager,
    );
    expect(site.status).toBe(201);
    assertHarmlessHtml(site.body.data.content.body);
    expect(site.body.data.content.sidebar.text).toBe('<img src="x" />ok');

    const donatee = await t.request(
      'POST',
      '/api/donatees',
      {
        identifier: 'xss',
        name: 'X',
        description: 'Hilfe & mehr <script>alert(1)</script>[Spenden](javascript:alert(1))',
      },
      manager,
    );
    expect(donatee.body.data.description).toBe('Hilfe & mehr [Spenden](#)');

    // What is stored is clean, not only what is answered.
    const rows = await t.dataSource.query(
      `SELECT content::text AS content FROM block WHERE identifier = 'xss' UNION ALL SELECT content::text FROM site WHERE path = 'xss'`,
    );
    for (const row of rows) expect(row.content).not.toMatch(/<script|onerror|javascript:/i);
  });
});
