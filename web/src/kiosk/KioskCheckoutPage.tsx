import { type MarketProfile, type Order, type OrderType, type PaymentMethod } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate, useParams } from '../router/router';
import { NotFoundPage } from '../components/ErrorPage';
import { PageTitle } from '../components/PageTitle';
import { AppointmentPickers } from '../storefront/components/AppointmentPickers';
import { CartSummary } from '../storefront/components/CartPanel';
import { TextField } from '../storefront/components/CheckoutFields';
import { LoadState } from '../storefront/components/LoadState';
import { OrderSummary } from '../storefront/components/OrderSummary';
import { ProductModal } from '../storefront/components/ProductModal';
import { useSelectedBranch } from '../storefront/components/useSelectedBranch';
import { useStores } from '../storefront/stores';
import { TermsButton } from './KioskChrome';
import { useKiosk, useKioskTexts } from './KioskContext';
import { kioskOrderTypes } from './KioskMenuPage';
import { kioskDeviceKey } from './device';
import { kioskTextsFor, type KioskTexts } from './texts';

/** The kiosk takes only what is paid on the spot: at the counter (cash) or at the card terminal. */
export const KIOSK_PAYMENT_METHODS: readonly PaymentMethod[] = ['cash', 'atm-card'];

/** The kiosk's payment choices in the words of the shop's market ("Kasse"/"Kassa", "EC-Karte"/"Bankomat"). */
function paymentLabel(
  method: PaymentMethod,
  market: MarketProfile,
  kioskTexts: KioskTexts,
  hasTerminal: boolean,
): { label: string; hint: string } {
  // The kiosk's own Mollie terminal: the card is paid here, before the order counts.
  if (method === 'atm-card' && hasTerminal)
    return { label: kioskTexts.paymentCardHere, hint: kioskTexts.paymentCardHereHint };
  if (method === 'atm-card')
    return {
      label: kioskTexts.paymentCard,
      hint: kioskTexts.paymentCardHint(market.atmCardLabel, market.cashDesk),
    };
  return {
    label: kioskTexts.paymentAtCounter(market.cashDesk),
    hint: kioskTexts.paymentAtCounterHint(market.cashDesk),
  };
}

function typeLabel(type: OrderType, kioskTexts: KioskTexts): string {
  return type === 'dineIn' ? kioskTexts.dineIn : kioskTexts.takeaway;
}

/**
 * `/kiosk/{branch}/checkout`: order type, table, name, cart, payment; large targets. No legal boxes: a purchase
 * on the premises is no distance contract (docs/decisions/kiosk.md); the AGB are one tap away.
 */
export const KioskCheckoutPage = observer(function KioskCheckoutPage() {
  const identifier = useParams().branch ?? '';
  return (
    <LoadState>
      <KioskCheckout identifier={identifier} />
    </LoadState>
  );
});

