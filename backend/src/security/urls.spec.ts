import { isSafeLinkTarget, isSameOriginPath } from './urls.js';

describe(isSameOriginPath.name, () => {
  it.each(['/', '/store/estrich-graz', '/seite?x=1#oben', '/a/b/c', '/%5Cx'])(
    'keeps %s on this site',
    (url) => {
      expect(isSameOriginPath(url)).toBe(true);
    },
  );

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '\\\\evil',
    'evil',
    '',
  ])('sees %j leave the site', (url) => {
    expect(isSameOriginPath(url)).toBe(false);
  });
});

describe(isSafeLinkTarget.name, () => {
  it.each(['/store/x', '#kontakt', 'https://x.at/a?b', 'http://x.at', 'mailto:a@b.at', 'tel:+43 1 234'])(
    'accepts %s',
    (url) => {
      expect(isSafeLinkTarget(url)).toBe(true);
    },
  );

  it.each([
    '/\\evil.example',
    '//evil.example',
    'javascript:alert(1)',
    'data:text/html,x',
    'https:/\\evil.example',
    'https:///evil',
    'ftp://x.at',
    '/\u0009/evil.example',
    '#a b',
  ])('refuses %j', (url) => {
    expect(isSafeLinkTarget(url)).toBe(false);
  });
});
