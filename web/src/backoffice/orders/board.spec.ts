import { boardColumn, customerName, itemAmount, orderTotal, orderTypeLabel, wantedTime } from './board';
import { staffOrder } from './testing';

describe(boardColumn.name, () => {
  it.each([
    [{}, 'new'],
    [{ isConfirmed: true }, 'confirmed'],
    [{ isConfirmed: true, isInDelivery: true, isDelivery: true }, 'inDelivery'],
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
    ).toBe('23,40\u00a0EUR');
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
