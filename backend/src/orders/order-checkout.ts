import { randomBytes, randomUUID } from 'node:crypto';
import {
  activeMenu,
  availableUnits,
  branchPoint,
  branchTimeZone,
  cleanDecimal,
  deliveryAreaFor,
  deliveryHints,
  isAcceptedFileName,
  isAvailable,
  isFilePart,
  isPartValueValid,
  choiceCountProblem,
  isOrderWithdrawable,
  isProductWithdrawalExempt,
  localDate,
  normalizePhone,
  orderTypeOf,
  postcodeOf,
  priceCart,
  productVisibility,
  quantityRules,
  snapAmount,
  soldOutIssues,
  staffState,
  t,
  toCents,
  toApiErrors,
  toPricingResult,
  validateCheckout,
  type ApiError,
  type ErrorCode,
  type GeoPoint,
  type LeadTimeProduct,
  type OrderItem,
  type PartValue,
  type ValidationIssue,
} from '@ordering/common';
import { In, type EntityManager } from 'typeorm';
import { Branch } from '../branches/branch.entity.js';
import { Category } from '../catalog/category.entity.js';
import { Product } from '../catalog/product.entity.js';
import { DomainError, reasonError, type FieldError } from '../core/errors.js';
import { parseInput } from '../core/validation.js';
import { ownsUpload, takeUpUploads } from '../media/upload-ownership.js';
import { Upload } from '../media/upload.entity.js';
import { assertSlotFree } from './order-capacity.js';
import { Order } from './order.entity.js';
import {
  branchContract,
  deliveryAreaSnapshot,
  partLabels,
  pricedProduct,
  storedItem,
} from './order-pricing.js';
import { orderFormSchema, type ParsedOrderForm } from './order.schemas.js';

import { directCatalogue, type OrderCatalogue, type OrderConfig } from './order-catalogue.js';
import { rowsOf } from '../core/raw-rows.js';

export { loadOrderConfig, type OrderConfig } from './order-catalogue.js';

/** Stable machine codes of the checkout findings clients react to. */
const CODE_OF: Partial<Record<string, ErrorCode>> = {
  'cart.empty': 'cart_empty',
  'checkout.orderTypeUnavailable': 'order_type_unavailable',
  'checkout.orderTypeContradictory': 'order_type_contradictory',
  'checkout.deliveryAreaInvalid': 'delivery_area_invalid',
  'checkout.outsideDeliveryArea': 'outside_delivery_area',
  'checkout.minimumOrderNotReached': 'minimum_order_value',
  'checkout.tableInvalid': 'table_invalid',
  'checkout.closed': 'branch_closed',
  'checkout.notOrderableYet': 'not_orderable_yet',
  'checkout.paymentMethodUnavailable': 'payment_method_unavailable',
  'checkout.legalInstructionsRequired': 'legal_instructions_required',
  'checkout.privacyPolicyRequired': 'privacy_policy_required',
  'appointment.required': 'appointment_required',
  'appointment.tooEarly': 'appointment_too_early',
  'appointment.tooLate': 'appointment_too_late',
  'appointment.closed': 'appointment_closed',
  'pause.untilToday': 'ordering_paused',
  'pause.untilDay': 'ordering_paused',
};

function withCodes(issues: readonly ValidationIssue[], messages: ApiError[]): FieldError[] {
  return messages.map((message, index) => {
    const code = CODE_OF[issues[index]!.key];
    // The catalogue's findings carry no code of their own; the list above gives the typed one.
    const { code: _none, ...text } = message;
    return { ...text, ...(code ? { code } : {}) };
  });
}

/** 192 random bits, URL-safe: the status page's secret. */
export const newOrderHash = () => randomBytes(24).toString('base64url');

/** Takes the next number of branch $1's business day $2 and returns it as `last`. */
const TICKET_UPSERT = `INSERT INTO order_ticket_counter (branch_id, business_date, last) VALUES ($1, $2, 1)
     ON CONFLICT (branch_id, business_date) DO UPDATE SET last = order_ticket_counter.last + 1
     RETURNING last`;

/**
 * The next ticket number of a branch's business day. The counter row is locked by the upsert until the
 * transaction ends, so concurrent orders of one branch queue here and a rollback gives its number back.
 */
export async function nextTicketNumber(
  em: EntityManager,
  branchId: number,
  businessDate: string,
): Promise<number> {
  const result: unknown = await em.query(TICKET_UPSERT, [branchId, businessDate]);
  return Number(rowsOf<{ last: number | string }>(result)[0]!.last);
}

