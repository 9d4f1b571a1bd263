import {
  availableDays,
  earliestAppointment,
  hoursForOrderType,
  isOpenAt,
  addDays,
  fromLocal,
  localDate,
  postcodeOf,
  type LeadTimeProduct,
  type OrderStatusAction,
  type OrderType,
} from '@ordering/common';
import type { EntityManager } from 'typeorm';
import type { Branch } from '../branches/branch.entity.js';
import { Product } from '../catalog/product.entity.js';
import { DomainError } from '../core/errors.js';
import { DiningTable } from '../tables/table.entity.js';
import { applyAction } from './order-actions.js';
import { placeOrder } from './order-checkout.js';
import { branchContract } from './order-pricing.js';
import { Order } from './order.entity.js';

type Line = [name: string, amount?: number, parts?: unknown[], unit?: string];

interface DemoOrder {
  /** Local time of arrival on the demo day (`HH:MM`). */
  at: string;
  type: OrderType;
  customer: [firstName: string, lastName: string, phone: string, email?: string];
  items: Line[];
  /** Position of the delivery area (delivery) or the table identifier (dine-in). */
  area?: number;
  table?: string;
  comment?: string;
  paymentMethod?: 'cash' | 'atm-card';
  /** Staff actions afterwards, in order. */
  actions: OrderStatusAction[];
  rejectionMessage?: string;
}

/** Yesterday's service of the Viennese inn: lunch, afternoon and evening, delivered, collected and eaten in. */
const INN_DAY: DemoOrder[] = [
  {
    at: '11:20',
    type: 'takeaway',
    customer: ['Lukas', 'Berger', '+43 664 2837465'],
    items: [['Wiener Schnitzel vom Kalb'], ['Erdäpfel-Vogerlsalat'], ['Almdudler 0,5 l']],
    actions: ['confirm', 'in-delivery', 'completed'],
  },
  {
    at: '11:45',
    type: 'dineIn',
    customer: ['Sabine', 'Wallner', ''],
    table: '4',
    items: [
      ['Rindsuppe mit Frittaten', 2],
      ['Fiakergulasch mit Semmelknödel'],
      ['Käsespätzle mit Röstzwiebeln'],
      ['Ottakringer Helles 0,5 l', 2],
    ],
    actions: ['confirm', 'completed'],
  },
  {
    at: '12:05',
    type: 'delivery',
    customer: ['Thomas', 'Gruber', '+43 676 9182736', 'thomas.gruber@example.at'],
    area: 0,
    items: [
      ['Schnitzel nach Wahl', 2, [0, [0, 4], '']],
      ['Kürbiscremesuppe mit Kernöl', 2],
    ],
    comment: 'Bitte läuten bei Top 7.',
    paymentMethod: 'atm-card',
    actions: ['confirm', 'in-delivery', 'completed'],
  },
  {
    at: '12:30',
    type: 'takeaway',
    customer: ['Elif', 'Yılmaz', '+43 660 4455667', 'elif.yilmaz@example.at'],
    items: [['Bowl zusammenstellen', 1, [1, 0, [0, 1], 2]], ['Römerquelle prickelnd 0,33 l']],
    comment: 'Dressing bitte extra.',
    actions: ['confirm', 'in-delivery', 'completed'],
  },
  {
    at: '13:10',
    type: 'delivery',
    customer: ['Martina', 'Hofer', '+43 699 1122334', 'm.hofer@example.at'],
    area: 1,
    items: [['Tafelspitz mit Apfelkren und Schnittlauchsauce'], ['Sachertorte mit Schlagobers', 2]],
    actions: ['reject'],
    rejectionMessage: 'Leider sind heute alle Fahrer unterwegs – bitte holen Sie die Bestellung ab.',
  },
  {
    at: '15:40',
    type: 'takeaway',
    customer: ['Paul', 'Steiner', '+43 650 7788990'],
    items: [['Kaiserschmarrn mit Zwetschkenröster'], ['Apfelsaft gespritzt 0,5 l']],
    actions: ['confirm', 'in-delivery', 'completed'],
  },
  {
    at: '17:55',
    type: 'dineIn',
    customer: ['Familie', 'Novak', ''],
    table: '9',
    items: [
      ['Gebackene Champignons mit Sauce Tartare'],
      ['Wiener Schnitzel vom Kalb', 2],
      ['Pommes frites', 2],
      ['Grüner Veltliner Weinviertel DAC 1/8 l', 3],
    ],
    actions: ['confirm', 'completed'],
  },
  {
    at: '18:20',
    type: 'delivery',
    customer: ['Johanna', 'Pichler', '+43 664 5566778', 'johanna.pichler@example.at'],
    area: 2,
    items: [['Beef Tatar mit Toast und Butter'], ['Tafelspitz mit Apfelkren und Schnittlauchsauce']],
    actions: ['confirm', 'cancel'],
    comment: 'Kunde hat telefonisch storniert.',
  },
  {
    at: '19:05',
    type: 'takeaway',
    customer: ['Florian', 'Maier', '+43 676 3344556'],
    items: [['Käsespätzle mit Röstzwiebeln', 2], ['Marillenpalatschinken (2 Stück)']],
    actions: ['confirm', 'in-delivery', 'completed'],
  },
  {
    at: '20:15',
    type: 'delivery',
    customer: ['Katharina', 'Fuchs', '+43 699 8877665', 'k.fuchs@example.at'],
    area: 0,
    items: [['Fiakergulasch mit Semmelknödel'], ['Leberknödelsuppe'], ['Ottakringer Helles 0,5 l', 2]],
    actions: ['confirm', 'in-delivery', 'completed'],
  },
];

