import { describeQueryRobustness } from './support/query-robustness.js';

// Hostile ids, query parameters and refs on orders, payments, devices, statistics, logs, tables,
// sign-in and users. The checks and the areas: support/query-robustness.ts.
describeQueryRobustness('orders');
