import type { Request, Response } from 'express';
import type { ServedFile } from './image-file.service.js';
import { etagMatches } from '../core/etag.js';

/** A year: files under versioned URLs never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Sends a stored file with caching headers: `304` when the client already holds this ETag. Files are
 * never interpreted by the browser as anything but their type (nosniff); SVG runs in a sandbox without
 * script, and `download` makes the browser save instead of show.
 */
export function sendMediaFile(
  req: Request,
  res: Response,
  file: ServedFile,
  options: { cacheControl?: string; download?: string | null } = {},
): Promise<void> {
  res.setHeader('Cache-Control', options.cacheControl ?? IMMUTABLE);
  res.setHeader('ETag', file.etag);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
  );
  res.setHeader('Cross-Origin-Resource-Policy', 'same-site');
  if (options.download) {
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${asciiName(options.download)}"; filename*=UTF-8''${encodeURIComponent(options.download)}`,
    );
  }
  if (etagMatches(req.headers['if-none-match'], file.etag)) {
    res.status(304).end();
    return Promise.resolve();
  }
  res.type(file.mimeType);
  return new Promise((resolve, reject) => {
    res.sendFile(
      file.path,
      { etag: false, lastModified: false, cacheControl: false, dotfiles: 'allow' },
      (err) => {
        if (err && !res.headersSent) reject(err);
        else resolve();
      },
    );
  });
}

/** A file name safe inside a quoted header value. */
function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'download';
}
