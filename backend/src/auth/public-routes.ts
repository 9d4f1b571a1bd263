/**
 * Every route anybody may call without signing in, as `METHOD /path` (Express path syntax). This is
 * the one list of them: test/permissions.spec.ts takes every route from the running router and fails
 * when the set of `@Public()` routes differs from this list, so that no route is opened silently. To open
 * a route, add `@Public()` to it AND a line here, with the reason.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  // Operations: load balancers and monitoring.
  'GET /api/health', // readiness (asks the database), the older name of /api/health/ready
  'GET /api/health/live', // liveness: never waits on the database
  'GET /api/health/ready',

  // Sign-in (the guard treats a stale cookie on these as anonymous).
  'POST /api/auth/login',
  'POST /api/auth/logout', // ends the session of the cookie it is sent with, if any
  'POST /api/auth/login-link', // same answer whether or not the account exists
  'GET /api/auth/login-link/:token', // the token is the secret

  // Storefront data (the storefront has no sign-in).
  'GET /api/init', // most of the below in one cached answer (public content only, no secrets)
  'GET /api/divisions',
  'GET /api/divisions/:id',
  'GET /api/branches',
  'GET /api/branches/:id',
  'GET /api/branches/:id/menus',
  'GET /api/tables', // table selection when ordering to the table
  'GET /api/tables/:id',
  'GET /api/menus',
  'GET /api/menus/:id',
  'GET /api/menus/:id/catalog', // a menu's categories and products as the public lists show them (cached)
  'GET /api/categories',
  'GET /api/categories/:id',
  'GET /api/products',
  'GET /api/products/:id',
  'GET /api/tags',
  'GET /api/tags/:id',

  // Storefront content: pages, their blocks, menus of links, donation recipients.
  'GET /api/sites',
  'GET /api/sites/:id',
  'GET /api/blocks',
  'GET /api/blocks/:id',
  'GET /api/navigations',
  'GET /api/navigations/:id',
  'GET /api/donatees',
  'GET /api/donatees/:id',

  // Orders: checkout (storefront and kiosk have no sign-in), the status page (uid and hash are the
  // secret; a wrong hash is the same 404 as an unknown uid), and the terminals' lists (the branch's API
  // key in the path is the secret; a wrong key is 401 whether or not the branch exists).
  'POST /api/orders',
  'GET /api/orders/public/:uid/:hash',
  'POST /api/orders/public/:uid/:hash/accept-offer',
  'POST /api/orders/public/:uid/:hash/confirm-counter-appointment',
  'POST /api/orders/public/:uid/:hash/decline-offer',
  'POST /api/orders/public/:uid/:hash/reject-counter-appointment',
  'POST /api/orders/public/:uid/:hash/questionnaire',
  // The withdrawal function (§356a BGB): uid and hash, or order number and e-mail, name the order; a
  // wrong combination is the same 400 (no order oracle); rate-limited per address (PUBLIC_WRITE_ROUTES).
  'POST /api/withdrawals',
  'GET /api/orders/frontdesk/:branchId/:apiKey',
  'GET /api/orders/backoffice/:branchId/:apiKey',
  // The front-desk ticket screen (a TV, no sign-in): a ticket-screen device's key or the branch's key in
  // the path; it gets ticket numbers and their state only, no names or items.
  'GET /api/orders/frontdesk/:branchId/:apiKey/tickets',
  'GET /api/orders/frontdesk/:branchId/:apiKey/events',
  // The front-desk board on a paired terminal: the terminal's key in the path, the person's id and PIN in
  // headers, checked and throttled like the time clock; runs as that person (docs/decisions/frontdesk-board.md).
  'POST /api/orders/frontdesk/:branchId/:apiKey/:id/status/:action',
  // Its pause row: pause and busy mode of the terminal's branch, with the same key and PIN check.
  'POST /api/orders/frontdesk/:branchId/:apiKey/pause',
  'DELETE /api/orders/frontdesk/:branchId/:apiKey/pause',
  'POST /api/orders/frontdesk/:branchId/:apiKey/busy',
  'DELETE /api/orders/frontdesk/:branchId/:apiKey/busy',
  'GET /api/orders/frontdesk/:branchId/:apiKey/board-events',
  // Its sold-out panel: the list with the key alone (as the board), marks and their end with key and PIN,
  // recorded as that person (docs/decisions/kitchen.md).
  'GET /api/orders/frontdesk/:branchId/:apiKey/sold-out',
  'POST /api/orders/frontdesk/:branchId/:apiKey/sold-out',
  'DELETE /api/orders/frontdesk/:branchId/:apiKey/sold-out/:entryId',
  // The kitchen display's live events with its device key in the path (EventSource sends no header), as
  // the counter board's; only an enabled kitchen-display device of that branch (docs/decisions/kitchen.md).
  'GET /api/kitchen/:branchId/display/:apiKey/events',
  // The staff time clock (a tablet at the staff entrance, no sign-in): the branch's or a staff device's
  // key in the path, the employee's name and PIN in headers; the service checks both, PIN guesses are
  // throttled like sign-ins (docs/decisions/time-tracking.md).
  // Its name tiles: names and initials of the branch's staff who can clock in, nothing else; wrong keys
  // are slowed per address.
  'GET /api/time-tracking/:branchId/:apiKey/staff',
  'GET /api/time-tracking/:branchId/:apiKey/me',
  'GET /api/time-tracking/:branchId/:apiKey/working-schedules',
  'GET /api/time-tracking/:branchId/:apiKey/working-activities',
  'POST /api/time-tracking/:branchId/:apiKey/working-activities/start',
  'POST /api/time-tracking/:branchId/:apiKey/working-activities/pause',
  'POST /api/time-tracking/:branchId/:apiKey/working-activities/resume',
  'POST /api/time-tracking/:branchId/:apiKey/working-activities/end',
  // The signage player of a TV (docs/decisions/signage.md): the TV's player key (or the key of the desktop
  // terminal paired to it) in the path is the secret; an unknown TV and a wrong key are the same 404.
  'GET /api/signage/:identifier/:key/manifest',
  'POST /api/signage/:identifier/:key/heartbeat',
  'POST /api/signage/:identifier/:key/screenshot', // the picture the back office asked for, same key
  'GET /api/branches/:id/availability', // the date and time pickers' bookable times (no secrets)
  'GET /api/branches/:id/sold-out', // what is sold out now (who marked it only for staff)
  'GET /api/branches/:id/sold-out/events', // its live changes (the public view, no staff names)
  'GET /api/branches/:id/delivery-area', // which delivery area serves an address: fee and minimum, before the menu (rate-limited when it geocodes)

  // The status page's live events: the order's uid and hash are the secret.
  'GET /api/orders/public/:uid/:hash/events',

  // Pairing a new terminal: opening is rate-limited per address (PUBLIC_WRITE_ROUTES); the code alone
  // is worth nothing, the key is handed out only with the secret the opening returned (same 404 otherwise).
  'POST /api/devices/pairing',
  'GET /api/devices/pairing/:code',

  // Payment providers' webhooks: nothing in their body is trusted (Mollie sends an id whose status we
  // read from Mollie; Datatrans' body must carry a valid HMAC signature, and its status is read too).
  'POST /api/payments/mollie/webhook',
  'POST /api/payments/datatrans/webhook',

  // The storefront's page views and events, sent only with cookie consent (validated, rate-limited per
  // address in a bucket of its own, nothing but the record is written).
  'POST /api/analytics-log',

  // Files customers attach to an order in the storefront (rate-limited per address).
  'POST /api/uploads/public',

  // Image and upload files (outside /api, spec section 7 "Storefront data and assets"); uploads are
  // addressed by their public hash.
  'GET /image/:file',
  'GET /image/:size/:file',
  'GET /image/custom/:size/:file',
  'GET /upload/:hash/:file',
  'GET /upload/:hash/preview/:file',

  // The installable app: its manifest and icons (from the public shop name), and the stylesheets of the
  // configured fonts (spec section 7, "fonts stylesheet per family and variant").
  'GET /manifest.webmanifest',
  'GET /app-icon/:file',
  'GET /font/:family/:file',

  // Rendered image templates: signage players have no sign-in; unpublished templates are the same 404 as
  // unknown ones unless staff who may read media ask (docs/decisions/image-templates.md).
  'GET /api/image-templates/:id/render.png',
  'GET /api/image-templates/:id/render.jpg',
];

/**
 * Routes that Nest's guard never sees because they are not controllers: the OpenAPI document and its
 * browsable UI (static files of swagger-ui under /api/docs).
 */
export const DOCUMENTATION_ROUTES: readonly RegExp[] = [
  /^GET \/api\/openapi\.(json|yaml)$/,
  /^GET \/api\/docs(\/.*)?$/,
  /^GET \/api\/docs-(json|yaml)$/,
];
