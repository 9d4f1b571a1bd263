import { t } from '@ordering/common';
import { fields, germanMessage, toFieldErrors as sharedFieldErrors } from '@ordering/common/schemas';
import { z } from 'zod';
import { DomainError, type FieldError } from './errors.js';

/** zod's issues as the `errors` list, first issue first. */
export function toFieldErrors(error: z.ZodError): FieldError[] {
  return sharedFieldErrors(error);
}

/**
 * Validates a request body (or query) with a zod schema.
 * @throws DomainError('validation') with German messages naming each field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  if (
    input === undefined ||
    input === null ||
    (typeof input !== 'object' && !(schema instanceof z.ZodArray))
  ) {
    if (schema instanceof z.ZodObject)
      throw new DomainError('validation', t('validation.type', { type: 'object' }));
  }
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw new DomainError('validation', toFieldErrors(result.error));
  return result.data;
}

// The field schemas and the German messages are shared with the back office (common/src/schemas/fields.ts).
export { fields, germanMessage };

/**
 * Validates a nested value (e.g. device settings chosen by type) and names fields under `prefix`.
 * @throws DomainError('validation') with German messages.
 */
export function parseNested<S extends z.ZodType>(schema: S, value: unknown, prefix: string): z.infer<S> {
  const result = schema.safeParse(value ?? {}, { reportInput: true });
  if (!result.success) {
    throw new DomainError(
      'validation',
      toFieldErrors(result.error).map((e) => ({ ...e, field: e.field ? `${prefix}.${e.field}` : prefix })),
    );
  }
  return result.data;
}
