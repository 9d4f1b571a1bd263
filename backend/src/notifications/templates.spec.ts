import {
  customerMail,
  customerSms,
  formatAppointment,
  type MailContext,
  type MailOrder,
} from './templates.js';

const ctx: MailContext = {
  shopName: 'Gruber & Linde',
  currency: 'EUR',
  publicUrl: 'https://bestellen.example.at',
  reviewsEnabled: true,
  branch: {
    name: 'Gasthaus Zur Linde',
    email: 'wien@example.at',
    phone: '+43 1 234',
    timeZone: 'Europe/Vienna',
  },
};
const order: MailOrder = {
  uid: '7f3c0c4e-0000-4000-8000-000000000001',
  hash: 'abc_DEF-123',
  ticketNumber: 12,
  firstName: 'Anna <b>',
  lastName: 'Huber',
  appointmentDate: '2026-03-29T10:15:00Z',
  items: [
    { name: 'Schnitzel & Salat', amount: 2, unit: 'piece', price: 1234.5 },
    { name: 'Estrich', amount: 12.5, unit: 'm2', price: 300, partLabels: ['Fließestrich'] },
  ],
  pricing: { deliveryGross: 3.5, totalGross: 1538 },
};

describe('customerMail', () => {
  it('renders German text and HTML with the status link and German money', () => {
    const mail = customerMail('received', ctx, order);
    expect(mail.subject).toBe('Gruber & Linde: Ihre Bestellung Nr. 12 ist eingegangen');
    expect(mail.text).toContain('Guten Tag Anna <b> Huber,');
    expect(mail.text).toContain('- 2 × Schnitzel & Salat  1.234,50\u00a0€');
    expect(mail.text).toContain('- 12,5 m² Estrich (Fließestrich)  300,00\u00a0€');
    expect(mail.text).toContain('- Summe  1.538,00\u00a0€');
    expect(mail.text).toContain(`https://bestellen.example.at/status/${order.uid}/${order.hash}`);
    // Summer time in Vienna from 29 March 2026, 02:00: 10:15 UTC is 12:15.
    expect(mail.text).toContain('Gewünschter Termin: 29.03.2026, 12:15 Uhr');
    expect(mail.html).toContain('Guten Tag Anna &lt;b&gt; Huber,');
    expect(mail.html).toContain('Schnitzel &amp; Salat');
    expect(mail.html).toContain(`href="https://bestellen.example.at/status/${order.uid}/${order.hash}"`);
  });

  it('links every customer mail to the status page', () => {
    for (const kind of [
      'received',
      'confirmed',
      'counterOffer',
      'rejected',
      'inDelivery',
      'readyForPickup',
      'completed',
      'canceled',
      'counterOfferRejected',
    ] as const) {
      const mail = customerMail(kind, ctx, { ...order, counterAppointment: '2026-04-01T16:00:00Z' });
      expect({ kind, linked: mail.text.includes(`/status/${order.uid}/${order.hash}`) }).toEqual({
        kind,
        linked: true,
      });
      expect(customerSms(kind, ctx, order)).toContain(`/status/${order.uid}/${order.hash}`);
    }
  });

  it('calls a quotation request an Anfrage', () => {
    expect(customerMail('received', ctx, { ...order, isQuotation: true }).subject).toContain(
      'Ihre Anfrage Nr. 12',
    );
  });
});

describe('formatAppointment', () => {
  it('is null for "as soon as possible" and for nonsense', () => {
    expect(formatAppointment(null, 'Europe/Vienna')).toBeNull();
    expect(formatAppointment('gestern', 'Europe/Vienna')).toBeNull();
  });
});
