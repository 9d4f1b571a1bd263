import type { ReviewAverage } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from '../../router/router';
import { FigureTable } from '../editors/FigureTable';
import { useStores } from '../stores';
import { formatCount } from './format';
import { ReviewAveragesStore, type ReviewRange } from './ReviewAveragesStore';

const average = (value: number | null) => (value === null ? '–' : formatCount(value));

/**
 * "Bewertungen" on the Statistik page: the customers' average ratings (of 5) per branch for the shown range
 * and branch, with the number of reviews, and a link to the reviews themselves.
 */
export const ReviewAveragesCard = observer(function ReviewAveragesCard({
  range,
}: {
  range: ReviewRange | null;
}) {
  const root = useStores();
  const reviews = root.feature('review-averages', (r) => new ReviewAveragesStore(r.api));
  useEffect(() => {
    if (range) void reviews.load(range);
  }, [reviews, range?.from, range?.to, range?.branchId]);

  const result = reviews.result;
  const rows: ReviewAverage[] = result
    ? result.branches.length > 1
      ? [...result.branches, { ...result.overall, branchName: 'Alle Filialen' }]
      : result.branches
    : [];
  return (
    <section className="stats-card" aria-labelledby="stats-reviews-title" data-testid="stats-reviews">
      <header className="stats-card__head">
        <h2 id="stats-reviews-title">Bewertungen</h2>
        <Link to="/backend/orders/reviews">Alle Bewertungen</Link>
      </header>
      {reviews.failed ? (
        <p className="stats-empty">Bewertungen konnten nicht geladen werden.</p>
      ) : rows.length === 0 ? (
        <p className="stats-empty">{result ? 'Keine Bewertungen im Zeitraum.' : '–'}</p>
      ) : (
        <FigureTable
          className="stats-table"
          rows={rows}
          rowKey={(row) => row.branch?.id ?? 'all'}
          label="Filiale"
          name={(row) => row.branchName}
          columns={[
            { label: 'Gesamt', value: (row) => average(row.rating) },
            { label: 'Essen', value: (row) => average(row.foodRating) },
            { label: 'Service', value: (row) => average(row.serviceRating) },
            { label: 'Ablauf', value: (row) => average(row.processRating) },
            { label: 'Anzahl', value: (row) => formatCount(row.count) },
          ]}
        />
      )}
      {rows.length > 0 && <p className="stats-note">Durchschnitt von 1 bis 5 Sternen.</p>}
    </section>
  );
});
