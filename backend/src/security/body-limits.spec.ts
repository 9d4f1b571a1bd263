import { AUTH_BODY_LIMIT, bodyLimitFor, DEFAULT_BODY_LIMIT, MEDIA_BODY_LIMIT } from './body-limits.js';

describe(bodyLimitFor.name, () => {
  it.each([
    ['POST', '/api/auth/login', AUTH_BODY_LIMIT],
    ['POST', '/api/auth/login-link', AUTH_BODY_LIMIT],
    ['POST', '/api/images', MEDIA_BODY_LIMIT],
    ['PUT', '/api/images/3', MEDIA_BODY_LIMIT],
    ['POST', '/api/uploads/public', MEDIA_BODY_LIMIT],
    ['PUT', '/api/uploads/7', MEDIA_BODY_LIMIT],
    ['POST', '/api/products', DEFAULT_BODY_LIMIT],
    ['POST', '/api/imagesx', DEFAULT_BODY_LIMIT],
    ['POST', '/api/image-templates', DEFAULT_BODY_LIMIT],
    ['DELETE', '/api/images/3', DEFAULT_BODY_LIMIT],
    ['POST', '/api/orders', DEFAULT_BODY_LIMIT],
  ])('%s %s may carry %d bytes', (method, path, limit) => {
    expect(bodyLimitFor(method, path)).toBe(limit);
  });
});
