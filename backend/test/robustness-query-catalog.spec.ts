import { describeQueryRobustness } from './support/query-robustness.js';

// Hostile ids, query parameters and refs on products, content, media, configuration and every route
// the other areas leave. The checks and the areas: support/query-robustness.ts.
describeQueryRobustness('catalog');