/** An item line as the order form and the staff item edits send it. */
export type ItemLineInput = Pick<ParsedOrderForm['items'][number], 'amount' | 'unit' | 'parts'>;

/** The uploads the part values of these items name, by id (unknown ids are simply absent). */
export async function uploadsOfItems(
  em: EntityManager,
  items: ReadonlyArray<Pick<ItemLineInput, 'parts'>>,
  /** Lock the rows until the transaction ends (false: a plain read before the order's transaction). */
  lock = true,
): Promise<Map<number, Upload>> {
  const ids = items.flatMap((item) =>
    item.parts.flatMap((value) =>
      Array.isArray(value)
        ? value.filter((v): v is { id: number } => typeof v === 'object' && v !== null).map((v) => v.id)
        : [],
    ),
  );
  // Locked until the order commits: the expiry of untaken uploads cannot remove one this order takes up.
  const found = ids.length
    ? await em
        .getRepository(Upload)
        .find({ where: { id: In(ids) }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) })
    : [];
  return new Map(found.map((u) => [u.id, u]));
}

/**
 * One item line against its product: a unit it is sold in, an amount on its quantity grid, no more part
 * values than the product has parts, every part complete, uploads that exist with an accepted type. The
 * checkout and the staff item edits run this same check; fields are named under `field` (`items[2]`).
 */
export function checkItemLine(
  product: Product,
  item: ItemLineInput,
  field: string,
  uploads: ReadonlyMap<number, Upload>,
  /** Files the order already holds (a staff edit may keep or move them without their secret). */
  ownFiles: ReadonlySet<number> = new Set(),
): FieldError[] {
  const issues: FieldError[] = [];
  const at = (name: string) => (field ? `${field}.${name}` : name);
  const priced = pricedProduct(product);
  if (!availableUnits(priced).includes(item.unit)) {
    return [{ message: t('validation.choice'), field: at('unit'), code: 'unit_invalid' }];
  }
  const snapped = snapAmount(item.amount, quantityRules(priced, item.unit));
  if (Math.abs(cleanDecimal(snapped - item.amount)) > 1e-9) {
    issues.push({ message: t('validation.invalid'), field: at('amount'), code: 'amount_invalid' });
  }
  const parts = product.config?.parts ?? [];
  if (item.parts.length > parts.length) {
    issues.push({ message: t('validation.invalid'), field: at('parts'), code: 'part_invalid' });
  }
  parts.forEach((part, j) => {
    const value = item.parts[j] as PartValue | undefined;
    const partField = at(`parts[${j}]`);
    // Too many or too few choices of a multiselect ("bis zu 2 Toppings") say which limit, at the part.
    const countProblem = choiceCountProblem(part, value);
    if (countProblem) {
      issues.push({ message: countProblem, field: partField, code: 'part_choices' });
      return;
    }
    if (!isPartValueValid(part, value)) {
      issues.push({
        message: t('checkout.itemInvalid', { name: product.name }),
        field: partField,
        code: 'part_invalid',
      });
      return;
    }
    if (isFilePart(part.type) && Array.isArray(value)) {
      for (const file of value as Array<{ id: number; secret?: string }>) {
        const upload = uploads.get(file.id);
        // Without its secret another visitor's file is as unknown as a missing one.
        if (!upload || (!ownFiles.has(file.id) && !ownsUpload(upload, file.secret))) {
          issues.push({ message: t('validation.fileNotFound'), field: partField, code: 'upload_unknown' });
        } else if (!isAcceptedFileName(part.type, `datei.${upload.extension}`)) {
          issues.push({
            message: t('validation.fileType', { type: upload.extension, types: part.type }),
            field: partField,
            code: 'upload_type',
          });
        }
      }
    }
  });
  return issues;
}

interface CheckedItems {
  issues: FieldError[];
  products: Map<number, Product>;
  uploads: Map<number, Upload>;
  /** Per item: exempt from withdrawal (the product and its categories in this menu carry the flag). */
  exempt: boolean[];
}

/**
 * Every item against the branch's active menu: product known with its uid, in the menu and available at
 * the time it is wanted (menu entry, category and product switches and schedules), a unit it is sold in,
 * an amount on its quantity grid, complete parts, uploads that exist with an accepted type. The catalogue
 * comes from `catalogue` (memory or `em`); the uploads are read from `em` (locked when `lockUploads`).
 */
