// The `app://shell/…` protocol: the shell's own pages (dist/renderer). Only plain file names inside that
// folder; nothing else on disk.
import path from 'node:path';

export interface AppProtocolDirs {
  rendererDir: string;
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The file an `app://shell/…` URL names, or null (404) for anything else. */
export function resolveAppRequest(url: string, dirs: AppProtocolDirs): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'app:' || parsed.host !== 'shell') return null;
  const parts = parsed.pathname.split('/').filter(Boolean);
  if (parts.length === 1 && SAFE_NAME.test(parts[0]!)) return path.join(dirs.rendererDir, parts[0]!);
  return null;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

export const contentTypeOf = (file: string) =>
  TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

/** The shell's pages allow only their own scripts and styles, cached media and nothing from elsewhere. */
export const APP_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self'; connect-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
