import type { Entity, IsoDate, IsoDateTime, MoneyAmount, Ref, TaxRatePercent, TimeOfDay } from './base.js';
import type { Image } from './media.js';

/** The weekday rule types, Monday first. */
export const WEEKDAY_RULE_TYPES = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

/** A weekday rule type (`monday` … `sunday`). */
export type WeekdayRuleType = (typeof WEEKDAY_RULE_TYPES)[number];

/** Every opening-hour rule type: a single date (`once`), every day (`daily`) or one weekday. */
export const OPENING_HOUR_RULE_TYPES = ['once', 'daily', ...WEEKDAY_RULE_TYPES] as const;
export type OpeningHourRuleType = (typeof OPENING_HOUR_RULE_TYPES)[number];

/**
 * One line of a branch's opening (or delivery) hours.
 *
 * How rules combine and what `to` < `from`, `00:00` and `24:00` mean is defined in `opening-hours.ts`.
 */
export interface OpeningHourRule {
  /** Present once stored. */
  id?: number;
  /** `once` (only on {@link OpeningHourRule.date}), `daily`, or a weekday. */
  type: OpeningHourRuleType;
  /** The date of a `once` rule (`YYYY-MM-DD`); ignored by the other types. */
  date?: IsoDate | null;
  /** The day is closed (from and to are ignored). */
  isClosed: boolean;
  /** Start `HH:MM` (inclusive). */
  from: TimeOfDay;
  /** End `HH:MM` (exclusive); `00:00`/`24:00` mean midnight at the end of the day. */
  to: TimeOfDay;
}

/** A delivery area of a branch with its fee and thresholds. */
export interface DeliveryArea {
  /** Integer id; the order form refers to the area by it. */
  id: number;
  /** Display name of the area (e.g. a district or zip code range). */
  area: string;
  /** Delivery fee, gross, in major units. */
  price: MoneyAmount;
  /** Tax rate of the delivery fee in percent. */
  tax: TaxRatePercent;
  /** Delivery in this area is always free. */
  free: boolean;
  /** Delivery becomes free when the items' gross exceeds this value (null/0: no threshold). */
  freeFromOrderValue?: MoneyAmount | null;
  /** The items' gross must be at least this value for delivery (null/0: no minimum). */
  minimumOrderValue?: MoneyAmount | null;
  /**
   * The postcodes served, as entered: a list of postcodes and ranges separated by commas
   * (`"1070, 1080-1090"`); empty when the area is defined by its shape only. See `delivery-area.ts`.
   */
  postcodes?: string;
  /** Radius in km around the branch's coordinates (null: no radius). */
  radiusKm?: number | null;
  /** A GeoJSON `Polygon` or `MultiPolygon` (WGS84, `[longitude, latitude]`), null when none. */
  polygon?: DeliveryPolygon | null;
}

/** A GeoJSON polygon geometry (RFC 7946): rings of `[longitude, latitude]`, the first ring outer, then holes. */
export type DeliveryPolygon =
  { type: 'Polygon'; coordinates: number[][][] } | { type: 'MultiPolygon'; coordinates: number[][][][] };

/**
 * `GET /api/branches/{id}/delivery-area?postcode=&street=&city=` (public): the delivery area the address
 * falls in, decided as at order creation (`deliveryAreaFor`). An address outside every area answers 400
 * with code `outside_delivery_area` at field `zipCode`.
 */
export interface DeliveryAreaCheck {
  /** The area with its fee and thresholds (shape fields left out). */
  area: Pick<
    DeliveryArea,
    'id' | 'area' | 'price' | 'tax' | 'free' | 'freeFromOrderValue' | 'minimumOrderValue'
  >;
  /** The postcode as read from the input (`"1070"`). */
  postcode: string;
}

/** A branch (Filiale): address, contact, hours, order modes, requirements and payment methods. */
/** The customers' average rating of a branch (plugin "Bewertungen"): the overall ratings of its orders. */
export interface BranchRating {
  /** Average of the overall ratings 1 to 5, rounded to one decimal. */
  average: number;
  /** How many reviews the average is made of (at least 1). */
  count: number;
}

