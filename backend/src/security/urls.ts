/**
 * Whether a link target stays on this site: a path starting with exactly one slash. Browsers read `//host`
 * and `/\host` as another host, and drop tabs and line breaks inside URLs (so `/\t/host` is `//host`),
 * hence no backslash, whitespace or control character anywhere.
 */
export function isSameOriginPath(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  return /^\/(?![/\\])/.test(url) && !/[\\\u0000-\u0020\u007f-\u009f]/.test(url);
}

/** Whether a button target is safe: a same-origin path, a fragment, or an external http(s), mailto or tel link. */
export function isSafeLinkTarget(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f-\u009f]/.test(url)) return false;
  if (url.startsWith('/')) return isSameOriginPath(url);
  if (url.startsWith('#')) return !/[\s\\]/.test(url);
  return /^(https?:\/\/[^\s\\/]+[^\s]*|mailto:[^\s]+|tel:[+0-9 ()/-]+)$/i.test(url);
}
