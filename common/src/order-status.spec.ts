import type { OrderFlags, OrderStatusAction } from './contract/order.js';
import { ORDER_STATUS_ACTIONS } from './contract/order.js';
import fc from 'fast-check';
import {
  allowedActions,
  answerCounterOffer,
  applyStatusAction,
  canAnswerCounterOffer,
  canSendQuestionnaire,
  customerStatus,
  customerStatusText,
  isFinalOrder,
  paymentLine,
  shouldPollOrder,
  showQuestionnaire,
  showQuestionnaireComment,
  staffState,
  timeline,
} from './order-status.js';

const fresh: OrderFlags = {
  isRejected: false,
  isCompleted: false,
  isConfirmed: false,
  isDelivery: false,
  isDineIn: false,
  isInDelivery: false,
  isDelivered: false,
  isCanceled: false,
  isFailed: false,
  isPaid: false,
  isRefunded: false,
};
const flags = (overrides: Partial<OrderFlags> = {}): OrderFlags => ({ ...fresh, ...overrides });

function run(actions: OrderStatusAction[], start: OrderFlags = fresh): OrderFlags {
  return actions.reduce((order, action) => {
    const result = applyStatusAction(order, action);
    if (!result.ok) throw new Error(result.error.code);
    return result.flags;
  }, start);
}

