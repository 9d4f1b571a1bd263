import { ticketOf } from './ticket-screen.js';

const base = {
  id: 7,
  ticketNumber: 12,
  isConfirmed: true,
  createdAt: '2026-11-20T11:00:00.000Z',
  updatedAt: '2026-11-20T11:05:00.000Z',
};

describe(ticketOf.name, () => {
  it('puts a confirmed takeaway order in preparation, due at its confirmed appointment', () => {
    expect(ticketOf({ ...base, appointment: '2026-11-20T11:30:00.000Z' })).toEqual({
      id: 7,
      ticketNumber: 12,
      state: 'preparing',
      dueAt: '2026-11-20T11:30:00.000Z',
      since: '2026-11-20T11:05:00.000Z',
    });
  });

  it('shows an order ready for pickup as ready, and takes final or unconfirmed ones off', () => {
    expect(ticketOf({ ...base, isInDelivery: true })?.state).toBe('ready');
    expect(ticketOf({ ...base, isInDelivery: true, isCompleted: true })?.state).toBe('gone');
    expect(ticketOf({ ...base, isCanceled: true })?.state).toBe('gone');
    expect(ticketOf({ ...base, isConfirmed: false })?.state).toBe('gone');
    expect(ticketOf({ ...base, isDineIn: true } as never)?.state).toBe('preparing');
  });

  it('never shows delivery orders, quotation requests or orders without a number', () => {
    expect(ticketOf({ ...base, isDelivery: true })).toBeNull();
    expect(ticketOf({ ...base, isQuotation: true })).toBeNull();
    expect(ticketOf({ ...base, ticketNumber: null })).toBeNull();
  });

  it('falls back to the requested time, then the arrival, for when it is due', () => {
    expect(ticketOf({ ...base, appointmentDate: '2026-11-20T12:00:00.000Z' })?.dueAt).toBe(
      '2026-11-20T12:00:00.000Z',
    );
    expect(ticketOf(base)?.dueAt).toBe('2026-11-20T11:00:00.000Z');
  });
});
