import type { IsoDate } from './base.js';
import type { StatisticsSet } from './entities.js';
import type { OrderChannel, OrderType, PaymentMethod } from './order.js';

/**
 * Response shapes of `GET /api/statistics/{set}?from&to&branchId` (docs/decisions/statistics.md).
 * Money is in major units (euros) with at most two decimals, summed exactly by the database (`numeric`).
 */

/** The range and filter every answer repeats, so a screen shows what it really got. */
export interface StatisticsRange {
  /** First day, inclusive (local date). */
  from: IsoDate;
  /** Last day, inclusive (local date). */
  to: IsoDate;
  /** The branch filter, or null for every branch the user may see. */
  branchId: number | null;
  /**
   * Whether the set can be filtered by branch. Visitor sets cannot (the analytics log knows no branch):
   * they always count the whole shop.
   */
  byBranch: boolean;
}

/** One day's value of a series. */
export interface DailyValue {
  /** Local date. */
  date: IsoDate;
  /** Count, minutes or money in major units, as the set says. */
  value: number;
}

/** A figure per day of the range (every day present, zero when nothing happened) and its total. */
export interface SeriesStatistics extends StatisticsRange {
  total: number;
  series: DailyValue[];
}

/**
 * The key figure of the period of the same length just before the range (`from − n … from − 1` for a
 * range of n days), for "+12,5 % ggü. Vorperiode". Same branch filter, same rules.
 */
export interface PreviousPeriod {
  from: IsoDate;
  to: IsoDate;
  total: number;
}

/** A series set whose total is a key figure of the dashboard: with the previous period's total. */
export interface ComparedSeriesStatistics extends SeriesStatistics {
  previous: PreviousPeriod;
}

/** `revenue`: gross revenue of the counted orders per day; `total` in major units. */
export interface RevenueStatistics extends SeriesStatistics {
  /** Orders that make up the revenue (the same as the `orders` set). */
  orders: number;
  /** `total / orders`, rounded to the cent; 0 without orders. */
  averageOrderValue: number;
  previous: PreviousPeriod & { orders: number; averageOrderValue: number };
}

/** `canceled-orders`: orders cancelled or rejected per day. */
export interface CanceledOrdersStatistics extends SeriesStatistics {
  canceled: number;
  rejected: number;
  /** Gross value of those orders (money that did not come in), major units. */
  lostRevenue: number;
  previous: PreviousPeriod & { lostRevenue: number };
}

/** A page of the storefront. */
export interface PageFigure {
  path: string;
  views: number;
  visitors: number;
}

/** `pages`: the most viewed pages (at most 20). */
export interface PagesStatistics extends StatisticsRange {
  /** All page views of the range. */
  total: number;
  pages: PageFigure[];
}

/** An event of the analytics log (not a page view). */
export interface EventFigure {
  type: string;
  category: string;
  action: string;
  count: number;
  visitors: number;
}

/** `events`: the most frequent events (at most 20). */
export interface EventsStatistics extends StatisticsRange {
  total: number;
  events: EventFigure[];
}

/** A product as sold in the range. */
export interface PopularItem {
  /** Product id at order time (null for lines without a product). */
  productId: number | null;
  /** Product name of the latest order. */
  name: string;
  /** Unit of the quantity (`Stk`, `kg`, `m²` …). */
  unit: string;
  /** Sum of the amounts. */
  quantity: number;
  /** Orders that held it. */
  orders: number;
  /** Gross revenue of its lines, major units. */
  revenue: number;
}

/** `popular-items`: the best sellers by quantity (at most 10, or `limit` up to 50). */
export interface PopularItemsStatistics extends StatisticsRange {
  items: PopularItem[];
}

/**
 * `order-times`, `visitor-times`: counts by weekday and hour in the local time zone.
 * `matrix[weekday][hour]`, weekday 0 = Monday … 6 = Sunday, hour 0 … 23.
 */
export interface TimeMatrixStatistics extends StatisticsRange {
  total: number;
  /** Largest cell (for the colour scale). */
  max: number;
  matrix: number[][];
}

/** Worked time of one person. */
export interface WorkerFigure {
  userId: number;
  name: string;
  /** Net minutes (pauses taken off); running activities counted up to now. */
  minutes: number;
  activities: number;
  holidayDays: number;
  sickDays: number;
}

