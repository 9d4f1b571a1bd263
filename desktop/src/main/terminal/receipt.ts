// The German receipt and the kitchen ticket of a print job, as ESC/POS bytes built with
// node-thermal-printer (EPSON or STAR command set). Pure: job in, bytes out.
import { formatDecimal, isUnitCode, toCents, unitLabel } from '@ordering/common';
import thermal from 'node-thermal-printer';
import type { PrintJob, PrinterSettings, ReceiptItem, ReceiptOrder } from './types.js';

const { ThermalPrinter, PrinterTypes, CharacterSet } = thermal;

export type ReceiptVariant = 'receipt' | 'kitchen' | 'labels-compact' | 'labels-detail';

/** Spec section 9: compact labels 12 rows by 4 columns, detail labels 5 rows by 2 columns (per sheet). */
export const LABEL_LAYOUTS = {
  compact: { rows: 12, columns: 4, lines: 1 },
  detail: { rows: 5, columns: 2, lines: 4 },
} as const;
export type LabelLayout = keyof typeof LABEL_LAYOUTS;

export interface RenderOptions {
  variant?: ReceiptVariant;
  /** Printed again after a crash between sending the bytes and recording them as printed. */
  copy?: boolean;
  /** Time zone of the branch (default Europe/Vienna). */
  timeZone?: string;
}

/** A unit code's label as common writes it everywhere (`serving` → `Portion`); an unknown code as it is. */
export function unitText(unit: string): string {
  return isUnitCode(unit) ? unitLabel(unit) : unit;
}

/**
 * `1234.5` → `1.234,50`: common's money format without the currency sign (the receipt names the currency
 * once, "SUMME €"), rounded to the cent as common rounds.
 */
export function money(value: number): string {
  return formatDecimal(toCents(value));
}

/** `1.5` → `1,5`, `2` → `2`. */
const amountText = (value: number) => String(Math.round(value * 1000) / 1000).replace('.', ',');

/** Only characters of code page 858 (German, €): typographic ones the printer lacks are replaced. */
export function printable(text: string): string {
  return text
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\u201E\u201C\u201D]/g, '"')
    .replace(/[\u2018\u2019\u201A]/g, "'")
    .replace(/\u2026/g, '...')
    .replace(/[\u00A0\u202F]/g, ' ')
    .replace(/[^\n\x20-\x7E\u00A0-\u00FF\u20AC]/g, '?');
}

/** Day and time of day of an instant in the branch's time zone, two digits each. */
function local(iso: string, timeZone: string) {
  const parts = new Intl.DateTimeFormat('de-AT', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).formatToParts(new Date(iso));
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
  return { day: p('day'), month: p('month'), year: p('year'), time: `${p('hour')}:${p('minute')}` };
}

function dateTime(iso: string, timeZone: string): string {
  const { day, month, year, time } = local(iso, timeZone);
  return `${day}.${month}.${year} ${time}`;
}

const WEEKDAYS = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'];

/** `Fr, 27.11. 18:30`: a wanted or confirmed time with its weekday, so a pre-order for another day stands out. */
export function dayTime(iso: string, timeZone: string): string {
  const { day, month, year, time } = local(iso, timeZone);
  const weekday = WEEKDAYS[new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDay()];
  return `${weekday}, ${day}.${month}. ${time}`;
}

/**
 * The ticket's time lines: what the customer chose ("so bald wie möglich" or the day and time), and the time
 * staff confirmed, labelled as such — only the time of day when it is on the day of the wish (or of the
 * order, for "so bald wie möglich"), else with its day.
 */
export function timeLines(order: ReceiptOrder, timeZone: string): string[] {
  const wanted = order.appointmentDate;
  const lines = [`Gewünscht: ${wanted ? dayTime(wanted, timeZone) : 'so bald wie möglich'}`];
  const confirmed = order.appointment;
  if (confirmed) {
    const day = (iso: string) => dateTime(iso, timeZone).slice(0, 10);
    const reference = wanted ?? order.createdAt;
    const sameDay = reference !== undefined && day(reference) === day(confirmed);
    lines.push(`Bestätigt für: ${sameDay ? local(confirmed, timeZone).time : dayTime(confirmed, timeZone)}`);
  }
  return lines;
}

