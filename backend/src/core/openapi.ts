import { z } from 'zod';

/** JSON Schema of a zod schema for OpenAPI (input side: defaults make fields optional). */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

/** The error envelope: German message, the form field it belongs to, and a stable machine code. */
export const errorSchema = {
  type: 'object',
  properties: {
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          message: { type: 'string' },
          field: { type: 'string' },
          code: {
            type: 'string',
            description: 'stabiler Fehlercode für Fälle, auf die ein Client reagiert (z. B. slot_full)',
          },
        },
        required: ['message'],
      },
    },
  },
};
