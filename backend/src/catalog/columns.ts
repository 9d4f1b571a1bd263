import { numericTransformer } from '../database/columns.js';

/** Options for a quantity column: numeric(12,3) (m², kg and pieces alike), read as number. */
export const quantity = (options: { nullable?: boolean; default?: string } = {}) => ({
  type: 'numeric' as const,
  precision: 12,
  scale: 3,
  transformer: numericTransformer,
  ...options,
});
