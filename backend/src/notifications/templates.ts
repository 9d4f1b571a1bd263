import {
  formatDate,
  formatMoney,
  formatTime,
  isUnitCode,
  t,
  toCents,
  unitLabel,
  unitType,
  type OrderOffer,
  type OrderWithdrawal,
} from '@ordering/common';

/** A rendered e-mail: subject, plain text and HTML. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** What every template needs besides the order. */
export interface MailContext {
  shopName: string;
  currency: string;
  publicUrl: string;
  branch: { name: string; email: string; phone: string; timeZone: string };
  reviewsEnabled: boolean;
}

/** The order fields the templates read (the staff view of the order event). */
export interface MailOrder {
  uid: string;
  hash: string;
  ticketNumber?: number | null;
  isQuotation?: boolean;
  isDelivery?: boolean;
  isDineIn?: boolean;
  isConfirmed?: boolean;
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  street?: string | null;
  zipCode?: string | null;
  city?: string | null;
  phone?: string | null;
  email?: string | null;
  comment?: string | null;
  tableIdentifier?: string | null;
  appointmentDate?: string | null;
  appointment?: string | null;
  counterAppointment?: string | null;
  rejectionMessage?: string | null;
  paymentMethod?: string;
  items?: Array<{
    name: string;
    amount: number;
    unit?: string;
    price: number;
    isPriceHidden?: boolean;
    partLabels?: string[];
  }>;
  pricing?: { deliveryGross?: number; totalGross?: number } | null;
  offer?: OrderOffer | null;
  createdAt?: string;
  withdrawal?: OrderWithdrawal | null;
}

/** The customer mails, by what happened. */
export type CustomerMailKind =
  | 'received'
  | 'confirmed'
  | 'counterOffer'
  | 'rejected'
  | 'inDelivery'
  | 'readyForPickup'
  | 'completed'
  | 'canceled'
  | 'counterOfferRejected'
  | 'changed'
  | 'deleted'
  | 'offer';

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** `${PUBLIC_URL}/status/{uid}/{hash}`: the customer's status page. */
export const statusUrl = (ctx: MailContext, order: MailOrder) =>
  `${ctx.publicUrl}/status/${encodeURIComponent(order.uid)}/${encodeURIComponent(order.hash)}`;

const money = (ctx: MailContext, amount: number | undefined) =>
  formatMoney(toCents(amount ?? 0), ctx.currency);

/** `Freitag, 21.11.2026, 18:30` style: date and time in the branch's time zone; null for "as soon as possible". */
export function formatAppointment(iso: string | null | undefined, timeZone: string): string | null {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return `${formatDate(at, timeZone)}, ${formatTime(at, timeZone)} Uhr`;
}

