import {
  ENTITY_NAMES,
  formatBytes,
  formatDate,
  formatIsoDate,
  formatMoney,
  formatSeconds,
  formatTime,
  toCents,
} from '@ordering/common';
import type { RefOptionsStore } from './RefOptionsStore';
import type { ColumnDescription, EntityDescription } from './types';

const refIdOf = (value: unknown): unknown =>
  value && typeof value === 'object' && 'id' in value ? (value as { id: unknown }).id : value;

/** One cell of a list as the manager reads it: Ja/Nein, German dates, money, names of referenced rows. */
export function formatCell(
  description: EntityDescription,
  column: ColumnDescription,
  row: Record<string, unknown>,
  refs: RefOptionsStore,
): string {
  const value = row[column.field];
  if (value === null || value === undefined || value === '') return '–';
  const field = description.fields.find((f) => f.name === column.field);
  const format =
    column.format ??
    (typeof value === 'boolean'
      ? 'boolean'
      : field?.type === 'ref' || field?.type === 'image'
        ? 'ref'
        : 'text');
  switch (format) {
    case 'boolean':
      return value ? 'Ja' : 'Nein';
    case 'money':
      return typeof value === 'number' ? formatMoney(toCents(value)) : String(value);
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)
        ? formatIsoDate(value.slice(0, 10) as never)
        : String(value);
    case 'datetime': {
      const date = new Date(String(value));
      return Number.isNaN(date.getTime()) ? String(value) : `${formatDate(date)} ${formatTime(date)}`;
    }
    case 'option':
      return (
        (column.options ?? field?.options)?.find((o) => o.value === String(value))?.label ?? String(value)
      );
    case 'bytes':
      return typeof value === 'number' ? formatBytes(value) : String(value);
    case 'seconds':
      return typeof value === 'number' ? formatSeconds(value) : String(value);
    case 'collection':
      // The log names the collection (`digital-signage-devices`): shown by its German name.
      return (ENTITY_NAMES as Record<string, { plural: string }>)[String(value)]?.plural ?? String(value);
    case 'ref': {
      const collection = field?.collection;
      const ids = Array.isArray(value) ? value.map(refIdOf) : [refIdOf(value)];
      if (ids.length === 0) return '–';
      return ids.map((id) => (collection ? refs.titleOf(collection, id) : `#${String(id)}`)).join(', ');
    }
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
