import type { BranchRating as Rating } from '@ordering/common';

const ONE_DECIMAL = new Intl.NumberFormat('de-AT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const reviews = (count: number) => `${count} ${count === 1 ? 'Bewertung' : 'Bewertungen'}`;

/** "4,6 ★ (23 Bewertungen)": the visible line of a branch's average rating. */
export function ratingText({ average, count }: Rating): string {
  return `${ONE_DECIMAL.format(average)} ★ (${reviews(count)})`;
}

/** The customers' average rating of a branch (plugin "Bewertungen"); nothing without one. */
export function BranchRating({ rating, className }: { rating: Rating | null; className: string }) {
  if (!rating) return null;
  return (
    <p className={`branch-rating ${className}`}>
      <span aria-hidden="true">{ratingText(rating)}</span>
      <span className="visually-hidden">
        Durchschnittliche Bewertung {ONE_DECIMAL.format(rating.average)} von 5 Sternen,{' '}
        {reviews(rating.count)}
      </span>
    </p>
  );
}
