import './jitless.js';
import { z } from 'zod';
import {
  CALCULATION_MODELS,
  LEAD_TIME_TYPES,
  PART_TYPES,
  PRICE_MODIFIERS,
  PRODUCT_TYPES,
  UNIT_CODES,
} from '../contract/catalog.js';
import { t } from '../i18n/index.js';
import { ALLERGEN_CODES, sortAllergenCodes } from '../allergens.js';
import { isMeasurableUnit } from '../base-price.js';
import { fields } from './fields.js';
import { openingHourRuleSchema } from './organisation.js';

const CHOICE_PARTS: ReadonlySet<string> = new Set(['select', 'multiselect']);

/**
 * Availability schedule: the opening-hour rules of a branch (same validation), read by common's
 * `isWithinSchedule` in the branch's time zone. Missing becomes null (always available).
 */
export const scheduleSchema = () =>
  z
    .array(openingHourRuleSchema)
    .max(100)
    .nullish()
    .transform((rules) => rules ?? null);

/** A quantity in a unit: positive, at most three decimals (the column's scale). */
const quantityValue = () =>
  z
    .number()
    .positive()
    .max(999_999_999)
    .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, {
      message: 'Höchstens drei Nachkommastellen sind erlaubt.',
    });
const optionalQuantity = () =>
  quantityValue()
    .nullish()
    .transform((v) => v ?? null);

const optionalId = () =>
  z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? undefined);

interface QuantityFields {
  minimumQuantity: number | null;
  maximumQuantity: number | null;
}

/** min ≤ max, reported on the maximum. */
function checkMinMax(value: QuantityFields, ctx: z.RefinementCtx, prefix: PropertyKey[] = []) {
  if (
    value.minimumQuantity !== null &&
    value.maximumQuantity !== null &&
    value.maximumQuantity < value.minimumQuantity
  ) {
    ctx.addIssue({
      code: 'custom',
      message: t('validation.min', { min: value.minimumQuantity }),
      path: [...prefix, 'maximumQuantity'],
      input: value.maximumQuantity,
    });
  }
}

export const alternativeUnitSchema = z
  .object({
    unit: z.enum(UNIT_CODES),
    /** Product units per alternative unit. */
    ratio: z.number().positive().max(1_000_000_000),
    calculationModel: z.enum(CALCULATION_MODELS).default('fixed'),
    minimumQuantity: optionalQuantity(),
    maximumQuantity: optionalQuantity(),
    quantityStepSize: optionalQuantity(),
  })
  .superRefine((unit, ctx) => checkMinMax(unit, ctx));

export const partOptionSchema = z.object({
  id: optionalId(),
  name: fields.text(200),
  modifier: z.enum(PRICE_MODIFIERS).default('add'),
  value: fields.money().default(0),
});

const choiceCount = () =>
  z
    .number()
    .int()
    .min(0)
    .max(200)
    .nullish()
    .transform((v) => v ?? null);

/** Min/max choices: only for a multiselect, min ≤ max, max ≥ 1 and no more than it has options. */
function checkChoiceLimits(
  part: { type: string; options: unknown[]; minChoices: number | null; maxChoices: number | null },
  ctx: z.RefinementCtx,
) {
  const { minChoices: min, maxChoices: max } = part;
  if (min === null && max === null) return;
  if (part.type !== 'multiselect') {
    ctx.addIssue({
      code: 'custom',
      message: 'Mindest- und Höchstzahl gibt es nur bei der Mehrfachauswahl.',
      path: [min !== null ? 'minChoices' : 'maxChoices'],
      input: min ?? max,
    });
    return;
  }
  if (max !== null && max < 1) {
    ctx.addIssue({
      code: 'custom',
      message: t('validation.min', { min: 1 }),
      path: ['maxChoices'],
      input: max,
    });
  } else if (min !== null && max !== null && max < min) {
    ctx.addIssue({ code: 'custom', message: t('validation.min', { min }), path: ['maxChoices'], input: max });
  }
  if (min !== null && min > part.options.length) {
    ctx.addIssue({
      code: 'custom',
      message: `Es gibt nur ${part.options.length} Optionen.`,
      path: ['minChoices'],
      input: min,
    });
  }
}

export const configurablePartSchema = z
  .object({
    id: optionalId(),
    name: fields.text(200),
    description: fields.optionalText(2000).transform((v) => v || null),
    type: z.enum(PART_TYPES),
    optional: z.boolean().default(false),
    options: z.array(partOptionSchema).max(200).default([]),
    minChoices: choiceCount(),
    maxChoices: choiceCount(),
    /** The shared option group the part copies (`OptionGroup.uid`); the server fills in its content. */
    templateId: z
      .uuid()
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((part, ctx) => {
    checkChoiceLimits(part, ctx);
    if (CHOICE_PARTS.has(part.type) && part.options.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: t('validation.tooFewItems', { min: 1 }),
        path: ['options'],
        input: part.options,
      });
    }
    if (!CHOICE_PARTS.has(part.type) && part.options.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'Nur Auswahlfelder (select, multiselect) haben Optionen.',
        path: ['options'],
        input: part.options,
      });
    }
  });