/** Splits text into lines of at most `width` characters, at spaces where possible. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    const indent = /^ */.exec(paragraph)![0].slice(0, Math.max(0, width - 8));
    let line = indent;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line === indent) line = indent + word;
      else if (line.length + 1 + word.length <= width) line += ' ' + word;
      else {
        lines.push(line);
        line = word;
      }
      while (line.length > width) {
        lines.push(line.slice(0, width));
        line = line.slice(width);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Left text and right text on one line of `width` (the left side wraps above when too long). */
export function leftRight(left: string, right: string, width: number): string[] {
  const room = width - right.length - 1;
  const lines = wrap(left, Math.max(room, 8));
  const last = lines.pop() ?? '';
  if (last.length > room) return [...lines, last, right.padStart(width)];
  return [...lines, last + ' '.repeat(width - last.length - right.length) + right];
}

export function orderTypeText(order: ReceiptOrder): string {
  if (order.isDelivery) return 'LIEFERUNG';
  if (order.isDineIn) return 'VOR ORT ESSEN'; // the storefront's words (docs/decisions/legal.md)
  return 'ABHOLUNG';
}

export function customerName(order: ReceiptOrder): string {
  return (
    [order.firstName, order.lastName].filter(Boolean).join(' ').trim() ||
    (order.name ?? '').trim() ||
    (order.company ?? '').trim()
  );
}

/** Builds the bytes of one job: the customer receipt, the kitchen ticket (no prices) or the item labels. */
export function renderJob(job: PrintJob, printer: PrinterSettings, options: RenderOptions = {}): Buffer {
  const variant = variantOf(job, options.variant);
  if (job.order && variant.startsWith('labels-'))
    return renderLabels(job, printer, variant === 'labels-compact' ? 'compact' : 'detail', options);
  return renderTicket(job, printer, { ...options, variant });
}

/**
 * What a job prints: staff's choice from the order (`kitchen`, `labels`) wins; a receipt job prints as the
 * terminal is set up (`--kitchen`, `--labels`). Labels take the terminal's layout, compact by default.
 */
function variantOf(job: PrintJob, configured: ReceiptVariant = 'receipt'): ReceiptVariant {
  if (job.kind === 'kitchen') return 'kitchen';
  if (job.kind === 'labels') return configured === 'labels-detail' ? 'labels-detail' : 'labels-compact';
  if (job.kind === 'receipt') return configured;
  // The slip of a cancellation and the test page: as this terminal prints (kitchen or not), never labels.
  return configured === 'kitchen' ? 'kitchen' : 'receipt';
}

/** The receipt, the kitchen ticket, the "STORNIERT" slip or the test page. */
function renderTicket(job: PrintJob, printer: PrinterSettings, options: RenderOptions): Buffer {
  const width = printer.width;
  const timeZone = options.timeZone ?? 'Europe/Vienna';
  const p = new ThermalPrinter({
    type: printer.type === 'star' ? PrinterTypes.STAR : PrinterTypes.EPSON,
    interface: `tcp://${printer.host}:${printer.port}`,
    width,
    characterSet: CharacterSet.PC858_EURO,
    removeSpecialCharacters: false,
  });
  const text = (line: string) => p.println(printable(line));
  const rule = () => text('-'.repeat(width));
  // The print job's id, small and named for what it is: staff match a paper to the terminal's journal and
  // the back office with it. Plain "Auftrag 20" under "Nr. 7" read like a second order number.
  const jobLine = () => {
    p.setTypeFontB();
    text(`Druckauftrag ${job.id}`);
    p.setTypeFontA();
  };

  p.alignCenter();
  if (options.copy) {
    p.bold(true);
    text('*** KOPIE ***');
    text('evtl. bereits gedruckt');
    p.bold(false);
  }
  p.bold(true);
  text(job.shop.name || job.branch?.name || '');
  p.bold(false);
  const branch = job.branch;
  if (branch) {
    if (branch.name && branch.name !== job.shop.name) text(branch.name);
    const address = [branch.street, [branch.zipCode, branch.city].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', ');
    if (address) for (const l of wrap(address, width)) text(l);
    if (branch.phone) text(`Tel. ${branch.phone}`);
  }
  rule();

  if (job.kind === 'test' || !job.order) {
    p.setTextDoubleHeight();
    text('TESTSEITE');
    p.setTextNormal();
    text('Drucker verbunden.');
    text(`${printer.type.toUpperCase()} ${printer.host}:${printer.port}, ${width} Zeichen`);
    text('Umlaute: äöü ÄÖÜ ß €');
    text(dateTime(job.createdAt, timeZone));
    jobLine();
    p.cut();
    return p.getBuffer();
  }

  const order = job.order;
  const kitchen = options.variant === 'kitchen';
  // Cancelled after its receipt printed (or a reprint of a cancelled order): nobody may cook it.
  const cancelled = job.kind === 'cancellation' || order.isCanceled === true || order.isRejected === true;
  if (cancelled) {
    p.bold(true);
    p.setTextQuadArea();
    text('STORNIERT');
    p.setTextNormal();
    text('NICHT ZUBEREITEN');
    p.bold(false);
  }
  if (job.kind === 'cancellation') return cancellationSlip(order);
  // An order ticket, not a fiscal receipt: the register's receipt is another paper (docs/decisions/printing.md).
  text(kitchen ? 'KÜCHE' : 'BESTELLBON');
  p.bold(true);
  p.setTextQuadArea();
  text(order.ticketNumber != null ? `Nr. ${order.ticketNumber}` : 'Bestellung');
  p.setTextDoubleHeight();
  text(orderTypeText(order));
  p.setTextNormal();
  p.bold(false);
  if (order.isQuotation) text('ANGEBOTSANFRAGE');
  p.alignLeft();
  rule();
  if (order.createdAt) text(`Bestellt:  ${dateTime(order.createdAt, timeZone)}`);
  p.bold(true);
  for (const line of timeLines(order, timeZone)) text(line);
  if (order.tableIdentifier) text(`Tisch: ${order.tableIdentifier}`);
  p.bold(false);
  const name = customerName(order);
  if (name) text(`Kunde: ${name}`);
  if (order.company && name !== order.company) text(order.company);
  if (order.isDelivery) {
    const details = [
      order.stairway ? `Stiege ${order.stairway}` : '',
      order.floor ? `Stock ${order.floor}` : '',
      order.door ? `Tür ${order.door}` : '',
    ].filter(Boolean);
    const street = [order.street, ...details].filter(Boolean).join(', ');
    for (const l of wrap(`Adresse: ${street}`, width)) text(l);
    const city = [order.zipCode, order.city].filter(Boolean).join(' ');
    if (city) text(`         ${city}`);
    if (order.deliveryArea) text(`Zone: ${order.deliveryArea}`);
  }
  if (order.phone && (order.isDelivery || !kitchen)) text(`Tel.: ${order.phone}`);
  rule();

  for (const item of order.items) printItem(item);
  rule();
  if (order.comment) {
    p.bold(true);
    text('Anmerkung:');
    p.bold(false);
    for (const l of wrap(order.comment, width)) text(l);
    rule();
  }

  if (!kitchen && order.pricing) {
    const pricing = order.pricing;
    for (const l of leftRight('Zwischensumme', money(pricing.gross), width)) text(l);
    if (pricing.deliveryGross)
      for (const l of leftRight('Lieferung', money(pricing.deliveryGross), width)) text(l);
    p.bold(true);
    p.setTextDoubleHeight();
    for (const l of leftRight('SUMME €', money(pricing.totalGross), width)) text(l);
    p.setTextNormal();
    p.bold(false);
    const rates = Object.entries(pricing.taxes).sort(([a], [b]) => Number(a) - Number(b));
    for (const [rate, amount] of rates)
      for (const l of leftRight(`  enth. USt. ${amountText(Number(rate))} %`, money(amount), width)) text(l);
    for (const l of leftRight('  Netto', money(pricing.totalNet), width)) text(l);
    rule();
  }
  if (!kitchen) {
    text(`Zahlung: ${PAYMENT_METHODS[order.paymentMethod] ?? order.paymentMethod}`);
    p.bold(true);
    text(order.payment?.text ?? (order.isPaid ? 'Bezahlt' : 'Nicht bezahlt'));
    p.bold(false);
    p.alignCenter();
    const url = `${job.publicUrl.replace(/\/+$/, '')}/status/${order.uid}/${order.hash}`;
    if (printer.type === 'star') p.append(starQr(url));
    else p.printQR(url, { cellSize: 4, correction: 'M', model: 2 });
    p.newLine();
    text('Status Ihrer Bestellung');
    p.alignLeft();
  }
  jobLine();
  p.cut();
  return p.getBuffer();

  /** The slip: which order (number, type, time, items), so the kitchen finds and stops it. */
  function cancellationSlip(order: ReceiptOrder): Buffer {
    p.bold(true);
    p.setTextDoubleHeight();
    text(order.ticketNumber != null ? `Nr. ${order.ticketNumber}` : 'Bestellung');
    text(orderTypeText(order));
    p.setTextNormal();
    p.bold(false);
    p.alignLeft();
    rule();
    if (order.createdAt) text(`Bestellt:  ${dateTime(order.createdAt, timeZone)}`);
    text(`Storniert: ${dateTime(job.createdAt, timeZone)}`);
    const name = customerName(order);
    if (name) text(`Kunde: ${name}`);
    if (order.rejectionMessage) for (const l of wrap(`Grund: ${order.rejectionMessage}`, width)) text(l);
    rule();
    for (const item of order.items)
      for (const l of wrap(`${amountText(item.amount)} x ${item.name}`, width)) text(l);
    rule();
    p.alignCenter();
    p.bold(true);
    text('*** STORNIERT ***');
    p.bold(false);
    p.alignLeft();
    jobLine();
    p.cut();
    return p.getBuffer();
  }

  function printItem(item: ReceiptItem): void {
    const unit = unitText(item.unit);
    const label = `${amountText(item.amount)} ${unit} ${item.name}`;
    p.bold(kitchen);
    if (kitchen || item.isPriceHidden) for (const l of wrap(label, width)) text(l);
    else for (const l of leftRight(label, money(item.price), width)) text(l);
    p.bold(false);
    for (const part of item.partLabels ?? []) for (const l of wrap(`  + ${part}`, width)) text(l);
  }
}

/**
 * One label per order item (for bags and boxes), laid out as the sheets of spec section 9: a grid of
 * `rows` × `columns` cells side by side across the paper, a cut after every full sheet. Compact: one line
 * per label (ticket number, amount, item); detail: ticket number and order type, the item over two lines,
 * its parts, the customer.
 */
export function renderLabels(
  job: PrintJob,
  printer: PrinterSettings,
  layout: LabelLayout,
  options: RenderOptions = {},
): Buffer {
  const { rows, columns, lines } = LABEL_LAYOUTS[layout];
  const order = job.order!;
  const p = new ThermalPrinter({
    type: printer.type === 'star' ? PrinterTypes.STAR : PrinterTypes.EPSON,
    interface: `tcp://${printer.host}:${printer.port}`,
    width: printer.width,
    characterSet: CharacterSet.PC858_EURO,
    removeSpecialCharacters: false,
  });
  const cell = Math.floor((printer.width - (columns - 1)) / columns);
  const fit = (text: string) => printable(text).slice(0, cell).padEnd(cell);
  const ticket = order.ticketNumber != null ? `Nr. ${order.ticketNumber}` : `#${order.id}`;
  const labels: string[][] = order.items.map((item) => {
    const what = `${amountText(item.amount)} ${unitText(item.unit)} ${item.name}`;
    if (layout === 'compact')
      return [`${order.ticketNumber ?? order.id} ${amountText(item.amount)}x ${item.name}`];
    const wrapped = wrap(what, cell);
    return [
      `${ticket} ${orderTypeText(order)}`,
      wrapped[0] ?? '',
      wrapped[1] ?? '',
      (item.partLabels ?? []).length ? `+ ${(item.partLabels ?? []).join(', ')}` : customerName(order),
    ].slice(0, lines);
  });
  p.alignLeft();
  if (options.copy) p.println('*** KOPIE ***');
  const perSheet = rows * columns;
  for (let sheet = 0; sheet * perSheet < labels.length; sheet++) {
    const onSheet = labels.slice(sheet * perSheet, (sheet + 1) * perSheet);
    for (let row = 0; row * columns < onSheet.length; row++) {
      const cells = onSheet.slice(row * columns, (row + 1) * columns);
      for (let line = 0; line < lines; line++)
        p.println(
          cells
            .map((c) => fit(c[line] ?? ''))
            .join(' ')
            .trimEnd(),
        );
      if (layout === 'detail') p.newLine();
    }
    p.cut();
  }
  return p.getBuffer();
}

/**
 * A QR code in STAR line mode. node-thermal-printer 4.6.1 leaves out the "ESC GS y D 1 0" before the data
 * length on STAR, so a real printer would take the length for text; this is the sequence of the STAR
 * command manual: model 2, correction M, cell size 4, data (auto setting), print.
 */
export function starQr(data: string): Buffer {
  const bytes = Buffer.from(data, 'latin1');
  return Buffer.concat([
    Buffer.from([0x1b, 0x1d, 0x79, 0x53, 0x30, 0x02]),
    Buffer.from([0x1b, 0x1d, 0x79, 0x53, 0x31, 0x01]),
    Buffer.from([0x1b, 0x1d, 0x79, 0x53, 0x32, 0x04]),
    Buffer.from([0x1b, 0x1d, 0x79, 0x44, 0x31, 0x00, bytes.length % 256, Math.floor(bytes.length / 256)]),
    bytes,
    Buffer.from([0x1b, 0x1d, 0x79, 0x50]),
  ]);
}

/** The payment methods' German names (as in common's texts). */
export const PAYMENT_METHODS: Record<string, string> = {
  cash: 'Barzahlung',
  'atm-card': 'Bankomatkarte',
  'hydro-ag-voucher': 'Hydro AG Gutschein',
  mollie: 'Online-Zahlung (Mollie)',
  datatrans: 'Online-Zahlung (Datatrans)',
};