const address = (o: MailOrder) =>
  [o.street, [o.zipCode, o.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
const customerName = (o: MailOrder) => [o.firstName, o.lastName].filter(Boolean).join(' ').trim();
const ticket = (o: MailOrder) => (o.ticketNumber ? ` Nr. ${o.ticketNumber}` : '');
const noun = (o: MailOrder) => (o.isQuotation ? 'Anfrage' : 'Bestellung');
// The words of every face (docs/decisions/legal.md): Abholung, Lieferung, Vor Ort essen.
const orderType = (o: MailOrder) =>
  t(o.isDelivery ? 'orderType.delivery' : o.isDineIn ? 'orderType.dineIn' : 'orderType.takeaway');

/** The item lines and the total, as text lines. */
function itemLines(ctx: MailContext, order: MailOrder): string[] {
  const lines = (order.items ?? []).map((item) => {
    const parts = item.partLabels?.length ? ` (${item.partLabels.join(', ')})` : '';
    const price = item.isPriceHidden ? '' : `  ${money(ctx, item.price)}`;
    const amount = String(item.amount).replace('.', ',');
    const unit = isUnitCode(item.unit) && unitType(item.unit) !== 'amount' ? unitLabel(item.unit) : '×';
    return `${amount} ${unit} ${item.name}${parts}${price}`;
  });
  if (order.pricing?.deliveryGross) lines.push(`Lieferung  ${money(ctx, order.pricing.deliveryGross)}`);
  if (order.pricing?.totalGross !== undefined) lines.push(`Summe  ${money(ctx, order.pricing.totalGross)}`);
  return lines;
}

/** One paragraph or list of the body; HTML and text are rendered from the same blocks. */
type Block = { p: string } | { list: string[] } | { link: string; label: string } | { heading: string };

function render(
  ctx: MailContext,
  subject: string,
  greeting: string,
  blocks: Block[],
  signature = `${ctx.branch.name || ctx.shopName}${ctx.branch.phone ? `\nTel. ${ctx.branch.phone}` : ''}`,
): RenderedMail {
  const text = [
    greeting,
    '',
    ...blocks.flatMap((b) =>
      'p' in b
        ? [b.p, '']
        : 'list' in b
          ? [...b.list.map((l) => `- ${l}`), '']
          : 'link' in b
            ? [`${b.label}: ${b.link}`, '']
            : [b.heading, ''],
    ),
    'Freundliche Grüße',
    signature,
  ].join('\n');
  const html = `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; line-height: 1.5; color: #222; max-width: 600px; margin: 0 auto; padding: 16px">
<p>${escapeHtml(greeting)}</p>
${blocks
  .map((b) =>
    'p' in b
      ? `<p>${escapeHtml(b.p).replace(/\n/g, '<br>')}</p>`
      : 'list' in b
        ? `<ul>${b.list.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`
        : 'link' in b
          ? `<p><a href="${escapeHtml(b.link)}" style="display: inline-block; padding: 10px 16px; background: #1f6f43; color: #fff; text-decoration: none; border-radius: 4px">${escapeHtml(b.label)}</a></p>`
          : `<h2 style="font-size: 18px">${escapeHtml(b.heading)}</h2>`,
  )
  .join('\n')}
<p>Freundliche Grüße<br>${escapeHtml(signature).replace(/\n/g, '<br>')}</p>
</body></html>
`;
  return { subject, text, html };
}

/** The German mail to the customer for `kind`; every one links to the status page. */
export function customerMail(
  kind: CustomerMailKind,
  ctx: MailContext,
  order: MailOrder,
  changed: readonly string[] = [],
): RenderedMail {
  const name = customerName(order);
  const greeting = name ? `Guten Tag ${name},` : 'Guten Tag,';
  const link = { link: statusUrl(ctx, order), label: `${noun(order)} ansehen` };
  const tz = ctx.branch.timeZone;
  const subjectOf = (what: string) => `${ctx.shopName || ctx.branch.name}: ${what}`;
  const when = formatAppointment(order.appointment ?? order.appointmentDate, tz);
  switch (kind) {
    case 'received':
      return render(ctx, subjectOf(`Ihre ${noun(order)}${ticket(order)} ist eingegangen`), greeting, [
        {
          p: `vielen Dank für Ihre ${noun(order)} bei ${ctx.branch.name}. Wir haben sie erhalten und melden uns, sobald sie bestätigt ist.`,
        },
        { heading: `Ihre ${noun(order)}${ticket(order)} (${orderType(order)})` },
        { list: itemLines(ctx, order) },
        { p: `Gewünschter Termin: ${when ?? 'so bald wie möglich'}` },
        link,
      ]);
    case 'confirmed':
      return render(ctx, subjectOf(`Ihre ${noun(order)}${ticket(order)} ist bestätigt`), greeting, [
        { p: `Ihre ${noun(order)} bei ${ctx.branch.name} ist bestätigt.` },
        { p: `Termin: ${when ?? 'so bald wie möglich'}` },
        link,
      ]);
    case 'counterOffer': {
      const offered = formatAppointment(order.counterAppointment, tz) ?? '–';
      const base = statusUrl(ctx, order);
      return render(
        ctx,
        subjectOf(`Neuer Terminvorschlag für Ihre ${noun(order)}${ticket(order)}`),
        greeting,
        [
          {
            p: `zu Ihrem gewünschten Termin (${when ?? 'so bald wie möglich'}) können wir Ihre ${noun(order)} leider nicht erfüllen. Wir schlagen Ihnen stattdessen vor: ${offered}.`,
          },
          { link: `${base}?gegenangebot=annehmen`, label: 'Terminvorschlag annehmen' },
          {
            link: `${base}?gegenangebot=ablehnen`,
            label: 'Terminvorschlag ablehnen (die Bestellung wird storniert)',
          },
          { p: `Alle Details finden Sie auf der Statusseite: ${base}` },
        ],
      );
    }
    case 'rejected':
      return render(ctx, subjectOf(`Ihre ${noun(order)}${ticket(order)} wurde abgelehnt`), greeting, [
        { p: `leider können wir Ihre ${noun(order)} bei ${ctx.branch.name} nicht annehmen.` },
        { p: `Begründung: ${order.rejectionMessage?.trim() || 'keine Angabe'}` },
        link,
      ]);
    case 'inDelivery':
      return render(ctx, subjectOf(`Ihre Bestellung${ticket(order)} ist unterwegs`), greeting, [
        { p: 'Ihre Bestellung ist auf dem Weg zu Ihnen.' },
        link,
      ]);
    case 'readyForPickup':
      return render(ctx, subjectOf(`Ihre Bestellung${ticket(order)} ist abholbereit`), greeting, [
        { p: `Ihre Bestellung liegt bei ${ctx.branch.name} für Sie bereit.` },
        link,
      ]);
    case 'completed':
      return render(ctx, subjectOf(`Danke für Ihre ${noun(order)}${ticket(order)}`), greeting, [
        {
          p: `Ihre ${noun(order)} ist abgeschlossen. Vielen Dank, dass Sie bei ${ctx.branch.name} bestellt haben!`,
        },
        ...(ctx.reviewsEnabled
          ? [
              { p: 'Wie zufrieden waren Sie? Ihre Bewertung hilft uns sehr.' },
              { link: `${statusUrl(ctx, order)}#bewertung`, label: 'Jetzt bewerten' },
            ]
          : [link]),
      ]);
    case 'canceled':
      return render(ctx, subjectOf(`Ihre ${noun(order)}${ticket(order)} wurde storniert`), greeting, [
        { p: `Ihre ${noun(order)} bei ${ctx.branch.name} wurde storniert.` },
        link,
      ]);
    case 'counterOfferRejected':
      return render(ctx, subjectOf(`Ihre ${noun(order)}${ticket(order)} wurde storniert`), greeting, [
        { p: `Sie haben unseren Terminvorschlag abgelehnt; Ihre ${noun(order)} ist damit storniert.` },
        link,
      ]);
    case 'changed':
      return render(ctx, subjectOf(`Ihre ${noun(order)}${ticket(order)} wurde geändert`), greeting, [
        {
          p: `wir haben Ihre ${noun(order)} bei ${ctx.branch.name} geändert${changed.length ? ` (${changed.join(', ')})` : ''}. So sieht sie jetzt aus:`,
        },
        { heading: `Ihre ${noun(order)}${ticket(order)} (${orderType(order)})` },
        { list: itemLines(ctx, order) },
        { p: `Termin: ${when ?? 'so bald wie möglich'}` },
        ...(order.isDelivery ? [{ p: `Lieferadresse: ${address(order) || '–'}` }] : []),
        { p: 'Falls etwas nicht stimmt, melden Sie sich bitte bei uns.' },
        link,
      ]);
    case 'offer': {
      const offer = order.offer;
      const lines = (offer?.lines ?? []).map(
        (l) =>
          `${String(l.amount).replace('.', ',')} ${isUnitCode(l.unit) && unitType(l.unit) !== 'amount' ? unitLabel(l.unit) : '×'} ${l.name}  ${money(ctx, Math.round(l.unitPrice * l.amount * 100) / 100)}`,
      );
      const until = offer ? formatDate(new Date(`${offer.validUntil}T12:00:00Z`), tz) : '–';
      return render(ctx, subjectOf(`Ihr Angebot zu Ihrer Anfrage`), greeting, [
        { p: `vielen Dank für Ihre Anfrage bei ${ctx.branch.name}. Gerne bieten wir Ihnen an:` },
        { list: [...lines, `Summe  ${money(ctx, offer?.pricing.totalGross)}`] },
        ...(offer?.message ? [{ p: offer.message }] : []),
        { p: `Das Angebot gilt bis ${until}. Sie können es auf der Statusseite annehmen oder ablehnen.` },
        { link: `${statusUrl(ctx, order)}#angebot`, label: 'Angebot ansehen' },
      ]);
    }
    case 'deleted':
      // The status page is gone with the order: no link, the branch's phone is in the signature.
      return render(ctx, subjectOf(`Ihre ${noun(order)}${ticket(order)} wurde storniert`), greeting, [
        {
          p: `Ihre ${noun(order)} bei ${ctx.branch.name} wurde von uns storniert und wird nicht ausgeführt.`,
        },
        { p: 'Bei Fragen erreichen Sie uns unter den unten stehenden Kontaktdaten.' },
      ]);
  }
}

/**
 * The confirmation of a withdrawal (§356a (3) BGB: at once, on a durable medium, with the declaration's
 * content and the date and time it was received), to the address the customer gave in the form.
 */
export function withdrawalMail(
  ctx: MailContext,
  order: MailOrder,
  withdrawal: OrderWithdrawal,
  orderNumber: string,
): RenderedMail {
  const tz = ctx.branch.timeZone;
  const received = formatAppointment(withdrawal.withdrawnAt, tz) ?? withdrawal.withdrawnAt;
  const placed = order.createdAt ? formatDate(new Date(order.createdAt), tz) : null;
  const what = `${noun(order)} Nr. ${orderNumber}${placed ? ` vom ${placed}` : ''} bei ${ctx.branch.name}`;
  return render(
    ctx,
    `${ctx.shopName || ctx.branch.name}: Eingangsbestätigung Ihres Widerrufs (${noun(order)} Nr. ${orderNumber})`,
    `Guten Tag ${withdrawal.name},`,
    [
      {
        p: `wir bestätigen den Eingang Ihres Widerrufs. Ihre Erklärung ist am ${received} bei uns eingegangen.`,
      },
      { heading: 'Inhalt Ihrer Erklärung' },
      {
        list: [
          `Hiermit widerrufe ich den Vertrag über die ${what}.`,
          `Name: ${withdrawal.name}`,
          `E-Mail-Adresse für die Bestätigung: ${withdrawal.email}`,
          ...(withdrawal.note ? [`Anmerkung: ${withdrawal.note}`] : []),
          `Eingegangen am: ${received}`,
        ],
      },
      { heading: 'Ihr Vertrag' },
      { list: itemLines(ctx, order) },
      {
        p: 'Bereits geleistete Zahlungen erstatten wir Ihnen nach den Bedingungen der Widerrufsbelehrung. Wir melden uns bei Ihnen, falls wir noch etwas brauchen.',
      },
      { link: statusUrl(ctx, order), label: `${noun(order)} ansehen` },
    ],
  );
}

/** The German mail to the branch about a new order (or quotation request). */
export function branchNewOrderMail(ctx: MailContext, order: MailOrder, backOfficeUrl: string): RenderedMail {
  const when = formatAppointment(order.appointment ?? order.appointmentDate, ctx.branch.timeZone);
  const contact = [
    customerName(order) || '–',
    order.company,
    address(order),
    order.phone ? `Tel. ${order.phone}` : null,
    order.email ? `E-Mail ${order.email}` : null,
    order.tableIdentifier ? `Tisch ${order.tableIdentifier}` : null,
  ].filter((l): l is string => !!l);
  return render(
    ctx,
    `Neue ${noun(order)}${ticket(order)} (${orderType(order)}) – ${ctx.branch.name}`,
    'Hallo,',
    [
      { p: `es ist eine neue ${noun(order)} eingegangen.` },
      { heading: 'Kunde' },
      { list: contact },
      { heading: `${noun(order)} (${orderType(order)}), Termin: ${when ?? 'so bald wie möglich'}` },
      { list: itemLines(ctx, order) },
      ...(order.comment ? [{ p: `Anmerkung: ${order.comment}` }] : []),
      { link: backOfficeUrl, label: 'Im Backoffice öffnen' },
    ],
    `Ihr Bestellsystem${ctx.shopName ? ` (${ctx.shopName})` : ''}`,
  );
}

/** The SMS to the customer (plain, short, with the status link). */
export function customerSms(kind: CustomerMailKind, ctx: MailContext, order: MailOrder): string {
  const who = ctx.branch.name || ctx.shopName;
  const when = formatAppointment(order.appointment ?? order.appointmentDate, ctx.branch.timeZone);
  const url = statusUrl(ctx, order);
  const texts: Record<CustomerMailKind, string> = {
    received: `${who}: Ihre ${noun(order)}${ticket(order)} ist eingegangen.`,
    confirmed: `${who}: Ihre ${noun(order)}${ticket(order)} ist bestätigt. Termin: ${when ?? 'so bald wie möglich'}.`,
    counterOffer: `${who}: Neuer Terminvorschlag für Ihre ${noun(order)}${ticket(order)}: ${formatAppointment(order.counterAppointment, ctx.branch.timeZone) ?? '–'}. Bitte bestätigen:`,
    rejected: `${who}: Ihre ${noun(order)}${ticket(order)} wurde leider abgelehnt.`,
    inDelivery: `${who}: Ihre Bestellung${ticket(order)} ist unterwegs.`,
    readyForPickup: `${who}: Ihre Bestellung${ticket(order)} ist abholbereit.`,
    completed: `${who}: Danke für Ihre ${noun(order)}!`,
    canceled: `${who}: Ihre ${noun(order)}${ticket(order)} wurde storniert.`,
    counterOfferRejected: `${who}: Ihre ${noun(order)}${ticket(order)} wurde storniert.`,
    changed: `${who}: Ihre ${noun(order)}${ticket(order)} wurde geändert.`,
    deleted: `${who}: Ihre ${noun(order)}${ticket(order)} wurde storniert.`,
    offer: `${who}: Ihr Angebot zu Ihrer Anfrage ist da.`,
  };
  return `${texts[kind]} ${url}`.replace(/\u00a0/g, ' ');
}