const flag = (fallback = false) => z.boolean().default(fallback);

/**
 * The fields of POST and PUT /api/products. The API cleans the description's HTML on top (backend-only);
 * {@link refineProduct} checks what concerns several fields.
 */
export const productFields = {
  name: fields.text(200),
  description: fields.optionalText(10000),
  nameEn: fields.optionalText(200),
  descriptionEn: fields.optionalText(10000),
  allergenCodes: z
    .array(z.enum(ALLERGEN_CODES))
    .max(ALLERGEN_CODES.length)
    .default([])
    .transform((codes) => sortAllergenCodes(codes)),
  allergens: fields.optionalText(500),
  images: fields.refs(),
  type: z.enum(PRODUCT_TYPES).default('simple'),
  price: fields.money(),
  isPriceHidden: flag(),
  unit: z.enum(UNIT_CODES).default('piece'),
  alternativeUnits: z.array(alternativeUnitSchema).max(20).default([]),
  minimumQuantity: optionalQuantity(),
  maximumQuantity: optionalQuantity(),
  quantityStepSize: optionalQuantity(),
  defaultQuantity: optionalQuantity(),
  defaultUnit: z
    .enum(UNIT_CODES)
    .nullish()
    .transform((v) => v ?? null),
  pricing: z
    .enum(['unit', 'base'])
    .nullish()
    .transform((v) => v ?? null),
  netQuantity: optionalQuantity(),
  netQuantityUnit: z
    .enum(UNIT_CODES)
    .nullish()
    .transform((v) => v ?? null),
  calculationModel: z.enum(CALCULATION_MODELS).default('fixed'),
  tax: fields.percent(),
  takeawayTax: fields.percent(),
  dineInTax: fields.percent(),
  isEnabled: flag(true),
  schedule: scheduleSchema(),
  isVisibleWhenUnavailable: flag(),
  isStepByStep: flag(),
  isWithdrawalExempt: flag(true),
  isLeadTimeEnabled: flag(),
  leadTimeType: z
    .enum(LEAD_TIME_TYPES)
    .nullish()
    .transform((v) => v ?? null),
  leadTimeValue: z
    .number()
    .int()
    .positive()
    .max(100_000)
    .nullish()
    .transform((v) => v ?? null),
  config: z
    .object({ parts: z.array(configurablePartSchema).max(50).default([]) })
    .nullish()
    .transform((v) => ({ parts: v?.parts ?? [] })),
  tags: fields.refs(),
  position: z.number().int().min(0).max(1_000_000).default(0),
  /**
   * Where the product stands in the menus (a virtual field: the menus' catalogues keep it). Absent: the
   * placements stay as they are; given: the product's entries in the menus the user may manage become
   * exactly these (menus of other branches are neither shown nor touched).
   */
  placements: z
    .array(z.object({ menu: fields.ref(), category: fields.ref() }))
    .max(200)
    .optional(),
};

type ProductShape = z.infer<z.ZodObject<typeof productFields>>;

/** The rules of a product that concern several fields (units, limits, lead time, parts). */
export function refineProduct(product: ProductShape, ctx: z.RefinementCtx): void {
  checkMinMax(product, ctx);
  const units = new Set<string>([product.unit]);
  product.alternativeUnits.forEach((alternative, index) => {
    if (units.has(alternative.unit)) {
      ctx.addIssue({
        code: 'custom',
        message:
          alternative.unit === product.unit
            ? 'Die Alternativeinheit muss sich von der Produkteinheit unterscheiden.'
            : t('validation.unique'),
        path: ['alternativeUnits', index, 'unit'],
        input: alternative.unit,
      });
    }
    units.add(alternative.unit);
  });
  if (product.defaultUnit !== null && !units.has(product.defaultUnit)) {
    ctx.addIssue({
      code: 'custom',
      message: t('validation.choice'),
      path: ['defaultUnit'],
      input: product.defaultUnit,
    });
  }
  if (product.defaultQuantity !== null) {
    // The default must lie within the limits of the unit it is given in.
    const unit = product.defaultUnit ?? product.unit;
    const limits = product.alternativeUnits.find((a) => a.unit === unit && unit !== product.unit) ?? product;
    const min = limits.minimumQuantity;
    const max = limits.maximumQuantity;
    if (min !== null && product.defaultQuantity < min) {
      ctx.addIssue({
        code: 'custom',
        message: t('validation.min', { min }),
        path: ['defaultQuantity'],
        input: product.defaultQuantity,
      });
    } else if (max !== null && product.defaultQuantity > max) {
      ctx.addIssue({
        code: 'custom',
        message: t('validation.max', { max }),
        path: ['defaultQuantity'],
        input: product.defaultQuantity,
      });
    }
  }
  checkNetQuantity(product, ctx);
  const placed = new Set<string>();
  (product.placements ?? []).forEach((placement, index) => {
    const key = `${placement.menu.id}/${placement.category.id}`;
    if (placed.has(key))
      ctx.addIssue({
        code: 'custom',
        message: t('validation.unique'),
        path: ['placements', index, 'category'],
        input: placement.category,
      });
    placed.add(key);
  });
  if (product.isLeadTimeEnabled) {
    for (const field of ['leadTimeType', 'leadTimeValue'] as const) {
      if (product[field] === null)
        ctx.addIssue({ code: 'custom', message: t('validation.blank'), path: [field], input: null });
    }
  }
  const parts = product.config.parts;
  if (product.type === 'simple' && parts.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: 'Nur konfigurierbare Produkte und Bundles haben Auswahlteile.',
      path: ['config', 'parts'],
      input: parts,
    });
  }
  if (product.type !== 'simple' && parts.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message: t('validation.tooFewItems', { min: 1 }),
      path: ['config', 'parts'],
      input: parts,
    });
  }
}