export interface Branch extends Entity {
  /** URL identifier, used in `/store/{identifier}`. */
  identifier: string;
  /** Display name. */
  name: string;
  /** Street and number. */
  street: string;
  /** Postcode. */
  zipCode: string;
  /** City. */
  city: string;
  /** Phone number (international format recommended). */
  phone?: string | null;
  /** Contact e-mail. */
  email?: string | null;
  /** Web site of the branch. */
  website?: string | null;
  /** WGS84 longitude. */
  longitude?: number | null;
  /** WGS84 latitude. */
  latitude?: number | null;
  /** Extra search words (free text, separated by spaces or commas). */
  keywords?: string | null;
  /** Tags the branch carries (tag filter). */
  tags: Ref[];
  /** Header images. */
  images?: Image[];
  /** Logo image. */
  logo?: Image | null;
  /**
   * The customers' average rating, in the public data (/api/init) only while the ratings plugin is on and
   * the branch has a review.
   */
  rating?: BranchRating;
  /** Non-public branches are still listed, with an inactive look. */
  isPublic: boolean;
  /** The organisation the branch belongs to. */
  division?: Ref | null;
  /** IANA time zone of all its hours (default `Europe/Vienna`). */
  timeZone: string;
  /** Opening hours rules. */
  openingHours: OpeningHourRule[];
  /** Delivery hours rules, used for delivery when {@link Branch.isDeliveryHoursEnabled}. */
  deliveryHours: OpeningHourRule[];
  /** Delivery follows the delivery hours instead of the opening hours. */
  isDeliveryHoursEnabled: boolean;
  /** Takeaway offered. */
  isTakeawayEnabled: boolean;
  /** Delivery offered. */
  isDeliveryEnabled: boolean;
  /** Dine-in offered. */
  isDineInEnabled: boolean;
  /** Dine-in customers choose their table. */
  isTableSelectionEnabled: boolean;
  /** Orders are accepted while closed (pre-orders). */
  isPreorderEnabled: boolean;
  /** An appointment (date and time) must be chosen. */
  isAppointmentRequired: boolean;
  /** Orders are quotation requests ("Angebotsanfrage"). */
  isQuotationRequired: boolean;
  /** Orders are accepted only from this moment on (ISO 8601); null: no restriction. */
  orderableFrom?: IsoDateTime | null;
  /** Shown when closed and no next opening is known. */
  closedMessage?: string | null;
  /** Delivery areas with fees and thresholds. */
  deliveryAreas: DeliveryArea[];
  /** E-mail required for delivery orders. */
  isDeliveryEmailRequired: boolean;
  /** E-mail required for dine-in orders. */
  isDineInEmailRequired: boolean;
  /** E-mail required for takeaway orders. */
  isTakeawayEmailRequired: boolean;
  /** Phone required for delivery orders. */
  isDeliveryPhoneRequired: boolean;
  /** Phone required for dine-in orders. */
  isDineInPhoneRequired: boolean;
  /** Phone required for takeaway orders. */
  isTakeawayPhoneRequired: boolean;
  /** Address required for delivery orders. */
  isDeliveryAddressRequired: boolean;
  /** Address required for dine-in orders. */
  isDineInAddressRequired: boolean;
  /** Address required for takeaway orders. */
  isTakeawayAddressRequired: boolean;
  /** Cash accepted. */
  isCashEnabled: boolean;
  /** Debit card (Bankomat) accepted. */
  isATMCardEnabled: boolean;
  /** Hydro AG vouchers accepted. */
  isHydroAGVoucherEnabled: boolean;
  /** Online payment via Mollie. */
  isMollieEnabled: boolean;
  /** Online payment via Datatrans. */
  isDatatransEnabled: boolean;
  /** Length of a capacity slot in minutes (default 15; see `slot-capacity.ts`). */
  slotMinutes?: number;
  /** Takeaway and dine-in orders per slot; null: no limit. */
  slotCapacity?: number | null;
  /** Delivery orders per slot; null: no limit. */
  deliverySlotCapacity?: number | null;
  /**
   * Minutes a new order needs at least (see `preparation-time.ts`): accepting without choosing a time
   * confirms the requested time but never sooner than this from now; null: the requested time as it is.
   */
  defaultPreparationMinutes?: number | null;
  /** New orders are confirmed automatically with the default preparation time (no staff needed). */
  isAutoAcceptEnabled?: boolean;
  /** Online ordering paused by staff (`POST /api/branches/{id}/pause`); over once `until` has passed. */
  orderingPause?: OrderingPause | null;
  /** "Viel los": extra preparation minutes for new orders until `until`. */
  busyMode?: BusyMode | null;
}

/** A pause of online ordering ("Bestellungen pausieren"); it ends by itself at `until`. */
export interface OrderingPause {
  /** When ordering resumes (ISO 8601). */
  until: IsoDateTime;
  /** The order types paused; null: all of them. */
  orderTypes: Array<'takeaway' | 'delivery' | 'dineIn'> | null;
  /** The staff's own words shown under the standard sentence (empty: none). */
  message: string;
  /** Pre-orders for a time at or after `until` are still taken. */
  allowPreorders: boolean;
}

/** "Viel los": preparation takes longer for a while. */
export interface BusyMode {
  /** Minutes added to the preparation time of new orders and to the pickers' earliest time. */
  extraMinutes: number;
  /** When busy mode ends by itself (ISO 8601). */
  until: IsoDateTime;
}

/** The default IANA time zone of a branch. */
export const DEFAULT_TIME_ZONE = 'Europe/Vienna';
