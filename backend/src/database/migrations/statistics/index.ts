import { StatisticsRollup1795990000003 } from './1795990000003-statistics-rollup.js';

export const MIGRATIONS: Function[] = [StatisticsRollup1795990000003];
