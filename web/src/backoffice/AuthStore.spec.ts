import { jest } from '@jest/globals';
import { ApiClient } from '../api/ApiClient';
import { fakeFetch, json } from '../testing/fakeFetch';
import { AuthStore } from './AuthStore';

function setup(...replies: Parameters<typeof fakeFetch>) {
  const fetch = fakeFetch(...replies);
  const onUnauthorized = jest.fn();
  const auth = new AuthStore(new ApiClient({ fetch, onUnauthorized }));
  return { auth, fetch, onUnauthorized };
}

describe(AuthStore.name, () => {
  describe('login', () => {
    it('posts the credentials and signs in', async () => {
      const { auth, fetch } = setup(json(200, { data: { user: { username: 'anna' } } }));

      await expect(auth.login({ username: ' anna ', password: 'geheim' })).resolves.toBe(true);

      expect(fetch.calls).toEqual([
        expect.objectContaining({
          url: '/api/auth/login',
          method: 'POST',
          body: { username: 'anna', password: 'geheim' },
        }),
      ]);
      expect(auth.isSignedIn).toBe(true);
      expect(auth.user).toEqual({ username: 'anna' });
      expect(auth.errors).toEqual([]);
      expect(auth.submitting).toBe(false);
    });

    it('uses the typed name when the response carries none', async () => {
      const { auth } = setup(json(200, { data: { token: 'x' } }));
      await auth.login({ username: 'ben', password: 'pw' });
      expect(auth.user).toEqual({ username: 'ben' });
    });

    it('is submitting while the request runs', async () => {
      let answer!: (r: Response) => void;
      const { auth } = setup(() => new Promise<Response>((resolve) => (answer = resolve)));

      const pending = auth.login({ username: 'anna', password: 'pw' });
      expect(auth.submitting).toBe(true);
      await expect(auth.login({ username: 'anna', password: 'pw' })).resolves.toBe(false);
      answer(json(200, { data: {} }));
      await expect(pending).resolves.toBe(true);
      expect(auth.submitting).toBe(false);
    });

    it('shows the first server message on wrong credentials and does not redirect', async () => {
      const { auth, onUnauthorized } = setup(
        json(401, { errors: [{ message: 'Benutzername oder Passwort ist falsch.', field: 'password' }] }),
      );

      await expect(auth.login({ username: 'anna', password: 'falsch' })).resolves.toBe(false);

      expect(auth.isSignedIn).toBe(false);
      expect(auth.errorMessage).toBe('Benutzername oder Passwort ist falsch.');
      expect(auth.fieldError('password')).toBe('Benutzername oder Passwort ist falsch.');
      expect(auth.fieldError('username')).toBeUndefined();
      expect(onUnauthorized).not.toHaveBeenCalled();
    });

    it('shows a German fallback when the server sends no message', async () => {
      const { auth } = setup(new Response('oops', { status: 500 }));
      await auth.login({ username: 'anna', password: 'pw' });
      expect(auth.errorMessage).toBe('Ein unbekannter Fehler ist aufgetreten.');
    });

    it('asks for missing fields without calling the server', async () => {
      const { auth, fetch } = setup();

      await expect(auth.login({ username: '  ', password: '' })).resolves.toBe(false);

      expect(fetch.calls).toHaveLength(0);
      expect(auth.fieldError('username')).toBe('Bitte geben Sie Ihren Benutzernamen ein.');
      expect(auth.fieldError('password')).toBe('Bitte geben Sie Ihr Passwort ein.');
      expect(auth.errorMessage).toBe('Bitte geben Sie Ihren Benutzernamen ein.');
    });

    it('clears old errors when a new attempt starts', async () => {
      const { auth } = setup(json(401, { errors: [{ message: 'Falsch.' }] }), json(200, { data: {} }));
      await auth.login({ username: 'a', password: 'b' });
      expect(auth.errors).toHaveLength(1);

      await auth.login({ username: 'a', password: 'c' });
      expect(auth.errors).toEqual([]);
    });
  });

  describe('clearErrors', () => {
    it('removes the errors', async () => {
      const { auth } = setup();
      await auth.login({ username: '', password: '' });
      auth.clearErrors();
      expect(auth.errorMessage).toBeUndefined();
    });
  });

  describe('CSRF token', () => {
    it('sends the token of the sign-in with later writes, and not with reads', async () => {
      const fetch = fakeFetch(
        json(200, { data: { user: { username: 'anna' }, csrfToken: 'tok-123' } }),
        json(200, { data: { id: 1 } }),
        json(200, { data: [] }),
      );
      const api = new ApiClient({ fetch });
      const auth = new AuthStore(api);
      await auth.login({ username: 'anna', password: 'geheim' });
      await api.put('/api/divisions/1', { name: 'x' });
      await api.get('/api/divisions');
      expect(fetch.calls[0]!.headers['X-CSRF-Token']).toBeUndefined();
      expect(fetch.calls[1]!.headers['X-CSRF-Token']).toBe('tok-123');
      expect(fetch.calls[2]!.headers['X-CSRF-Token']).toBeUndefined();
    });
  });

  describe('showRedirectError', () => {
    it('shows the specification text for an invalid or expired sign-in link', () => {
      const { auth } = setup();
      auth.showRedirectError('login-link-invalid');
      expect(auth.errorMessage).toBe('Der Anmeldelink ist ungültig oder abgelaufen.');
    });

    it('ignores codes it does not know', () => {
      const { auth } = setup();
      auth.showRedirectError('irgendwas');
      auth.showRedirectError(null);
      expect(auth.errors).toEqual([]);
    });
  });
});
