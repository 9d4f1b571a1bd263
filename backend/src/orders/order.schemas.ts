import {
  ORDER_CHANNELS,
  PAYMENT_METHODS,
  PRINT_KINDS,
  UNIT_CODES,
  type WithdrawalForm,
} from '@ordering/common';
import { z } from 'zod';
import { fields } from '../core/validation.js';

const text = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v ?? '').trim());

const id = fields.id;
const ref = fields.ref;

/** An upload in a part value: its id and the secret that proves the sender uploaded it. */
const fileRef = () => z.object({ id: id(), secret: z.string().max(100).optional() });

/** A part value: option index, indices, text, or uploads by id (see common's `PartValue`). */
const partValue = z.union([
  z.number().int().min(0).max(1000),
  z.null(),
  z.string().max(5000),
  z.array(z.number().int().min(0).max(1000)).max(100),
  z.array(fileRef()).max(20),
]);

/** An item of the order form: product by id and uid, amount in a unit, part values. Prices are not read. */
export const orderFormItemSchema = z.object({
  product: z.object({ id: id(), uid: z.string().max(64) }),
  amount: z.number().positive().max(1_000_000),
  unit: z.enum(UNIT_CODES),
  parts: z.array(partValue).max(50).default([]),
});

/**
 * The order form's shape (spec section 3 "Order form"); the rules of section 5 are checked afterwards with
 * common's `validateCheckout`. Unknown fields (prices, totals, flags a client adds) are ignored.
 */
export const orderFormSchema = z.object({
  name: text(200),
  firstName: text(100),
  lastName: text(100),
  company: text(200),
  street: text(200),
  city: text(100),
  zipCode: text(20),
  deliveryArea: ref().nullish(),
  floor: text(50),
  stairway: text(50),
  door: text(50),
  phone: text(50),
  email: text(200),
  appointmentDate: z.iso
    .datetime({ offset: true })
    .nullish()
    .transform((v) => v ?? null),
  comment: text(2000),
  paymentMethod: z.enum(PAYMENT_METHODS).default('cash'),
  /** Where the order is placed, for the statistics (the client's word; nothing depends on it). */
  channel: z.enum(ORDER_CHANNELS).default('web'),
  /** `hydro-ag-voucher` only: the voucher's code, checked with its issuer by the payments module. */
  voucherCode: z.string().max(100).nullish(),
  legalInstructions: z.boolean().default(false),
  privacyPolicy: z.boolean().default(false),
  branch: ref(),
  table: ref().nullish(),
  donatee: ref().nullish(),
  isDelivery: z.boolean().default(false),
  isDineIn: z.boolean().default(false),
  items: z.array(orderFormItemSchema).max(100),
});
export type ParsedOrderForm = z.infer<typeof orderFormSchema>;

const optionalDateTime = () =>
  z.iso
    .datetime({ offset: true })
    .nullish()
    .transform((v) => (v ? new Date(v) : null));

/** `POST /api/orders/{id}/status/{action}`: the order as GET returned it; only these fields are read. */
export const statusActionSchema = z
  .object({
    appointment: optionalDateTime(),
    counterAppointment: optionalDateTime(),
    rejectionMessage: text(2000),
  })
  .nullish()
  .transform((v) => v ?? { appointment: null, counterAppointment: null, rejectionMessage: '' });

/** `PUT /api/orders/{id}`: what staff may change; every other field of the order is ignored. */
export const orderUpdateSchema = z.object({
  comment: text(2000).optional(),
  appointmentDate: optionalDateTime().optional(),
  appointment: optionalDateTime().optional(),
  name: text(200).optional(),
  firstName: text(100).optional(),
  lastName: text(100).optional(),
  company: text(200).optional(),
  street: text(200).optional(),
  city: text(100).optional(),
  zipCode: text(20).optional(),
  floor: text(50).optional(),
  stairway: text(50).optional(),
  door: text(50).optional(),
  phone: text(50).optional(),
  email: z
    .union([fields.email(), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : (v ?? ''))),
  tableIdentifier: z.string().max(50).nullish(),
});

/** `PUT /api/orders/{id}/items/{itemIndex}`: the item's amount, unit and part values. */
export const itemUpdateSchema = z.object({
  amount: z.number().positive().max(1_000_000),
  unit: z.enum(UNIT_CODES),
  parts: z.array(partValue).max(50).default([]),
});

const rating = () => z.number().int().min(1).max(5);

/** `POST /api/orders/public/{uid}/{hash}/questionnaire`. */
export const questionnaireSchema = z.object({
  rating: rating(),
  foodRating: rating(),
  serviceRating: rating(),
  processRating: rating(),
  comment: text(2000),
});

/** `POST /api/orders/{id}/offer`: the priced answer to a quotation request. */
/**
 * `POST /api/orders/{id}/print` (common's `PrintRequest`): which document, on which device; an empty body
 * is the receipt on any printing device of the branch, as before.
 */
export const printRequestSchema = z
  .object({ kind: z.enum(PRINT_KINDS).optional(), device: ref().nullish() })
  .nullish()
  .transform((v) => ({ kind: v?.kind ?? 'receipt', deviceId: v?.device?.id ?? null }));

export const offerSchema = z.object({
  lines: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(200),
        amount: z.number().positive().max(1_000_000),
        unit: z.enum(UNIT_CODES),
        unitPrice: z.number().min(0).max(10_000_000).multipleOf(0.01),
        tax: z.number().min(0).max(100),
      }),
    )
    .min(1)
    .max(100),
  validUntil: z.iso.date(),
  message: text(2000),
});

/**
 * `POST /api/withdrawals`: the declaration of withdrawal (common's `WithdrawalForm`). The order is named by
 * `uid` + `hash` (status page) or `orderNumber` + `orderEmail` (footer form); the service checks which.
 */
export const withdrawalSchema = z.object({
  uid: z.string().max(64).nullish(),
  hash: z.string().max(128).nullish(),
  orderNumber: z
    .string()
    .max(40)
    .nullish()
    .transform((v) => (v ?? '').trim()),
  orderEmail: z
    .string()
    .max(200)
    .nullish()
    .transform((v) => (v ?? '').trim()),
  name: fields.text(200),
  email: fields.email(),
  note: text(2000),
});

/** Compile-time proof that common's `WithdrawalForm` (what the web sends) is what this schema accepts. */
export const WITHDRAWAL_FORM_FITS: WithdrawalForm extends z.input<typeof withdrawalSchema> ? true : false =
  true;