/** Orders of today, still open, so that the boards have something to show. */
const INN_TODAY: DemoOrder[] = [
  {
    at: '',
    type: 'takeaway',
    customer: ['Michael', 'Wagner', '+43 664 1029384', 'michael.wagner@example.at'],
    items: [
      ['Wiener Schnitzel vom Kalb', 2],
      ['Petersilerdäpfel', 2],
    ],
    actions: [],
  },
  {
    at: '',
    type: 'delivery',
    customer: ['Anna', 'Leitner', '+43 650 5647382', 'anna.leitner@example.at'],
    area: 1,
    items: [['Schnitzel nach Wahl', 1, [1, [1], 'Bitte gut durch']], ['Kürbiscremesuppe mit Kernöl']],
    actions: ['confirm'],
  },
];

/** Quotation requests to the screed business. */
const SCREED_REQUESTS: Array<DemoOrder & { street: string; city: string }> = [
  {
    at: '',
    type: 'delivery',
    area: 0,
    customer: ['Gerhard', 'Kainz', '+43 316 123456', 'g.kainz@example.at'],
    street: 'Petersgasse 48',
    city: '8010 Graz',
    items: [['Fließestrich CAF C25-F5 (Silolieferung)', 85]],
    comment: 'Neubau Einfamilienhaus, Fußbodenheizung, Erdgeschoß ca. 85 m².',
    actions: [],
  },
  {
    at: '',
    type: 'takeaway',
    customer: ['Bau', 'Hollerer GmbH', '+43 3172 22 33 0', 'office@hollerer-bau.example.at'],
    street: 'Hauptplatz 3',
    city: '8200 Gleisdorf',
    items: [['Estrichverlegung nach Maß', 140, [2, 1, [], 'Baustelle ab 7 Uhr zugänglich.']]],
    actions: ['confirm'],
  },
  {
    at: '',
    type: 'takeaway',
    customer: ['Sandra', 'Reiter', '+43 664 9988776', 's.reiter@example.at'],
    street: 'Am Hang 12',
    city: '8055 Seiersberg',
    items: [['Besichtigung und Aufmaß vor Ort'], ['CM-Messung (Restfeuchte)']],
    actions: [],
  },
];

/** The `index`-th bookable time (30 minutes apart) not before `at`, by common's availability rules. */
function slot(
  branch: Branch,
  type: OrderType,
  products: LeadTimeProduct[],
  at: Date,
  index: number,
): Date | null {
  const contract = branchContract(branch);
  const earliest = earliestAppointment({ now: at, products, timeZone: contract.timeZone });
  const times = availableDays(hoursForOrderType(contract, type), earliest, 14).flatMap((day) =>
    day.windows.flatMap((w) => {
      const out: Date[] = [];
      for (let t = w.from.getTime(); t <= w.to.getTime(); t += 30 * 60_000) out.push(new Date(t));
      return out;
    }),
  );
  return times[index] ?? null;
}

