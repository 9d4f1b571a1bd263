import type { AllergenCode } from '../allergens.js';
import type { Entity, IsoDateTime, MoneyAmount, Ref, TaxRatePercent } from './base.js';
import type { OpeningHourRule } from './branch.js';
import type { Image } from './media.js';

/**
 * Every unit code, grouped by unit type (spec sections 3 and 9):
 * - amount: `piece`; `serving`; `pair`; `person` (each its own type, factor 1);
 * - weight: `g` (1), `dag` (10), `kg` (1000);
 * - volume: `ml` (1), `cl` (10), `dl` (100), `l` (1000);
 * - length: `mm` (1), `cm` (10), `dm` (100), `m` (1000), `km` (1e6);
 * - square: `mm2` (1), `cm2` (100), `dm2` (1e4), `m2` (1e6);
 * - cubic: `mm3` (1), `cm3` (1e3), `dm3` (1e6), `m3` (1e9).
 * Factors and conversions live in `units.ts`.
 */
export const UNIT_CODES = [
  'piece',
  'serving',
  'pair',
  'person',
  'g',
  'dag',
  'kg',
  'ml',
  'cl',
  'dl',
  'l',
  'mm',
  'cm',
  'dm',
  'm',
  'km',
  'mm2',
  'cm2',
  'dm2',
  'm2',
  'mm3',
  'cm3',
  'dm3',
  'm3',
] as const;

/** A unit code (see {@link UNIT_CODES}). */
export type UnitCode = (typeof UNIT_CODES)[number];

/** Unit types; units convert only within their type. */
export type UnitType =
  'amount' | 'serving' | 'pair' | 'person' | 'weight' | 'volume' | 'length' | 'square' | 'cubic';

/** How a price is meant: exact (`fixed`), approximate (`ca.`) or a lower bound (`ab`). */
export const CALCULATION_MODELS = ['fixed', 'approximate', 'minimum'] as const;
export type CalculationModel = (typeof CALCULATION_MODELS)[number];