async function checkItems(
  em: EntityManager,
  catalogue: OrderCatalogue,
  form: ParsedOrderForm,
  branch: Branch,
  now: Date,
  wantedAt: Date,
  lockUploads: boolean,
): Promise<CheckedItems> {
  const issues: FieldError[] = [];
  const timeZone = branchTimeZone(branch);
  const ids = [...new Set(form.items.map((item) => item.product.id))];
  const products = await catalogue.products(ids);
  const menus = await catalogue.menusOf(branch.id);
  const menu = activeMenu(
    menus.map((m) => ({ menu: m, availableFrom: m.availableFrom.toISOString(), branches: m.branches })),
    branch.id,
    now,
  )?.menu;
  const entries = menu ? await catalogue.entriesOf(menu.id) : [];
  const categoryIds = [...new Set(entries.map((e) => e.menuCategory.categoryId))];
  const categories = await catalogue.categories(categoryIds);
  const uploads = await uploadsOfItems(em, form.items, lockUploads);
  // A mark "bis Geschäftsschluss" still refuses a pre-order wanted before it ends (kitchen.md).
  const soldOutAt = wantedAt > now ? wantedAt : now;

  form.items.forEach((item, i) => {
    const field = `items[${i}]`;
    const product = products.get(item.product.id);
    if (!product || product.uid !== item.product.uid) {
      issues.push({ message: t('validation.choice'), field: `${field}.product`, code: 'product_unknown' });
      return;
    }
    const available = entries.some(
      (entry) =>
        entry.productId === product.id &&
        productVisibility(product, entry, wantedAt, timeZone) === 'available' &&
        (() => {
          const category = categories.get(entry.menuCategory.categoryId);
          return !!category && isAvailable(category, wantedAt, timeZone);
        })(),
    );
    if (!available) {
      issues.push({
        message: t('checkout.productUnavailable', { name: product.name }),
        field,
        code: 'product_unavailable',
      });
      return;
    }
    const soldOut = soldOutIssues(branch.soldOut ?? [], { product, parts: item.parts }, field, soldOutAt);
    if (soldOut.length) {
      issues.push(...soldOut);
      return;
    }
    issues.push(...checkItemLine(product, item, field, uploads));
  });
  const exempt = form.items.map((item) => {
    const product = products.get(item.product.id);
    if (!product) return true;
    const inCategories = entries
      .filter((entry) => entry.productId === product.id)
      .map((entry) => categories.get(entry.menuCategory.categoryId))
      .filter((category): category is Category => !!category);
    return isProductWithdrawalExempt(product, inCategories);
  });
  return { issues, products, uploads, exempt };
}

/** What was found out about the order before its transaction. */
export interface PlaceOrderOptions {
  /** The delivery address's coordinates from the geocoder; null or absent: the postcodes decide. */
  point?: GeoPoint | null;
}

declare module '../core/request-context.js' {
  interface RequestReads {
    /** The branch an order was checked against, read before the order's transaction (the checkout). */
    branch: Branch;
    /** The shop configuration that order was checked against (of the versioned catalogue). */
    shopConfig: OrderConfig;
  }
}

/** A checked and priced order, ready to be written ({@link writeOrder}). */
export interface PreparedOrder {
  branch: Branch;
  config: OrderConfig;
  /** The order row's fields except its ticket number (taken when it is written). */
  fields: Omit<Partial<Order>, 'ticketNumber'>;
  orderType: ReturnType<typeof orderTypeOf>;
  wanted: Date;
  /** The products of the cart (the slot check reads their lead times). */
  products: Product[];
  /** Uploads the items take up (locked and taken up when the order is written). */
  uploadIds: number[];
}

/**
 * Checks an order form against the branch and prices it with common's rules; writes nothing. The branch
 * and the catalogue come from `catalogue` (today's reads from `em` unless given; the checkout's keeps
 * the branch only while its row is unchanged). Throws a DomainError('validation') with every finding, fields
 * named as in the form (`items[2].parts[0]`). The delivery area is derived from the address (postcode,
 * and coordinates when given); the area the client names is ignored, and an address outside every area
 * is refused with `outside_delivery_area`. Outside a transaction (the checkout) nothing is locked; the
 * uploads are locked and checked again by {@link writeOrder}.
 */
