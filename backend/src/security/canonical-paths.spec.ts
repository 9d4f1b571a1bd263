import { isCanonicalApiPath } from './canonical-paths.js';

describe(isCanonicalApiPath.name, () => {
  it.each([
    '/api/orders',
    '/api/orders/',
    '/api/orders/public/AbC123/xYz/accept-offer', // secrets in the path keep their case
    '/api/sites/by-slug/m%C3%BChle', // encoded non-ASCII is the one spelling of it
    '/api/search/a%20b',
    '/api/files/a.b.png',
    '/api',
    '/Store/gasthaus', // outside the API: the web app's own routes
    '/image/Foo.png',
  ])('%s is canonical', (path) => {
    expect(isCanonicalApiPath(path)).toBe(true);
  });

  it.each([
    '/API/ORDERS',
    '/Api/orders',
    '/API',
    '/api/%6Frders',
    '/api/%6frders',
    '/api/orders%2Dx',
    '/api/%7Euser',
    '/api//orders',
    '/api/orders//',
    '/api/./orders',
    '/api/x/../orders',
    '/api/%2e%2e/orders',
    '/api/orders/.',
  ])('%s is not', (path) => {
    expect(isCanonicalApiPath(path)).toBe(false);
  });
});
