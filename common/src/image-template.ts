import { formatMoney, toCents } from './money.js';

/**
 * The variables an image template's text may name, bound when the template is rendered
 * (`GET /api/image-templates/{id}/render.png?product=…&branch=…&text=…`) and shown in the layer editor.
 */
export const TEMPLATE_VARIABLES = [
  { key: 'product.name', label: 'Produktname' },
  { key: 'product.price', label: 'Produktpreis' },
  { key: 'branch.name', label: 'Filialname' },
  { key: 'text', label: 'Freier Text' },
] as const;

export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number]['key'];

/** What the variables are bound to: a product (price in major units, as the API sends it), a branch, a text. */
export interface TemplateBindings {
  product?: { name: string; price: number } | null;
  branch?: { name: string } | null;
  text?: string | null;
}

/** The values of the variables; an unbound variable stays as written, so the owner sees what is missing. */
export function templateValues(bindings: TemplateBindings): Partial<Record<TemplateVariable, string>> {
  const values: Partial<Record<TemplateVariable, string>> = {};
  if (bindings.product) {
    values['product.name'] = bindings.product.name;
    values['product.price'] = formatMoney(toCents(bindings.product.price));
  }
  if (bindings.branch) values['branch.name'] = bindings.branch.name;
  if (bindings.text !== undefined && bindings.text !== null) values.text = bindings.text;
  return values;
}

/** Replaces `{product.name}`, `{product.price}`, `{branch.name}` and `{text}` in a layer's text. */
export function bindTemplateText(text: string, bindings: TemplateBindings): string {
  const values = templateValues(bindings);
  return text.replace(
    /\{(product\.name|product\.price|branch\.name|text)\}/g,
    (whole, key: TemplateVariable) => values[key] ?? whole,
  );
}

/**
 * The font size a text box uses: the largest whole size up to the layer's own for which the wrapped text
 * fits the box (`measure` answers the wrapped text's width and height at a size). Used by the server's
 * renderer and the editor's preview alike, so both shrink to the same size.
 */
export function fitFontSize(
  fontSize: number,
  box: { width: number; height: number },
  measure: (size: number) => { width: number; height: number },
  minimum = 6,
): number {
  const fits = (size: number) => {
    const m = measure(size);
    return m.width <= box.width + 0.5 && m.height <= box.height + 0.5;
  };
  if (fontSize <= minimum || fits(fontSize)) return fontSize;
  let low = minimum;
  let high = fontSize;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (fits(mid)) low = mid;
    else high = mid;
  }
  return low;
}
