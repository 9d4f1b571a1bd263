import { jest } from '@jest/globals';
import type { PublicOrder } from '@ordering/common';
import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import { config, fixture, initPayload } from '../testing/fixtures';
import { InitDataStore } from './InitDataStore';
import type { EventSourceLike } from '../../api/liveEvents';
import { OrderStatusStore } from './OrderStatusStore';

function publicOrder(overrides: Partial<PublicOrder> = {}): PublicOrder {
  return {
    uid: '3f0c1d2e-aaaa-4bbb-8ccc-123456789abc',
    hash: 'geheim',
    ticketNumber: 17,
    branch: { id: 1 },
    items: [
      {
        product: { id: 1, uid: 'p' },
        name: 'Wiener Schnitzel',
        amount: 2,
        unit: 'piece',
        parts: [],
        unitPrice: 19.9,
        price: 39.8,
        tax: 10,
        calculationModel: 'fixed',
        isPriceHidden: false,
      },
    ],
    appointmentDate: null,
    paymentMethod: 'cash',
    isQuotation: false,
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
    ...overrides,
  };
}

class FakeStream implements EventSourceLike {
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, (event: MessageEvent) => void>();
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, listener);
  }
  emit(type: string) {
    this.listeners.get(type)?.({ data: '{}', lastEventId: '' } as MessageEvent);
  }
  close() {
    this.closed = true;
  }
}

