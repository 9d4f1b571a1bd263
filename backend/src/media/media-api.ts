import { ApiResponse } from '@nestjs/swagger';
import { errorSchema } from '../core/openapi.js';

/** The error answers every media route documents. */
export const apiErrors = (...statuses: number[]): MethodDecorator[] =>
  statuses.map((status) =>
    ApiResponse({
      status,
      description:
        {
          400: 'Ungültige Eingabe',
          401: 'Nicht angemeldet',
          403: 'Keine Berechtigung',
          404: 'Nicht gefunden',
          409: 'Doppelter Wert',
          429: 'Zu viele Anfragen',
        }[status] ?? String(status),
      schema: errorSchema,
    }),
  );

/** `{ data: <schema> }`. */
export const envelope = (schema: Record<string, unknown>) => ({
  type: 'object',
  properties: { data: schema },
});
