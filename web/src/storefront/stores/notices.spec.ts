import { makeBranch, rule } from '../testing/fixtures';
import { storeNotice } from './notices';

const monday = (time: string) => new Date(`2026-03-02T${time}:00+01:00`);

describe(storeNotice.name, () => {
  it('puts a pause by staff first while it lasts, for the paused order types only', () => {
    const branch = makeBranch({
      orderingPause: {
        until: monday('18:30').toISOString(),
        orderTypes: null,
        message: 'Die Küche ist voll.',
        allowPreorders: false,
      },
    });
    expect(storeNotice(branch, 'takeaway', monday('18:00'))).toEqual({
      isClosed: true,
      lines: ['Wir nehmen gerade keine Bestellungen an – wieder ab 18:30 Uhr.', 'Die Küche ist voll.'],
    });
    expect(storeNotice(branch, 'takeaway', monday('18:30'))).toEqual({ isClosed: false, lines: [] });
  });

  it('says nothing while open', () => {
    expect(storeNotice(makeBranch(), 'takeaway', monday('12:00'))).toEqual({ isClosed: false, lines: [] });
  });

  it('names the reopening when closed', () => {
    expect(storeNotice(makeBranch(), 'takeaway', monday('08:00'))).toEqual({
      isClosed: true,
      lines: ['Derzeit haben wir leider geschlossen.', 'Wir öffnen wieder um 11:00 Uhr.'],
    });
  });

  it('adds the pre-order sentences when pre-orders are taken', () => {
    const branch = makeBranch({ isPreorderEnabled: true });
    expect(storeNotice(branch, 'takeaway', monday('23:00')).lines).toEqual([
      'Derzeit haben wir leider geschlossen.',
      'Wir öffnen wieder am Dienstag um 11:00 Uhr.',
      'Gerne nehmen wir auch Ihre Vorbestellungen entgegen.',
      'Wir bearbeiten diese sobald wir wieder geöffnet haben.',
    ]);
  });

  it('tells delivery customers when delivery resumes and offers takeaway', () => {
    const branch = makeBranch({
      isDeliveryHoursEnabled: true,
      deliveryHours: [rule('daily', '17:00', '21:00')],
      isPreorderEnabled: true,
    });
    expect(storeNotice(branch, 'delivery', monday('12:00'))).toEqual({
      isClosed: false,
      lines: [
        'Derzeit ist leider keine Lieferung möglich.',
        'Wir liefern wieder ab 17:00 Uhr.',
        'Sie können Ihre Bestellung aber gerne abholen.',
        'Sie können aber gerne für einen späteren Zeitpunkt vorbestellen.',
      ],
    });
    expect(storeNotice(branch, 'takeaway', monday('12:00')).lines).toEqual([]);
  });

  it('shows a branch that is not public yet as closed with its message, even within its hours', () => {
    const branch = makeBranch({ isPublic: false, closedMessage: 'Wir eröffnen im Frühjahr.' });
    expect(storeNotice(branch, 'takeaway', monday('12:00'))).toEqual({
      isClosed: true,
      lines: ['Derzeit haben wir leider geschlossen.', 'Wir eröffnen im Frühjahr.'],
    });
  });
});