/** `working-activities`: worked minutes per day (net of pauses) and absences. */
export interface WorkingActivitiesStatistics extends SeriesStatistics {
  /** Work activities (not absences) started in the range. */
  activities: number;
  /** Of those still running or paused. */
  running: number;
  holidayDays: number;
  sickDays: number;
  byUser: WorkerFigure[];
}

/** Planned time of one person. */
export interface ShiftFigure {
  userId: number;
  name: string;
  minutes: number;
  shifts: number;
}

/** `working-schedules`: planned minutes per day of the shifts that start in the range. */
export interface WorkingSchedulesStatistics extends SeriesStatistics {
  shifts: number;
  byUser: ShiftFigure[];
}

/**
 * `conversion`: how many of the visitors counted with consent placed an order, from the analytics log
 * alone (visitors without consent and their orders are in neither figure). Whole shop (`byBranch: false`).
 */
export interface ConversionStatistics extends StatisticsRange {
  /** Visitors with consent (distinct visitor-days, as `unique-visitors`). */
  visitors: number;
  /** Of them, those who sent a `purchase` record (placed an order). */
  buyers: number;
  /** `purchase` records (a buyer may order twice). */
  purchases: number;
}

/** One part of a split: its key, the counted orders and their gross revenue (major units, exact). */
export interface SplitFigure<K extends string = string> {
  key: K;
  orders: number;
  revenue: number;
}

/**
 * `order-splits`: the counted orders (as `orders` and `revenue`) by order type, payment method and channel;
 * each split's parts add up exactly to `orders` and `revenue`. Parts without orders are left out, sorted by
 * revenue, then orders. `channel` `unknown`: orders from before the channel was recorded.
 */
export interface OrderSplitsStatistics extends StatisticsRange {
  orders: number;
  revenue: number;
  byType: SplitFigure<OrderType>[];
  byPaymentMethod: SplitFigure<PaymentMethod>[];
  byChannel: SplitFigure<OrderChannel | 'unknown'>[];
}

/**
 * The share of consenting visitors who ordered, in tenths of a percent, rounded half up on whole numbers
 * (`buyers = 1, visitors = 8` → 125, i.e. 12,5 %); null without visitors. Both counts come from the
 * consent log, so it is never above 100 %; orders of visitors without consent are not counted in it.
 */
export function conversionTenths(buyers: number, visitors: number): number | null {
  if (!Number.isInteger(visitors) || visitors <= 0 || !Number.isInteger(buyers) || buyers < 0) return null;
  return Math.floor((2000 * Math.min(buyers, visitors) + visitors) / (2 * visitors));
}

/** The answer of each set. */
export interface StatisticsResults {
  'unique-visitors': ComparedSeriesStatistics;
  'page-views': ComparedSeriesStatistics;
  pages: PagesStatistics;
  events: EventsStatistics;
  orders: ComparedSeriesStatistics;
  revenue: RevenueStatistics;
  'canceled-orders': CanceledOrdersStatistics;
  items: ComparedSeriesStatistics;
  'popular-items': PopularItemsStatistics;
  'visitor-times': TimeMatrixStatistics;
  'order-times': TimeMatrixStatistics;
  'working-activities': WorkingActivitiesStatistics;
  'working-schedules': WorkingSchedulesStatistics;
  conversion: ConversionStatistics;
  'order-splits': OrderSplitsStatistics;
}

// Every set has its shape (a compile error here names a set without one).
const _everySet: Record<StatisticsSet, true> = {} as Record<keyof StatisticsResults, true>;
void _everySet;

/** The sets that carry `previous` (the dashboard's key figures). */
export const COMPARED_STATISTICS_SETS = [
  'unique-visitors',
  'page-views',
  'orders',
  'revenue',
  'canceled-orders',
  'items',
] as const satisfies readonly StatisticsSet[];

/** Days of the range when `from` is not given: the last 30 days up to `to` (default today). */
export const STATISTICS_DEFAULT_DAYS = 30;
/** The longest range one call may ask for, in days (a year, leap day included). */
export const STATISTICS_MAX_DAYS = 366;