export async function prepareOrder(
  em: EntityManager,
  body: unknown,
  now: Date,
  options: PlaceOrderOptions = {},
  catalogue: OrderCatalogue = directCatalogue(em),
): Promise<PreparedOrder> {
  const form = parseInput(orderFormSchema, body);
  const branch = await catalogue.branch(form.branch.id);
  if (!branch) throw reasonError('validation', 'branch_unknown', 'branch');
  if (!branch.isPublic) throw reasonError('validation', 'branch_not_public', 'branch');
  const config = await catalogue.config();
  const contract = branchContract(branch);
  const orderType = orderTypeOf(form);
  const appointment = form.appointmentDate ? new Date(form.appointmentDate) : null;

  const inTransaction = em.queryRunner?.isTransactionActive === true;
  const checked = await checkItems(em, catalogue, form, branch, now, appointment ?? now, inTransaction);
  const validLines = form.items.flatMap((item, index) => {
    const product = checked.products.get(item.product.id);
    const failed = checked.issues.some((issue) => issue.field?.startsWith(`items[${index}]`));
    return product && !failed ? [{ item, product }] : [];
  });
  const area =
    orderType === 'delivery'
      ? deliveryAreaFor(
          contract.deliveryAreas,
          { postcode: postcodeOf(form.zipCode), point: options.point ?? null },
          branchPoint(branch),
        )
      : null;
  const totals = priceCart({
    items: validLines.map(({ item, product }) => ({
      product: pricedProduct(product),
      amount: item.amount,
      unit: item.unit,
      parts: item.parts as PartValue[],
    })),
    orderType,
    deliveryArea: area,
  });

  const tables = orderType === 'dineIn' ? await catalogue.tablesOf(branch.id) : [];
  const table = form.table ? tables.find((candidate) => candidate.id === form.table!.id) : undefined;

  const extra: FieldError[] = [];
  let donatee: { id: number; name: string } | null = null;
  if (form.donatee) {
    const found = config.enablePluginDonations ? await catalogue.donatee(form.donatee.id) : null;
    if (!found) extra.push({ message: t('validation.choice'), field: 'donatee', code: 'donatee_invalid' });
    else donatee = { id: found.id, name: found.name };
  }
  const phone = normalizePhone(form.phone);
  if (form.phone && !/\d/.test(phone))
    extra.push({ message: t('validation.phone'), field: 'phone', code: 'phone_invalid' });

  const issues = validateCheckout(
    {
      ...form,
      phone,
      deliveryArea: area ? { id: area.id } : null,
      table: form.table ?? null,
      items: form.items,
    },
    {
      branch: contract,
      config,
      now,
      itemsGross: totals.items.gross,
      products: [...checked.products.values()] as unknown as LeadTimeProduct[],
      tableIds: tables.map((candidate) => candidate.id),
      currency: config.currency,
      deliveryArea: area,
    },
  );
  // The minimum order value reads as the two lines the checkout shows (spec section 5).
  const errors = withCodes(issues, toApiErrors(issues)).flatMap((error, index) =>
    issues[index]!.key === 'checkout.minimumOrderNotReached'
      ? deliveryHints(area, totals.items.gross, config.currency).minimumOrder.map((message): FieldError => ({
          message,
          code: 'minimum_order_value',
        }))
      : [error.field === undefined ? { message: error.message, code: error.code } : error],
  );
  const all = [...checked.issues, ...extra, ...errors].map((e) =>
    e.code === undefined ? { message: e.message, ...(e.field ? { field: e.field } : {}) } : e,
  );
  if (all.length > 0) throw new DomainError('validation', all);

  const items: OrderItem[] = validLines.map(({ item, product }, index) =>
    storedItem(
      product,
      { amount: item.amount, unit: item.unit, parts: withoutSecrets(item.parts as PartValue[]) },
      totals.lines[index]!,
      partLabels(product.config?.parts ?? [], item.parts as PartValue[], checked.uploads),
    ),
  );
  const pricing = toPricingResult(totals);
  // Cross-check: what is stored multiplies out to what is charged.
  if (toCents(pricing.totalGross) !== totals.total.gross) throw new Error('pricing mismatch');
  const fields: PreparedOrder['fields'] = {
    uid: randomUUID(),
    hash: newOrderHash(),
    branch,
    branchId: branch.id,
    branchName: branch.name,
    businessDate: localDate(now, branchTimeZone(branch)),
    isQuotation: branch.isQuotationRequired,
    isDelivery: orderType === 'delivery',
    isDineIn: orderType === 'dineIn',
    tableIdentifier: table?.identifier ?? null,
    deliveryArea: area ? deliveryAreaSnapshot(area) : null,
    appointmentDate: appointment,
    appointment: null,
    counterAppointment: null,
    rejectionMessage: null,
    comment: form.comment,
    name: form.name || [form.firstName, form.lastName].filter(Boolean).join(' '),
    firstName: form.firstName,
    lastName: form.lastName,
    company: form.company,
    street: form.street,
    city: form.city,
    zipCode: form.zipCode,
    floor: form.floor,
    stairway: form.stairway,
    door: form.door,
    phone,
    email: form.email,
    paymentMethod: form.paymentMethod,
    channel: form.channel,
    donatee,
    items,
    pricing,
    totalGross: pricing.totalGross,
    questionnaire: null,
    questionnaireRating: null,
    isWithdrawalExempt: !isOrderWithdrawable(checked.exempt),
    withdrawal: null,
  };
  return {
    branch,
    config,
    fields,
    orderType,
    wanted: appointment ?? now,
    products: [...checked.products.values()],
    uploadIds: [...checked.uploads.keys()],
  };
}

