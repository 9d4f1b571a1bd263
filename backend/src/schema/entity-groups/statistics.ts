import {
  StatisticsDirtyDay,
  StatisticsHourDay,
  StatisticsItemDay,
  StatisticsOrderDay,
  StatisticsSplitDay,
} from '../../statistics/statistics-rollup.entity.js';

/**
 * Entities of the statistics group (see ../entities.ts): the daily roll-ups of the orders and the days
 * waiting to be recomputed. Derived from `customer_order` (orders group) by triggers and reads; no relations.
 */
export const STATISTICS_ENTITIES: Function[] = [
  StatisticsOrderDay,
  StatisticsSplitDay,
  StatisticsItemDay,
  StatisticsHourDay,
  StatisticsDirtyDay,
];
