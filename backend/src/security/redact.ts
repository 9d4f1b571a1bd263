import type { Logger } from 'pino';

const REDACTED = '[entfernt]';
// Path segments that are secrets themselves: a sign-in link's token, a public order's hash.
const SECRET_PATHS: Array<[RegExp, string]> = [
  [/^(\/api\/auth\/login-link\/)[^/?#]+/i, `$1${REDACTED}`],
  [/^(\/api\/orders\/public\/[^/?#]+\/)[^/?#]+/i, `$1${REDACTED}`],
];
const SECRET_PARAMS = /^(token|key|hash|password|secret|code|signature|sig)$/i;

/**
 * A request URL fit for the log: secrets in the path (sign-in link tokens, order hashes) and in query
 * parameters named like secrets are replaced, so that whoever reads the logs cannot sign in or open an
 * order with them.
 */
export function redactUrl(url: unknown): unknown {
  if (typeof url !== 'string') return url;
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  for (const [pattern, replacement] of SECRET_PATHS) path = path.replace(pattern, replacement);
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0]!;
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return SECRET_PARAMS.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** A child logger that writes every `url` field through {@link redactUrl}. */
export const withRedactedUrls = (logger: Logger): Logger =>
  logger.child({}, { serializers: { url: redactUrl } });