/**
 * Writes a prepared order inside the caller's transaction (`em`): its uploads locked (still there, or the
 * order is refused), the slot's capacity checked on the locked branch, then the ticket number and the
 * order row with one plain INSERT (no change tracking). The ticket counter's row stays locked until the
 * transaction ends, so the caller should write little after this (docs/decisions/orders.md "Throughput").
 */
export async function writeOrder(em: EntityManager, prepared: PreparedOrder, now: Date): Promise<Order> {
  const { branch, config, fields } = prepared;
  if (prepared.uploadIds.length) {
    const locked = await em.query(
      `SELECT id FROM upload WHERE id IN (${prepared.uploadIds.map((_, i) => `$${i + 1}`).join(', ')}) FOR UPDATE`,
      prepared.uploadIds,
    );
    const rows = (Array.isArray(locked) && Array.isArray(locked[0]) ? locked[0] : locked) as unknown[];
    if (rows.length !== prepared.uploadIds.length)
      throw new DomainError('validation', t('validation.fileNotFound'), 'items', 'upload_unknown');
  }
  await assertSlotFree(
    em,
    branch,
    prepared.orderType,
    prepared.wanted,
    now,
    prepared.products as unknown as LeadTimeProduct[],
  );
  const takesTicket = !(config.disableTickets || fields.isQuotation);
  const order = em.create(Order, { ...fields, ticketNumber: null });
  order.status = staffState(order);
  order.createdAt = now;
  order.updatedAt = now;
  // Every column's value is in the object (the plain defaults filled in as the database would), so a
  // plain INSERT returning only the id leaves `order` as complete as a save would.
  for (const column of em.connection.getMetadata(Order).columns) {
    const value = column.getEntityValue(order);
    if (value === undefined && column.default !== undefined && typeof column.default !== 'function')
      column.setEntityValue(order, column.default);
  }
  // The ticket number is taken by the same statement that inserts the order (a data-modifying WITH):
  // one round trip less while the branch's counter row is locked (docs/decisions/orders.md "Throughput").
  const [insert, params] = em
    .createQueryBuilder()
    .insert()
    .into(Order)
    .values(takesTicket ? { ...order, ticketNumber: () => '(SELECT last FROM ticket)' } : order)
    .updateEntity(false)
    .returning(['id', 'ticketNumber'])
    .getQueryAndParameters();
  const sql = takesTicket
    ? `WITH ticket AS (${TICKET_UPSERT.replace('$1', `$${params.length + 1}`).replace('$2', `$${params.length + 2}`)}) ${insert}`
    : insert;
  const [row] = rowsOf<{ id: number | string; ticket_number: number | string | null }>(
    await em.query(sql, takesTicket ? [...params, branch.id, fields.businessDate!] : params),
  );
  order.id = Number(row!.id);
  order.ticketNumber = row!.ticket_number === null ? null : Number(row!.ticket_number);
  if (prepared.uploadIds.length) await takeUpUploads(em, prepared.uploadIds, now);
  return order;
}

/**
 * Checks, prices and writes an order inside the caller's transaction (`em`), reading everything from it
 * ({@link prepareOrder} then {@link writeOrder}); the demo seed's way. The checkout prepares before its
 * transaction from the cached catalogue instead.
 */
export async function placeOrder(
  em: EntityManager,
  body: unknown,
  now: Date,
  options: PlaceOrderOptions = {},
): Promise<Order> {
  return writeOrder(em, await prepareOrder(em, body, now, options), now);
}

/** Part values as an order keeps them: file references by id only (the secret was the proof, not data). */
export function withoutSecrets(parts: readonly PartValue[]): PartValue[] {
  return parts.map((value) =>
    Array.isArray(value)
      ? ((value as unknown[]).map((entry) =>
          typeof entry === 'object' && entry !== null ? { id: (entry as { id: number }).id } : entry,
        ) as PartValue)
      : value,
  );
}
