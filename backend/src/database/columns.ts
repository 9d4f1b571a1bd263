import type { ValueTransformer } from 'typeorm';

/**
 * `numeric` columns come back from PostgreSQL as strings (exact). The API speaks JSON numbers in major
 * currency units with at most a few decimals, which a double holds exactly enough to print; every sum is
 * done in integer cents by `@ordering/common`, never on these doubles.
 */
export const numericTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => (value === null || value === undefined ? value : String(value)),
  from: (value: string | null) => (value === null || value === undefined ? value : Number(value)),
};

/** Options for a money column: numeric(12,2), read as number. */
export const money = (options: { nullable?: boolean; default?: string } = {}) => ({
  type: 'numeric' as const,
  precision: 12,
  scale: 2,
  transformer: numericTransformer,
  ...options,
});

/** Options for a tax rate in percent: numeric(5,2), read as number. */
export const percent = (options: { nullable?: boolean; default?: string } = {}) => ({
  type: 'numeric' as const,
  precision: 5,
  scale: 2,
  transformer: numericTransformer,
  ...options,
});
