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
 * `GET /api/menus/{id}/catalog`: one menu with everything its store page shows, each exactly as the public
 * reads serialise it (what an anonymous reader of `/api/categories` and `/api/products` would not see is left
 * out; the menu's entries may still name it, as `/api/menus/{id}` does).
 */
export interface MenuCatalog {
  /** The menu, as `GET /api/menus/{id}` returns it (categories with their product entries, in order). */
  menu: Menu;
  /** The categories the menu places, in the menu's order. */
  categories: Category[];
  /** The products the menu places, in the menu's order (first category first), each once. */
  products: Product[];
}
