import type { StaffOrder } from '@ordering/common';

/** A staff order as the API sends it, unconfirmed takeaway by default. */
export function staffOrder(overrides: Partial<StaffOrder> = {}): StaffOrder {
  return {
    id: 1,
    uid: 'u-1',
    hash: 'h',
    status: 'unconfirmed',
    allowedActions: ['confirm', 'reject', 'cancel'],
    payment: { state: 'unpaid', text: 'Zahlung vor Ort' },
    ticketNumber: 1,
    businessDate: '2026-11-20',
    branch: { id: 1 },
    branchName: 'Gasthaus Zur Linde Wien',
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
    paymentMethod: 'cash',
    items: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  } as StaffOrder;
}
