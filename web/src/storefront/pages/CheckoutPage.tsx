import { paymentMethodLabel, t, type OrderType } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from '../../router/router';
import { NotFoundPage } from '../../components/ErrorPage';
import { PageTitle } from '../../components/PageTitle';
import { messages } from '../../i18n/messages';
import { AppointmentPickers } from '../components/AppointmentPickers';
import { CartSummary } from '../components/CartPanel';
import { Field, TextField } from '../components/CheckoutFields';
import { DeliveryAreaFacts } from '../components/DeliveryAreaCheck';
import { LoadState } from '../components/LoadState';
import { Overlay } from '../components/Overlay';
import { LazyProductModal } from '../components/LazyProductModal';
import { LegalTextLink, type LegalTextFields } from '../components/LegalTextLink';
import { OrderSummary } from '../components/OrderSummary';
import { TableConfirmation } from '../components/TableConfirmation';
import { useSelectedBranch } from '../components/useSelectedBranch';
import type { CheckoutStore } from '../stores/CheckoutStore';
import { useStores } from '../stores';
import { texts } from '../texts';

const ORDER_TYPE_LABEL: Record<OrderType, string> = {
  takeaway: t('orderType.takeaway'),
  delivery: t('orderType.delivery'),
  dineIn: t('orderType.dineIn'),
};

/** Checkout; under /checkout/error the payment provider sent the customer back after a failed payment. */
export const CheckoutPage = observer(function CheckoutPage({
  paymentFailed = false,
}: {
  paymentFailed?: boolean;
}) {
  const { ui } = useStores();
  const identifier = useParams().branch ?? '';
  return (
    <section className="page checkout" aria-labelledby="checkout-title">
      <PageTitle title={texts.checkoutTitle} shopName={ui.shopName} />
      <h1 id="checkout-title">{texts.checkoutTitle}</h1>
      {paymentFailed && (
        <div className="alert alert--error" role="alert">
          {messages.paymentFailed}
        </div>
      )}
      <LoadState>
        <Checkout identifier={identifier} />
      </LoadState>
    </section>
  );
});