/** Product types. */
export const PRODUCT_TYPES = ['simple', 'configurable', 'bundle'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Lead time units; the longest lead time in the cart pushes the earliest appointment. */
export const LEAD_TIME_TYPES = ['minutes', 'hours', 'days', 'weeks'] as const;
export type LeadTimeType = (typeof LEAD_TIME_TYPES)[number];

/** Configurable part types. Plural types (`images`, `files`) accept several files. */
export const PART_TYPES = [
  'text',
  'textarea',
  'image',
  'images',
  'file',
  'files',
  'select',
  'multiselect',
] as const;
export type PartType = (typeof PART_TYPES)[number];

/** How an option changes the base price. */
export const PRICE_MODIFIERS = ['add', 'subtract', 'overwrite'] as const;
export type PriceModifier = (typeof PRICE_MODIFIERS)[number];

/**
 * Availability schedule of a product or category: opening-hour style rules in the branch's time zone.
 * `null`/absent or an empty list means always available.
 */
export type Schedule = OpeningHourRule[] | null;

/** A product tag (also used for branches). */
export interface Tag extends Entity {
  /** Display name (also matched by the branch search). */
  name: string;
  /** Tile image of the tag filter. */
  image?: Image | null;
}

/** An option of a select/multiselect part. */
export interface PartOption {
  /** Present once stored. */
  id?: number;
  /** Display name. */
  name: string;
  /** How {@link PartOption.value} changes the price. */
  modifier: PriceModifier;
  /** Amount in major units (`1.5` = 1,50). */
  value: MoneyAmount;
}

/** A configurable part of a product (a choice, a text or an upload). */
export interface ConfigurablePart {
  /** Present once stored. */
  id?: number;
  /** Display name. */
  name: string;
  /** Help text. */
  description?: string | null;
  /** Part type. */
  type: PartType;
  /** The customer may leave it empty. */
  optional: boolean;
  /** Options of select/multiselect parts (empty for other types). */
  options: PartOption[];
  /** Multiselect: at least this many options when anything is chosen or the part is required (null: 1 if required). */
  minChoices?: number | null;
  /** Multiselect: at most this many options ("bis zu 2 Toppings"; null: no limit). */
  maxChoices?: number | null;
  /**
   * The shared option group ({@link OptionGroup.uid}) this part is a copy of: the server keeps the copy
   * equal to the group's part (its own ids stay), so orders and carts read it like any other part.
   */
  templateId?: string | null;
}

/**
 * A shared option group ("Optionsvorlage", `GET/POST /api/option-groups`, `GET/PUT/DELETE …/{id}`,
 * back office only): one part that products link by {@link ConfigurablePart.templateId}; a change of the
 * group is copied into every product that links it.
 */
export interface OptionGroup extends Entity {
  /** Stable uuid: what a product's part names in `templateId`. */
  uid: string;
  /** Internal name (the back office's choice "Vorlage einfügen"). */
  name: string;
  /** The part as products show it (name, type, options with prices, limits). */
  part: ConfigurablePart;
  /** How many products link the group. */
  productCount: number;
}

/** An alternative unit a product can be ordered in (e.g. a pallet of a product priced per m²). */
export interface AlternativeUnit {
  /** The unit. */
  unit: UnitCode;
  /** How many product (base) units one alternative unit is; its price is the base price × ratio. */
  ratio: number;
  /** Calculation model for this unit. */
  calculationModel: CalculationModel;
  /** Minimum quantity in this unit. */
  minimumQuantity?: number | null;
  /** Maximum quantity in this unit (null: none). */
  maximumQuantity?: number | null;
  /** Quantity step in this unit. */
  quantityStepSize?: number | null;
}

/** A product of the catalogue. */
export interface Product extends Entity {
  /** Stable uuid (cart items and orders keep it). */
  uid: string;
  /** Display name. */
  name: string;
  /** Description (plain text or HTML). */
  description?: string | null;
  /** English name for the kiosk's English face (docs/decisions/kiosk.md); empty: the German one. */
  nameEn?: string;
  /** English description (plain text or HTML); empty: the German one. */
  descriptionEn?: string;
  /** The EU allergens it contains, as Austrian letter codes (common's `ALLERGENS`), in legend order. */
  allergenCodes?: AllergenCode[];
  /** Further allergen notes in free text (what the codes do not say). */
  allergens?: string | null;
  /** Product images. */
  images?: Image[];
  /** Product type. */
  type: ProductType;
  /** Gross price per {@link Product.unit} in major units. */
  price: MoneyAmount;
  /** The price is not shown (on request). */
  isPriceHidden: boolean;
  /** The product's own unit. */
  unit: UnitCode;
  /** Other units it can be ordered in. */
  alternativeUnits?: AlternativeUnit[];
  /** Minimum quantity in the product unit. */
  minimumQuantity?: number | null;
  /** Maximum quantity in the product unit (null: none). */
  maximumQuantity?: number | null;
  /** Quantity step in the product unit. */
  quantityStepSize?: number | null;
  /** Starting quantity when set (with {@link Product.defaultUnit}). */
  defaultQuantity?: number | null;
  /** Starting unit when set. */
  defaultUnit?: UnitCode | null;
  /**
   * `base`: the price is a base price (Grundpreis, e.g. per m²); `unit` or absent: an ordinary unit price.
   * (The cart no longer says "Bei den angegebenen Preisen handelt es sich um Grundpreise.": a price per m²
   * already reads as one, and the sentence suggested every price was one.)
   */
  pricing?: 'unit' | 'base' | null;
  /**
   * Net quantity ("Füllmenge") of one product unit, e.g. 0.75 (with `l`) for a bottle; a product sold per
   * piece with a net quantity in a measurable unit shows its unit price (common's `basePrice`).
   */
  netQuantity?: number | null;
  /** Unit of {@link Product.netQuantity} (weight, volume, length, area or cubic content). */
  netQuantityUnit?: UnitCode | null;
  /** Calculation model of the product unit. */
  calculationModel: CalculationModel;
  /** Tax rate in percent for delivery. */
  tax: TaxRatePercent;
  /** Tax rate in percent for takeaway. */
  takeawayTax: TaxRatePercent;
  /** Tax rate in percent for dine-in. */
  dineInTax: TaxRatePercent;
  /** Switched on. */
  isEnabled: boolean;
  /** Availability schedule. */
  schedule?: Schedule;
  /** Shown (disabled) when unavailable instead of hidden. */
  isVisibleWhenUnavailable: boolean;
  /** Configurable parts are walked step by step. */
  isStepByStep?: boolean;
  /** "Vom Widerruf ausgenommen" (default true: food); see common's isProductWithdrawalExempt. */
  isWithdrawalExempt?: boolean;
  /** A lead time applies. */
  isLeadTimeEnabled?: boolean;
  /** Unit of {@link Product.leadTimeValue}. */
  leadTimeType?: LeadTimeType | null;
  /** Lead time amount. */
  leadTimeValue?: number | null;
  /** Configuration of configurable products. */
  config?: { parts: ConfigurablePart[] } | null;
  /** Tags of the product (tag filter). */
  tags?: Ref[];
  /** Order within lists (ascending). */
  position?: number;
  /**
   * Back office only: the menu categories the product stands in, for the menus of the branches the reader
   * may manage (a virtual field; the menus' catalogues keep it).
   */
  placements?: ProductPlacement[];
}

/** A product's place in a menu: the menu and the category of that menu's catalogue. */
export interface ProductPlacement {
  menu: Ref;
  category: Ref;
}

/** A category (product group). */
export interface Category extends Entity {
  /** Display name. */
  name: string;
  /** Description. */
  description?: string | null;
  /** English name for the kiosk's English face; empty: the German one. */
  nameEn?: string;
  /** English description; empty: the German one. */
  descriptionEn?: string;
  /** Header image. */
  image?: Image | null;
  /** Switched on. */
  isEnabled: boolean;
  /** Availability schedule. */
  schedule?: Schedule;
  /** Shown (disabled) when unavailable instead of hidden. */
  isVisibleWhenUnavailable: boolean;
  /** Bundle categories are skipped by the category bar. */
  isBundle?: boolean;
  /** "Vom Widerruf ausgenommen" for its products (default true: food). */
  isWithdrawalExempt?: boolean;
  /** The kiosk offers these after one of the category's products is added (empty: no step). */
  upsellProducts?: Ref[];
}

/** A product entry inside a menu's catalogue. */
export interface MenuProductEntry {
  /** Product id. */
  id: number;
  /** Switched on in this menu. */
  isEnabled: boolean;
  /** Availability schedule in this menu. */
  schedule?: Schedule;
}

/** A category entry inside a menu's catalogue. */
export interface MenuCategoryEntry {
  /** Category id. */
  id: number;
  /** Products of the category in display order. */
  products: MenuProductEntry[];
}

/** A menu (Produktkatalog) of one or more branches. */
export interface Menu extends Entity {
  /** Display name. */
  name?: string;
  /** The menu becomes active at this moment; the latest one in the past wins. */
  availableFrom: IsoDateTime;
  /** Branches using the menu. */
  branches: Ref[];
  /** Categories with their products, in display order. */
  catalog: MenuCategoryEntry[];
}

/**
 * A menu as `/api/init` carries it: what {@link Menu} says without the catalogue (the product lists grow
 * with the shop; they come with the menu's own catalogue route, see {@link MenuCatalog}).
 */
export type MenuSummary = Omit<Menu, 'catalog'>;

/**
 * What the storefront reads of a product (the store page, the product dialog, the cart's pricing, the kiosk,
 * the offline copy): the public {@link Product} without the back office's `position` (the menu orders), its
 * timestamps and `placements`.
 */
export type StorefrontProduct = Omit<Product, 'position' | 'createdAt' | 'updatedAt' | 'placements'>;

/** What the storefront reads of a category: the public {@link Category} without `position` and timestamps. */
export type StorefrontCategory = Omit<Category, 'createdAt' | 'updatedAt'>;

/** What the storefront reads of a menu: the {@link Menu} without its timestamps. */
export type StorefrontMenu = Omit<Menu, 'createdAt' | 'updatedAt'>;

/**
 * The values a catalogue answer ({@link MenuCatalog}) leaves out of a product: a field that has exactly this
 * value is not sent, and a reader puts it back ({@link withStorefrontDefaults}). Only these fields, only
 * these values (an empty list or `{ parts: [] }` stands for itself; `0`, `false` or `''` elsewhere are sent).
 */
export const STOREFRONT_PRODUCT_DEFAULTS = {
  description: null,
  nameEn: '',
  descriptionEn: '',
  allergenCodes: [],
  allergens: null,
  images: [],
  type: 'simple',
  isPriceHidden: false,
  unit: 'piece',
  alternativeUnits: [],
  minimumQuantity: null,
  maximumQuantity: null,
  quantityStepSize: null,
  defaultQuantity: null,
  defaultUnit: null,
  pricing: null,
  netQuantity: null,
  netQuantityUnit: null,
  calculationModel: 'fixed',
  isEnabled: true,
  schedule: null,
  isVisibleWhenUnavailable: false,
  isStepByStep: false,
  isWithdrawalExempt: true,
  isLeadTimeEnabled: false,
  leadTimeType: null,
  leadTimeValue: null,
  config: { parts: [] },
  tags: [],
} as const satisfies Partial<Record<keyof StorefrontProduct, unknown>>;

/** The values a catalogue answer leaves out of a category (as {@link STOREFRONT_PRODUCT_DEFAULTS}). */
export const STOREFRONT_CATEGORY_DEFAULTS = {
  description: null,
  nameEn: '',
  descriptionEn: '',
  image: null,
  isEnabled: true,
  schedule: null,
  isVisibleWhenUnavailable: false,
  isBundle: false,
  isWithdrawalExempt: true,
  upsellProducts: [],
} as const satisfies Partial<Record<keyof StorefrontCategory, unknown>>;

/** The values a catalogue answer leaves out of a menu's product entry (as {@link STOREFRONT_PRODUCT_DEFAULTS}). */
export const STOREFRONT_ENTRY_DEFAULTS = {
  isEnabled: true,
  schedule: null,
} as const satisfies Partial<Record<keyof MenuProductEntry, unknown>>;

/** An object as a catalogue answer sends it: the fields of `D` may be missing (then they have D's value). */
export type WithoutDefaults<T, D> = Omit<T, keyof D> & Partial<Pick<T, keyof D & keyof T>>;

/** A storefront product as sent: fields at their {@link STOREFRONT_PRODUCT_DEFAULTS} value left out. */
export type SentProduct = WithoutDefaults<StorefrontProduct, typeof STOREFRONT_PRODUCT_DEFAULTS>;
/** A storefront category as sent: fields at their {@link STOREFRONT_CATEGORY_DEFAULTS} value left out. */
export type SentCategory = WithoutDefaults<StorefrontCategory, typeof STOREFRONT_CATEGORY_DEFAULTS>;
/** A menu's product entry as sent: fields at their {@link STOREFRONT_ENTRY_DEFAULTS} value left out. */
export type SentProductEntry = WithoutDefaults<MenuProductEntry, typeof STOREFRONT_ENTRY_DEFAULTS>;
/** A storefront menu as sent: its product entries without their defaults. */
export type SentMenu = Omit<StorefrontMenu, 'catalog'> & {
  catalog: Array<{ id: number; products: SentProductEntry[] }>;
};

function isDefaultValue(value: unknown, fallback: unknown): boolean {
  if (fallback === null) return value === null || value === undefined;
  if (Array.isArray(fallback)) return Array.isArray(value) && value.length === 0;
  if (typeof fallback === 'object')
    return typeof value === 'object' && value !== null && JSON.stringify(value) === JSON.stringify(fallback);
  return value === fallback;
}

function freshDefault(fallback: unknown): unknown {
  if (Array.isArray(fallback)) return [];
  if (fallback !== null && typeof fallback === 'object') return JSON.parse(JSON.stringify(fallback));
  return fallback;
}

/**
 * The object without the fields that have their value in `defaults` (a field missing or `undefined` counts
 * as the default when the default is `null`); the writer's side of {@link withStorefrontDefaults}.
 */
export function withoutStorefrontDefaults<T extends object, D extends object>(
  item: T,
  defaults: D,
): WithoutDefaults<T, D> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    if (value === undefined) continue;
    if (Object.hasOwn(defaults, key) && isDefaultValue(value, (defaults as Record<string, unknown>)[key]))
      continue;
    out[key] = value;
  }
  return out as WithoutDefaults<T, D>;
}

