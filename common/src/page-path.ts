/**
 * Page paths of the analytics log without secrets (docs/decisions/statistics.md, "Page paths"). A few
 * addresses carry a secret in the path: the order status page its hash, the front-desk ticket screen, the
 * time clock and the signage player a key. The log keeps and the statistics show the route pattern
 * instead (`/status/:uid/:hash`), so a page list can be shown or exported without opening anyone's order.
 */

/** Route patterns whose segments are secret, with the pattern stored in their place. */
export const SECRET_PAGE_PATHS: ReadonlyArray<{ prefix: string; pattern: string }> = [
  { prefix: 'status', pattern: '/status/:uid/:hash' },
  { prefix: 'frontdesk', pattern: '/frontdesk/:branchId/:apiKey' },
  { prefix: 'zeiterfassung', pattern: '/zeiterfassung/:branchId/:apiKey' },
  { prefix: 'signage', pattern: '/signage/:identifier/:key' },
];

/**
 * The path as the analytics log may keep it: a path under one of {@link SECRET_PAGE_PATHS} with two or
 * more segments after its first (`/status/<uid>/<hash>`, also with a trailing slash or more segments) is
 * replaced by the route pattern; every other path is returned unchanged. Case-sensitive like the router.
 */
export function publicPagePath(path: string): string {
  const segments = path.split('/');
  // ['', 'status', uid, hash, …]
  if (segments[0] !== '' || segments.length < 4 || !segments[2] || !segments[3]) return path;
  const secret = SECRET_PAGE_PATHS.find((p) => p.prefix === segments[1]);
  return secret ? secret.pattern : path;
}

/**
 * The same rule as SQL for a text column (PostgreSQL and PGlite `regexp_replace`), for rows written before
 * the rule and for the migration that rewrites them.
 */
export function publicPagePathSql(column: string): string {
  return SECRET_PAGE_PATHS.reduce(
    (expr, p) => `regexp_replace(${expr}, '^/${p.prefix}/[^/]+/[^/]+(/.*)?$', '${p.pattern}')`,
    column,
  );
}
