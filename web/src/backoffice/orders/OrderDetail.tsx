import {
  allowedActions,
  customerStatusText,
  formatDate,
  formatMoney,
  isFinalOrder,
  ONLINE_PAYMENT_METHODS,
  orderTimes,
  t,
  toCents,
  PAYMENT_METHODS,
  type OrderStatusAction,
} from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import {
  customerName,
  formatWhen,
  itemAmount,
  orderTotal,
  orderTypeLabel,
  PENDING_PAYMENT,
  withdrawnLabel,
} from './board';
import { DateTimeInput } from '../editors/dates/DateInput';
import { ConfirmInline, ItemEditor, OrderFieldsForm } from './OrderEdit';
import type { OrdersStore } from './OrdersStore';
import { OfferSection } from './OfferSection';
import { PrintMenu } from './PrintMenu';
import { printedOnNotice, printNotice, type PrintersStore } from './PrintersStore';
import { ReviewAnswers } from './RatingStars';
import type { StaffOrder } from '@ordering/common';

/** "Barzahlung", "Bankomatkarte" … from common's catalogue. */
const paymentMethodText = (method: string) =>
  (PAYMENT_METHODS as readonly string[]).includes(method)
    ? t(`paymentMethod.${method}` as 'paymentMethod.cash')
    : method;

const money = (major: number | undefined) => (typeof major === 'number' ? formatMoney(toCents(major)) : '–');

/** What waits for the app's own confirmation in the panel. */
type Confirming =
  | { kind: 'order' }
  | { kind: 'item'; index: number }
  | { kind: 'reject'; message: string }
  | { kind: 'cancel' };

/**
 * The order in a side panel: every field, and the actions common's status machine allows now. Rejecting,
 * cancelling and deleting stand apart from the actions that move the order on, and each asks first in the
 * panel (the safe answer has the focus).
 */
