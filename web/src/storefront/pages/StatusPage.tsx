import { formatIsoDate, formatMoney, t, toCents, unitLabel } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from '../../router/router';
import { NotFoundPage } from '../../components/ErrorPage';
import { PageTitle } from '../../components/PageTitle';
import { InstallPromotion } from '../../shell/InstallPromotion';
import { PhoneLink } from '../components/PhoneLink';
import { formatAmount } from '../format';
import { RATING_FIELDS, type OrderStatusStore, type RatingField } from '../stores/OrderStatusStore';
import { useStores } from '../stores';
import { texts } from '../texts';

const RATING_LABELS: Record<RatingField, string> = {
  rating: 'Gesamteindruck',
  foodRating: 'Essen',
  serviceRating: 'Service',
  processRating: 'Ablauf',
};

/** The public status page `/status/{uid}/{hash}` (spec sections 2 and 4); the hash is never shown. */
export const StatusPage = observer(function StatusPage({ orderStatus }: { orderStatus: OrderStatusStore }) {
  const { ui } = useStores();
  const { uid = '', hash = '' } = useParams();
  useEffect(() => orderStatus.open(uid, hash), [orderStatus, uid, hash]);

  if (orderStatus.status === 'notFound') return <NotFoundPage />;
  const order = orderStatus.order;
  return (
    <section className="page status" aria-labelledby="status-title">
      <PageTitle title={texts.orderStatus} shopName={ui.shopName} />
      {!order ? (
        <>
          <h1 id="status-title">{texts.orderStatus}</h1>
          {orderStatus.status === 'error' ? (
            <div className="alert alert--error" role="alert">
              {orderStatus.error}
            </div>
          ) : (
            <p className="loading" role="status">
              {texts.loading}
            </p>
          )}
        </>
      ) : (
        <StatusContent status={orderStatus} />
      )}
    </section>
  );
});

