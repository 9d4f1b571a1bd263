import { describeQueryRobustness } from './support/query-robustness.js';

// Hostile ids, query parameters and refs on the storefront's routes (init, branches, menus): the
// slowest answers. The checks and the areas: support/query-robustness.ts.
describeQueryRobustness('storefront');
