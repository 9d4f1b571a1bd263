import { bindTemplateText, fitFontSize, templateValues } from './image-template.js';

describe('image template variables and text fitting', () => {
  it('binds product, branch and free text; the price in German money format; unbound stays', () => {
    const bindings = {
      product: { name: 'Käsespätzle', price: 12.5 },
      branch: { name: 'Zur Linde' },
      text: 'heute',
    };
    expect(bindTemplateText('{product.name} {product.price} – {branch.name}, {text}', bindings)).toBe(
      'Käsespätzle 12,50\u00a0€ – Zur Linde, heute',
    );
    expect(bindTemplateText('{product.name} {unknown} {text}', {})).toBe('{product.name} {unknown} {text}');
    expect(templateValues({ product: { name: 'X', price: 1234.5 } })['product.price']).toBe(
      '1.234,50\u00a0€',
    );
  });

  it('takes the largest whole size up to the wanted one that fits the box', () => {
    // A text 10 px wide per size unit, one line of 1.2 × size.
    const measure = (size: number) => ({ width: size * 10, height: size * 1.2 });
    expect(fitFontSize(20, { width: 500, height: 100 }, measure)).toBe(20);
    expect(fitFontSize(80, { width: 500, height: 100 }, measure)).toBe(50);
    expect(fitFontSize(80, { width: 500, height: 30 }, measure)).toBe(25);
    expect(fitFontSize(80, { width: 5, height: 5 }, measure)).toBe(6);
  });
});
