import { catalogText } from './catalogLanguage';

describe("the catalogue's language", () => {
  const almdudler = {
    name: 'Almdudler 0,5 l',
    nameEn: 'Almdudler herbal lemonade 0.5 l',
    description: 'Die Kräuterlimonade.',
    descriptionEn: '',
  };

  it('shows English where the back office gives it and German where it does not', () => {
    expect(catalogText('en').name(almdudler)).toBe('Almdudler herbal lemonade 0.5 l');
    expect(catalogText('en').description(almdudler)).toBe('Die Kräuterlimonade.');
    expect(catalogText('en').name({ name: 'Hauptspeisen' })).toBe('Hauptspeisen');
  });

  it('shows German on the website, whatever English there is', () => {
    expect(catalogText('de').name(almdudler)).toBe('Almdudler 0,5 l');
    expect(catalogText('de').description({ description: null, descriptionEn: 'Cold.' })).toBe('');
  });
});
