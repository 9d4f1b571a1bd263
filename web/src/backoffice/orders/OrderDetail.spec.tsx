import { enableStaticRendering } from 'mobx-react-lite';
import { renderToString } from 'react-dom/server';
import { ApiClient } from '../../api/ApiClient';
import { ErrorStore } from '../ErrorStore';
import { OrderDetail } from './OrderDetail';
import { OrdersStore } from './OrdersStore';
import { PrintersStore } from './PrintersStore';
import { staffOrder } from './testing';
import type { StaffOrder } from '@ordering/common';

enableStaticRendering(true);

const NOW = new Date('2026-11-20T11:00:00Z');

const REASONS = ['Wir haben gerade zu viel los.', 'Ein Artikel ist ausverkauft.'];

function render(order: StaffOrder, rejectionReasons: readonly string[] = REASONS): string {
  const api = new ApiClient({ fetch: () => Promise.reject(new Error('no request expected')) });
  const orders = new OrdersStore({ api, errors: new ErrorStore(), now: () => NOW });
  return renderToString(
    <OrderDetail
      orders={orders}
      printers={new PrintersStore(api)}
      order={order}
      now={NOW}
      rejectionReasons={rejectionReasons}
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

  describe('close button', () => {
    it('is an icon (×) named "Schließen" for screen readers, so it does not read like "Abschließen"', () => {
      const html = render(staffOrder());
      expect(html).toMatch(
        /<button type="button" class="icon-button drawer__close" aria-label="Schließen"><span aria-hidden="true">×<\/span><\/button>/,
      );
      expect(html).not.toMatch(/>Schließen</);
    });
  });

  describe('rejection', () => {
    it('offers the preset reasons and "Anderer Grund …", none chosen, and asks before rejecting', () => {
      const html = render(staffOrder());
      const group = fieldset(html, 'Ablehnen');
      expect(labels(group)).toEqual([...REASONS, 'Anderer Grund …']);
      expect(group).not.toContain('checked');
      // No text field until "Anderer Grund …" is chosen; the button waits for a reason and says so.
      expect(group).not.toContain('Nachricht an den Kunden');
      expect(group).toMatch(/<button[^>]*disabled=""[^>]*>Ablehnen …<\/button>/);
      expect(group).toContain('Bitte einen Grund wählen.');
    });

    it('offers only the free text when the shop has no preset reasons', () => {
      const group = fieldset(render(staffOrder(), []), 'Ablehnen');
      expect(labels(group)).toEqual(['Anderer Grund …', 'Nachricht an den Kunden']);
      expect(group).toMatch(/<input type="radio"[^>]*checked=""/);
      expect(group).toContain('Bitte die Nachricht schreiben.');
    });
  });

  describe('offer', () => {
    const offer = {
      lines: [
        { name: 'Fließestrich CAF, 6,5 cm', amount: 40, unit: 'm2' as const, unitPrice: 27.5, tax: 20 },
        { name: 'Anfahrt und Pumpe', amount: 1, unit: 'piece' as const, unitPrice: 149, tax: 20 },
      ],
      pricing: { totalGross: 1249, totalNet: 1040.83, taxes: { '20': 208.17 } },
      validUntil: '2026-12-04',
      message: 'Gerne in KW 12.',
      sentAt: '2026-11-20T10:00:00.000Z',
      answer: null,
      answeredAt: null,
    } as unknown as NonNullable<StaffOrder['offer']>;

    it('offers to answer an open quotation request and shows nothing of it on an order', () => {
      expect(render(staffOrder({ isQuotation: true }))).toContain('>Angebot erstellen</button>');
      expect(render(staffOrder({ isQuotation: false }))).not.toContain('Angebot');
    });

    it('shows the offer sent with its lines, total, validity and state, and lets staff replace an open one', () => {
      const html = render(staffOrder({ isQuotation: true, offer }));
      expect(html).toContain('Angebot gesendet</strong> · <!-- -->wartet auf den Kunden');
      expect(html).toContain('Anfahrt und Pumpe');
      expect(html).toMatch(/1\.249,00\s€/);
      expect(html).toContain('Gültig bis <!-- -->04.12.2026');
      expect(html).toContain('>Neues Angebot erstellen</button>');
    });

    it('says "abgelaufen" after the last valid day, and "angenommen" without a new offer once answered', () => {
      const expired = render(
        staffOrder({ isQuotation: true, offer: { ...offer, validUntil: '2026-11-19' } }),
      );
      expect(expired).toContain('abgelaufen');
      const accepted = render(
        staffOrder({
          isQuotation: false,
          offer: { ...offer, answer: 'accepted', answeredAt: NOW.toISOString() },
        }),
      );
      expect(accepted).toContain('Angebot gesendet</strong> · <!-- -->angenommen');
      expect(accepted).not.toContain('Neues Angebot erstellen');
    });
  });

  describe('destructive actions', () => {
    it('keeps "Stornieren" and "Löschen" apart from "Abschließen", in their own group', () => {
      const html = render(
        staffOrder({
          status: 'confirmed',
          isConfirmed: true,
          allowedActions: ['in-delivery', 'completed', 'cancel'],
          appointment: '2026-11-20T11:45:00.000Z',
        }),
      );
      const progress = rowWith(html, 'Abschließen');
      expect(progress).toContain('Abholbereit');
      expect(progress).not.toMatch(/Stornieren|Löschen|button--danger/);
      const danger = rowWith(html, 'Stornieren …');
      expect(danger).toContain('aria-label="Stornieren und Löschen"');
      expect(danger).toContain('Löschen …');
      // Nothing is asked yet: the question appears in the panel only after a click.
      expect(html).not.toContain('role="alertdialog"');
    });
  });

  describe('delivered', () => {
    const out = { status: 'inDelivery', isConfirmed: true, isInDelivery: true, isDelivery: true } as const;

    it('offers "Geliefert" first for a delivery in Zustellung, then "Abschließen"', () => {
      const row = rowWith(render(staffOrder(out)), 'Abschließen');
      expect(row.indexOf('>Geliefert<')).toBeGreaterThan(-1);
      expect(row.indexOf('>Geliefert<')).toBeLessThan(row.indexOf('Abschließen'));
    });

    it('offers no "Geliefert" for a takeaway ready for pickup, nor once delivered', () => {
      expect(render(staffOrder({ ...out, isDelivery: false }))).not.toContain('>Geliefert<');
      const delivered = render(staffOrder({ ...out, status: 'delivered', isDelivered: true }));
      expect(delivered).toContain('data-testid="order-status">Geliefert');
      expect(delivered).not.toContain('>Geliefert</button>');
      expect(rowWith(delivered, 'Abschließen')).not.toContain('Stornieren');
    });
  });

  describe('review', () => {
    it("shows the customer's four answers as stars with words for screen readers, and the comment", () => {
      const html = render(
        staffOrder({
          status: 'completed',
          isConfirmed: true,
          isCompleted: true,
          questionnaire: {
            rating: 4,
            foodRating: 5,
            serviceRating: 3,
            processRating: 2,
            comment: 'Gern wieder',
          },
        }),
      );
      expect(html).toContain('Bewertung des Kunden');
      expect(html).toMatch(/<dt>Gesamteindruck<\/dt><dd>.*?4 von 5/);
      expect(html).toMatch(/<dt>Ablauf<\/dt><dd>.*?2 von 5/);
      expect(html).toContain('Gern wieder');
    });

    it('shows nothing of a review before the customer sent one', () => {
      expect(render(staffOrder())).not.toContain('Bewertung des Kunden');
    });
  });

  describe('times', () => {
    it('shows "so bald wie möglich" as the wish and the confirmed time labelled', () => {
      const html = render(
        staffOrder({ appointmentDate: null, appointment: '2026-11-20T11:51:00.000Z', status: 'confirmed' }),
      );
      expect(html).toMatch(/<dt>Gewünscht<\/dt><dd>so bald wie möglich<\/dd>/);
      expect(html).toMatch(/<dt>Bestätigt für<\/dt><dd>12:51<\/dd>/);
      expect(html).not.toContain('<dt>Termin</dt>');
    });

    it('shows the wished day and time, and no confirmed time before staff confirm', () => {
      const html = render(staffOrder({ appointmentDate: '2026-11-21T17:30:00.000Z' }));
      expect(html).toMatch(/<dt>Gewünscht<\/dt><dd>Sa, 21\.11\. 18:30<\/dd>/);
      expect(html).not.toContain('Bestätigt für');
    });
  });
});

/** The markup of the fieldset with this legend. */
function fieldset(html: string, legend: string): string {
  const start = html.indexOf(`<legend>${legend}</legend>`);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</fieldset>', start));
}

/** The visible texts of the labels in some markup, in order. */
function labels(html: string): string[] {
  return [...html.matchAll(/<label[^>]*>[\s\S]*?<span>([^<]*)<\/span>/g)].map((m) => m[1]!);
}

/** The markup of the action row (a div of class action-row) that holds a button with this text. */
function rowWith(html: string, button: string): string {
  const at = html.indexOf(`>${button}</button>`);
  expect(at).toBeGreaterThan(-1);
  const start = html.lastIndexOf('<div class="action-row', at);
  return html.slice(start, html.indexOf('</div>', at));
}
