import { useEffect, useRef } from 'react';
import type { PlacedOrder } from './KioskStore';
import { useStores } from '../storefront/stores';
import { kioskTexts } from './texts';

/** After an order: the number big, what to do next, and back to the screensaver by itself or by "Fertig". */
export function KioskDone({ order, onDone }: { order: PlacedOrder; onDone: () => void }) {
  const { data } = useStores();
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
        {order.paymentMethod === 'atm-card'
          ? kioskTexts.payAtTerminalNow
          : kioskTexts.payAtCounterNow(data.market.cashDesk)}
      </p>
      <p className="kiosk-done__hint">{kioskTexts.weCallYou}</p>
      <button type="button" className="kiosk-button kiosk-button--light" onClick={onDone}>
        {kioskTexts.done}
      </button>
    </div>
  );
}
