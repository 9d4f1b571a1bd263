import {
  PRINT_KINDS,
  type PrintBranch,
  type PrintJob,
  type PrintJobKind,
  type PrintJobReason,
  type PrintKind,
} from '@ordering/common';
import { staffOrderJson } from '../orders/order-json.js';
import type { Order } from '../orders/order.entity.js';

/** A `print` job's payload as written into `job.payload` (what the lease reads back). */
export type PrintJobPayload = {
  reason: PrintJobReason;
  branchId: number;
  orderId?: number;
  uid?: string;
  ticketNumber?: number | null;
  /** Staff's choice of document; none: the receipt. */
  kind?: PrintKind;
  /** The one device the job is for; none: any printing device of the branch. */
  deviceId?: number;
  /** Who asked for a test page. */
  requestedBy?: string | null;
  /** The device that acknowledged it (written on acknowledgement). */
  ackedBy?: number;
};

/** The document staff asked for (`kind` of the job; none: the receipt, as every job before it had). */
function requestedKind(payload: Record<string, unknown>): PrintKind {
  return (PRINT_KINDS as readonly unknown[]).includes(payload.kind) ? (payload.kind as PrintKind) : 'receipt';
}

/** The job's kind as the terminal reads it: a test page, the "STORNIERT" slip, or staff's document. */
function kindOf(payload: Record<string, unknown>): PrintJobKind {
  if (payload.reason === 'test') return 'test';
  if (payload.reason === 'cancelled') return 'cancellation';
  return requestedKind(payload);
}

/** Why the job exists (jobs written before reasons existed were new orders). */
const reasonOf = (payload: Record<string, unknown>) => String(payload.reason ?? 'created') as PrintJobReason;

/** One leased job row with what the terminal needs to print it without asking again. */
export function printJobJson(
  row: Record<string, unknown>,
  leasedUntil: Date,
  context: { publicUrl: string; shopName: string; branch: PrintBranch | null; order: Order | undefined },
): PrintJob {
  const payload = row.payload as Record<string, unknown>;
  return {
    id: Number(row.id),
    kind: kindOf(payload),
    reason: reasonOf(payload),
    createdAt: new Date(row.created_at as string).toISOString(),
    attempts: Number(row.attempts),
    leasedUntil: leasedUntil.toISOString(),
    publicUrl: context.publicUrl,
    shop: { name: context.shopName },
    branch: context.branch,
    order: context.order ? staffOrderJson(context.order) : null,
  } satisfies PrintJob;
}
