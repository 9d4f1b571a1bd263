import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import { readableAreas } from '../areas';
import { ErrorStore } from '../ErrorStore';
import { RefOptionsStore, refSourceFor } from './RefOptionsStore';

const anna = { id: 3, username: 'anna', firstName: 'Anna', lastName: 'Berger', hasPin: false };

function storeFor(roles: string[], ...answers: Parameters<typeof fakeFetch>) {
  const fetch = fakeFetch(...answers);
  const errors = new ErrorStore();
  const refs = new RefOptionsStore(
    new ApiClient({ fetch }),
    errors,
    refSourceFor(() => readableAreas(roles)),
  );
  return { fetch, errors, refs };
}

describe(RefOptionsStore.name, () => {
  it('offers a manager, who may not read the user administration, the staff of the time clock list', async () => {
    const { fetch, errors, refs } = storeFor(['ROLE_MANAGER'], json(200, { data: [anna] }));
    await refs.load('users');
    expect(fetch.calls.map((c) => c.url)).toEqual(['/api/time-tracking/pins']);
    expect(refs.options('users')).toEqual([{ value: '3', label: 'Anna Berger (anna)' }]);
    expect(errors.entries).toEqual([]);
  });

  it('offers an administrator the user list itself', async () => {
    const { fetch, refs } = storeFor(['ROLE_ADMIN'], json(200, { data: [anna] }));
    await refs.load('users');
    expect(fetch.calls.map((c) => c.url)).toEqual(['/api/users?limit=500']);
  });

  it('asks nothing for people the user may see in no list, and shows no error', async () => {
    const { fetch, errors, refs } = storeFor(['ROLE_KIOSK']);
    await refs.load('users');
    expect(fetch.calls).toEqual([]);
    expect(refs.options('users')).toEqual([]);
    expect(errors.entries).toEqual([]);
  });

  it('loads other collections from their own list', async () => {
    const { fetch, refs } = storeFor(['ROLE_MANAGER'], json(200, { data: [{ id: 1, name: 'Linde Wien' }] }));
    await refs.load('branches');
    expect(fetch.calls.map((c) => c.url)).toEqual(['/api/branches?limit=500']);
    expect(refs.options('branches')).toEqual([{ value: '1', label: 'Linde Wien' }]);
  });
});
