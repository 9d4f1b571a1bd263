import {
  deliveryHoursOf,
  isOpenAt,
  nextOpening,
  openingHoursOf,
  pauseNotice,
  reopeningText,
  t,
  type Branch,
  type OrderType,
} from '@ordering/common';

/** The intro banner's notice on the store page (spec sections 2 and 8). */
export interface StoreNotice {
  /** The branch is closed (opening hours): the page is shown in closed style unless pre-orders are taken. */
  isClosed: boolean;
  /** German lines in order; empty when nothing is to be said. */
  lines: string[];
}

/**
 * Closed: 'Derzeit haben wir leider geschlossen.' with the reopening (or the closed message), and with
 * pre-orders on the two pre-order sentences. Open but delivery closed for a delivery order: 'Derzeit ist
 * leider keine Lieferung möglich.' with when delivery resumes, the takeaway or dine-in hint, and the
 * pre-order-for-later hint.
 */
export function storeNotice(branch: Branch, orderType: OrderType, now: Date): StoreNotice {
  // A branch that is not public yet takes no orders (docs/decisions/orders.md): closed, with its message.
  if (!branch.isPublic) {
    const message = branch.closedMessage?.trim();
    return { isClosed: true, lines: message ? [t('branch.closedNow'), message] : [t('branch.closedNow')] };
  }
  // Staff paused ordering (for this order type): their sentence first, nothing else matters now.
  const paused = pauseNotice(branch, orderType, now);
  if (paused.length > 0) return { isClosed: true, lines: paused };
  const opening = openingHoursOf(branch);
  if (!isOpenAt(opening, now)) {
    const lines = [t('branch.closedNow')];
    const reopening = reopeningText(nextOpening(opening, now), now, opening.timeZone);
    const message = branch.closedMessage?.trim();
    if (reopening) lines.push(reopening);
    else if (message) lines.push(message);
    if (branch.isPreorderEnabled) {
      lines.push(t('branch.preorderWelcome'), t('branch.preorderProcessedAtReopening'));
    }
    return { isClosed: true, lines };
  }
  const delivery = deliveryHoursOf(branch);
  if (orderType === 'delivery' && !isOpenAt(delivery, now)) {
    const lines = [t('branch.deliveryClosedNow')];
    const resumes = reopeningText(nextOpening(delivery, now), now, delivery.timeZone, 'delivery');
    if (resumes) lines.push(resumes);
    if (branch.isTakeawayEnabled) lines.push(t('branch.takeawayHint'));
    else if (branch.isDineInEnabled) lines.push(t('branch.dineInHint'));
    if (branch.isPreorderEnabled) lines.push(t('branch.preorderLater'));
    return { isClosed: false, lines };
  }
  return { isClosed: false, lines: [] };
}