const Checkout = observer(function Checkout({ identifier }: { identifier: string }) {
  const { cart, checkout, data } = useStores();
  const { branch, ready } = useSelectedBranch(identifier);
  const navigate = useNavigate();
  const errorsRef = useRef<HTMLDivElement>(null);
  // The server's bookable days for this branch, order type and cart (again when one of them changes).
  const availabilityKey = ready ? checkout.slots.availabilityKey : null;
  useEffect(() => {
    if (availabilityKey) void checkout.slots.loadAvailability();
  }, [checkout, availabilityKey]);
  // The postcode checked on the store page fills the address's postcode.
  useEffect(() => {
    if (ready) checkout.prefillPostcode();
  }, [checkout, ready]);
  if (!branch) return <NotFoundPage />;
  if (!ready) return null;
  const storePath = `/store/${encodeURIComponent(branch.identifier)}`;

  if (cart.isEmpty) {
    return (
      <div className="card checkout__empty">
        <p>{t('cart.empty')}</p>
        <Link className="button button--primary" to={storePath}>
          {t('cart.backToBranch')}
        </Link>
      </div>
    );
  }

  const onSubmit = async () => {
    const outcome = await checkout.submit();
    if (outcome.kind === 'status') void navigate(outcome.path);
    else if (outcome.kind === 'redirect') window.location.href = outcome.url;
    else scrollToFirstError(errorsRef.current);
  };

  return (
    <>
      <form
        className="checkout__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <p className="page__lead">{branch.name}</p>
        <div ref={errorsRef} tabIndex={-1} className="checkout__errors">
          {checkout.generalErrors.length > 0 && (
            <div className="alert alert--error" role="alert">
              <p className="checkout__errors-title">{texts.errorsTitle}</p>
              <ul>
                {checkout.generalErrors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </div>
          )}
        </div>

        <Section title={texts.sectionOrderType} id="checkout-type">
          <div className="segmented__options" role="radiogroup" aria-label={texts.sectionOrderType}>
            {cart.offeredOrderTypes.map((type) => (
              <label key={type} className="segmented__option">
                <input
                  type="radio"
                  name="checkout-order-type"
                  checked={cart.orderType === type}
                  onChange={() => cart.setOrderType(type)}
                />
                <span>{ORDER_TYPE_LABEL[type]}</span>
              </label>
            ))}
          </div>
          {checkout.closedNotice.length > 0 && (
            <div className="notice notice--closed" role="status">
              <p className="notice__title">{checkout.closedNotice[0]}</p>
              {checkout.closedNotice.slice(1).map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          )}
        </Section>

        {checkout.showsTableSelect && (
          <Section title={texts.sectionTable} id="checkout-table">
            {checkout.linkedTable && <TableConfirmation identifier={checkout.linkedTable.identifier} />}
            <Field id="table" label={texts.table} required error={checkout.errorFor('table')}>
              {(props) => (
                <select
                  {...props}
                  value={checkout.tableId ?? ''}
                  onChange={(event) =>
                    checkout.setTable(event.target.value ? Number(event.target.value) : null)
                  }
                >
                  <option value="">{texts.chooseTable}</option>
                  {checkout.tables.map((table) => (
                    <option key={table.id} value={table.id}>
                      {table.identifier}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <p className="field-hint">{t('checkout.tableHint')}</p>
          </Section>
        )}

        {checkout.showsContact && (
          <Section title={texts.sectionContact} id="checkout-contact">
            <div className="form-grid">
              <TextField
                checkout={checkout}
                field="firstName"
                label={texts.firstName}
                autoComplete="given-name"
              />
              <TextField
                checkout={checkout}
                field="lastName"
                label={texts.lastName}
                autoComplete="family-name"
              />
              <TextField
                checkout={checkout}
                field="email"
                label={texts.email}
                type="email"
                autoComplete="email"
              />
              <TextField
                checkout={checkout}
                field="phone"
                label={texts.phone}
                type="tel"
                autoComplete="tel"
                hint={checkout.phoneWarning}
                onBlur={checkout.normalizePhone}
              />
            </div>
          </Section>
        )}

        {checkout.showsAddress && (
          <Section title={texts.sectionAddress} id="checkout-address">
            {cart.orderType === 'delivery' && cart.deliveryArea && (
              <DeliveryAreaFacts area={cart.deliveryArea} currency={data.currency} />
            )}
            <div className="form-grid">
              <TextField
                checkout={checkout}
                field="street"
                label={texts.street}
                autoComplete="street-address"
                wide
                onBlur={checkout.checkAddress}
              />
              <TextField
                checkout={checkout}
                field="zipCode"
                label={texts.zipCode}
                autoComplete="postal-code"
                onBlur={checkout.checkAddress}
              />
              <TextField
                checkout={checkout}
                field="city"
                label={texts.city}
                autoComplete="address-level2"
                onBlur={checkout.checkAddress}
              />
              <TextField checkout={checkout} field="floor" label={texts.floor} />
              <TextField checkout={checkout} field="stairway" label={data.market.stairway} />
              <TextField checkout={checkout} field="door" label={texts.door} />
            </div>
          </Section>
        )}

        {!checkout.skipsAppointment && (
          <Section title={texts.sectionAppointment} id="checkout-appointment">
            <AppointmentPickers error={checkout.errorFor('appointmentDate')} />
          </Section>
        )}

        <Section title={texts.sectionComment} id="checkout-comment">
          <Field id="comment" label={texts.comment} error={checkout.errorFor('comment')}>
            {(props) => (
              <textarea
                {...props}
                rows={3}
                value={cart.comment}
                onChange={(event) => checkout.setComment(event.target.value)}
              />
            )}
          </Field>
        </Section>

        <Section title={texts.sectionCart} id="checkout-cart">
          <CartSummary editable steppers />
        </Section>

        {checkout.donation.isDonationEnabled && <DonationSection checkout={checkout} />}

        {checkout.paymentMethods.length > 0 && (
          <Section title={texts.sectionPayment} id="checkout-payment">
            <div className="choice-list" role="radiogroup" aria-label={texts.sectionPayment}>
              {checkout.paymentMethods.map((method) => (
                <label key={method} className="choice">
                  <input
                    type="radio"
                    name="payment-method"
                    checked={checkout.selectedPaymentMethod === method}
                    onChange={() => checkout.setPaymentMethod(method)}
                  />
                  <span>{paymentMethodLabel(method, data.market)}</span>
                </label>
              ))}
            </div>
            {checkout.errorFor('paymentMethod') && (
              <p className="form__error">{checkout.errorFor('paymentMethod')}</p>
            )}
            {checkout.showsVoucherCode && (
              <div className="form-grid sf-voucher">
                <Field
                  id="voucherCode"
                  label={texts.voucherCode}
                  required
                  error={checkout.errorFor('voucherCode')}
                  hint={texts.voucherHint}
                >
                  {(props) => (
                    <input
                      {...props}
                      type="text"
                      autoComplete="off"
                      autoCapitalize="characters"
                      spellCheck={false}
                      value={checkout.voucherCode}
                      onChange={(event) => checkout.setVoucherCode(event.target.value)}
                    />
                  )}
                </Field>
              </div>
            )}
          </Section>
        )}

        <Section title={texts.sectionLegal} id="checkout-legal">
          <LegalCheckbox
            id="legalInstructions"
            checked={checkout.legalInstructions}
            onChange={checkout.setLegalInstructions}
            error={checkout.errorFor('legalInstructions')}
            before={texts.acceptTermsBefore}
            after={texts.acceptTermsAfter}
            title={texts.legalTerms}
            fields={{ text: 'termsAndConditionsText', url: 'termsAndConditions' }}
            readLabel={texts.readTerms}
          />
          <LegalCheckbox
            id="privacyPolicy"
            checked={checkout.privacyPolicy}
            onChange={checkout.setPrivacyPolicy}
            error={checkout.errorFor('privacyPolicy')}
            before={texts.acceptPrivacyBefore}
            after={texts.acceptPrivacyAfter}
            title={texts.legalPrivacy}
            fields={{ text: 'privacyPolicyText', url: 'privacyPolicy' }}
            readLabel={texts.readPrivacy}
          />
        </Section>

        <OrderSummary className="card" />

        <div className="checkout__actions">
          <Link className="button button--secondary" to={storePath} onClick={checkout.saveForm}>
            {texts.backToStore}
          </Link>
          {checkout.submitLabel ? (
            <button
              type="submit"
              className="button button--primary checkout__submit"
              disabled={checkout.isSubmitting}
            >
              {checkout.isSubmitting ? texts.submitting : checkout.submitLabel}
            </button>
          ) : (
            // Not orderable yet: the button stays, disabled, with the reason beside it (issue 25).
            <button
              type="button"
              className="button button--primary checkout__submit"
              disabled
              aria-describedby="checkout-blocker"
            >
              {t('checkout.submitOrder')}
            </button>
          )}
          {checkout.submitBlocker && (
            <p id="checkout-blocker" className="checkout__blocker" role="status">
              {checkout.submitBlocker}
            </p>
          )}
        </div>
      </form>
      {/* Editing an item of the summary; outside the form, since the modal has a form of its own. */}
      <LazyProductModal />
    </>
  );
});

/** After a refused submit: the first invalid field (or the error list) comes into view and gets focus. */
function scrollToFirstError(errors: HTMLElement | null) {
  requestAnimationFrame(() => {
    const target =
      (errors?.querySelector('[role="alert"]') ? errors : null) ??
      document.querySelector<HTMLElement>('.checkout [aria-invalid="true"]');
    if (!target) return;
    target.scrollIntoView({ behavior: 'smooth', block: 'center' });
    target.focus({ preventScroll: true });
  });
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="checkout__section card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="checkout__section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

const DonationSection = observer(function DonationSection({ checkout }: { checkout: CheckoutStore }) {
  const { data } = useStores();
  const amount = `0,07\u00a0${data.currency}`;
  return (
    <Section title={texts.sectionDonation} id="checkout-donation">
      <p className="field-hint">{t('checkout.donation', { amount })}</p>
      <button
        type="button"
        className="picker-button donation__button"
        onClick={checkout.donation.openDonateePicker}
      >
        <span className="picker-button__label">{texts.donatee}</span>
        <span className="picker-button__value">
          {checkout.donation.selectedDonatee?.name ?? texts.noDonatee}
        </span>
      </button>
      <Overlay
        open={checkout.donation.isDonateePickerOpen}
        label={texts.chooseDonatee}
        onClose={checkout.donation.closeDonateePicker}
      >
        <div className="picker__content">
          <h2 className="picker__title">{texts.chooseDonatee}</h2>
          <div className="form__field">
            <label htmlFor="donatee-search">{texts.donationSearch}</label>
            <input
              id="donatee-search"
              type="search"
              value={checkout.donation.donateeSearch}
              onChange={(event) => checkout.donation.setDonateeSearch(event.target.value)}
            />
          </div>
          {checkout.donation.donatees.length === 0 ? (
            <p className="muted" role="status">
              {t('checkout.noDonateeMatch')}
            </p>
          ) : (
            <div className="choice-list donation__list">
              {checkout.donation.donatees.map((donatee) => (
                <label key={donatee.id} className="choice">
                  <input
                    type="checkbox"
                    checked={checkout.donation.donateeDraft === donatee.id}
                    onChange={() => checkout.donation.toggleDonatee(donatee.id)}
                  />
                  <span>
                    <strong>{donatee.name}</strong>
                    {donatee.description && (
                      <span className="choice__description">{stripMarkdown(donatee.description)}</span>
                    )}
                  </span>
                </label>
              ))}
            </div>
          )}
          <div className="picker__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={checkout.donation.closeDonateePicker}
            >
              {t('general.cancel')}
            </button>
            <button type="button" className="button button--primary" onClick={checkout.donation.saveDonatee}>
              {t('general.save')}
            </button>
          </div>
        </div>
      </Overlay>
    </Section>
  );
});

const LegalCheckbox = observer(function LegalCheckbox({
  id,
  checked,
  onChange,
  error,
  before,
  after,
  title,
  fields,
  readLabel,
}: {
  readLabel: string;
  id: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  error?: string;
  before: string;
  after: string;
  title: string;
  fields: LegalTextFields;
}) {
  return (
    <div className="form__field">
      <div className="legal-check">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>
          {before}
          {title}
          {after}
        </label>
      </div>
      <div className="legal-check__more">
        <LegalTextLink fields={fields} title={title} label={readLabel} />
      </div>
      {error && (
        <p id={`${id}-error`} className="form__error">
          {error}
        </p>
      )}
    </div>
  );
});

/** Plain text of a short markdown description (emphasis markers dropped). */
function stripMarkdown(text: string): string {
  return text.replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/g, '$2');
}