async function statusStore(replies: Response[], reviews = false) {
  const data = fixture();
  data.config = { ...config, enablePluginOrderReviews: reviews };
  const fetch = fakeFetch(json(200, { data: initPayload(data) }), ...replies);
  const api = new ApiClient({ fetch });
  const init = new InitDataStore(api, () => new Date('2026-03-02T11:00:00Z'));
  await init.load();
  const stream = new FakeStream();
  const urls: string[] = [];
  const store = new OrderStatusStore(api, init, (url) => {
    urls.push(url);
    return stream;
  });
  return { store, fetch, stream, urls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe(OrderStatusStore.name, () => {
  afterEach(() => jest.useRealTimers());

  describe('open', () => {
    it('loads the public order and follows its event stream', async () => {
      const { store, fetch, stream, urls } = await statusStore([
        json(200, { data: publicOrder() }),
        json(200, { data: publicOrder({ isConfirmed: true }) }),
      ]);
      const stop = store.open('3f0c1d2e-aaaa-4bbb-8ccc-123456789abc', 'geheim');
      await settle();

      expect(fetch.calls[1].url).toBe('/api/orders/public/3f0c1d2e-aaaa-4bbb-8ccc-123456789abc/geheim');
      expect(urls).toEqual(['/api/orders/public/3f0c1d2e-aaaa-4bbb-8ccc-123456789abc/geheim/events']);
      expect(store.heading).toBe('Vielen Dank für Ihre Bestellung!');
      expect(store.statusText).toBe('Warten auf Bestätigung');
      expect(store.branch?.name).toBe('Gasthaus Wien');
      expect(store.timeline.map((step) => step.label)).toEqual([
        'Bestätigung',
        'Zubereitung',
        'Abholbereit',
        'Abgeschlossen',
      ]);

      stream.emit('order.status');
      await settle();
      expect(store.statusText).toBe('Bestätigt und in Zubereitung');
      stop();
      expect(stream.closed).toBe(true);
    });

    it('reads the server payment line and knows a failed and a paid online payment', async () => {
      const { store } = await statusStore([
        json(200, {
          data: publicOrder({
            paymentMethod: 'mollie',
            payment: { state: 'failed', text: 'Zahlung fehlgeschlagen' },
          }),
        }),
        json(200, {
          data: publicOrder({
            paymentMethod: 'mollie',
            isPaid: true,
            payment: { state: 'paid', text: 'Bezahlt' },
          }),
        }),
      ]);
      store.open('a', 'b');
      await settle();
      expect(store.paymentLine).toBe('Zahlung fehlgeschlagen');
      expect([store.paymentFailed, store.paidOnline]).toEqual([true, false]);
      await store.load();
      expect([store.paymentFailed, store.paidOnline]).toEqual([false, true]);
      store.close();
    });

    it('shows the 404 page for a wrong hash', async () => {
      const { store } = await statusStore([json(404, { errors: [{ message: 'nicht gefunden' }] })]);
      store.open('x', 'y');
      await settle();
      expect(store.status).toBe('notFound');
      store.close();
    });
  });

  describe('poll', () => {
    it('polls every 10 s while the stream is down and stops at a final state', async () => {
      const { store, fetch, stream } = await statusStore([
        json(200, { data: publicOrder({ isConfirmed: true }) }),
        json(200, { data: publicOrder({ isConfirmed: true, isCompleted: true }) }),
      ]);
      jest.useFakeTimers();
      store.open('u', 'h');
      await jest.advanceTimersByTimeAsync(0);
      stream.onopen?.(new Event('open'));
      await jest.advanceTimersByTimeAsync(10_000);
      expect(fetch.calls).toHaveLength(2); // the stream is open: no polling

      stream.onerror?.(new Event('error'));
      await jest.advanceTimersByTimeAsync(10_000);
      expect(fetch.calls).toHaveLength(3);
      expect(store.statusText).toBe('Abgeschlossen');

      await jest.advanceTimersByTimeAsync(30_000);
      expect(fetch.calls).toHaveLength(3); // final: no more polling
      store.close();
    });
  });

  describe('online payment', () => {
    it('polls while the payment is pending even with the stream open; the release event reloads', async () => {
      const pending = publicOrder({
        paymentMethod: 'mollie',
        payment: { state: 'pending', text: 'Warten auf Zahlung' },
      });
      const { store, fetch, stream } = await statusStore([
        json(200, { data: pending }),
        json(200, { data: pending }),
        json(200, {
          data: publicOrder({
            paymentMethod: 'mollie',
            isFailed: true,
            payment: { state: 'failed', text: 'Zahlung fehlgeschlagen' },
          }),
        }),
        json(200, {
          data: publicOrder({
            paymentMethod: 'mollie',
            isPaid: true,
            payment: { state: 'paid', text: 'Bezahlt' },
          }),
        }),
      ]);
      jest.useFakeTimers();
      store.open('u', 'h');
      await jest.advanceTimersByTimeAsync(0);
      stream.onopen?.(new Event('open'));
      await jest.advanceTimersByTimeAsync(10_000);
      expect(fetch.calls).toHaveLength(3); // polled although the stream is open
      await jest.advanceTimersByTimeAsync(10_000);
      expect(fetch.calls).toHaveLength(4);
      expect(store.paymentFailed).toBe(true); // the page sends the customer to /checkout/error
      await jest.advanceTimersByTimeAsync(30_000);
      expect(fetch.calls).toHaveLength(4); // failed is final

      stream.emit('order.created'); // (another order's story: the paid release arrives as an event)
      await jest.advanceTimersByTimeAsync(0);
      expect(fetch.calls).toHaveLength(5);
      expect(store.paidOnline).toBe(true);
      store.close();
    });
  });

  describe('counter-offer', () => {
    it('offers the proposed time and posts the answer, then reloads', async () => {
      const offered = publicOrder({ counterAppointment: '2026-03-03T17:30:00.000Z' });
      const { store, fetch } = await statusStore([
        json(200, { data: offered }),
        json(200, { data: {} }),
        json(200, { data: publicOrder({ isConfirmed: true, appointment: '2026-03-03T17:30:00.000Z' }) }),
      ]);
      store.open('u', 'h');
      await settle();
      expect(store.counterOfferText).toBe(
        'Wir können Ihre Bestellung leider nicht zum gewünschten Termin ausführen. Wir schlagen 03.03.2026 um 18:30 Uhr vor.',
      );

      await store.answerCounterOffer('confirm');
      expect(fetch.calls[2]).toMatchObject({
        method: 'POST',
        url: '/api/orders/public/u/h/confirm-counter-appointment',
      });
      expect(store.counterOfferText).toBeNull();
      expect(store.appointmentText).toBe('03.03.2026 um 18:30 Uhr');
      store.close();
    });

    it('shows "Bestellung storniert" after a rejection', async () => {
      const { store } = await statusStore([
        json(200, { data: publicOrder({ counterAppointment: '2026-03-03T17:30:00.000Z' }) }),
        json(200, { data: {} }),
        json(200, { data: publicOrder({ isCanceled: true }) }),
      ]);
      store.open('u', 'h');
      await settle();
      await store.answerCounterOffer('reject');
      expect(store.heading).toBe('Bestellung storniert');
      expect(store.isCanceled).toBe(true);
      store.close();
    });
  });

  describe('questionnaire', () => {
    it('shows for a completed order with reviews on; the comment after all four ratings', async () => {
      const done = publicOrder({ isConfirmed: true, isCompleted: true });
      const { store, fetch } = await statusStore(
        [
          json(200, { data: done }),
          json(201, { data: {} }),
          json(200, { data: { ...done, questionnaireRating: 5 } }),
        ],
        true,
      );
      store.open('u', 'h');
      await settle();
      expect(store.showsQuestionnaire).toBe(true);
      store.setRating('rating', 5);
      store.setRating('foodRating', 4);
      store.setRating('serviceRating', 5);
      expect(store.showsComment).toBe(false);
      expect(store.canSendQuestionnaire).toBe(false);
      store.setRating('processRating', 3);
      expect(store.showsComment).toBe(true);
      store.setComment('Sehr gut!');

      await store.sendQuestionnaire();
      expect(fetch.calls[2]).toMatchObject({
        url: '/api/orders/public/u/h/questionnaire',
        body: { rating: 5, foodRating: 4, serviceRating: 5, processRating: 3, comment: 'Sehr gut!' },
      });
      expect(store.showsQuestionnaire).toBe(false);
      store.close();
    });

    it('can be hidden and stays away when reviews are off', async () => {
      const done = publicOrder({ isConfirmed: true, isCompleted: true });
      const off = await statusStore([json(200, { data: done })], false);
      off.store.open('u', 'h');
      await settle();
      expect(off.store.showsQuestionnaire).toBe(false);
      off.store.close();

      const on = await statusStore([json(200, { data: done })], true);
      on.store.open('u', 'h');
      await settle();
      on.store.hideQuestionnaire();
      expect(on.store.showsQuestionnaire).toBe(false);
      on.store.close();
    });
  });
});
