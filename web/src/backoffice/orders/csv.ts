import { customerStatusText, DEFAULT_TIME_ZONE, formatMoney, localDate, toCents } from '@ordering/common';
import { csvText, toCsv } from '../csv';
import { customerName, orderTypeLabel } from './board';
import type { StaffOrder } from '@ordering/common';

const HEADER = ['Ticket', 'Eingang', 'Termin', 'Filiale', 'Kunde', 'Art', 'Status', 'Zahlung', 'Summe'];

const dateTime = new Intl.DateTimeFormat('de-AT', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Vienna',
});
const when = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '');

/** The total with its ISO code as the unit ("12,50 EUR"): a spreadsheet's reader expects the code, not "€". */
function csvTotal(o: StaffOrder): string {
  const gross = o.pricing?.totalGross;
  return typeof gross === 'number'
    ? formatMoney(toCents(gross), 'EUR', { unit: 'code', separator: ' ' })
    : '–';
}

/**
 * The orders as CSV for Excel in German: semicolons, a byte order mark, CRLF line ends. Texts a customer or
 * another system wrote (name, company, branch, payment) are guarded against being read as formulas.
 */
export function ordersCsv(orders: StaffOrder[]): string {
  const rows = orders.map((o) => [
    o.ticketNumber ?? '',
    when(o.createdAt),
    when(o.appointment ?? o.appointmentDate),
    csvText(o.branchName ?? ''),
    csvText(customerName(o)),
    csvText(orderTypeLabel(o)),
    csvText(customerStatusText(o)),
    csvText(o.payment?.text ?? ''),
    csvTotal(o),
  ]);
  return toCsv([HEADER, ...rows]);
}

/** `bestellungen-2026-11-23.csv`: the shop's day (Vienna) at `now`, the back office's clock. */
export function ordersCsvName(now: Date): string {
  return `bestellungen-${localDate(now, DEFAULT_TIME_ZONE)}.csv`;
}
