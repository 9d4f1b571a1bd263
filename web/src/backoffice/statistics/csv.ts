import { formatIsoDate, previousPeriod, toCents, UNITS, type UnitCode } from '@ordering/common';
import { csvText, toCsv } from '../csv';
import { changeTenths } from './format';
import type { StatisticsStore } from './StatisticsStore';

/** Money of the API (major units) as Excel reads it in German: `1234,56` (exact, through cents). */
export function csvMoney(value: number): string {
  const cents = toCents(value);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** A count or an amount with a decimal comma and no grouping: `2,5`, `12345`. */
export function csvNumber(value: number): string {
  return String(Math.round(value * 1000) / 1000).replace('.', ',');
}

/** The change in percent with one decimal (`12,5`, `-3,0`), or empty when the previous period had nothing. */
function csvChange(current: number, previous: number, money = false): string {
  const whole = (v: number) => (money ? toCents(v) : Math.round(v));
  const tenths = changeTenths(whole(current), whole(previous));
  if (tenths === null) return '';
  const abs = Math.abs(tenths);
  return `${tenths < 0 ? '-' : ''}${Math.floor(abs / 10)},${abs % 10}`;
}

type Source = Pick<StatisticsStore, 'results' | 'shown' | 'workingTime'>;

/**
 * What the dashboard shows, as one CSV file for Excel in German (semicolons, decimal comma, dates
 * TT.MM.JJJJ, UTF-8 with a byte order mark): the range, the key figures against the previous period,
 * every day's figures, the best sellers, the pages and the working time per person, each part under its
 * title and a blank line apart. Money in euros without the unit (it is in the column's name).
 */
export function statisticsCsv(stats: Source, branchName: string | null): string {
  const { results, shown } = stats;
  if (!shown) return toCsv([]);
  const rows: unknown[][] = [];
  const before = previousPeriod(shown.from, shown.to);
  rows.push(['Statistik']);
  rows.push(['Zeitraum', formatIsoDate(shown.from), formatIsoDate(shown.to)]);
  rows.push(['Vorperiode', formatIsoDate(before.from), formatIsoDate(before.to)]);
  rows.push(['Filiale', csvText(branchName ?? 'Alle Filialen')]);

  const { orders, revenue } = results;
  const canceled = results['canceled-orders'];
  const visitors = results['unique-visitors'];
  rows.push([], ['Kennzahlen'], ['Kennzahl', 'Wert', 'Vorperiode', 'Veränderung (%)']);
  const figure = (label: string, current: number, previous: number, money = false) =>
    rows.push([
      label,
      money ? csvMoney(current) : csvNumber(current),
      money ? csvMoney(previous) : csvNumber(previous),
      csvChange(current, previous, money),
    ]);
  if (orders) figure('Bestellungen', orders.total, orders.previous.total);
  if (revenue) {
    figure('Umsatz brutto (EUR)', revenue.total, revenue.previous.total, true);
    figure(
      'Durchschnittlicher Bestellwert (EUR)',
      revenue.averageOrderValue,
      revenue.previous.averageOrderValue,
      true,
    );
  }
  if (canceled) figure('Stornierungen', canceled.total, canceled.previous.total);
  if (visitors) figure('Besucher (ganzer Shop)', visitors.total, visitors.previous.total);

  // Every day of the range, the sets side by side (each series has every day).
  const perDay = [
    ['Bestellungen', orders, csvNumber],
    ['Umsatz brutto (EUR)', revenue, csvMoney],
    ['Artikel', results.items, csvNumber],
    ['Stornierungen', canceled, csvNumber],
    ['Besucher', visitors, csvNumber],
    ['Seitenaufrufe', results['page-views'], csvNumber],
  ] as const;
  const columns = perDay.filter(([, set]) => set !== undefined);
  if (columns.length > 0) {
    rows.push([], ['Pro Tag'], ['Datum', ...columns.map(([label]) => label)]);
    const days = columns[0]![1]!.series.map((d) => d.date);
    days.forEach((date, i) =>
      rows.push([formatIsoDate(date), ...columns.map(([, set, f]) => f(set!.series[i]?.value ?? 0))]),
    );
    rows.push(['Summe', ...columns.map(([, set, f]) => f(set!.total))]);
  }

  const popular = results['popular-items']?.items ?? [];
  rows.push(
    [],
    ['Beliebte Produkte'],
    ['Produkt', 'Menge', 'Einheit', 'Bestellungen', 'Umsatz brutto (EUR)'],
  );
  for (const item of popular)
    rows.push([
      csvText(item.name),
      csvNumber(item.quantity),
      csvText(UNITS[item.unit as UnitCode]?.label ?? item.unit),
      csvNumber(item.orders),
      csvMoney(item.revenue),
    ]);

  const pages = results.pages?.pages ?? [];
  rows.push([], ['Seiten (ganzer Shop)'], ['Seite', 'Aufrufe', 'Besucher']);
  for (const page of pages)
    rows.push([csvText(page.path || '(ohne Adresse)'), csvNumber(page.views), csvNumber(page.visitors)]);

  rows.push([], ['Arbeitszeit'], ['Person', 'Geplant (Min.)', 'Gearbeitet (Min.)', 'Differenz (Min.)']);
  for (const p of stats.workingTime)
    rows.push([csvText(p.name), csvNumber(p.planned), csvNumber(p.worked), csvNumber(p.worked - p.planned)]);

  return toCsv(rows);
}

/** `statistik-2026-11-01-bis-2026-11-23.csv` */
export function statisticsCsvName(shown: { from: string; to: string }): string {
  return `statistik-${shown.from}-bis-${shown.to}.csv`;
}
