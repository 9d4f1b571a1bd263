import { formatDate, formatTime } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from '../../router/router';
import { PageTitle } from '../../components/PageTitle';
import { useStores } from '../stores';
import { WithdrawalStore, type WithdrawalField } from '../stores/WithdrawalStore';
import { texts } from '../texts';

/** The time zone the confirmation's date and time are shown in (the shop's branches are in one country). */
const TIME_ZONE = 'Europe/Berlin';

/**
 * The withdrawal function (§356a BGB): `/vertrag-widerrufen` from the footer (the order by number and
 * e-mail) and `/status/{uid}/{hash}/widerrufen` from the status page's "Vertrag widerrufen" (the order is
 * known). A short form, then "Widerruf bestätigen"; the answer shows what was received and when.
 */
export const WithdrawalPage = observer(function WithdrawalPage() {
  const { ui, api, data } = useStores();
  const { uid, hash } = useParams();
  const [store] = useState(() => new WithdrawalStore(api, uid && hash ? { uid, hash } : null));
  const done = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (store.receipt) done.current?.focus();
  }, [store.receipt]);
  const timeZone = data.branches[0]?.timeZone || TIME_ZONE;
  const receipt = store.receipt;
  return (
    <section className="page checkout withdrawal" aria-labelledby="withdrawal-title">
      <PageTitle title={texts.withdrawTitle} shopName={ui.shopName} />
      {receipt ? (
        <div className="card withdrawal__done" role="status">
          <h1 id="withdrawal-title" ref={done} tabIndex={-1}>
            {texts.withdrawDoneTitle}
          </h1>
          <p>
            Eingegangen am {formatDate(new Date(receipt.withdrawal.withdrawnAt), timeZone)} um{' '}
            {formatTime(new Date(receipt.withdrawal.withdrawnAt), timeZone)} Uhr.
          </p>
          <dl className="withdrawal__facts">
            <dt>{texts.withdrawOrder}</dt>
            <dd>Nr. {receipt.orderNumber}</dd>
            <dt>Name</dt>
            <dd>{receipt.withdrawal.name}</dd>
            {receipt.withdrawal.note && (
              <>
                <dt>Anmerkung</dt>
                <dd>{receipt.withdrawal.note}</dd>
              </>
            )}
          </dl>
          <p>
            Eine Bestätigung mit dem Inhalt Ihrer Erklärung haben wir an{' '}
            <strong>{receipt.withdrawal.email}</strong> gesendet.
          </p>
          {store.link && (
            <Link to={`/status/${encodeURIComponent(store.link.uid)}/${encodeURIComponent(store.link.hash)}`}>
              Zurück zur Bestellung
            </Link>
          )}
        </div>
      ) : (
        <>
          <h1 id="withdrawal-title">{texts.withdrawTitle}</h1>
          <form
            className="card withdrawal__form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void store.confirm();
            }}
          >
            <p>{texts.withdrawIntro}</p>
            {store.error && (
              <div className="alert alert--error" role="alert">
                {store.error}
              </div>
            )}
            <div className="form-grid">
              <Input store={store} field="name" label={texts.withdrawName} autoComplete="name" required />
              {!store.link && (
                <>
                  <Input
                    store={store}
                    field="orderNumber"
                    label={texts.withdrawOrderNumber}
                    hint={texts.withdrawOrderNumberHint}
                    required
                  />
                  <Input
                    store={store}
                    field="orderEmail"
                    label={texts.withdrawOrderEmail}
                    type="email"
                    autoComplete="email"
                    required
                  />
                </>
              )}
              <Input
                store={store}
                field="email"
                label={texts.withdrawEmail}
                type="email"
                autoComplete="email"
                required
              />
              <Input store={store} field="note" label={texts.withdrawNote} multiline />
            </div>
            <div className="checkout__actions">
              {store.link ? (
                <Link
                  className="button button--secondary"
                  to={`/status/${encodeURIComponent(store.link.uid)}/${encodeURIComponent(store.link.hash)}`}
                >
                  Zurück
                </Link>
              ) : (
                <Link className="button button--secondary" to="/site/withdrawal">
                  {texts.legalWithdrawal}
                </Link>
              )}
              <button
                type="submit"
                className="button button--primary checkout__submit"
                disabled={store.isSending}
              >
                {store.isSending ? texts.withdrawSending : texts.withdrawConfirm}
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  );
});

const Input = observer(function Input({
  store,
  field,
  label,
  type = 'text',
  autoComplete,
  hint,
  required = false,
  multiline = false,
}: {
  store: WithdrawalStore;
  field: WithdrawalField;
  label: string;
  type?: string;
  autoComplete?: string;
  hint?: string;
  required?: boolean;
  multiline?: boolean;
}) {
  const id = `withdrawal-${field}`;
  const error = store.errorFor(field);
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  const props = {
    id,
    value: store.values[field],
    'aria-invalid': !!error,
    'aria-describedby': describedBy || undefined,
    'aria-required': required || undefined,
  };
  let control: ReactNode;
  if (multiline)
    control = <textarea {...props} rows={3} onChange={(e) => store.set(field, e.target.value)} />;
  else
    control = (
      <input
        {...props}
        type={type}
        autoComplete={autoComplete}
        onChange={(e) => store.set(field, e.target.value)}
      />
    );
  return (
    <div className={`form__field${multiline ? ' form__field--wide' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="form__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {control}
      {hint && (
        <p id={`${id}-hint`} className="form__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="form__error">
          {error}
        </p>
      )}
    </div>
  );
});
