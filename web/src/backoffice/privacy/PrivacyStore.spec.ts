import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import { ErrorStore } from '../ErrorStore';
import { exportFileName, PrivacyStore, summarise, type ExportedOrder } from './PrivacyStore';

const order = (fields: Record<string, unknown>) => fields as unknown as ExportedOrder;

const HOFER = [
  order({
    id: 4,
    createdAt: '2026-10-03T22:30:00Z', // 4 October in Vienna
    firstName: 'Martina',
    lastName: 'Hofer',
    street: 'Lindengasse 5',
    door: '7',
    zipCode: '1070',
    city: 'Wien',
    phone: '+43 699 1122334',
    comment: 'Bitte läuten',
  }),
  order({
    id: 9,
    createdAt: '2026-11-20T11:00:00Z',
    firstName: 'Martina',
    lastName: 'Hofer',
    company: 'Hofer KG',
    phone: '+43 699 1122334',
    comment: '',
  }),
];

const EXPORT = { email: 'm.hofer@example.at', exportedAt: '2026-11-26T09:15:00.000Z', orders: HOFER };

function setup(...replies: Parameters<typeof fakeFetch>) {
  const fetch = fakeFetch(...replies);
  const errors = new ErrorStore();
  const store = new PrivacyStore({ api: new ApiClient({ fetch }), errors });
  return { store, fetch, errors };
}

describe(PrivacyStore.name, () => {
  describe('summarise', () => {
    it('lists each name, address and phone once, and the period in Vienna days', () => {
      expect(summarise(HOFER)).toEqual({
        orders: 2,
        first: '04.10.2026',
        last: '20.11.2026',
        names: ['Martina Hofer', 'Martina Hofer, Hofer KG'],
        addresses: ['Lindengasse 5 / 7, 1070 Wien'],
        phones: ['+43 699 1122334'],
        comments: 1,
      });
    });

    it('has no period and nothing found without orders', () => {
      expect(summarise([])).toEqual({
        orders: 0,
        first: null,
        last: null,
        names: [],
        addresses: [],
        phones: [],
        comments: 0,
      });
    });
  });

  describe('lookUp', () => {
    it('asks the export for the trimmed address and keeps it for the download under the API’s file name', async () => {
      const { store, fetch } = setup(json(200, { data: EXPORT }));
      store.setEmail('  m.hofer@example.at ');
      expect(await store.lookUp()).toBe(true);
      expect(fetch.calls[0]!.url).toBe('/api/privacy/export?email=m.hofer%40example.at');
      expect(store.summary?.orders).toBe(2);
      expect(exportFileName(EXPORT)).toBe('auskunft-2026-11-26.json');
      expect(store.download?.name).toBe('auskunft-2026-11-26.json');
      expect(JSON.parse(store.download!.text)).toEqual(EXPORT);
    });

    it.each([
      ['', 'Dieser Wert sollte nicht leer sein.'],
      ['hofer', 'Dieser Wert ist keine gültige E-Mail-Adresse.'],
      ['m hofer@example.at', 'Dieser Wert ist keine gültige E-Mail-Adresse.'],
    ])('does not send %p and names the problem at the field', async (email, message) => {
      const { store, fetch } = setup();
      store.setEmail(email);
      expect(await store.lookUp()).toBe(false);
      expect(store.emailError).toBe(message);
      expect(fetch.calls).toHaveLength(0);
      store.setEmail('m.hofer@example.at');
      expect(store.emailError).toBeNull();
    });

    it('shows the server’s email error at the field and, named by the field, in the error list', async () => {
      const message = 'Dieser Wert ist keine gültige E-Mail-Adresse.';
      const { store, errors } = setup(json(400, { errors: [{ message, field: 'email' }] }));
      store.setEmail('a@b');
      expect(await store.lookUp()).toBe(false);
      expect(store.emailError).toBe(message);
      expect(errors.entries.map((e) => e.message)).toEqual([`E-Mail-Adresse des Kunden: ${message}`]);
      expect(store.result).toBeNull();
      expect(store.loading).toBe(false);
    });

    it('reports a refusal without a field in the error list only, and "Erneut versuchen" looks up again', async () => {
      const { store, errors } = setup(
        json(403, { errors: [{ message: 'Sie haben keine Berechtigung für diese Aktion.' }] }),
        json(200, { data: EXPORT }),
      );
      store.setEmail('m.hofer@example.at');
      expect(await store.lookUp()).toBe(false);
      expect(store.emailError).toBeNull();
      expect(errors.entries.map((e) => e.message)).toEqual([
        'Sie haben keine Berechtigung für diese Aktion.',
      ]);
      await errors.retry(errors.entries[0]!.id);
      expect(store.result).toEqual(EXPORT);
      expect(errors.entries).toEqual([]);
    });

    it('falls back to the German text when the server could not be reached', async () => {
      const { store, errors } = setup(new TypeError('Failed to fetch'));
      store.setEmail('m.hofer@example.at');
      await store.lookUp();
      expect(errors.entries.map((e) => e.message)).toEqual(['Auskunft konnte nicht geladen werden.']);
    });
  });

  describe('erase', () => {
    it('anonymises the looked-up address and says how many orders lost their data', async () => {
      const { store, fetch } = setup(json(200, { data: EXPORT }), json(200, { data: { orders: 2 } }));
      store.setEmail('M.Hofer@example.at');
      await store.lookUp();
      expect(await store.erase()).toBe(true);
      expect(fetch.calls[1]).toMatchObject({
        method: 'POST',
        url: '/api/privacy/anonymise',
        body: { email: 'm.hofer@example.at' },
      });
      expect(store.erased).toEqual({ email: 'm.hofer@example.at', orders: 2 });
      expect(store.result).toBeNull();
      expect(store.download).toBeNull();
    });

    it('does nothing before a lookup', async () => {
      const { store, fetch } = setup();
      expect(await store.erase()).toBe(false);
      expect(fetch.calls).toHaveLength(0);
    });

    it('keeps what was found when the erasure fails, with the German fallback', async () => {
      const { store, errors } = setup(json(200, { data: EXPORT }), json(500, {}));
      store.setEmail('m.hofer@example.at');
      await store.lookUp();
      expect(await store.erase()).toBe(false);
      expect(store.result).toEqual(EXPORT);
      expect(store.erased).toBeNull();
      expect(errors.entries.map((e) => e.message)).toEqual([
        'Personenbezogene Daten konnten nicht gelöscht werden.',
      ]);
    });
  });
});
