/**
 * The errors below one field, keyed relative to it as special editors read them (../editors/types.ts):
 * `openingHours.0.from` → `[0].from` under `openingHours`, `config.parts` → `parts` under `config`, the
 * field's own error under `''`.
 */
export function errorsUnder(errors: Readonly<Record<string, string>>, field: string): Record<string, string> {
  const below: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === field) below[''] ??= message;
    else if (path.startsWith(`${field}.`)) {
      const rest = path
        .slice(field.length + 1)
        .split('.')
        .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`))
        .join('')
        .replace(/^\./, '');
      below[rest] ??= message;
    }
  }
  return below;
}

/** The top-level field a path belongs to (`deliveryAreas.0.price` → `deliveryAreas`). */
export function fieldOfPath(path: string): string {
  return path.split('.')[0] ?? '';
}
