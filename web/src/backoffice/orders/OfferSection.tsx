import {
  addDays,
  formatIsoDate,
  formatMoney,
  isFinalOrder,
  localDate,
  offerState,
  toCents,
  UNIT_CODES,
  unitLabel,
  type IsoDate,
  type OfferLine,
  type OfferState,
  type UnitCode,
} from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { ApiErrorEntry } from '../../api/types';
import { DateInput } from '../editors/dates/DateInput';
import { MoneyInput } from '../editors/MoneyInput';
import { ConfirmInline } from './OrderEdit';
import type { OrdersStore } from './OrdersStore';
import type { StaffOrder } from '@ordering/common';

/** How long a new offer is valid by default (days; staff change it). docs/decisions/orders.md */
export const OFFER_VALID_DAYS = 14;

/** The offer's state as staff read it on the panel. */
export const OFFER_STATE_TEXT: Record<OfferState, string> = {
  open: 'wartet auf den Kunden',
  accepted: 'angenommen',
  declined: 'abgelehnt',
  expired: 'abgelaufen',
};

/** A line while staff type it: the price may be empty until they enter one. */
interface DraftLine extends Omit<OfferLine, 'unitPrice'> {
  unitPrice: number | null;
  /** Stable React key: the amount and tax inputs keep their own text while other lines are removed. */
  key: number;
}

let nextKey = 1;

/** The exact total of the lines in cents, as the server prices them (each line rounded to the cent). */
export function offerTotalCents(lines: readonly Pick<DraftLine, 'amount' | 'unitPrice'>[]): number {
  return lines.reduce(
    (sum, line) =>
      sum +
      (line.unitPrice === null || !(line.amount > 0) ? 0 : Math.round(toCents(line.unitPrice) * line.amount)),
    0,
  );
}

/** The offer starts from what the customer asked for: the request's items, with their prices if shown. */
function draftOf(order: StaffOrder): DraftLine[] {
  const fromOffer = order.offer?.lines;
  if (fromOffer && fromOffer.length > 0) return fromOffer.map((line) => ({ ...line, key: nextKey++ }));
  const lines = order.items.map((item) => ({
    name: item.name,
    amount: item.amount,
    unit: item.unit,
    unitPrice: item.isPriceHidden || !(item.unitPrice > 0) ? null : item.unitPrice,
    tax: item.tax,
    key: nextKey++,
  }));
  return lines.length > 0 ? lines : [emptyLine(20)];
}

const emptyLine = (tax: number): DraftLine => ({
  name: '',
  amount: 1,
  unit: 'piece',
  unitPrice: null,
  tax,
  key: nextKey++,
});

/**
 * A quotation request in the panel: the offer sent (its lines, total, validity, message and the customer's
 * answer, live with the order's events) and, while the request is open, the form to send one (or a new one
 * in place of an open or expired offer).
 */