/**
 * The net quantity ("Füllmenge") comes with its unit, in a unit a unit price refers to (weight, volume,
 * length, area, cubic content), and only for products sold by the piece, portion, pair or person: a product
 * priced per kg or m² has its unit price already.
 */
function checkNetQuantity(product: ProductShape, ctx: z.RefinementCtx): void {
  const { netQuantity, netQuantityUnit } = product;
  if (netQuantity === null && netQuantityUnit === null) return;
  if (netQuantity === null) {
    ctx.addIssue({ code: 'custom', message: t('validation.blank'), path: ['netQuantity'], input: null });
    return;
  }
  if (netQuantityUnit === null) {
    ctx.addIssue({ code: 'custom', message: t('validation.blank'), path: ['netQuantityUnit'], input: null });
    return;
  }
  if (!isMeasurableUnit(netQuantityUnit)) {
    ctx.addIssue({
      code: 'custom',
      message: 'Die Füllmenge braucht eine Gewichts-, Volumen-, Längen- oder Flächeneinheit.',
      path: ['netQuantityUnit'],
      input: netQuantityUnit,
    });
  } else if (isMeasurableUnit(product.unit)) {
    ctx.addIssue({
      code: 'custom',
      message: 'Eine Füllmenge gibt es nur bei Produkten, die nach Stück oder Portion verkauft werden.',
      path: ['netQuantity'],
      input: netQuantity,
    });
  }
}

/** Body of POST and PUT /api/products (the description as typed). */
export const productInput = z.object(productFields).superRefine(refineProduct);

export type ProductInput = z.infer<typeof productInput>;

/** Body of POST and PUT /api/categories. */
export const categoryInput = z.object({
  name: fields.text(200),
  description: fields.optionalText(5000),
  nameEn: fields.optionalText(200),
  descriptionEn: fields.optionalText(5000),
  image: fields.ref().nullish(),
  isEnabled: flag(true),
  schedule: scheduleSchema(),
  isVisibleWhenUnavailable: flag(),
  isBundle: flag(),
  isWithdrawalExempt: flag(true),
  /** The kiosk's upsell step after a product of this category is added (docs/decisions/kiosk.md). */
  upsellProducts: z.array(fields.ref()).max(20).default([]),
  position: z.number().int().min(0).max(1_000_000).default(0),
});

const entityId = () => z.number().int().positive();

/** Body of POST and PUT /api/menus: the catalogue as spec section 3 shows it. */
export const menuInput = z.object({
  name: fields.optionalText(200),
  availableFrom: fields.dateTime(),
  branches: fields.refs(),
  catalog: z
    .array(
      z
        .object({
          id: entityId(),
          products: z
            .array(z.object({ id: entityId(), isEnabled: flag(true), schedule: scheduleSchema() }))
            .max(2000)
            .default([]),
        })
        .superRefine((entry, ctx) => {
          const seen = new Set<number>();
          entry.products.forEach((product, index) => {
            if (seen.has(product.id)) {
              ctx.addIssue({
                code: 'custom',
                message: t('validation.unique'),
                path: ['products', index, 'id'],
                input: product.id,
              });
            }
            seen.add(product.id);
          });
        }),
    )
    .max(500)
    .default([])
    .superRefine((catalog, ctx) => {
      const seen = new Set<number>();
      catalog.forEach((entry, index) => {
        if (seen.has(entry.id))
          ctx.addIssue({
            code: 'custom',
            message: t('validation.unique'),
            path: [index, 'id'],
            input: entry.id,
          });
        seen.add(entry.id);
      });
    }),
});

export type MenuInput = z.infer<typeof menuInput>;

/**
 * Body of POST and PUT /api/option-groups: an internal name and one part, checked exactly as a product's
 * part (a group links no other group: its `templateId` is dropped).
 */
export const optionGroupInput = z.object({
  name: fields.text(200),
  part: configurablePartSchema.transform((part) => ({ ...part, templateId: null })),
});

export type OptionGroupInput = z.infer<typeof optionGroupInput>;