/**
 * Puts the left-out fields back into a sent object (in place, a fresh list or object each), so every reader
 * sees the fields as `GET /api/products` sends them. Returns the same object, now complete.
 */
export function withStorefrontDefaults<T extends object, D extends object>(
  item: WithoutDefaults<T, D>,
  defaults: D,
): T {
  const target = item as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(defaults))
    if (target[key] === undefined) target[key] = freshDefault(fallback);
  return item as T;
}

/**
 * How a large menu's catalogue is split (`GET /api/menus/{id}/catalog?part=N`): a menu of up to
 * {@link CATALOG_PART_PRODUCTS} products is one part (the route without `part` answers it whole); a larger
 * one is a first part of {@link CATALOG_FIRST_PART_PRODUCTS} products (the first screen arrives at once) and
 * then parts of {@link CATALOG_PART_PRODUCTS}, in the menu's order (first category first).
 */
export const CATALOG_FIRST_PART_PRODUCTS = 100;
export const CATALOG_PART_PRODUCTS = 1000;

/**
 * The path of a menu's catalogue, or of one of its parts (part 0 is the route without `part`): what the
 * storefront asks for and what the server announces to it in a branch page's head.
 */
export function menuCatalogPath(menuId: number, part = 0): string {
  return `/api/menus/${menuId}/catalog${part > 0 ? `?part=${part}` : ''}`;
}