describe('order-status', () => {
  describe(staffState.name, () => {
    it('derives the state with final flags first', () => {
      expect(staffState(fresh)).toBe('unconfirmed');
      expect(staffState(flags({ isConfirmed: true }))).toBe('confirmed');
      expect(staffState(flags({ isConfirmed: true, isInDelivery: true }))).toBe('inDelivery');
      expect(staffState(flags({ isConfirmed: true, isCompleted: true }))).toBe('completed');
      expect(staffState(flags({ isRejected: true }))).toBe('rejected');
      expect(staffState(flags({ isConfirmed: true, isCanceled: true }))).toBe('canceled');
      expect(staffState(flags({ isFailed: true, isCanceled: true }))).toBe('failed');
    });
  });

  describe(allowedActions.name, () => {
    it('allows confirm, reject and cancel while unconfirmed', () => {
      expect(allowedActions(fresh)).toEqual(['confirm', 'reject', 'cancel']);
    });

    it('allows in-delivery, completed and cancel after confirm', () => {
      expect(allowedActions(flags({ isConfirmed: true }))).toEqual(['in-delivery', 'completed', 'cancel']);
    });

    it('allows completed and cancel while ready for pickup', () => {
      expect(allowedActions(flags({ isConfirmed: true, isInDelivery: true }))).toEqual([
        'completed',
        'cancel',
      ]);
    });

    it('allows delivered, completed and cancel while a delivery is out, and only completed once delivered', () => {
      const out = flags({ isDelivery: true, isConfirmed: true, isInDelivery: true });
      expect(allowedActions(out)).toEqual(['delivered', 'completed', 'cancel']);
      expect(allowedActions({ ...out, isDelivered: true })).toEqual(['completed']);
    });

    it('allows nothing in a final state', () => {
      for (const final of [
        { isCompleted: true },
        { isRejected: true },
        { isCanceled: true },
        { isFailed: true },
      ]) {
        expect(allowedActions(flags({ isConfirmed: true, ...final }))).toEqual([]);
        expect(isFinalOrder(flags(final))).toBe(true);
      }
    });
  });

  describe(applyStatusAction.name, () => {
    it('walks a delivery order through confirm, in-delivery and completed, marking it delivered', () => {
      const done = run(['confirm', 'in-delivery', 'completed'], flags({ isDelivery: true }));
      expect(done).toMatchObject({
        isConfirmed: true,
        isInDelivery: true,
        isCompleted: true,
        isDelivered: true,
      });
    });

    it('completes a takeaway order straight after confirm without marking it delivered', () => {
      expect(run(['confirm', 'completed'])).toMatchObject({ isCompleted: true, isDelivered: false });
    });

    it('rejects an unconfirmed order and cancels a confirmed one', () => {
      expect(run(['reject'])).toMatchObject({ isRejected: true });
      expect(run(['confirm', 'cancel'])).toMatchObject({ isConfirmed: true, isCanceled: true });
    });

    it('refuses reject after confirm with ORDER_STATUS_NOT_ALLOWED', () => {
      const result = applyStatusAction(flags({ isConfirmed: true }), 'reject');
      expect(result).toEqual({
        ok: false,
        error: {
          code: 'ORDER_STATUS_NOT_ALLOWED',
          key: 'orderStatus.notAllowed',
          message: 'Diese Statusänderung ist im aktuellen Bestellstatus nicht möglich.',
          state: 'confirmed',
        },
      });
    });

    it('marks a delivery out for delivery delivered: state delivered, customer status "Geliefert"', () => {
      const delivered = run(['confirm', 'in-delivery', 'delivered'], flags({ isDelivery: true }));
      expect(delivered).toMatchObject({ isInDelivery: true, isDelivered: true, isCompleted: false });
      expect(staffState(delivered)).toBe('delivered');
      expect(customerStatusText(delivered)).toBe('Geliefert');
      expect(isFinalOrder(delivered)).toBe(false);
      expect(run(['completed'], delivered)).toMatchObject({ isCompleted: true, isDelivered: true });
    });

    it('refuses delivered for takeaway, before the delivery is out and after completion, saying why', () => {
      const message = (order: OrderFlags) => {
        const result = applyStatusAction(order, 'delivered');
        return result.ok ? null : result.error.message;
      };
      expect(message(flags({ isConfirmed: true, isInDelivery: true }))).toBe(
        'Nur Lieferungen können als geliefert markiert werden.',
      );
      expect(message(flags({ isDelivery: true, isConfirmed: true }))).toBe(
        'Als geliefert markieren geht nur, solange die Lieferung in Zustellung ist.',
      );
      expect(
        message(flags({ isDelivery: true, isConfirmed: true, isInDelivery: true, isCompleted: true })),
      ).toBe('Die Bestellung ist bereits abgeschlossen, abgelehnt oder storniert.');
    });

    it('refuses in-delivery before confirm', () => {
      const result = applyStatusAction(fresh, 'in-delivery');
      expect(result.ok).toBe(false);
    });

    it('refuses everything on a final order with ORDER_STATUS_FINAL', () => {
      const result = applyStatusAction(flags({ isCanceled: true }), 'cancel');
      expect(result.ok === false && result.error.code).toBe('ORDER_STATUS_FINAL');
    });

    it('never leaves a final state and only succeeds for allowed actions for any action sequence', () => {
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...ORDER_STATUS_ACTIONS), { maxLength: 8 }),
          fc.boolean(),
          (actions, isDelivery) => {
            let order = flags({ isDelivery });
            for (const action of actions) {
              const wasFinal = isFinalOrder(order);
              const allowed = allowedActions(order).includes(action);
              const result = applyStatusAction(order, action);
              expect(result.ok).toBe(allowed);
              if (wasFinal) expect(result.ok).toBe(false);
              if (result.ok) order = result.flags;
            }
          },
        ),
      );
    });
  });

  describe(customerStatus.name, () => {
    it('derives the six customer states', () => {
      expect(customerStatus(fresh)).toBe('waiting');
      expect(customerStatus(flags({ isConfirmed: true }))).toBe('confirmed');
      expect(customerStatus(flags({ isConfirmed: true, isInDelivery: true }))).toBe('inDelivery');
      expect(customerStatus(flags({ isDelivered: true }))).toBe('delivered');
      expect(customerStatus(flags({ isCompleted: true, isDelivered: true }))).toBe('completed');
      expect(customerStatus(flags({ isRejected: true }))).toBe('canceled');
      expect(customerStatus(flags({ isFailed: true }))).toBe('canceled');
    });
  });

  describe(customerStatusText.name, () => {
    it('shows "Bestellung storniert" for rejected or cancelled orders', () => {
      expect(customerStatusText(flags({ isRejected: true }))).toBe('Bestellung storniert');
      expect(customerStatusText(flags({ isCanceled: true }))).toBe('Bestellung storniert');
    });

    it('says ready for pickup for takeaway and in delivery for delivery', () => {
      expect(customerStatusText(flags({ isConfirmed: true, isInDelivery: true }))).toBe('Abholbereit');
      expect(customerStatusText(flags({ isConfirmed: true, isInDelivery: true, isDelivery: true }))).toBe(
        'In Zustellung',
      );
    });

    it('has texts for waiting, confirmed, delivered and completed', () => {
      expect(customerStatusText(fresh)).toBe('Warten auf Bestätigung');
      expect(customerStatusText(flags({ isConfirmed: true }))).toBe('Bestätigt und in Zubereitung');
      expect(customerStatusText(flags({ isDelivered: true }))).toBe('Geliefert');
      expect(customerStatusText(flags({ isCompleted: true }))).toBe('Abgeschlossen');
    });
  });

  describe(paymentLine.name, () => {
    it('reads waiting, paid or refunded for online payment', () => {
      expect(paymentLine({ paymentMethod: 'mollie', isPaid: false, isRefunded: false })).toBe(
        'Warten auf Zahlung',
      );
      expect(paymentLine({ paymentMethod: 'mollie', isPaid: true, isRefunded: false })).toBe('Bezahlt');
      expect(paymentLine({ paymentMethod: 'datatrans', isPaid: true, isRefunded: true })).toBe(
        'Rückerstattet',
      );
    });

    it('is null for cash', () => {
      expect(paymentLine({ paymentMethod: 'cash', isPaid: false, isRefunded: false })).toBeNull();
    });
  });

  describe(timeline.name, () => {
    it('shows a confirmed order at the preparation step, not past it', () => {
      const steps = timeline(flags({ isConfirmed: true, isDelivery: true }));
      expect(steps.map((s) => s.label)).toEqual([
        'Bestätigung',
        'Zubereitung',
        'In Zustellung',
        'Abgeschlossen',
      ]);
      expect(steps.map((s) => s.isDone)).toEqual([true, false, false, false]);
      expect(steps.map((s) => s.isCurrent)).toEqual([false, true, false, false]);
    });

    it('shows an order in delivery at the third step and a delivered one waiting for completion', () => {
      const inDelivery = timeline(flags({ isConfirmed: true, isDelivery: true, isInDelivery: true }));
      expect(inDelivery.map((s) => s.isDone)).toEqual([true, true, false, false]);
      expect(inDelivery.map((s) => s.isCurrent)).toEqual([false, false, true, false]);
      const delivered = timeline(
        flags({ isConfirmed: true, isDelivery: true, isInDelivery: true, isDelivered: true }),
      );
      expect(delivered.map((s) => s.isCurrent)).toEqual([false, false, false, true]);
    });

    it('labels the third step Abholbereit for takeaway and marks all done when completed', () => {
      const steps = timeline(flags({ isConfirmed: true, isCompleted: true }));
      expect(steps[2].label).toBe('Abholbereit');
      expect(steps.every((s) => s.isDone)).toBe(true);
    });

    it('has no current step when cancelled', () => {
      expect(timeline(flags({ isCanceled: true })).some((s) => s.isCurrent)).toBe(false);
    });
  });

  describe(shouldPollOrder.name, () => {
    it('polls until the order is final', () => {
      expect(shouldPollOrder(flags({ isConfirmed: true }))).toBe(true);
      expect(shouldPollOrder(flags({ isCompleted: true }))).toBe(false);
      expect(shouldPollOrder(flags({ isFailed: true }))).toBe(false);
    });
  });

  describe(canAnswerCounterOffer.name, () => {
    it('is true while unconfirmed with a counter appointment', () => {
      expect(canAnswerCounterOffer({ ...fresh, counterAppointment: '2026-03-24T17:00:00Z' })).toBe(true);
      expect(canAnswerCounterOffer({ ...fresh, counterAppointment: null })).toBe(false);
      expect(
        canAnswerCounterOffer({
          ...flags({ isConfirmed: true }),
          counterAppointment: '2026-03-24T17:00:00Z',
        }),
      ).toBe(false);
      expect(
        canAnswerCounterOffer({ ...flags({ isCanceled: true }), counterAppointment: '2026-03-24T17:00:00Z' }),
      ).toBe(false);
    });
  });

  describe(answerCounterOffer.name, () => {
    const order = {
      ...fresh,
      appointmentDate: '2026-03-24T16:00:00Z',
      counterAppointment: '2026-03-24T17:00:00Z',
    };

    it('confirms the order at the proposed time when accepted', () => {
      expect(answerCounterOffer(order, 'confirm')).toEqual({
        ok: true,
        flags: { ...fresh, isConfirmed: true },
        appointmentDate: '2026-03-24T17:00:00Z',
        counterAppointment: null,
      });
    });

    it('cancels the order when rejected', () => {
      const result = answerCounterOffer(order, 'reject');
      expect(result.ok && result.flags.isCanceled).toBe(true);
    });

    it('fails when there is no open counter-offer', () => {
      expect(answerCounterOffer({ ...order, counterAppointment: null }, 'confirm')).toMatchObject({
        ok: false,
        key: 'orderStatus.counterOfferUnavailable',
      });
    });
  });

  describe(showQuestionnaire.name, () => {
    it('shows only for completed orders with reviews enabled and no rating yet', () => {
      const completed = { ...flags({ isConfirmed: true, isCompleted: true }), questionnaireRating: null };
      expect(showQuestionnaire(completed, true)).toBe(true);
      expect(showQuestionnaire(completed, false)).toBe(false);
      expect(showQuestionnaire({ ...completed, questionnaireRating: 4 }, true)).toBe(false);
      expect(showQuestionnaire({ ...fresh, questionnaireRating: null }, true)).toBe(false);
    });
  });

  describe(canSendQuestionnaire.name, () => {
    it('needs all four ratings between 1 and 5', () => {
      expect(canSendQuestionnaire({ rating: 5, foodRating: 4, serviceRating: 3, processRating: 1 })).toBe(
        true,
      );
      expect(canSendQuestionnaire({ rating: 5, foodRating: 4, serviceRating: 3, processRating: 0 })).toBe(
        false,
      );
      expect(canSendQuestionnaire({ rating: 5, foodRating: 6, serviceRating: 3, processRating: 2 })).toBe(
        false,
      );
      expect(canSendQuestionnaire({ rating: 5 })).toBe(false);
    });
  });

  describe(showQuestionnaireComment.name, () => {
    it('shows the comment box once all four are set', () => {
      expect(showQuestionnaireComment({ rating: 1, foodRating: 1, serviceRating: 1, processRating: 1 })).toBe(
        true,
      );
      expect(showQuestionnaireComment({ rating: 1, foodRating: 1, serviceRating: 1 })).toBe(false);
    });
  });
});
