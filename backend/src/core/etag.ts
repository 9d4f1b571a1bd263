/**
 * Conditional GET: whether an `If-None-Match` header names this entity tag, so that the answer is a 304.
 * The header may list several tags; the comparison is weak (RFC 9110 13.1.2: `W/"x"` matches `"x"`).
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  const bare = etag.replace(/^W\//, '');
  return !!header && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}