const StatusContent = observer(function StatusContent({ status }: { status: OrderStatusStore }) {
  const { data, cart } = useStores();
  const order = status.order!;
  const branch = status.branch;
  const currency = data.currency;
  // Links from the mails: `?gegenangebot=annehmen|ablehnen` asks once more here (a mail scanner opening
  // the link must not answer for the customer), `#bewertung` goes to the questionnaire.
  const [params] = useSearchParams();
  const answer = params.get('gegenangebot');
  const wanted = answer === 'annehmen' ? 'confirm' : answer === 'ablehnen' ? 'reject' : null;
  const wantedButton = useRef<HTMLButtonElement>(null);
  const { hash } = useLocation();
  useEffect(() => {
    if (wanted && status.counterOfferText) wantedButton.current?.focus();
  }, [wanted, status.counterOfferText]);
  useEffect(() => {
    if (hash === '#bewertung' && status.showsQuestionnaire)
      document.getElementById('bewertung')?.scrollIntoView({ block: 'start' });
  }, [hash, status.showsQuestionnaire]);
  useEffect(() => {
    if (status.paidOnline && branch) cart.clearFor(branch);
  }, [status.paidOnline, branch, cart]);

  if (status.paymentFailed && branch)
    return <Navigate to={`/store/${encodeURIComponent(branch.identifier)}/checkout/error`} replace />;
  return (
    <>
      <h1 id="status-title" className={status.isCanceled ? 'status__title--canceled' : undefined}>
        {status.heading}
      </h1>
      <div className="card status__summary">
        <p className="status__number">
          {order.ticketNumber ? (
            <>
              <span className="muted">{texts.ticketNumber}</span> <strong>{order.ticketNumber}</strong>
            </>
          ) : (
            <>
              <span className="muted">{texts.orderNumber}</span>{' '}
              <strong>{order.uid.slice(0, 8).toUpperCase()}</strong>
            </>
          )}
        </p>
        <p className="status__state" role="status" aria-live="polite">
          {status.statusText}
        </p>
        {order.rejectionMessage && <p className="status__rejection">{order.rejectionMessage}</p>}
        {status.paymentLine && <p className="status__payment">{status.paymentLine}</p>}
        {!status.isCanceled && (
          <ol className="timeline" aria-label={texts.progress}>
            {status.timeline.map((step) => (
              <li
                key={step.id}
                className={`timeline__step${step.isDone ? ' timeline__step--done' : ''}${step.isCurrent ? ' timeline__step--current' : ''}`}
                aria-current={step.isCurrent ? 'step' : undefined}
              >
                <span className="timeline__dot" aria-hidden="true" />
                <span className="timeline__label">{hyphenated(step.label)}</span>
              </li>
            ))}
          </ol>
        )}
      </div>

      {status.counterOfferText && (
        <div className="card status__counter" role="region" aria-label={texts.counterOffer}>
          <p>{status.counterOfferText}</p>
          {wanted && (
            <p className="status__confirm-hint">
              {wanted === 'confirm'
                ? 'Bitte bestätigen Sie: Möchten Sie den vorgeschlagenen Termin annehmen?'
                : 'Bitte bestätigen Sie: Möchten Sie den Terminvorschlag ablehnen? Ihre Bestellung wird dann storniert.'}
            </p>
          )}
          <div className="status__actions">
            <button
              type="button"
              className="button button--primary"
              ref={wanted === 'confirm' ? wantedButton : undefined}
              disabled={status.isBusy}
              onClick={() => void status.answerCounterOffer('confirm')}
            >
              {texts.acceptCounterOffer}
            </button>
            <button
              type="button"
              className="button button--secondary"
              ref={wanted === 'reject' ? wantedButton : undefined}
              disabled={status.isBusy}
              onClick={() => void status.answerCounterOffer('reject')}
            >
              {texts.rejectCounterOffer}
            </button>
          </div>
        </div>
      )}
      {status.offer && <OfferCard status={status} currency={currency} />}
      {status.actionError && (
        <div className="alert alert--error" role="alert">
          {status.actionError}
        </div>
      )}

      {status.showsQuestionnaire && <QuestionnaireForm status={status} />}

      <WithdrawalCard status={status} />

      <div className="card status__order">
        <h2>{texts.yourOrder}</h2>
        <p>
          <span className="muted">{texts.appointment}:</span>{' '}
          {status.appointmentText ?? t('appointment.asap')}
        </p>
        {order.tableIdentifier && (
          <p>
            <span className="muted">{texts.table}:</span> {order.tableIdentifier}
          </p>
        )}
        <ul className="cart-items">
          {order.items.map((item, index) => (
            <li key={index} className="cart-item">
              <div className="cart-item__main">
                <span className="cart-item__name">{item.name}</span>
                <span className="cart-item__quantity">
                  {formatAmount(item.amount)} {unitLabel(item.unit)}
                </span>
                {item.partLabels && item.partLabels.length > 0 && (
                  <span className="cart-item__parts">{item.partLabels.join(' · ')}</span>
                )}
              </div>
              <span className="cart-item__price">
                {item.isPriceHidden ? t('cart.priceOnRequest') : formatMoney(toCents(item.price), currency)}
              </span>
            </li>
          ))}
        </ul>
        {order.pricing && (
          <dl className="totals">
            <div className="totals__row totals__row--total">
              <dt>{t('pricing.total')}</dt>
              <dd>{formatMoney(toCents(order.pricing.totalGross), currency)}</dd>
            </div>
          </dl>
        )}
      </div>

      {branch && (
        <div className="card status__branch">
          <h2>{branch.name}</h2>
          <p>
            {branch.street}, {branch.zipCode} {branch.city}
          </p>
          {branch.phone && (
            <p>
              <PhoneLink className="button button--secondary" phone={branch.phone}>
                {texts.call(branch.phone)}
              </PhoneLink>
            </p>
          )}
          <Link to={`/store/${encodeURIComponent(branch.identifier)}`}>{t('cart.backToBranch')}</Link>
        </div>
      )}
      <InstallPromotion />
    </>
  );
});

