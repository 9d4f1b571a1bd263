import { formatDate } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '../../router/router';
import { PageTitle } from '../../components/PageTitle';
import { CollectionStore } from '../collection/CollectionStore';
import { Pager } from '../collection/Pager';
import { DateRangeFields } from '../editors/dates/DateRangeFields';
import { useStores } from '../stores';
import './board.css';
import { customerName } from './board';
import { RatingStars, REVIEW_FIELDS } from './RatingStars';
import type { StaffOrder } from '@ordering/common';

/** Fallback of the error list when the reviews cannot be loaded. */
export const REVIEWS_LOAD_FAILED = 'Bewertungen konnten nicht geladen werden.';

/** The choices of the rating filter: the overall rating, one value or the poor ones together. */
export const RATING_CHOICES = [
  ['', 'Alle'],
  ['5', '5 Sterne'],
  ['4', '4 Sterne'],
  ['3', '3 Sterne'],
  ['2', '2 Sterne'],
  ['1', '1 Stern'],
  ['1,2', '1–2 Sterne (schlecht)'],
] as const;

/**
 * "Bewertungen": the customers' review answers (four ratings and a comment), newest first, filtered by
 * branch, period (business days) and overall rating; the orders API with `isReviewed=true`.
 */
export const ReviewsPage = observer(function ReviewsPage() {
  const root = useStores();
  const reviews = root.feature('order-reviews', (r) => {
    const store = new CollectionStore<StaffOrder>({
      api: r.api,
      errors: r.errors,
      path: '/api/orders',
      loadFailed: REVIEWS_LOAD_FAILED,
    });
    store.setParam('isReviewed', 'true');
    return store;
  });
  const [branches, setBranches] = useState<{ id: number; name: string }[]>([]);

  useEffect(() => {
    if (!reviews.loaded) void reviews.load();
    // The branch filter is a convenience: without the list (an employee's role) only "Alle Filialen" shows.
    root.api
      .get<{ id: number; name: string }[]>('/api/branches?limit=100')
      .then((list) => setBranches([...list].sort((a, b) => a.name.localeCompare(b.name, 'de'))))
      .catch(() => setBranches([]));
  }, [reviews, root]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    reviews.page = 1;
    void reviews.load();
  }

  return (
    <section aria-labelledby="reviews-title">
      <PageTitle title="Bewertungen" shopName={root.ui.shopName} />
      <div className="board-toolbar">
        <h1 id="reviews-title">Bewertungen</h1>
        <Link className="button button--ghost" to="/backend/orders">
          Zur Live-Tafel
        </Link>
      </div>
      <form className="history-filters" onSubmit={onSubmit} aria-label="Filter">
        <label className="action-field">
          <span>Filiale</span>
          <select
            value={reviews.params.branch ?? ''}
            onChange={(e) => reviews.setParam('branch', e.target.value)}
          >
            <option value="">Alle Filialen</option>
            {branches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <DateRangeFields
          idPrefix="reviews"
          from={reviews.params.from}
          to={reviews.params.to}
          onChange={(key, value) => reviews.setParam(key, value)}
        />
        <label className="action-field">
          <span>Gesamteindruck</span>
          <select
            value={reviews.params.rating ?? ''}
            onChange={(e) => reviews.setParam('rating', e.target.value)}
          >
            {RATING_CHOICES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary">
          Anzeigen
        </button>
      </form>
      {reviews.loaded && reviews.total !== null && reviews.items.length > 0 && (
        <p className="muted" role="status">
          {reviews.total === 1 ? '1 Bewertung' : `${reviews.total} Bewertungen`}
        </p>
      )}
      {reviews.loaded && reviews.items.length === 0 ? (
        <p className="card">Keine Bewertungen für diese Auswahl.</p>
      ) : (
        <ul className="review-list" aria-label="Bewertungen">
          {reviews.items.map((order) => (
            <ReviewItem key={order.id} order={order} />
          ))}
        </ul>
      )}
      <Pager list={reviews} showCount={false} />
    </section>
  );
});

/** One review: which order (ticket, day, branch, customer), the four ratings and the comment. */
function ReviewItem({ order }: { order: StaffOrder }) {
  const answers = order.questionnaire;
  const ticket = order.ticketNumber ? `#${order.ticketNumber}` : `Bestellung ${order.id}`;
  const day = order.businessDate ? formatDate(new Date(`${order.businessDate}T12:00:00Z`)) : '';
  return (
    <li className="card review-item" data-order-id={order.id}>
      <div className="review-item__head">
        <h2 className="review-item__title">
          {ticket} · {customerName(order)}
        </h2>
        <span className="muted">{[day, order.branchName].filter(Boolean).join(' · ')}</span>
      </div>
      {answers && (
        <dl className="review-item__ratings">
          {REVIEW_FIELDS.map(([field, label]) => (
            <div key={field} className="review-item__rating">
              <dt>{label}</dt>
              <dd>
                <RatingStars value={answers[field] as number} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {answers?.comment ? (
        <blockquote className="review-item__comment">{answers.comment}</blockquote>
      ) : (
        <p className="review-item__comment review-item__comment--none muted">Ohne Kommentar</p>
      )}
      <a href={`/status/${order.uid}/${order.hash}`} target="_blank" rel="noreferrer">
        Statusseite öffnen<span className="visually-hidden"> ({ticket})</span>
      </a>
    </li>
  );
}
