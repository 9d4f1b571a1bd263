import { printedOnNotice, printerStateLabel, type PrintingDevice } from './PrintersStore';

const device = (over: Partial<PrintingDevice> = {}): PrintingDevice => ({
  id: 1,
  name: 'Theke',
  branch: { id: 1 },
  printsNewOrders: true,
  paired: true,
  connection: 'online',
  printerState: { state: 'ok', queued: 0 },
  printerStatus: 'bereit',
  ...over,
});

describe('printedOnNotice', () => {
  it('says the document went to the chosen printer when it is ready', () => {
    expect(printedOnNotice('kitchen', device())).toBe('Küchenbon an Drucker „Theke“ gesendet.');
  });

  it('says the document waits, and why, when the printer has no paper or is offline', () => {
    const noPaper = device({
      name: 'Küche',
      printerState: { state: 'paper-out', queued: 1 },
      printerStatus: 'kein Papier · 1 Auftrag wartet',
    });
    expect(printedOnNotice('labels', noPaper)).toBe(
      'Etiketten an „Küche“ gesendet – Küche: Drucker kein Papier · 1 Auftrag wartet. Er wird gedruckt, sobald der Drucker bereit ist.',
    );
    expect(printedOnNotice('receipt', device({ connection: 'offline' }))).toContain('Theke: Gerät offline');
  });
});

describe('printerStateLabel', () => {
  it('reads "bereit", the printer\'s own state, or "offline"', () => {
    expect(printerStateLabel(device({ printerStatus: null }))).toBe('bereit');
    expect(printerStateLabel(device({ printerStatus: 'kein Papier' }))).toBe('kein Papier');
    expect(printerStateLabel(device({ connection: 'offline' }))).toBe('offline');
  });
});