const QuestionnaireForm = observer(function QuestionnaireForm({ status }: { status: OrderStatusStore }) {
  return (
    <form
      id="bewertung"
      className="card questionnaire"
      aria-labelledby="questionnaire-title"
      onSubmit={(event) => {
        event.preventDefault();
        void status.sendQuestionnaire();
      }}
    >
      <div className="questionnaire__head">
        <h2 id="questionnaire-title">{texts.rateUs}</h2>
        <button type="button" className="link-button" onClick={status.hideQuestionnaire}>
          {texts.hide}
        </button>
      </div>
      {RATING_FIELDS.map((field) => (
        <fieldset key={field} className="stars">
          <legend>{RATING_LABELS[field]}</legend>
          <div className="stars__options">
            {[1, 2, 3, 4, 5].map((value) => (
              <label key={value} className="stars__option">
                <input
                  type="radio"
                  name={field}
                  value={value}
                  checked={status.questionnaire[field] === value}
                  onChange={() => status.setRating(field, value)}
                />
                <span
                  aria-hidden="true"
                  className={
                    (status.questionnaire[field] ?? 0) >= value
                      ? 'stars__star stars__star--on'
                      : 'stars__star'
                  }
                >
                  ★
                </span>
                <span className="visually-hidden">{texts.stars(value)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {status.showsComment && (
        <div className="form__field">
          <label htmlFor="questionnaire-comment">{texts.reviewComment}</label>
          <textarea
            id="questionnaire-comment"
            rows={3}
            value={status.questionnaire.comment ?? ''}
            onChange={(event) => status.setComment(event.target.value)}
          />
        </div>
      )}
      <button type="submit" className="button button--primary" disabled={!status.canSendQuestionnaire}>
        {texts.sendReview}
      </button>
    </form>
  );
});

/**
 * Where the timeline's long words may break on a 360 px phone (four columns of about 70 px): soft
 * hyphens, because browsers on Linux and in kiosks often have no German hyphenation dictionary and would
 * otherwise cut "Bestätigun|g".
 */
const SOFT_HYPHENS: Record<string, string> = {
  Bestätigung: 'Bestäti\u00adgung',
  Zubereitung: 'Zube\u00adreitung',
  Abholbereit: 'Abhol\u00adbereit',
  Abgeschlossen: 'Abge\u00adschlossen',
  Zustellung: 'Zu\u00adstellung',
};

function hyphenated(label: string): string {
  return label
    .split(' ')
    .map((word) => SOFT_HYPHENS[word] ?? word)
    .join(' ');
}

/**
 * The withdrawal function's first button (§356a BGB) for an order that was not exempt; once withdrawn, when.
 * "Vertrag widerrufen" leads to the short form, whose "Widerruf bestätigen" sends the declaration.
 */
const WithdrawalCard = observer(function WithdrawalCard({ status }: { status: OrderStatusStore }) {
  const order = status.order!;
  if (order.isWithdrawalExempt !== false) return null;
  if (status.withdrawnText)
    return (
      <div className="card status__withdrawal" role="region" aria-label={texts.withdrawTitle}>
        <p>
          <strong>{status.withdrawnText}</strong>
        </p>
      </div>
    );
  return (
    <div className="card status__withdrawal" role="region" aria-label={texts.withdrawTitle}>
      <p>{texts.withdrawStatusHint}</p>
      <Link
        className="button button--secondary"
        to={`/status/${encodeURIComponent(order.uid)}/${encodeURIComponent(order.hash)}/widerrufen`}
      >
        {texts.withdrawAction}
      </Link>
    </div>
  );
});

const OFFER_STATE_TEXT = {
  open: 'Bitte nehmen Sie das Angebot an oder lehnen Sie es ab.',
  accepted: 'Sie haben das Angebot angenommen. Vielen Dank für Ihre Bestellung!',
  declined: 'Sie haben das Angebot abgelehnt.',
  expired: 'Dieses Angebot ist abgelaufen. Bitte fragen Sie ein neues an.',
} as const;

/** Staff's priced offer on a quotation request: its lines and total, and the answer while it is open. */
const OfferCard = observer(function OfferCard({
  status,
  currency,
}: {
  status: OrderStatusStore;
  currency: string;
}) {
  const { offer, state } = status.offer!;
  return (
    <div className="card status__offer" id="angebot" role="region" aria-label="Ihr Angebot">
      <h2>Ihr Angebot</h2>
      {offer.message && <p className="status__offer-message">{offer.message}</p>}
      <ul className="cart-items">
        {offer.lines.map((line, index) => (
          <li key={index} className="cart-item">
            <div className="cart-item__main">
              <span className="cart-item__name">{line.name}</span>
              <span className="cart-item__quantity">
                {formatAmount(line.amount)} {unitLabel(line.unit)}
              </span>
            </div>
            <span className="cart-item__price">
              {formatMoney(Math.round(toCents(line.unitPrice) * line.amount), currency)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="totals">
        <div className="totals__row totals__row--total">
          <dt>{t('pricing.total')}</dt>
          <dd>{formatMoney(toCents(offer.pricing.totalGross), currency)}</dd>
        </div>
      </dl>
      <p className="muted">Gültig bis {formatIsoDate(offer.validUntil)}</p>
      <p role="status">{OFFER_STATE_TEXT[state]}</p>
      {state === 'open' && (
        <div className="status__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={status.isBusy}
            onClick={() => void status.answerOffer('accept')}
          >
            Angebot verbindlich annehmen
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={status.isBusy}
            onClick={() => void status.answerOffer('decline')}
          >
            Angebot ablehnen
          </button>
        </div>
      )}
    </div>
  );
});
