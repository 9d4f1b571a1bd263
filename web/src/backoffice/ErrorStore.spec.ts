import { ApiRequestError } from '../api/ApiClient';
import { ErrorStore, errorMessageOf } from './ErrorStore';

describe(errorMessageOf.name, () => {
  it('takes the server’s first message, else the fallback', () => {
    expect(
      errorMessageOf(new ApiRequestError(409, [{ message: 'Erst.' }, { message: 'Zweit.' }]), 'F.'),
    ).toBe('Erst.');
    expect(errorMessageOf(new ApiRequestError(500, []), 'F.')).toBe('F.');
    expect(errorMessageOf(new ApiRequestError(0, [{ message: 'Netz.' }]), 'F.')).toBe('F.');
    expect(errorMessageOf(new Error('x'), 'F.')).toBe('F.');
  });
});

describe(ErrorStore.name, () => {
  it('shows the loader while a call runs and adds an entry with retry on failure', async () => {
    const errors = new ErrorStore();
    let attempts = 0;
    const call = () => {
      attempts++;
      return attempts === 1 ? Promise.reject(new ApiRequestError(500, [])) : Promise.resolve('ok');
    };
    const running = errors.run('Bestellungen konnten nicht geladen werden.', call);
    expect(errors.loading).toBe(true);
    await expect(running).resolves.toBeUndefined();
    expect(errors.loading).toBe(false);
    expect(errors.entries).toEqual([
      expect.objectContaining({ message: 'Bestellungen konnten nicht geladen werden.' }),
    ]);
    await errors.retry(errors.entries[0]!.id);
    expect(attempts).toBe(2);
    expect(errors.entries).toEqual([]);
  });

  it('rethrows when asked and adds nothing for a 401', async () => {
    const errors = new ErrorStore();
    await expect(
      errors.run('F.', () => Promise.reject(new ApiRequestError(401, [])), { rethrow: true }),
    ).rejects.toBeInstanceOf(ApiRequestError);
    expect(errors.entries).toEqual([]);
  });
});