/** The local time `HH:MM` of a local date as an instant. */
const localTime = (branch: Branch, date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return fromLocal(date, h! * 60 + m!, branch.timeZone);
};

async function place(
  em: EntityManager,
  branch: Branch,
  demo: DemoOrder & { street?: string; city?: string },
  at: Date,
  appointmentIndex: number | null,
): Promise<Order | null> {
  const products = new Map((await em.getRepository(Product).find()).map((p) => [p.name, p]));
  const tables = await em.getRepository(DiningTable).find({ where: { branch: { id: branch.id } } });
  const areas = [...branch.deliveryAreas].sort((a, b) => a.position - b.position);
  const lines = demo.items.flatMap(([name, amount, parts, unit]) => {
    const product = products.get(name);
    return product
      ? [
          {
            product: { id: product.id, uid: product.uid },
            amount: amount ?? 1,
            unit: unit ?? product.unit,
            parts: parts ?? [],
          },
        ]
      : [];
  });
  const leadProducts = demo.items.flatMap(([name]) => (products.get(name) ? [products.get(name)!] : []));
  const appointment =
    appointmentIndex === null
      ? null
      : slot(branch, demo.type, leadProducts as unknown as LeadTimeProduct[], at, appointmentIndex);
  const [firstName, lastName, phone, email] = demo.customer;
  const form = {
    firstName,
    lastName,
    phone,
    email: email ?? '',
    street: demo.street ?? (demo.type === 'delivery' ? 'Neubaugasse 12/3' : ''),
    // The area comes from the postcode now: the demo's postcode, or the first one its area serves.
    zipCode:
      postcodeOf(demo.city) ??
      (demo.area === undefined ? '' : (/\d+/.exec(areas[demo.area]!.postcodes)?.[0] ?? '')),
    city: (demo.city ?? (demo.type === 'delivery' ? 'Wien' : '')).replace(/^\d{4,5}\s+/, ''),
    comment: demo.comment ?? '',
    paymentMethod: demo.paymentMethod ?? 'cash',
    legalInstructions: true,
    privacyPolicy: true,
    branch: { id: branch.id },
    isDelivery: demo.type === 'delivery',
    isDineIn: demo.type === 'dineIn',
    table: demo.table ? { id: tables.find((t) => t.identifier === demo.table)!.id } : null,
    appointmentDate: appointment?.toISOString() ?? null,
    items: lines,
  };
  try {
    const order = await placeOrder(em, form, at);
    let step = at.getTime();
    for (const action of demo.actions) {
      applyAction(order, action, {
        appointment: null,
        counterAppointment: null,
        rejectionMessage: demo.rejectionMessage ?? '',
      });
      step += 9 * 60_000;
      order.updatedAt = new Date(step);
    }
    return demo.actions.length ? await em.save(order) : order;
  } catch (err) {
    // A demo order the rules refuse on this particular day (e.g. a closing day) is left out.
    if (err instanceof DomainError) return null;
    throw err;
  }
}

/**
 * Demo orders written through the same checkout as `POST /api/orders`, so every price, tax and ticket
 * number is real: yesterday's service of the Viennese inn (or its last open day), two open orders of
 * today, and three quotation requests to the screed business.
 */
export async function seedOrders(em: EntityManager, branches: Branch[], now: Date): Promise<void> {
  const inn = branches.find((b) => b.identifier === 'gasthaus-linde-wien');
  const screed = branches.find((b) => b.identifier === 'estrich-graz');
  if (inn) {
    const hours = hoursForOrderType(branchContract(inn), 'takeaway');
    let day = addDays(localDate(now, inn.timeZone), -1);
    for (let i = 0; i < 7 && !isOpenAt(hours, localTime(inn, day, '12:00')); i += 1) day = addDays(day, -1);
    for (const demo of INN_DAY) await place(em, inn, demo, localTime(inn, day, demo.at), null);
    for (const [index, demo] of INN_TODAY.entries()) await place(em, inn, demo, now, index * 2 + 1);
  }
  if (screed) {
    for (const [index, demo] of SCREED_REQUESTS.entries())
      await place(em, screed, demo, new Date(now.getTime() - (index + 1) * 3 * 3600_000), index);
  }
}
