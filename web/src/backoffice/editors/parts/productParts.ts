import {
  availableUnits,
  calculationModelFor,
  calculationModelLabel,
  formatMoney,
  PART_TYPES,
  PRICE_MODIFIERS,
  t,
  unitLabel,
  unitPrice,
  type ConfigurablePart,
  type OptionGroup,
  type PartOption,
  type PartType,
  type PartValue,
  type PriceModifier,
  type Product,
} from '@ordering/common';

export const PART_TYPE_LABELS: Readonly<Record<PartType, string>> = {
  text: 'Text (einzeilig)',
  textarea: 'Text (mehrzeilig)',
  image: 'Bild',
  images: 'Bilder (mehrere)',
  file: 'Datei',
  files: 'Dateien (mehrere)',
  select: 'Auswahl (eine Option)',
  multiselect: 'Mehrfachauswahl',
};

export const MODIFIER_LABELS: Readonly<Record<PriceModifier, string>> = {
  add: 'Aufpreis (+)',
  subtract: 'Abschlag (−)',
  overwrite: 'Ersetzt den Preis (=)',
};

export const OPTIONS_REQUIRED = 'Bitte mindestens eine Option anlegen.';

/** Whether a part type offers options. */
export const hasOptions = (type: PartType) => type === 'select' || type === 'multiselect';

export function newPart(): ConfigurablePart {
  return { name: '', description: '', type: 'select', optional: false, options: [newOption()] };
}

export function newOption(): PartOption {
  return { name: '', modifier: 'add', value: 0 };
}

/** Changes a part; a type without options drops its options, a type with options gets a first one. */
export function updatePart(
  parts: readonly ConfigurablePart[],
  index: number,
  patch: Partial<ConfigurablePart>,
): ConfigurablePart[] {
  return parts.map((part, i) => {
    if (i !== index) return part;
    const next = { ...part, ...patch };
    if (next.type !== 'multiselect') {
      delete next.minChoices;
      delete next.maxChoices;
    }
    if (!hasOptions(next.type)) next.options = [];
    else if (next.options.length === 0) next.options = [newOption()];
    return next;
  });
}

export function updateOption(
  parts: readonly ConfigurablePart[],
  partIndex: number,
  optionIndex: number,
  patch: Partial<PartOption> | null,
): ConfigurablePart[] {
  return parts.map((part, i) =>
    i !== partIndex
      ? part
      : {
          ...part,
          options:
            patch === null
              ? part.options.filter((_, j) => j !== optionIndex)
              : part.options.map((option, j) => (j === optionIndex ? { ...option, ...patch } : option)),
        },
  );
}

/**
 * "Vorlage einfügen": a part linked to the shared option group, showing the group's content. The ids are
 * left out (the group's ids are not the product's); the server fills in the group's current content and
 * numbers the options within the product.
 */
export function linkedPart(group: Pick<OptionGroup, 'uid' | 'part'>): ConfigurablePart {
  const { id: _partId, ...part } = group.part;
  return {
    ...part,
    options: part.options.map(({ id: _optionId, ...option }) => option),
    templateId: group.uid,
  };
}

/** "Verknüpfung lösen": the copy stays as the product's own part (with its ids), the link goes. */
export function unlinkPart(parts: readonly ConfigurablePart[], index: number): ConfigurablePart[] {
  return parts.map((part, i) => {
    if (i !== index) return part;
    const { templateId: _templateId, ...own } = part;
    return own;
  });
}

/** The German line above a linked part: the group's internal name, or a neutral text while unknown. */
export function linkLabel(templateId: string, groups: readonly Pick<OptionGroup, 'uid' | 'name'>[]): string {
  const group = groups.find((g) => g.uid === templateId);
  return group ? `Verknüpft mit Vorlage „${group.name}“` : 'Verknüpft mit einer Vorlage';
}

/** Problems keyed relative to `config.parts` (`[0].options[1].name`), German catalogue texts. */
export function validateParts(parts: readonly ConfigurablePart[]): Record<string, string> {
  const errors: Record<string, string> = {};
  parts.forEach((part, i) => {
    if (part.name.trim() === '') errors[`[${i}].name`] = t('validation.blank');
    if (!PART_TYPES.includes(part.type)) errors[`[${i}].type`] = t('validation.choice');
    if (hasOptions(part.type) && part.options.length === 0) errors[`[${i}].options`] = OPTIONS_REQUIRED;
    // The API's limits of a multiselect ("bis zu 2 Toppings"), same texts.
    const min = part.minChoices ?? null;
    const max = part.maxChoices ?? null;
    if (max !== null && max < 1) errors[`[${i}].maxChoices`] = t('validation.min', { min: 1 });
    else if (min !== null && max !== null && max < min)
      errors[`[${i}].maxChoices`] = t('validation.min', { min });
    if (min !== null && min > part.options.length)
      errors[`[${i}].minChoices`] = `Es gibt nur ${part.options.length} Optionen.`;
    part.options.forEach((option, j) => {
      const at = `[${i}].options[${j}]`;
      if (option.name.trim() === '') errors[`${at}.name`] = t('validation.blank');
      if (!PRICE_MODIFIERS.includes(option.modifier)) errors[`${at}.modifier`] = t('validation.choice');
      if (!(option.value >= 0)) errors[`${at}.value`] = t('validation.positiveOrZero');
    });
  });
  return errors;
}

/** The preview's choice: per part index the chosen option indices. */
export type PreviewSelection = Readonly<Record<number, readonly number[]>>;

/** The part values a cart item would carry for this choice (select: one index, multiselect: a list). */
export function partValuesFor(parts: readonly ConfigurablePart[], selection: PreviewSelection): PartValue[] {
  return parts.map((part, i) => {
    const chosen = (selection[i] ?? []).filter((j) => j >= 0 && j < part.options.length);
    if (part.type === 'select') return chosen[0] ?? null;
    if (part.type === 'multiselect') return [...chosen];
    return null;
  });
}

/** The product fields the price preview reads. */
export type PreviewProduct = Pick<
  Product,
  | 'price'
  | 'unit'
  | 'alternativeUnits'
  | 'calculationModel'
  | 'config'
  | 'minimumQuantity'
  | 'maximumQuantity'
  | 'quantityStepSize'
  | 'isPriceHidden'
>;

/**
 * The price per unit as the storefront will show it for the chosen options, priced by common's
 * `unitPrice` (modifiers, alternative-unit ratios, exact cents): one line per unit it is sold in.
 */
export function pricePreview(
  product: PreviewProduct,
  selection: PreviewSelection,
  currency = 'EUR',
): Array<{ unit: string; text: string }> {
  const parts = partValuesFor(product.config?.parts ?? [], selection);
  const priced = { ...product, price: Number.isFinite(product.price) ? product.price : 0 };
  return availableUnits(priced as Product).map((unit) => {
    const model = calculationModelLabel(calculationModelFor(priced as Product, unit));
    const money = formatMoney(unitPrice(priced as Product, unit, parts), currency, { separator: ' ' });
    return { unit, text: `${model ? `${model} ` : ''}${money} / ${unitLabel(unit)}` };
  });
}
