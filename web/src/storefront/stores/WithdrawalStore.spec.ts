import { ApiRequestError, type ApiClient } from '../../api/ApiClient';
import { WithdrawalStore } from './WithdrawalStore';

/** An API client whose POST answers with the given result or error, and records what it was sent. */
function fakeApi(answer: () => Promise<unknown>) {
  const sent: Array<{ path: string; body: unknown }> = [];
  const api = {
    post: (path: string, body: unknown) => {
      sent.push({ path, body });
      return answer();
    },
  } as unknown as ApiClient;
  return { api, sent };
}

describe(WithdrawalStore.name, () => {
  describe('confirm', () => {
    it('sends the status link with name, e-mail and note when the order is known', async () => {
      const receipt = { orderNumber: '7', withdrawal: { withdrawnAt: '2026-11-20T11:00:00.000Z' } };
      const { api, sent } = fakeApi(() => Promise.resolve(receipt));
      const store = new WithdrawalStore(api, { uid: 'u', hash: 'h' });
      store.set('name', 'Eva');
      store.set('email', 'eva@example.de');
      await store.confirm();
      expect(sent).toEqual([
        {
          path: '/api/withdrawals',
          body: { uid: 'u', hash: 'h', name: 'Eva', email: 'eva@example.de', note: '' },
        },
      ]);
      expect(store.receipt).toEqual(receipt);
    });

    it('puts field errors at their fields and a summary above, which goes when the fields are corrected', async () => {
      const { api } = fakeApi(() =>
        Promise.reject(
          new ApiRequestError(400, [{ message: 'Zu dieser Bestellnummer …', field: 'orderNumber' }]),
        ),
      );
      const store = new WithdrawalStore(api);
      await store.confirm();
      expect(store.errorFor('orderNumber')).toBe('Zu dieser Bestellnummer …');
      expect(store.error).toBe('Bitte prüfen Sie die markierten Angaben.');
      store.set('orderNumber', '12');
      expect(store.errorFor('orderNumber')).toBeUndefined();
      expect(store.error).toBeNull();
    });

    it('says a message for a field the form does not show (the exempt order of a status link) above it', async () => {
      const { api } = fakeApi(() =>
        Promise.reject(
          new ApiRequestError(400, [
            { message: 'Diese Bestellung ist vom Widerruf ausgenommen …', field: 'order' },
          ]),
        ),
      );
      const store = new WithdrawalStore(api, { uid: 'u', hash: 'h' });
      await store.confirm();
      expect(store.error).toBe('Diese Bestellung ist vom Widerruf ausgenommen …');
    });
  });
});
