import { observer } from 'mobx-react-lite';
import type { BoardColumn } from './board';
import {
  customerName,
  formatWhen,
  itemAmount,
  orderAge,
  orderTotal,
  orderTypeLabel,
  wantedTime,
  withdrawnLabel,
} from './board';
import type { CardSettings } from './CardSettings';
import type { StaffOrder } from '@ordering/common';

export const OrderCard = observer(function OrderCard({
  order,
  column,
  row,
  now,
  alarming,
  missed,
  onOpen,
  onAcknowledge,
  onAccept,
  onDelivered,
  busy = false,
  settings,
}: {
  order: StaffOrder;
  column: BoardColumn;
  row: number;
  now: Date;
  alarming: boolean;
  missed: boolean;
  onOpen: () => void;
  onAcknowledge: () => void;
  /** Accepts with the branch's default preparation time (new orders only; a large target for tablets). */
  onAccept?: () => void;
  /** Marks a delivery order out for delivery as handed over ("Geliefert"; a large target for tablets). */
  onDelivered?: () => void;
  busy?: boolean;
  /** What the card shows (the board's switches "Produkte zeigen" and "Kundendaten zeigen"). */
  settings: Pick<CardSettings, 'showProductData' | 'showCustomerData'>;
}) {
  const ticket = order.ticketNumber
    ? `#${order.ticketNumber}`
    : `${order.isQuotation ? 'Anfrage' : 'Bestellung'} ${order.id}`;
  const age = column === 'completed' ? null : orderAge(order, column, now);
  const classes = ['order-card'];
  if (age && age.level !== 'fresh') classes.push(`order-card--${age.level}`);
  if (alarming) classes.push('order-card--alarm');
  if (missed) classes.push('order-card--missed');
  return (
    <li className={classes.join(' ')} data-order-id={order.id} data-alarm={alarming ? 'ringing' : undefined}>
      <button type="button" className="order-card__open" data-col={column} data-row={row} onClick={onOpen}>
        <span className="order-card__head">
          <span className="order-card__ticket">{ticket}</span>
          <span className={`order-card__type order-card__type--${orderTypeKey(order)}`}>
            {orderTypeLabel(order)}
          </span>
        </span>
        {alarming && <span className="visually-hidden">Neue Bestellung, Alarm. </span>}
        <span className="order-card__when">
          <span className="order-card__time">{wantedTime(order, now)}</span>
          {age && (
            <span className={`order-card__age order-card__age--${age.level}`} data-age-level={age.level}>
              {age.text}
              {age.level === 'red' && <span className="visually-hidden"> – überfällig</span>}
            </span>
          )}
        </span>
        {missed && <span className="order-card__flag">Verpasst – bitte sofort bearbeiten</span>}
        {order.withdrawal && <span className="order-card__flag">{withdrawnLabel(order)}</span>}
        {order.status === 'delivered' && (
          <span className="order-card__delivered">Geliefert – wartet auf Abschluss</span>
        )}
        {order.counterAppointment && (
          <span className="order-card__counter">
            Gegenvorschlag {formatWhen(order.counterAppointment, now)} – wartet auf den Kunden
          </span>
        )}
        {settings.showCustomerData && <span className="order-card__customer">{customerName(order)}</span>}
        {order.tableIdentifier && <span className="order-card__table">Tisch {order.tableIdentifier}</span>}
        {order.isDelivery && order.deliveryArea && (
          <span className="order-card__table">Zone {order.deliveryArea}</span>
        )}
        {settings.showProductData && (
          <span className="order-card__items">
            {order.items.map((item, index) => (
              <span className="order-card__item" key={index}>
                <span>
                  {itemAmount(item)} {item.name}
                </span>
                {item.partLabels && item.partLabels.length > 0 && (
                  <span className="order-card__parts">{item.partLabels.join(' · ')}</span>
                )}
              </span>
            ))}
          </span>
        )}
        <span className="order-card__foot">
          <span className="order-card__total">{orderTotal(order)}</span>
          <span className={`order-card__payment order-card__payment--${order.payment?.state ?? 'unpaid'}`}>
            {order.payment?.text ?? ''}
          </span>
        </span>
      </button>
      {(alarming || onAccept || onDelivered) && (
        <span className="order-card__actions">
          {onDelivered && (
            <button
              type="button"
              className="button button--primary order-card__accept"
              onClick={onDelivered}
              disabled={busy}
              aria-label={`${ticket} als geliefert markieren`}
            >
              Geliefert
            </button>
          )}
          {onAccept && (
            <button
              type="button"
              className="button button--primary order-card__accept"
              onClick={onAccept}
              disabled={busy}
              aria-label={`${ticket} annehmen`}
            >
              Annehmen
            </button>
          )}
          {alarming && (
            <button
              type="button"
              className={`button ${onAccept ? 'button--ghost' : 'button--primary'} order-card__ack`}
              onClick={onAcknowledge}
            >
              Gesehen
            </button>
          )}
        </span>
      )}
    </li>
  );
});

function orderTypeKey(order: StaffOrder): string {
  if (order.isDelivery) return 'delivery';
  if (order.isDineIn) return 'dinein';
  return 'takeaway';
}
