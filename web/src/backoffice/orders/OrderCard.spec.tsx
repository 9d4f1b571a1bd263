import { enableStaticRendering } from 'mobx-react-lite';
import { renderToString } from 'react-dom/server';
import { CardSettings } from './CardSettings';
import { OrderCard } from './OrderCard';
import { staffOrder } from './testing';

enableStaticRendering(true);

const NOW = new Date('2026-11-20T10:30:00Z');
const ORDER = staffOrder({
  firstName: 'Anna',
  lastName: 'Berger',
  items: [{ amount: 2, unit: 'piece', name: 'Wiener Schnitzel' }] as never,
});

function card(settings: CardSettings): string {
  return renderToString(
    <OrderCard
      order={ORDER}
      column="new"
      row={0}
      now={NOW}
      alarming={false}
      missed={false}
      onOpen={() => {}}
      onAcknowledge={() => {}}
      settings={settings}
    />,
  );
}

function memoryStorage(values: Record<string, string> = {}) {
  return {
    values,
    getItem: (key: string) => values[key] ?? null,
    setItem: (key: string, value: string) => void (values[key] = value),
  };
}

describe(CardSettings.name, () => {
  it('shows products and customer data when nothing is stored', () => {
    const settings = new CardSettings(memoryStorage());
    expect([settings.showProductData, settings.showCustomerData]).toEqual([true, true]);
  });

  it('keeps each switch as 1/0 and reads it back', () => {
    const storage = memoryStorage();
    new CardSettings(storage).set('showCustomerData', false);
    expect(storage.values).toEqual({ 'backoffice.showCustomerData': '0' });
    const again = new CardSettings(storage);
    expect([again.showProductData, again.showCustomerData]).toEqual([true, false]);
  });
});

describe('OrderCard', () => {
  it('shows the product lines and the customer by default', () => {
    const html = card(new CardSettings(memoryStorage()));
    expect(html).toContain('Wiener Schnitzel');
    expect(html).toContain('Anna Berger');
  });

  it('hides the product lines when "Produkte zeigen" is off', () => {
    const html = card(new CardSettings(memoryStorage({ 'backoffice.showProductData': '0' })));
    expect(html).not.toContain('Wiener Schnitzel');
    expect(html).toContain('Anna Berger');
  });

  it('hides the customer when "Kundendaten zeigen" is off', () => {
    const html = card(new CardSettings(memoryStorage({ 'backoffice.showCustomerData': '0' })));
    expect(html).not.toContain('Anna Berger');
    expect(html).toContain('Wiener Schnitzel');
  });
});

describe('OrderCard of a delivery', () => {
  const render = (order: ReturnType<typeof staffOrder>, onDelivered?: () => void) =>
    renderToString(
      <OrderCard
        order={order}
        column="inDelivery"
        row={0}
        now={NOW}
        alarming={false}
        missed={false}
        onOpen={() => {}}
        onAcknowledge={() => {}}
        onDelivered={onDelivered}
        settings={new CardSettings(memoryStorage())}
      />,
    );

  it('has a large "Geliefert" button while out for delivery, named with its ticket', () => {
    const html = render(staffOrder({ isDelivery: true, isInDelivery: true, ticketNumber: 12 }), () => {});
    expect(html).toMatch(/<button[^>]*aria-label="#12 als geliefert markieren"[^>]*>Geliefert<\/button>/);
  });

  it('says "Geliefert – wartet auf Abschluss" once delivered, without the button', () => {
    const html = render(staffOrder({ status: 'delivered', isDelivery: true, isDelivered: true }));
    expect(html).toContain('Geliefert – wartet auf Abschluss');
    expect(html).not.toContain('als geliefert markieren');
  });
});