export const OfferSection = observer(function OfferSection({
  orders,
  order,
  now,
  onSent,
}: {
  orders: OrdersStore;
  order: StaffOrder;
  now: Date;
  onSent: () => void;
}) {
  const offer = order.offer ?? null;
  const today = localDate(now);
  const state = offer ? offerState(offer, today) : null;
  const canSend = order.isQuotation && !isFinalOrder(order) && !offer?.answer;
  const [composing, setComposing] = useState(false);
  const headingId = useId();
  if (!offer && !canSend) return null;
  return (
    <section className="offer" aria-labelledby={headingId}>
      <h3 id={headingId}>Angebot</h3>
      {offer && state && (
        <div className={`offer__sent offer__sent--${state}`} data-testid="offer-sent">
          <p className="offer__state">
            <strong>Angebot gesendet</strong> · {OFFER_STATE_TEXT[state]}
          </p>
          <table className="detail-items">
            <thead>
              <tr>
                <th scope="col">Position</th>
                <th scope="col" className="num">
                  Menge
                </th>
                <th scope="col" className="num">
                  Preis
                </th>
              </tr>
            </thead>
            <tbody>
              {offer.lines.map((line, index) => (
                <tr key={index}>
                  <td>{line.name}</td>
                  <td className="num">
                    {formatAmount(line.amount)} {unitLabel(line.unit)}
                  </td>
                  <td className="num">{formatMoney(Math.round(toCents(line.unitPrice) * line.amount))}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Gesamt
                </th>
                <td className="num">
                  <strong>{formatMoney(toCents(offer.pricing.totalGross))}</strong>
                </td>
              </tr>
            </tfoot>
          </table>
          <p className="offer__meta">
            Gültig bis {formatIsoDate(offer.validUntil)}
            {offer.message ? (
              <>
                {' '}
                · <span className="offer__message">„{offer.message}“</span>
              </>
            ) : null}
          </p>
        </div>
      )}
      {canSend && !composing && (
        <div className="action-row">
          <button
            type="button"
            className={`button ${offer ? '' : 'button--primary'}`}
            onClick={() => setComposing(true)}
          >
            {offer ? 'Neues Angebot erstellen' : 'Angebot erstellen'}
          </button>
        </div>
      )}
      {canSend && composing && (
        <OfferForm
          orders={orders}
          order={order}
          today={today}
          onDone={(sent) => {
            setComposing(false);
            if (sent) onSent();
          }}
        />
      )}
    </section>
  );
});

const formatAmount = (amount: number) => amount.toLocaleString('de-DE', { maximumFractionDigits: 3 });

/** Lines, validity and message of an offer; sent after the panel's own confirmation. */
const OfferForm = observer(function OfferForm({
  orders,
  order,
  today,
  onDone,
}: {
  orders: OrdersStore;
  order: StaffOrder;
  today: IsoDate;
  onDone: (sent: boolean) => void;
}) {
  const [lines, setLines] = useState<DraftLine[]>(() => draftOf(order));
  const [validUntil, setValidUntil] = useState<IsoDate | null>(
    () => order.offer?.validUntil ?? addDays(today, OFFER_VALID_DAYS),
  );
  const [message, setMessage] = useState(() => order.offer?.message ?? '');
  const [errors, setErrors] = useState<ApiErrorEntry[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const prefix = `offer-${order.id}-`;
  const total = offerTotalCents(lines);
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  // A message of the server for no field shown here (or for the whole list) stands above the buttons.
  const shownFields = new Set([
    'validUntil',
    'message',
    ...lines.flatMap((_, i) => ['name', 'amount', 'unitPrice', 'tax', 'unit'].map((f) => `lines.${i}.${f}`)),
  ]);
  const general = errors.filter((e) => !e.field || !shownFields.has(e.field));

  // A field's message from the server goes once staff change that field.
  const clearError = (...fields: string[]) =>
    setErrors(errors.filter((e) => !fields.includes(e.field ?? '')));
  const change = (index: number, patch: Partial<DraftLine>) => {
    setLines(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
    clearError(...Object.keys(patch).map((key) => `lines.${index}.${key}`), 'lines');
  };

  function review(event: FormEvent) {
    event.preventDefault();
    setErrors([]);
    setConfirming(true);
  }

  async function send() {
    setConfirming(false);
    setSending(true);
    const problems = await orders.sendOffer(order.id, {
      // An empty price goes as it is, so the server names the field in its German message.
      lines: lines.map(({ key: _key, ...line }) => ({ ...line, name: line.name.trim() })),
      validUntil,
      message: message.trim(),
    });
    setSending(false);
    setErrors(problems);
    if (problems.length === 0) onDone(true);
  }

  const field = (
    name: string,
    label: string,
    control: (id: string, error?: string) => ReactNode,
    wide = false,
  ) => {
    const id = `${prefix}${name}`;
    const error = errorOf(name);
    return (
      <div className={`order-edit__field${wide ? ' order-edit__field--wide' : ''}`}>
        <label htmlFor={id}>{label}</label>
        {control(id, error)}
        {error && (
          <span className="ed-error" id={`${id}-error`} role="alert">
            {error}
          </span>
        )}
      </div>
    );
  };
  const described = (id: string, error?: string) =>
    error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

  return (
    <form className="order-edit offer__form" onSubmit={review} aria-label="Angebot erstellen" noValidate>
      <fieldset>
        <legend>Positionen</legend>
        {errorOf('lines') && (
          <p className="ed-error" role="alert">
            {errorOf('lines')}
          </p>
        )}
        <ol className="offer__lines">
          {lines.map((line, index) => (
            <li className="offer__line" key={line.key}>
              <div className="offer__line-head">
                {field(
                  `lines.${index}.name`,
                  `Position ${index + 1}`,
                  (id, error) => (
                    <input
                      id={id}
                      value={line.name}
                      maxLength={200}
                      onChange={(e) => change(index, { name: e.target.value })}
                      {...described(id, error)}
                    />
                  ),
                  true,
                )}
                {lines.length > 1 && (
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    onClick={() => setLines(lines.filter((_, i) => i !== index))}
                  >
                    Entfernen<span className="visually-hidden"> (Position {index + 1})</span>
                  </button>
                )}
              </div>
              <div className="offer__line-numbers">
                {field(`lines.${index}.amount`, 'Menge', (id, error) => (
                  <input
                    id={id}
                    inputMode="decimal"
                    defaultValue={formatAmount(line.amount)}
                    onChange={(e) => {
                      const value = Number(e.target.value.replace(/\./g, '').replace(',', '.'));
                      change(index, { amount: Number.isFinite(value) ? value : 0 });
                    }}
                    {...described(id, error)}
                  />
                ))}
                {field(`lines.${index}.unit`, 'Einheit', (id) => (
                  <select
                    id={id}
                    value={line.unit}
                    onChange={(e) => change(index, { unit: e.target.value as UnitCode })}
                  >
                    {UNIT_CODES.map((unit) => (
                      <option key={unit} value={unit}>
                        {unitLabel(unit)}
                      </option>
                    ))}
                  </select>
                ))}
                {field(`lines.${index}.unitPrice`, 'Preis je Einheit (€)', (id, error) => (
                  <MoneyInput
                    id={id}
                    value={line.unitPrice}
                    nullable
                    invalid={!!error}
                    aria-describedby={error ? `${id}-error` : undefined}
                    onChange={(value) => change(index, { unitPrice: value })}
                  />
                ))}
                {field(`lines.${index}.tax`, 'MwSt. (%)', (id, error) => (
                  <input
                    id={id}
                    inputMode="decimal"
                    defaultValue={String(line.tax).replace('.', ',')}
                    onChange={(e) => change(index, { tax: Number(e.target.value.replace(',', '.')) })}
                    {...described(id, error)}
                  />
                ))}
              </div>
            </li>
          ))}
        </ol>
        <div className="action-row action-row--center offer__total-row">
          <button
            type="button"
            className="button"
            onClick={() => setLines([...lines, emptyLine(lines[lines.length - 1]?.tax ?? 20)])}
          >
            Position hinzufügen
          </button>
          <p className="offer__total" aria-live="polite">
            Gesamt <strong data-testid="offer-total">{formatMoney(total)}</strong>
          </p>
        </div>
      </fieldset>
      <div className="order-edit__grid">
        {field('validUntil', 'Gültig bis', (id, error) => (
          <DateInput
            id={id}
            label="Gültig bis"
            value={validUntil}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(value) => {
              setValidUntil(value);
              clearError('validUntil');
            }}
          />
        ))}
        {field(
          'message',
          'Nachricht an den Kunden',
          (id, error) => (
            <textarea
              id={id}
              rows={3}
              maxLength={2000}
              value={message}
              onChange={(e) => {
                setMessage(e.target.value);
                clearError('message');
              }}
              {...described(id, error)}
            />
          ),
          true,
        )}
      </div>
      {general.map((e, i) => (
        <p className="alert alert--error" role="alert" key={i}>
          {e.message}
        </p>
      ))}
      {confirming ? (
        <ConfirmInline
          text={`Angebot über ${formatMoney(total)}${
            validUntil ? `, gültig bis ${formatIsoDate(validUntil)},` : ''
          } an ${order.email || 'den Kunden'} senden? Der Kunde kann es auf der Statusseite annehmen oder ablehnen.`}
          confirmLabel="Angebot senden"
          busy={sending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void send()}
        />
      ) : (
        <div className="action-row">
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? 'Wird gesendet …' : 'Angebot senden …'}
          </button>
          <button type="button" className="button" onClick={() => onDone(false)}>
            Abbrechen
          </button>
        </div>
      )}
    </form>
  );
});
