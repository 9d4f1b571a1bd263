import {
  boardColumn,
  compareNew,
  customerName,
  itemAmount,
  orderAge,
  orderTotal,
  orderTypeLabel,
  wantedTime,
} from './board';
import { staffOrder } from './testing';

describe(boardColumn.name, () => {
  it.each([
    [{}, 'new'],
    [{ isConfirmed: true }, 'confirmed'],
    [{ isConfirmed: true, isInDelivery: true, isDelivery: true }, 'inDelivery'],
    [{ isConfirmed: true, isInDelivery: true, isDelivery: true, isDelivered: true }, 'inDelivery'],
    [{ isConfirmed: true, isInDelivery: true }, 'ready'],
    [{ isConfirmed: true, isInDelivery: true, isDineIn: true }, 'ready'],
    [{ isConfirmed: true, isCompleted: true }, 'completed'],
    [{ isRejected: true }, null],
    [{ isConfirmed: true, isCanceled: true }, null],
    [{ isFailed: true }, null],
    [{ status: 'pendingPayment' }, null],
  ] as const)('puts %p into %p', (flags, column) => {
    expect(boardColumn(staffOrder(flags))).toBe(column);
  });
});

describe('card texts', () => {
  const now = new Date('2026-11-20T10:30:00Z');

  it('names the order type in German', () => {
    expect(orderTypeLabel(staffOrder())).toBe('Abholung');
    expect(orderTypeLabel(staffOrder({ isDelivery: true }))).toBe('Lieferung');
    expect(orderTypeLabel(staffOrder({ isDineIn: true }))).toBe('Vor Ort essen');
  });

  it('shows the wanted time in Vienna, or "So bald wie möglich"', () => {
    expect(wantedTime(staffOrder(), now)).toBe('So bald wie möglich');
    expect(wantedTime(staffOrder({ appointmentDate: '2026-11-20T11:45:00Z' }), now)).toBe('12:45 Uhr');
    // A confirmed appointment wins over the requested one.
    expect(
      wantedTime(
        staffOrder({ appointmentDate: '2026-11-20T11:45:00Z', appointment: '2026-11-20T12:00:00Z' }),
        now,
      ),
    ).toBe('13:00 Uhr');
    expect(wantedTime(staffOrder({ appointmentDate: '2026-11-21T11:45:00Z' }), now)).toMatch(
      /21\.11\..*12:45 Uhr/,
    );
  });

  it('formats total and amounts with common', () => {
    expect(
      orderTotal(
        staffOrder({ pricing: { gross: 23.4, deliveryGross: 0, totalNet: 20, totalGross: 23.4, taxes: {} } }),
      ),
    ).toBe('23,40\u00a0€');
    expect(itemAmount({ amount: 2, unit: 'piece' } as never)).toBe('2 ×');
    expect(itemAmount({ amount: 0.5, unit: 'kg' } as never)).toBe('0,5 kg');
  });

  it('names the customer and the company', () => {
    expect(customerName(staffOrder({ firstName: 'Anna', lastName: 'Huber', company: 'Huber GmbH' }))).toBe(
      'Anna Huber, Huber GmbH',
    );
    expect(customerName(staffOrder())).toBe('Ohne Namen');
  });
});

describe(orderAge.name, () => {
  const at = (minutes: number) => new Date(Date.parse('2026-11-20T10:00:00.000Z') + minutes * 60_000);

  it('turns a new order amber after 5 and red after 10 minutes', () => {
    expect(orderAge(staffOrder(), 'new', at(4))).toEqual({ minutes: 4, text: 'seit 4 Min', level: 'fresh' });
    expect(orderAge(staffOrder(), 'new', at(5)).level).toBe('amber');
    expect(orderAge(staffOrder(), 'new', at(10)).level).toBe('red');
    expect(orderAge(staffOrder(), 'new', at(65)).text).toBe('seit 1 Std 5 Min');
  });

  it('turns an accepted order red once its time has passed', () => {
    const order = staffOrder({ isConfirmed: true, appointment: '2026-11-20T10:30:00.000Z' });
    expect(orderAge(order, 'confirmed', at(20)).level).toBe('fresh');
    expect(orderAge(order, 'confirmed', at(26)).level).toBe('amber');
    expect(orderAge(order, 'confirmed', at(31)).level).toBe('red');
  });
});

describe(compareNew.name, () => {
  it('puts overdue orders on top (longest waiting first), then the newest', () => {
    const now = new Date('2026-11-20T10:30:00.000Z');
    const order = (id: number, createdAt: string) => staffOrder({ id, createdAt });
    const orders = [
      order(1, '2026-11-20T10:25:00.000Z'),
      order(2, '2026-11-20T10:05:00.000Z'),
      order(3, '2026-11-20T10:29:00.000Z'),
      order(4, '2026-11-20T10:15:00.000Z'),
      order(5, '2026-11-20T10:27:00.000Z'),
    ];
    const missed = (id: number) => id === 5;
    expect(orders.sort(compareNew(now, missed)).map((o) => o.id)).toEqual([2, 4, 5, 3, 1]);
  });
});
