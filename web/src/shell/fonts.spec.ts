import { fontFamilyValue, fontStylesheetUrl } from './fonts';

describe(fontStylesheetUrl.name, () => {
  it('addresses one stylesheet per family and variant on the product itself', () => {
    expect(fontStylesheetUrl({ family: 'Open Sans', variant: '700italic' })).toBe(
      '/font/Open%20Sans/style-700italic.embed.css',
    );
    expect(fontStylesheetUrl({ family: 'Lato', variant: '' })).toBe('/font/Lato/style-regular.embed.css');
  });

  it('falls back to the system font stack', () => {
    expect(fontFamilyValue('Open "Sans"')).toBe('"Open Sans", var(--font-system)');
  });
});
