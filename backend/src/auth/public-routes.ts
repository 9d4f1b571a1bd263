/**
 * Every route anybody may call without signing in, as `METHOD /api/path` (Express path syntax). This is
 * the one list of them: test/permissions.spec.ts takes every route from the running router and fails
 * when the set of `@Public()` routes differs from this list, so that no route is opened silently. To open
 * a route, add `@Public()` to it AND a line here, with the reason.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  // Operations: load balancers and monitoring.
  'GET /api/health',

  // Sign-in (the guard treats a stale cookie on these as anonymous).
  'POST /api/auth/login',
  'POST /api/auth/logout', // ends the session of the cookie it is sent with, if any
  'POST /api/auth/login-link', // same answer whether or not the account exists
  'GET /api/auth/login-link/:token', // the token is the secret

  // Storefront data (the storefront has no sign-in).
  'GET /api/divisions',
  'GET /api/divisions/:id',
  'GET /api/branches',
  'GET /api/branches/:id',
  'GET /api/branches/:id/menus',
  'GET /api/tables', // table selection when ordering to the table
  'GET /api/tables/:id',
  'GET /api/menus',
  'GET /api/menus/:id',
  'GET /api/categories',
  'GET /api/categories/:id',
  'GET /api/products',
  'GET /api/products/:id',
  'GET /api/tags',
  'GET /api/tags/:id',
];

/**
 * Routes that Nest's guard never sees because they are not controllers: the OpenAPI document and its
 * browsable UI (static files of swagger-ui under /api/docs).
 */
export const DOCUMENTATION_ROUTES: readonly RegExp[] = [/^GET \/api\/openapi\.(json|yaml)$/, /^GET \/api\/docs(\/.*)?$/, /^GET \/api\/docs-(json|yaml)$/];
