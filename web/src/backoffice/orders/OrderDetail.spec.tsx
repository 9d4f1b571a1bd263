import { enableStaticRendering } from 'mobx-react-lite';
import { renderToString } from 'react-dom/server';
import { ApiClient } from '../../api/ApiClient';
import { ErrorStore } from '../ErrorStore';
import { OrderDetail } from './OrderDetail';
import { OrdersStore } from './OrdersStore';
import { PrintersStore } from './PrintersStore';
import { staffOrder } from './testing';
import type { StaffOrder } from './types';

enableStaticRendering(true);

const NOW = new Date('2026-11-20T11:00:00Z');

function render(order: StaffOrder): string {
  const api = new ApiClient({ fetch: () => Promise.reject(new Error('no request expected')) });
  const orders = new OrdersStore({ api, errors: new ErrorStore(), now: () => NOW });
  return renderToString(
    <OrderDetail
      orders={orders}
      printers={new PrintersStore(api)}
      order={order}
      now={NOW}
      onClose={() => {}}
    />,
  );
}

describe('OrderDetail', () => {
  it('names the customer of an order that keeps its personal data', () => {
    const html = render(staffOrder({ firstName: 'Eva', lastName: 'Berger', anonymisedAt: null }));
    expect(html).toContain('Eva Berger');
    expect(html).not.toContain('Personenbezogene Daten gelöscht');
  });

  it('says when the personal data of an erased order was deleted, in grey, instead of "Ohne Namen"', () => {
    const html = render(
      staffOrder({ firstName: '', lastName: '', anonymisedAt: '2026-11-20T22:30:00.000Z' }),
    );
    // 23:30 in Vienna: still the 20th there.
    expect(html).toMatch(
      /<dd class="detail-list__note">Personenbezogene Daten gelöscht am <!-- -->20\.11\.2026<\/dd>/,
    );
    expect(html).not.toContain('Ohne Namen');
  });
});
