import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { QrImage } from '../components/QrImage';
import { useStores } from '../storefront/stores';
import { useKioskTexts } from './KioskContext';
import type { PlacedOrder } from './KioskStore';

/**
 * After an order: the number big, what to do next, the same promise the start screen made ("Hier essen"
 * with a table: brought to the table; else the number is called), a QR code of the order's status page to
 * follow it on a phone, an optional printed receipt, and back to the screensaver by itself or by "Fertig".
 */
export const KioskDone = observer(function KioskDone({
  order,
  onDone,
}: {
  order: PlacedOrder;
  onDone: () => void;
}) {
  const { data } = useStores();
  const kioskTexts = useKioskTexts();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="kiosk-done" role="dialog" aria-modal="true" aria-labelledby="kiosk-done-title">
      <h1 id="kiosk-done-title" className="kiosk-done__title" tabIndex={-1} ref={heading}>
        {kioskTexts.thanks}
      </h1>
      <p className="kiosk-done__label">{order.isTicket ? kioskTexts.yourTicket : kioskTexts.yourOrder}</p>
      <p className="kiosk-done__number" data-testid="kiosk-order-number">
        {order.number}
      </p>
      <p className="kiosk-done__pay">
        {order.paid
          ? kioskTexts.paidByCard
          : order.paymentMethod === 'atm-card'
            ? kioskTexts.payAtTerminalNow
            : kioskTexts.payAtCounterNow(data.market.cashDesk)}
      </p>
      <p className="kiosk-done__hint">
        {order.table ? kioskTexts.weBringIt(order.table) : kioskTexts.weCallYou}
      </p>
      {order.statusUrl && (
        <figure className="kiosk-done__follow">
          <QrImage url={order.statusUrl} alt={kioskTexts.followOnPhone} className="kiosk-qr" size={280} />
          <figcaption>
            <span className="kiosk-done__follow-title">{kioskTexts.followOnPhone}</span>
            <span className="kiosk-done__follow-hint">{kioskTexts.followOnPhoneHint}</span>
          </figcaption>
        </figure>
      )}
      <div className="kiosk-done__actions">
        <button
          type="button"
          className="kiosk-button kiosk-button--ghost-light"
          onClick={() => window.print()}
        >
          {kioskTexts.printTicket}
        </button>
        <button type="button" className="kiosk-button kiosk-button--light" onClick={onDone}>
          {kioskTexts.done}
        </button>
      </div>
    </div>
  );
});
