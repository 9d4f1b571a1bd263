import type { CartItem, CartTotals } from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiClient } from '../../../api/ApiClient';
import { STATISTICS_COOKIE } from '../consent/testing';
import { fakeFetch, json } from '../../../testing/fakeFetch';
import { ConsentStore, memoryCookieJar } from '../consent/ConsentStore';
import { AnalyticsStore, commercePayload } from './AnalyticsStore';
import { eventOfLink } from './ContentTracking';

const item = (id: number, name: string, amount = 1): CartItem => ({
  product: { id, uid: `p-${id}`, name } as CartItem['product'],
  amount,
  unit: 'piece',
  parts: [],
});
const line = (gross: number, isPriceHidden = false) =>
  ({
    unitPrice: gross,
    gross,
    split: { net: Math.round(gross / 1.1), tax: gross - Math.round(gross / 1.1), gross },
    rate: 10,
    calculationModel: 'fixed',
    isPriceHidden,
  }) as CartTotals['lines'][number];

function setup(consented: boolean, ...replies: Response[]) {
  const fetch = fakeFetch(...replies);
  const consent = new ConsentStore(memoryCookieJar(consented ? STATISTICS_COOKIE : ''));
  return { fetch, consent, analytics: new AnalyticsStore(new ApiClient({ fetch }), consent) };
}

describe(AnalyticsStore.name, () => {
  describe('event', () => {
    it('posts an event with name, text and data while the statistics are allowed, and stops on withdrawal', async () => {
      const { fetch, consent, analytics } = setup(true, json(201, { data: { id: 1 } }));
      expect(await analytics.event('call', ' 01 523 88 10 ', { branch: 'Wien' }, '/')).toBe(true);
      expect(fetch.calls[0]!.body).toEqual({
        type: 'event',
        action: 'call',
        category: 'event',
        path: '/',
        data: { text: '01 523 88 10', branch: 'Wien' },
      });
      consent.necessaryOnly();
      expect(await analytics.event('call', 'x')).toBe(false);
      expect(fetch.calls).toHaveLength(1);
    });
  });

  describe(eventOfLink.name, () => {
    it('names contact links and ignores others', () => {
      expect(eventOfLink('tel:+4315238810')).toBe('call');
      expect(eventOfLink('mailto:wien@example.org')).toBe('email');
      expect(eventOfLink('https://wa.me/4315238810')).toBe('whatsapp');
      expect(eventOfLink('https://www.google.com/maps/dir/?api=1&destination=48.2,16.3')).toBe('directions');
      expect(eventOfLink('/store/wien')).toBeNull();
    });
  });

  describe('pageView', () => {
    it('sends nothing without consent', async () => {
      const { fetch, analytics } = setup(false);
      expect(await analytics.pageView('/', 'Start')).toBe(false);
      expect(fetch.calls).toEqual([]);
    });

    it('posts the page view to /api/analytics-log with consent', async () => {
      const { fetch, analytics } = setup(true, json(201, { data: { id: 1 } }));
      expect(await analytics.pageView('/ueber-uns', 'Über uns · Shop')).toBe(true);
      expect(fetch.calls).toMatchObject([
        {
          url: '/api/analytics-log',
          method: 'POST',
          body: {
            type: 'pageview',
            action: 'view',
            category: 'page',
            path: '/ueber-uns',
            data: { title: 'Über uns · Shop' },
          },
        },
      ]);
    });

    it('ignores failures: a refusal, a rate limit and an unreachable server resolve to false', async () => {
      const { analytics } = setup(
        true,
        json(400, { errors: [{ message: 'Dieser Wert ist ungültig.', field: 'path' }] }),
        json(429, { errors: [{ message: 'Zu viele Anfragen' }] }),
      );
      await expect(analytics.pageView('/', 'a')).resolves.toBe(false);
      await expect(analytics.pageView('/', 'b')).resolves.toBe(false);
      await expect(analytics.pageView('/', 'c')).resolves.toBe(false); // no reply left: fetch rejects
    });

    it('starts sending once the visitor accepts', async () => {
      const { fetch, consent, analytics } = setup(false, json(201, { data: { id: 1 } }));
      await analytics.pageView('/', 'a');
      consent.grant('statistics');
      await analytics.pageView('/', 'a');
      expect(fetch.calls).toHaveLength(1);
    });
  });

  describe(commercePayload.name, () => {
    it('reports items, exact prices in cents, the value and the currency', () => {
      const payload = commercePayload(
        [item(1, 'Schnitzel', 2), item(2, 'Almdudler')],
        { lines: [line(2980), line(390)], total: { net: 3064, tax: 306, gross: 3370 } },
        'EUR',
      );
      expect(payload).toEqual({
        currency: 'EUR',
        valueCents: 3370,
        items: [
          { id: 1, name: 'Schnitzel', quantity: 2, unit: 'piece', priceCents: 2980 },
          { id: 2, name: 'Almdudler', quantity: 1, unit: 'piece', priceCents: 390 },
        ],
      });
    });

    it('keeps hidden prices hidden and sends no value then', () => {
      const payload = commercePayload(
        [item(1, 'Estrich nach Fläche'), item(2, 'Almdudler')],
        { lines: [line(9000, true), line(390)], total: { net: 0, tax: 0, gross: 9390 } },
        'EUR',
      );
      expect(payload.valueCents).toBeNull();
      expect(payload.items.map((i) => i.priceCents)).toEqual([null, 390]);
    });
  });

  describe('watchCart', () => {
    it('reports add_to_cart for items added to the same branch, not for a branch switch', async () => {
      const { fetch, analytics } = setup(
        true,
        json(201, { data: { id: 1 } }),
        json(201, { data: { id: 2 } }),
      );
      const cart = makeAutoObservable({
        branch: { identifier: 'wien' } as { identifier: string } | null,
        items: [item(1, 'Schnitzel')],
        totals: { lines: [line(1450)], total: { net: 1318, tax: 132, gross: 1450 } } as unknown as CartTotals,
      });
      const stop = analytics.watchCart(cart, () => 'EUR');
      // The cart store changes items and totals in one action; a branch switch changes both branch and items.
      runInAction(() => {
        cart.items = [item(1, 'Schnitzel'), item(2, 'Almdudler', 3)];
        cart.totals = {
          lines: [line(1450), line(1170)],
          total: { net: 0, tax: 0, gross: 2620 },
        } as unknown as CartTotals;
      });
      runInAction(() => {
        cart.branch = { identifier: 'graz' };
        cart.items = [item(5, 'Estrich'), item(6, 'Zement'), item(7, 'Sand')];
      });
      stop();
      runInAction(() => {
        cart.items = [...cart.items, item(8, 'Kies')];
      });
      await Promise.resolve();
      expect(fetch.calls).toHaveLength(1);
      expect(fetch.calls[0]!.body).toMatchObject({
        type: 'commerce',
        action: 'add_to_cart',
        category: 'cart',
        data: {
          currency: 'EUR',
          valueCents: 1170,
          items: [{ id: 2, name: 'Almdudler', quantity: 3, priceCents: 1170 }],
        },
      });
    });
  });
});
