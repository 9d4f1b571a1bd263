import type { Questionnaire } from '@ordering/common';

/** The four answers of the customers' review, in the order and with the words of the status page. */
export const REVIEW_FIELDS = [
  ['rating', 'Gesamteindruck'],
  ['foodRating', 'Essen'],
  ['serviceRating', 'Service'],
  ['processRating', 'Ablauf'],
] as const satisfies readonly (readonly [keyof Questionnaire, string])[];

/**
 * A rating of 1 to 5 as five stars for the eye and "4 von 5" for a screen reader (the stars themselves are
 * hidden from it).
 */
export function RatingStars({ value }: { value: number }) {
  const full = Math.max(0, Math.min(5, Math.round(value)));
  return (
    <span className="rating-stars">
      <span aria-hidden="true">
        <span className="rating-stars__on">{'★'.repeat(full)}</span>
        <span className="rating-stars__off">{'★'.repeat(5 - full)}</span>
      </span>
      <span className="visually-hidden">{`${value} von 5`}</span>
    </span>
  );
}

/** The customer's review of an order as a definition list (the order panel). */
export function ReviewAnswers({ questionnaire }: { questionnaire: Questionnaire }) {
  return (
    <dl className="review-answers">
      {REVIEW_FIELDS.map(([field, label]) => (
        <div className="review-answers__row" key={field}>
          <dt>{label}</dt>
          <dd>
            <RatingStars value={questionnaire[field] as number} />
          </dd>
        </div>
      ))}
      {questionnaire.comment && (
        <div className="review-answers__row review-answers__row--comment">
          <dt>Kommentar</dt>
          <dd>{questionnaire.comment}</dd>
        </div>
      )}
    </dl>
  );
}
