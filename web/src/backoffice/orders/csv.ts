import { customerStatusText } from '@ordering/common';
import { toCsv } from '../csv';
import { customerName, orderTotal, orderTypeLabel } from './board';
import type { StaffOrder } from './types';

const HEADER = ['Ticket', 'Eingang', 'Termin', 'Filiale', 'Kunde', 'Art', 'Status', 'Zahlung', 'Summe'];

const dateTime = new Intl.DateTimeFormat('de-AT', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Vienna',
});
const when = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '');

/** The orders as CSV for Excel in German: semicolons, a byte order mark, CRLF line ends. */
export function ordersCsv(orders: StaffOrder[]): string {
  const rows = orders.map((o) => [
    o.ticketNumber ?? '',
    when(o.createdAt),
    when(o.appointment ?? o.appointmentDate),
    o.branchName ?? '',
    customerName(o),
    orderTypeLabel(o),
    customerStatusText(o),
    o.payment?.text ?? '',
    orderTotal(o).replace('\u00a0', ' '),
  ]);
  return toCsv([HEADER, ...rows]);
}