const KioskCheckout = observer(function KioskCheckout({ identifier }: { identifier: string }) {
  const { ui, cart, checkout, api, data } = useStores();
  const kiosk = useKiosk();
  const kioskTexts = useKioskTexts();
  const navigate = useNavigate();
  const errorsRef = useRef<HTMLDivElement>(null);
  const { branch, ready } = useSelectedBranch(identifier);
  const types = ready ? kioskOrderTypes(cart, kiosk.orderModes) : [];
  const methods = checkout.paymentMethods.filter((method) => KIOSK_PAYMENT_METHODS.includes(method));
  const fixType = types.length > 0 && !types.includes(cart.orderType);
  const fixMethod = methods.length > 0 && !methods.includes(checkout.selectedPaymentMethod);
  useEffect(() => {
    if (fixType) cart.setOrderType(types[0]);
    if (fixMethod) checkout.setPaymentMethod(methods[0]);
  });
  // The form's findings and the server's refusals in the guest's language; the website's form is German.
  useEffect(() => {
    checkout.setLanguage(kiosk.language);
    return () => checkout.setLanguage('de');
  }, [checkout, kiosk.language]);
  // A kiosk device with a Mollie terminal in its settings takes the card itself (docs/decisions/kiosk.md).
  const deviceKey = kiosk.terminal ? kioskDeviceKey(window) : null;
  const terminalKey = kiosk.terminal && deviceKey ? deviceKey : null;
  if (!branch) return <NotFoundPage />;
  if (!ready) return null;
  const menuPath = `/kiosk/${encodeURIComponent(branch.identifier)}`;

  if (cart.isEmpty) {
    return (
      <div className="kiosk-card kiosk-notice">
        <p>{kioskTexts.cartEmpty}</p>
        <button
          type="button"
          className="kiosk-button kiosk-button--primary"
          onClick={() => void navigate(menuPath)}
        >
          {kioskTexts.continueShopping}
        </button>
      </div>
    );
  }

  const onSubmit = async () => {
    const paymentMethod = checkout.selectedPaymentMethod;
    // The promise on the final screen: the table chosen here (the staff bring it), else the number is called.
    const table = checkout.showsTableSelect
      ? (checkout.tables.find((candidate) => candidate.id === checkout.tableId)?.identifier ?? null)
      : null;
    // The statistics' split by channel; also what spares a kiosk guest the legal boxes.
    checkout.setChannel('kiosk');
    const outcome = await checkout.submit(
      terminalKey && paymentMethod === 'atm-card'
        ? { path: '/api/devices/me/orders', headers: { Authorization: `Bearer ${terminalKey}` } }
        : undefined,
    );
    if (outcome.kind === 'terminal') {
      kiosk.startPayment(outcome.payment, table);
      return;
    }
    if (outcome.kind !== 'status') {
      requestAnimationFrame(() => {
        const target =
          (errorsRef.current?.querySelector('[role="alert"]') ? errorsRef.current : null) ??
          document.querySelector<HTMLElement>('.kiosk-checkout [aria-invalid="true"]');
        target?.scrollIntoView({ block: 'center' });
        target?.focus({ preventScroll: true });
      });
      return;
    }
    const [uid, hash] = outcome.path.split('/').slice(-2).map(decodeURIComponent);
    let order: Pick<Order, 'ticketNumber'> | null = null;
    try {
      order = await api.get<Order>(
        `/api/orders/public/${encodeURIComponent(uid)}/${encodeURIComponent(hash)}`,
      );
    } catch {
      // The order exists; without its ticket number the short order number is shown.
    }
    const statusUrl = new URL(outcome.path, window.location.origin).toString();
    kiosk.orderPlaced(
      order?.ticketNumber
        ? { number: String(order.ticketNumber), isTicket: true, paymentMethod, statusUrl, table }
        : { number: uid.slice(0, 8).toUpperCase(), isTicket: false, paymentMethod, statusUrl, table },
    );
  };

  const contactFields = (['firstName', 'lastName', 'phone', 'email'] as const).filter(
    (field) => field === 'firstName' || field === 'lastName' || checkout.isRequired(field),
  );
  const needsAppointment = branch.isAppointmentRequired || checkout.closedNotice.length > 0;

  return (
    <>
      <form
        className="kiosk-checkout"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <PageTitle title={kioskTexts.checkoutTitle} shopName={ui.shopName} />
        <h1 className="kiosk-checkout__title">{kioskTexts.checkoutTitle}</h1>
        <div ref={errorsRef} tabIndex={-1}>
          {checkout.generalErrors.length > 0 && (
            <div className="kiosk-alert" role="alert">
              <p className="kiosk-alert__title">{kioskTexts.errorsTitle}</p>
              <ul>
                {checkout.generalErrors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </div>
          )}
        </div>

        {types.length > 1 && (
          <KioskSection title={kioskTexts.orderType} id="kiosk-type">
            <div
              className="kiosk-options kiosk-options--two"
              role="radiogroup"
              aria-label={kioskTexts.orderType}
            >
              {types.map((type) => (
                <label key={type} className="kiosk-option">
                  <input
                    type="radio"
                    name="kiosk-order-type"
                    checked={cart.orderType === type}
                    onChange={() => cart.setOrderType(type)}
                  />
                  <span className="kiosk-option__label">{typeLabel(type, kioskTexts)}</span>
                </label>
              ))}
            </div>
          </KioskSection>
        )}

        {checkout.closedNotice.length > 0 && (
          <div className="kiosk-card kiosk-closed" role="status">
            {checkout.closedNotice.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        )}

        {checkout.showsTableSelect && (
          <KioskSection title={kioskTexts.table} id="kiosk-table">
            <div
              className="kiosk-options kiosk-options--tables"
              role="radiogroup"
              aria-label={kioskTexts.table}
              aria-invalid={!!checkout.errorFor('table')}
              aria-describedby={checkout.errorFor('table') ? 'kiosk-table-error' : undefined}
              id="table"
              tabIndex={-1}
            >
              {checkout.tables.map((table) => (
                <label key={table.id} className="kiosk-option kiosk-option--table">
                  <input
                    type="radio"
                    name="kiosk-table"
                    checked={checkout.tableId === table.id}
                    onChange={() => checkout.setTable(table.id)}
                  />
                  <span className="kiosk-option__label">{table.identifier}</span>
                </label>
              ))}
            </div>
            {checkout.errorFor('table') && (
              <p id="kiosk-table-error" className="kiosk-error">
                {checkout.errorFor('table')}
              </p>
            )}
          </KioskSection>
        )}

        {checkout.showsContact && (
          <KioskSection title={kioskTexts.name} id="kiosk-contact" hint={kioskTexts.nameHint}>
            <div className="kiosk-fields">
              {contactFields.map((field) => (
                <KioskField key={field} field={field} />
              ))}
            </div>
          </KioskSection>
        )}

        {needsAppointment && (
          <KioskSection title={kioskTexts.sectionAppointment} id="kiosk-appointment">
            <AppointmentPickers error={checkout.errorFor('appointmentDate')} />
          </KioskSection>
        )}

        <KioskSection title={kioskTexts.sectionCart} id="kiosk-cart">
          <CartSummary editable />
        </KioskSection>

        {methods.length > 0 && (
          <KioskSection title={kioskTexts.payment} id="kiosk-payment">
            <div
              className="kiosk-options kiosk-options--two"
              role="radiogroup"
              aria-label={kioskTexts.payment}
            >
              {methods.map((method) => (
                <label key={method} className="kiosk-option kiosk-option--payment">
                  <input
                    type="radio"
                    name="kiosk-payment"
                    checked={checkout.selectedPaymentMethod === method}
                    onChange={() => checkout.setPaymentMethod(method)}
                  />
                  <span className="kiosk-option__label">
                    {paymentLabel(method, data.market, kioskTexts, !!terminalKey).label}
                  </span>
                  <span className="kiosk-option__hint">
                    {paymentLabel(method, data.market, kioskTexts, !!terminalKey).hint}
                  </span>
                </label>
              ))}
            </div>
          </KioskSection>
        )}

        <p className="kiosk-card kiosk-terms-notice">
          <span>{kioskTexts.termsNotice}</span>
          <TermsButton className="kiosk-button kiosk-button--secondary" />
        </p>

        <OrderSummary className="kiosk-card" external={false} withdrawal={false} />

        <div className="kiosk-checkout__actions">
          <button
            type="button"
            className="kiosk-button kiosk-button--secondary"
            onClick={() => {
              checkout.saveForm();
              void navigate(menuPath);
            }}
          >
            {kioskTexts.continueShopping}
          </button>
          {checkout.submitLabel && (
            <button
              type="submit"
              className="kiosk-button kiosk-button--primary kiosk-checkout__submit"
              disabled={checkout.isSubmitting}
            >
              {checkout.isSubmitting
                ? kioskTexts.submitting
                : kioskSubmitLabel(checkout.submitLabel, kioskTexts)}
            </button>
          )}
        </div>
      </form>
      <ProductModal />
    </>
  );
});

function KioskSection({
  title,
  id,
  hint,
  children,
}: {
  title: string;
  id: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <section className="kiosk-card kiosk-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="kiosk-section__title">
        {title}
      </h2>
      {hint && <p className="kiosk-section__hint">{hint}</p>}
      {children}
    </section>
  );
}

type KioskContactField = 'firstName' | 'lastName' | 'phone' | 'email';

const FIELD_INPUT: Record<KioskContactField, { type: string; autoComplete: string }> = {
  firstName: { type: 'text', autoComplete: 'given-name' },
  lastName: { type: 'text', autoComplete: 'family-name' },
  phone: { type: 'tel', autoComplete: 'tel' },
  email: { type: 'email', autoComplete: 'email' },
};

/** The order button's words ("Zahlungspflichtig bestellen" …) in the guest's language. */
function kioskSubmitLabel(label: string, kioskTexts: KioskTexts): string {
  const german = kioskTextsFor('de');
  if (label === german.submitOrder) return kioskTexts.submitOrder;
  if (label === german.submitPreorder) return kioskTexts.submitPreorder;
  if (label === german.submitQuotation) return kioskTexts.submitQuotation;
  return label;
}

/** A contact field in the kiosk's skin of the checkout's shared text field. */
const KioskField = observer(function KioskField({ field }: { field: KioskContactField }) {
  const { checkout } = useStores();
  const kioskTexts = useKioskTexts();
  const { type, autoComplete } = FIELD_INPUT[field];
  return (
    <TextField
      checkout={checkout}
      field={field}
      label={kioskTexts[field]}
      type={type}
      autoComplete={autoComplete}
      skin="kiosk"
      onBlur={field === 'phone' ? checkout.normalizePhone : undefined}
    />
  );
});