export const OrderDetail = observer(function OrderDetail({
  orders,
  printers,
  order,
  now,
  rejectionReasons,
  onClose,
}: {
  orders: OrdersStore;
  printers: PrintersStore;
  order: StaffOrder;
  now: Date;
  /** The shop's preset reasons of a rejection (its configuration); "Anderer Grund …" is always offered. */
  rejectionReasons: readonly string[];
  onClose: () => void;
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  // The chosen preset reason (its index) or 'other' for free text; with no presets, free text at once.
  const [reason, setReason] = useState<number | 'other' | null>(
    rejectionReasons.length === 0 ? 'other' : null,
  );
  const [rejectMessage, setRejectMessage] = useState('');
  // Quick times count from the wanted time of a pre-order, else from now ("fertig in 30 Minuten").
  const requested = order.appointmentDate ? Date.parse(order.appointmentDate) : 0;
  const base = Math.max(now.getTime(), requested);
  const fromRequest = requested > now.getTime();
  // The counter-offer as an instant (ISO 8601); '' while the input holds no complete date and time.
  const [counter, setCounter] = useState(() => new Date(base + 60 * 60_000).toISOString());
  const [notice, setNotice] = useState<string | null>(null);
  // The item being changed (its index), 'new' while one is added, null otherwise.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [editingFields, setEditingFields] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [printing, setPrinting] = useState(false);
  // The button that asked, so "Abbrechen" gives the focus back to it.
  const askedBy = useRef<HTMLElement | null>(null);

  useEffect(() => {
    panelRef.current?.focus();
    void orders.reload(order.id);
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        // Escape steps back out of an open confirmation or form before it closes the panel.
        if (document.activeElement?.closest('.order-confirm, .order-edit')) return;
        onClose();
      }
      if (event.key === 'Tab') keepFocusInside(panelRef.current, event);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
    // Only when another order is opened.
  }, [order.id]);

  const pending = order.status === PENDING_PAYMENT;
  const online = (ONLINE_PAYMENT_METHODS as readonly string[]).includes(order.paymentMethod);
  const actions: readonly OrderStatusAction[] = pending ? [] : allowedActions(order);
  const can = (action: OrderStatusAction) => actions.includes(action);
  const busy = orders.busyAction !== null;
  const editable = !pending && !isFinalOrder(order);
  const ticket = order.ticketNumber ? `#${order.ticketNumber}` : `Bestellung ${order.id}`;

  async function run(action: Parameters<OrdersStore['act']>[1], done: string | (() => string)) {
    setNotice(null);
    if (!(await orders.act(order.id, action))) return;
    if (typeof done === 'string') return setNotice(done);
    await printers.load(); // what the printers say now, not at the board's first load
    setNotice(done());
  }

  function ask(what: Confirming) {
    askedBy.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setConfirming(what);
  }

  function dismiss() {
    setConfirming(null);
    const trigger = askedBy.current;
    requestAnimationFrame(() => trigger?.isConnected && trigger.focus());
  }

  // The text the customer reads: the chosen preset or what staff wrote.
  const chosenReason =
    reason === 'other' ? rejectMessage.trim() : reason === null ? '' : (rejectionReasons[reason] ?? '');
  const times = orderTimes(order);

  function confirmIn(minutes: number) {
    const at = new Date(base + minutes * 60_000).toISOString();
    void run({ action: 'confirm', body: { appointment: at } }, `Bestätigt für ${formatWhen(at, now)}.`);
  }

  const address = [
    order.street,
    [
      order.floor && `Stock ${order.floor}`,
      order.stairway && `Stiege ${order.stairway}`,
      order.door && `Tür ${order.door}`,
    ]
      .filter(Boolean)
      .join(', '),
    [order.zipCode, order.city].filter(Boolean).join(' '),
  ].filter((line) => typeof line === 'string' && line.trim() !== '');

  return (
    <div className="drawer-backdrop" onClick={onClose}>
      <div
        className="drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby="order-detail-title"
        tabIndex={-1}
        ref={panelRef}
        onClick={(e) => e.stopPropagation()}
      >
        <div className="drawer__head">
          <h2 id="order-detail-title">
            {ticket} · {orderTypeLabel(order)}
          </h2>
          {/* An icon, so the panel's "Schließen" is not mistaken for the order's "Abschließen". */}
          <button
            type="button"
            className="icon-button drawer__close"
            aria-label="Schließen"
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <p className="drawer__status" data-testid="order-status">
          {pending ? 'Warten auf Zahlung' : customerStatusText(order)}
          {order.payment?.text ? ` · ${order.payment.text}` : ''}
        </p>
        {order.withdrawal && (
          <div className="alert alert--error drawer__withdrawal" data-testid="order-withdrawal">
            <strong>{withdrawnLabel(order)}</strong> von {order.withdrawal.name} ({order.withdrawal.email})
            {order.withdrawal.note ? `: „${order.withdrawal.note}“` : ''}. Erstattung und Storno bitte selbst
            veranlassen.
          </div>
        )}
        {orders.actionError && (
          <p className="alert alert--error" role="alert">
            {orders.actionError}
          </p>
        )}
        {notice && (
          <p className="alert alert--success" role="status">
            {notice}
          </p>
        )}

        <div className="drawer__actions" aria-label="Aktionen">
          {can('confirm') && (
            <fieldset className="action-group">
              <legend>Annehmen</legend>
              <div className="action-row">
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy}
                  onClick={() => void run({ action: 'confirm' }, 'Bestätigt.')}
                >
                  {order.appointmentDate ? 'Zum Wunschtermin bestätigen' : 'Bestätigen'}
                </button>
              </div>
              <div className="action-row action-row--center">
                <span className="action-caption">{fromRequest ? 'Wunschtermin' : 'Ab jetzt'}</span>
                {[15, 30, 45].map((m) => (
                  <button
                    key={m}
                    type="button"
                    className="button"
                    disabled={busy}
                    onClick={() => confirmIn(m)}
                  >
                    <span className="visually-hidden">{fromRequest ? 'Wunschtermin ' : 'Ab jetzt '}</span>+{m}{' '}
                    Min
                  </button>
                ))}
              </div>
              <div className="action-row">
                <div className="action-field">
                  <label htmlFor={`counter-${order.id}`}>Gegenvorschlag</label>
                  <DateTimeInput
                    id={`counter-${order.id}`}
                    label="Gegenvorschlag"
                    value={counter}
                    onChange={(value) => setCounter(value ?? '')}
                    onProblem={(problem) => problem && setCounter('')}
                  />
                </div>
                <button
                  type="button"
                  className="button"
                  disabled={busy || !counter}
                  onClick={() =>
                    void run(
                      { action: 'confirm', body: { counterAppointment: counter } },
                      'Gegenvorschlag gesendet; der Kunde antwortet auf der Statusseite.',
                    )
                  }
                >
                  Gegenvorschlag senden
                </button>
              </div>
            </fieldset>
          )}
          {(can('in-delivery') || can('delivered') || can('completed')) && (
            <div className="action-row">
              {can('in-delivery') && (
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy}
                  onClick={() =>
                    void run({ action: 'in-delivery' }, order.isDelivery ? 'In Zustellung.' : 'Abholbereit.')
                  }
                >
                  {order.isDelivery ? 'In Zustellung' : 'Abholbereit'}
                </button>
              )}
              {can('delivered') && (
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy}
                  onClick={() => void run({ action: 'delivered' }, 'Als geliefert markiert.')}
                >
                  Geliefert
                </button>
              )}
              {can('completed') && (
                <button
                  type="button"
                  className={`button ${can('delivered') ? '' : 'button--primary'}`}
                  disabled={busy}
                  onClick={() => void run({ action: 'completed' }, 'Abgeschlossen.')}
                >
                  Abschließen
                </button>
              )}
            </div>
          )}
          <div className="action-row">
            <button
              type="button"
              className="button"
              aria-expanded={printing}
              onClick={() => setPrinting(!printing)}
            >
              Drucken …
            </button>
            <button
              type="button"
              className="button"
              aria-expanded={editingFields}
              onClick={() => setEditingFields(!editingFields)}
            >
              Kontakt, Adresse, Termin ändern
            </button>
            {order.email && (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void run({ action: 'resend-email' }, 'E-Mail wurde erneut versendet.')}
              >
                E-Mail erneut senden
              </button>
            )}
            {order.phone && (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void run({ action: 'resend-sms' }, 'SMS wurde erneut versendet.')}
              >
                SMS erneut senden
              </button>
            )}
            {!online && !order.isPaid && !order.isCanceled && !order.isRejected && !order.isFailed && (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void run({ action: 'mark-paid' }, 'Als bezahlt erfasst.')}
              >
                Bezahlt (Kassa)
              </button>
            )}
            {online && (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void run({ action: 'payment' }, 'Zahlungsstatus wurde geprüft.')}
              >
                Zahlung prüfen
              </button>
            )}
          </div>
          {printing && (
            <PrintMenu
              printers={printers.of(order.branch?.id ?? null).filter((d) => d.paired)}
              busy={busy}
              onClose={() => setPrinting(false)}
              onPrint={(kind, device) => {
                setPrinting(false);
                void run(
                  { action: 'print', body: { kind, ...(device ? { device: { id: device.id } } : {}) } },
                  () => {
                    const now = device && printers.devices.get(device.id);
                    return now
                      ? printedOnNotice(kind, now)
                      : printNotice(printers.of(order.branch?.id ?? null));
                  },
                );
              }}
            />
          )}
          {can('reject') && (
            <fieldset className="action-group action-group--danger">
              <legend>Ablehnen</legend>
              <div className="reject-reasons">
                {rejectionReasons.map((text, index) => (
                  <label key={text} className="reject-reason">
                    <input
                      type="radio"
                      name={`reject-reason-${order.id}`}
                      checked={reason === index}
                      onChange={() => setReason(index)}
                    />
                    <span>{text}</span>
                  </label>
                ))}
                <label className="reject-reason">
                  <input
                    type="radio"
                    name={`reject-reason-${order.id}`}
                    checked={reason === 'other'}
                    onChange={() => setReason('other')}
                  />
                  <span>Anderer Grund …</span>
                </label>
              </div>
              {reason === 'other' && (
                <label className="action-field action-field--wide">
                  <span>Nachricht an den Kunden</span>
                  <input
                    type="text"
                    value={rejectMessage}
                    maxLength={2000}
                    onChange={(e) => setRejectMessage(e.target.value)}
                  />
                </label>
              )}
              <div className="action-row action-row--center">
                <button
                  type="button"
                  className="button button--danger"
                  disabled={busy || chosenReason === ''}
                  aria-describedby={chosenReason === '' ? `reject-hint-${order.id}` : undefined}
                  onClick={() => ask({ kind: 'reject', message: chosenReason })}
                >
                  Ablehnen …
                </button>
                {chosenReason === '' && (
                  <span className="action-caption" id={`reject-hint-${order.id}`}>
                    {reason === 'other' ? 'Bitte die Nachricht schreiben.' : 'Bitte einen Grund wählen.'}
                  </span>
                )}
              </div>
            </fieldset>
          )}
          {/* Apart from the actions that move the order on: what ends or removes it. */}
          <div className="action-row action-row--danger" role="group" aria-label="Stornieren und Löschen">
            {can('cancel') && (
              <button
                type="button"
                className="button button--danger"
                disabled={busy}
                onClick={() => ask({ kind: 'cancel' })}
              >
                Stornieren …
              </button>
            )}
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() => ask({ kind: 'order' })}
            >
              Löschen …
            </button>
          </div>
        </div>

        {confirming?.kind === 'reject' && (
          <ConfirmInline
            text={
              <>
                Bestellung {ticket} von {customerName(order)} ablehnen? Der Kunde liest: „{confirming.message}
                “
              </>
            }
            confirmLabel="Ablehnen"
            busy={busy}
            onCancel={dismiss}
            onConfirm={() => {
              setConfirming(null);
              void run({ action: 'reject', body: { rejectionMessage: confirming.message } }, 'Abgelehnt.');
            }}
          />
        )}
        {confirming?.kind === 'cancel' && (
          <ConfirmInline
            text={`Bestellung ${ticket} von ${customerName(order)} wirklich stornieren?`}
            confirmLabel="Stornieren"
            busy={busy}
            onCancel={dismiss}
            onConfirm={() => {
              setConfirming(null);
              void run({ action: 'cancel' }, 'Storniert.');
            }}
          />
        )}

        {confirming?.kind === 'order' && (
          <ConfirmInline
            text={`${ticket} von ${customerName(order)} wirklich löschen? Das lässt sich nicht rückgängig machen${
              order.email && !isFinalOrder(order) ? '; der Kunde bekommt eine E-Mail' : ''
            }.`}
            confirmLabel="Endgültig löschen"
            onCancel={dismiss}
            onConfirm={() =>
              void orders.deleteOrder(order.id).then((ok) => {
                if (ok) onClose();
                else setConfirming(null);
              })
            }
          />
        )}
        {editingFields && (
          <OrderFieldsForm
            orders={orders}
            order={order}
            onDone={(saved) => {
              setEditingFields(false);
              if (saved) setNotice('Bestellung wurde geändert.');
            }}
          />
        )}

        <dl className="detail-list">
          {/* As the customer chose it, and what staff confirmed, labelled: the rules of the order ticket. */}
          <dt>Gewünscht</dt>
          <dd>{times.wanted}</dd>
          {times.confirmed && (
            <>
              <dt>Bestätigt für</dt>
              <dd>{times.confirmed}</dd>
            </>
          )}
          {order.counterAppointment && (
            <>
              <dt>Gegenvorschlag</dt>
              <dd>{formatWhen(order.counterAppointment, now)} (wartet auf den Kunden)</dd>
            </>
          )}
          {order.createdAt && (
            <>
              <dt>Eingegangen</dt>
              <dd>{formatWhen(order.createdAt, now)}</dd>
            </>
          )}
          {order.branchName && (
            <>
              <dt>Filiale</dt>
              <dd>{order.branchName}</dd>
            </>
          )}
          <dt>Kunde</dt>
          {order.anonymisedAt ? (
            // An erased order has no name: say why instead of "Ohne Namen".
            <dd className="detail-list__note">
              Personenbezogene Daten gelöscht am {formatDate(new Date(order.anonymisedAt))}
            </dd>
          ) : (
            <dd>{customerName(order)}</dd>
          )}
          {order.phone && (
            <>
              <dt>Telefon</dt>
              <dd>
                <a href={`tel:${order.phone.replace(/\s+/g, '')}`}>{order.phone}</a>
              </dd>
            </>
          )}
          {order.email && (
            <>
              <dt>E-Mail</dt>
              <dd>
                <a href={`mailto:${order.email}`}>{order.email}</a>
              </dd>
            </>
          )}
          {address.length > 0 && (
            <>
              <dt>Adresse</dt>
              <dd>
                {address.map((line, i) => (
                  <span className="detail-list__line" key={i}>
                    {line}
                  </span>
                ))}
              </dd>
            </>
          )}
          {order.deliveryArea && (
            <>
              <dt>Liefergebiet</dt>
              <dd>{order.deliveryArea}</dd>
            </>
          )}
          {order.tableIdentifier && (
            <>
              <dt>Tisch</dt>
              <dd>{order.tableIdentifier}</dd>
            </>
          )}
          {order.comment && (
            <>
              <dt>Kommentar</dt>
              <dd className="detail-list__comment">{order.comment}</dd>
            </>
          )}
          <dt>Zahlung</dt>
          <dd>
            {paymentMethodText(order.paymentMethod)}
            {order.payment?.text ? ` – ${order.payment.text}` : ''}
          </dd>
          {typeof order.donatee === 'string' && order.donatee && (
            <>
              <dt>Spende an</dt>
              <dd>{order.donatee}</dd>
            </>
          )}
          {order.rejectionMessage && (
            <>
              <dt>Ablehnungsgrund</dt>
              <dd>{order.rejectionMessage}</dd>
            </>
          )}
          <dt>Statusseite</dt>
          <dd>
            <a href={`/status/${order.uid}/${order.hash}`} target="_blank" rel="noreferrer">
              Öffnen
            </a>
          </dd>
        </dl>

        {order.questionnaire && (
          <section className="order-review" aria-labelledby={`order-review-${order.id}`}>
            <h3 id={`order-review-${order.id}`}>Bewertung des Kunden</h3>
            <ReviewAnswers questionnaire={order.questionnaire} />
          </section>
        )}

        <OfferSection
          orders={orders}
          order={order}
          now={now}
          onSent={() => setNotice('Angebot gesendet; der Kunde antwortet auf der Statusseite.')}
        />

        <h3>{order.isQuotation ? 'Angefragt' : 'Positionen'}</h3>
        <table className="detail-items">
          <thead>
            <tr>
              <th scope="col">Nr.</th>
              <th scope="col">Artikel</th>
              <th scope="col" className="num">
                Preis
              </th>
              <th scope="col">
                <span className="visually-hidden">Ändern</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, index) => (
              <tr key={index}>
                <td>{index + 1}</td>
                <td>
                  {itemAmount(item)} {item.name}
                  {item.partLabels && item.partLabels.length > 0 && (
                    <span className="detail-items__parts">{item.partLabels.join(' · ')}</span>
                  )}
                </td>
                <td className="num">{item.isPriceHidden ? '–' : money(item.price)}</td>
                <td className="detail-items__edit">
                  {editable && (
                    <>
                      <button
                        type="button"
                        className="button button--small"
                        onClick={() => setEditing(index)}
                      >
                        Ändern<span className="visually-hidden"> ({item.name})</span>
                      </button>
                      {order.items.length > 1 && (
                        <button
                          type="button"
                          className="button button--small button--ghost"
                          onClick={() => ask({ kind: 'item', index })}
                        >
                          Entfernen<span className="visually-hidden"> ({item.name})</span>
                        </button>
                      )}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {order.pricing && order.pricing.deliveryGross > 0 && (
              <tr>
                <td />
                <th scope="row">Lieferung</th>
                <td className="num">{money(order.pricing.deliveryGross)}</td>
                <td />
              </tr>
            )}
            <tr>
              <td />
              <th scope="row">Gesamt</th>
              <td className="num">
                <strong>{orderTotal(order)}</strong>
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
        {confirming?.kind === 'item' && order.items[confirming.index] && (
          <ConfirmInline
            text={`${order.items[confirming.index]!.name} aus der Bestellung entfernen?`}
            confirmLabel="Position entfernen"
            onCancel={dismiss}
            onConfirm={() => {
              const index = confirming.index;
              setConfirming(null);
              void orders.edit(order.id, { method: 'DELETE', path: `items/${index}` }).then((ok) => {
                if (ok) setNotice('Position wurde entfernt.');
              });
            }}
          />
        )}
        {editable && editing !== null && (
          <ItemEditor
            key={String(editing)}
            orders={orders}
            order={order}
            index={editing === 'new' ? null : editing}
            onDone={(saved) => {
              if (saved)
                setNotice(editing === 'new' ? 'Position wurde hinzugefügt.' : 'Position wurde geändert.');
              setEditing(null);
            }}
          />
        )}
        {editable && editing === null && (
          <div className="action-row">
            <button type="button" className="button" onClick={() => setEditing('new')}>
              Position hinzufügen
            </button>
          </div>
        )}
      </div>
    </div>
  );
});

/** Tab and Shift+Tab stay inside the open panel (it is modal). */
function keepFocusInside(panel: HTMLElement | null, event: globalThis.KeyboardEvent) {
  if (!panel) return;
  const focusable = [
    ...panel.querySelectorAll<HTMLElement>('button:not([disabled]), a[href], input, select, textarea'),
  ];
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
