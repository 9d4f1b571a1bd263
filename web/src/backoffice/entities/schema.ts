import { ENTITY_INPUTS, FIELD_LABELS, inputFields, toFieldErrors } from '@ordering/common/schemas';
import type { z } from 'zod';
import type { EntityDescription, FieldDescription } from './types';

type Collection = keyof typeof ENTITY_INPUTS;

/** The shared input schema of a collection (undefined for read-only collections such as logs). */
export function inputSchemaOf(collection: string): z.ZodType | undefined {
  return (ENTITY_INPUTS as Record<string, z.ZodType>)[collection];
}

/** The shape's field schemas of a collection. */
function fieldSchemaOf(collection: string, name: string): z.ZodType | undefined {
  const schema = inputSchemaOf(collection) as { shape?: Record<string, z.ZodType> } | undefined;
  return schema?.shape?.[name];
}

/** The writable fields of a collection, as the shared schema names them. */
export function schemaFields(collection: string): string[] {
  const schema = inputSchemaOf(collection);
  return schema ? inputFields(schema) : [];
}

/** The German label of a field: the description's own, else the shared one, else the field name. */
export function labelOf(
  description: EntityDescription,
  field: Pick<FieldDescription, 'name' | 'label'>,
): string {
  if (field.label) return field.label;
  const labels = (FIELD_LABELS as Record<string, Record<string, string>>)[description.collection];
  return labels?.[field.name] ?? field.name;
}

/** A field must be given: its shared schema refuses a missing value (no default, not optional). */
export function isRequired(collection: string, name: string): boolean {
  const schema = fieldSchemaOf(collection, name);
  return schema ? !schema.safeParse(undefined).success : false;
}

const isJsonValue = (value: unknown): boolean =>
  value === null ||
  ['string', 'number', 'boolean'].includes(typeof value) ||
  (Array.isArray(value) && value.every(isJsonValue)) ||
  (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype);

/** The values of a new row: every field's default from the shared schema (what the API would store). */
export function defaultsOf(collection: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of schemaFields(collection)) {
    const parsed = fieldSchemaOf(collection, name)!.safeParse(undefined);
    if (parsed.success && parsed.data !== undefined && isJsonValue(parsed.data)) values[name] = parsed.data;
  }
  return values;
}

/** Client-side check with the shared schema: German messages by field path (`deliveryAreas.0.price`). */
export function validate(collection: string, body: Record<string, unknown>): Record<string, string> {
  const schema = inputSchemaOf(collection);
  if (!schema) return {};
  const result = schema.safeParse(body);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const error of toFieldErrors(result.error)) {
    const field = error.field ?? '';
    errors[field] ??= error.message;
  }
  return errors;
}

export type { Collection };