/** Where a part stands among the parts of its menu's catalogue. */
export interface MenuCatalogPart {
  /** This part's number (0: the first, the one the route answers without `part`). */
  index: number;
  /** How many parts the menu has (1: the answer is the whole menu). */
  count: number;
  /**
   * The version of the whole catalogue (every part of one version carries the same): a reader that gets a
   * part of another version than its first part reads them all again.
   */
  version: string;
  /**
   * Part 0 only, and only with more than one part: for each category entry of the menu (in the menu's
   * order) the number of the part that holds its first product (-1 for an entry without products), so the
   * category bar can offer every category and a jump load what it needs.
   */
  categoryParts?: number[];
}

/**
 * `GET /api/menus/{id}/catalog[?part=N]`: a menu with what its store page shows (the storefront shape:
 * {@link StorefrontProduct}, {@link StorefrontCategory}, {@link StorefrontMenu}, fields at their
 * documented defaults left out), only what an anonymous reader of `/api/categories` and `/api/products`
 * may see (a menu entry of a product or category hidden from it is left out too).
 */
export interface MenuCatalog {
  /**
   * The menu with its entries in display order. In a part: the category entries holding this part's
   * products, each with only this part's product entries (a category split over two parts is in both); in
   * part 0 of several, every category entry of the menu (later ones with the products of part 0 only, often
   * none).
   */
  menu: SentMenu;
  /** The categories the menu places, in the menu's order (part 0 carries all of them; later parts none). */
  categories: SentCategory[];
  /** The products of this part, in the menu's order (first category first), each once. */
  products: SentProduct[];
  /** Where this part stands (index, count, version). */
  part: MenuCatalogPart;
}

/** A catalogue as the storefront reads it once loaded: every field present (defaults put back). */
export interface LoadedMenuCatalog {
  menu: StorefrontMenu;
  categories: StorefrontCategory[];
  products: StorefrontProduct[];
}
