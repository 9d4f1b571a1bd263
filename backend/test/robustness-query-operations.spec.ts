import { describeQueryRobustness } from './support/query-robustness.js';

// Hostile ids, query parameters and refs on time tracking, projects, tasks, departments and digital
// signage. The checks and the areas: support/query-robustness.ts.
describeQueryRobustness('operations');
