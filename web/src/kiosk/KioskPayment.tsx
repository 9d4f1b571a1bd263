import { formatMoney, toCents, type TerminalPayment } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import type { RequestOptions } from '../api/ApiClient';
import { useStores } from '../storefront/stores';
import { useKiosk, useKioskTexts } from './KioskContext';
import { kioskDeviceKey } from './device';

/** How often the waiting screen asks for the payment's state (the backend asks Mollie at most every 3 s). */
export const TERMINAL_POLL_MS = 1500;

/** The kiosk's routes of its card payment, with its device key. */
export function terminalPaymentRoutes(uid: string) {
  const base = `/api/devices/me/orders/${encodeURIComponent(uid)}`;
  const key = kioskDeviceKey(window);
  const headers: Record<string, string> = key ? { Authorization: `Bearer ${key}` } : {};
  const options: RequestOptions = { headers, redirectOnUnauthorized: false };
  return {
    state: { path: `${base}/terminal-payment`, options },
    retry: { path: `${base}/terminal-payment`, options },
    counter: { path: `${base}/pay-at-counter`, options },
  };
}

/**
 * Full screen while the card is paid at the kiosk's Mollie terminal (docs/decisions/kiosk.md "Card at
 * the terminal"): "Bitte Karte an das Terminal halten" with the amount until Mollie says paid (then the
 * final screen with the number); a failure says so and offers "Erneut versuchen" (a new payment of the
 * same order) and paying at the counter instead (the order becomes a cash order).
 */
export const KioskPayment = observer(function KioskPayment({ payment }: { payment: TerminalPayment }) {
  const { api, data } = useStores();
  const kiosk = useKiosk();
  const kioskTexts = useKioskTexts();
  const heading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  const routes = terminalPaymentRoutes(payment.order.uid);

  useEffect(() => heading.current?.focus(), [payment.state]);
  useEffect(() => {
    if (payment.state !== 'waiting') return;
    let stopped = false;
    const { state } = terminalPaymentRoutes(payment.order.uid);
    const id = window.setInterval(() => {
      void api
        .get<TerminalPayment>(state.path, state.options)
        .then((next) => {
          if (!stopped) kiosk.updatePayment(next);
        })
        .catch(() => {
          // Offline for a moment: the next round asks again; the payment itself goes on at Mollie.
        });
    }, TERMINAL_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(id);
    };
  }, [api, kiosk, payment.state, payment.order.uid]);

  const act = async (route: { path: string; options: RequestOptions }) => {
    setBusy(true);
    setError(false);
    try {
      kiosk.updatePayment(await api.post<TerminalPayment>(route.path, {}, route.options));
    } catch {
      setError(true);
    } finally {
      setBusy(false);
    }
  };

  // "12.50" from the server: rounded to whole cents, the exact amount the terminal shows.
  const amount = formatMoney(toCents(Number(payment.amount)), payment.currency);
  const failed = payment.state === 'failed';
  const expired = payment.state === 'expired';
  return (
    <div
      className={`kiosk-pay${failed || expired ? ' kiosk-pay--failed' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby="kiosk-pay-title"
      data-testid="kiosk-terminal-payment"
    >
      <h1 id="kiosk-pay-title" className="kiosk-pay__title" tabIndex={-1} ref={heading}>
        {failed
          ? kioskTexts.terminalFailedTitle
          : expired
            ? kioskTexts.terminalExpiredTitle
            : kioskTexts.terminalTitle}
      </h1>
      <p className="kiosk-pay__label">{kioskTexts.terminalAmount}</p>
      <p className="kiosk-pay__amount" data-testid="kiosk-terminal-amount">
        {amount}
      </p>
      {payment.state === 'waiting' && (
        <>
          <div className="kiosk-pay__card" aria-hidden="true">
            <span className="kiosk-pay__waves" />
          </div>
          <p className="kiosk-pay__hint">{kioskTexts.terminalHint}</p>
          <p className="kiosk-pay__status" role="status">
            {kioskTexts.terminalWaiting}
          </p>
        </>
      )}
      {failed && <p className="kiosk-pay__hint">{kioskTexts.terminalFailedText(data.market.cashDesk)}</p>}
      {expired && <p className="kiosk-pay__hint">{kioskTexts.terminalExpiredText}</p>}
      {error && (
        <p className="kiosk-pay__error" role="alert">
          {kioskTexts.terminalError}
        </p>
      )}
      {failed && (
        <div className="kiosk-pay__actions">
          <button
            type="button"
            className="kiosk-button kiosk-button--light"
            disabled={busy}
            onClick={() => void act(routes.retry)}
          >
            {kioskTexts.terminalRetry}
          </button>
          <button
            type="button"
            className="kiosk-button kiosk-button--ghost-light"
            disabled={busy}
            onClick={() => void act(routes.counter)}
          >
            {kioskTexts.paymentAtCounter(data.market.cashDesk)}
          </button>
        </div>
      )}
      {expired && (
        <div className="kiosk-pay__actions">
          <button type="button" className="kiosk-button kiosk-button--light" onClick={kiosk.reset}>
            {kioskTexts.startOver}
          </button>
        </div>
      )}
    </div>
  );
});
