import type { IsoDate, OrderOffer } from './contract/index.js';

/** Where an offer stands on a given day (`today` is the branch's calendar date, `YYYY-MM-DD`). */
export type OfferState = 'open' | 'expired' | 'accepted' | 'declined';

/** The state of an offer on `today`: answered, open until the end of `validUntil`, or expired after. */
export function offerState(offer: Pick<OrderOffer, 'answer' | 'validUntil'>, today: IsoDate): OfferState {
  if (offer.answer) return offer.answer;
  return today <= offer.validUntil ? 'open' : 'expired';
}
