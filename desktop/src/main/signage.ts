// Signage mode. A device whose settings name a TV opens that TV's web player (fetchSignageTv, planFor);
// only a device without a TV still plays its stream's segments from the shell's own page (renderer/signage),
// kept on disk so it plays on through a network loss and after a restart, asked for over IPC and shown
// from `app://shell/cache/<file>`.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

/** A segment as `GET /api/devices/me/signage` lists it. */
export interface SignageSegment {
  id: number;
  type: 'image' | 'video';
  /** Path on the backend, e.g. `/image/12-3.jpg`; its name changes with every new version. */
  url: string;
  /** Seconds on screen (images); null: a video plays to its end. */
  duration: number | null;
}

export interface PlaylistItem {
  id: number;
  type: 'image' | 'video';
  /** `app://shell/cache/<file>`. */
  src: string;
  /** Milliseconds an image stays; null for videos. */
  durationMs: number | null;
}

export interface Playlist {
  loop: boolean;
  items: PlaylistItem[];
}

/**
 * The identifier of the TV a signage device shows (`GET /api/devices/me/signage`, device key), or null when
 * none is set in the back office. Throws when the backend cannot be asked, so the shell keeps the TV of its
 * last start.
 */
export async function fetchSignageTv(
  origin: string,
  deviceKey: string,
  fetchFn: typeof fetch = fetch,
): Promise<string | null> {
  const res = await fetchFn(new URL('/api/devices/me/signage', origin), {
    headers: { authorization: `Bearer ${deviceKey}` },
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`GET /api/devices/me/signage: ${res.status}`);
  const { data } = (await res.json()) as { data?: { tv?: { identifier?: unknown } | null } };
  const identifier = data?.tv?.identifier;
  return typeof identifier === 'string' && identifier ? identifier : null;
}

const PLAYLIST_FILE = 'playlist.json';
const DEFAULT_IMAGE_SECONDS = 10;

/** The cache file of a media URL: its hash and its extension (a new version is a new file). */
export const cacheNameOf = (url: string) => {
  const ext = (path
    .extname(new URL(url, 'http://x').pathname)
    .toLowerCase()
    .match(/^\.[a-z0-9]{1,5}$/) ?? [''])[0];
  return createHash('sha256').update(url).digest('hex').slice(0, 24) + ext;
};

export class SignageCache {
  constructor(
    readonly dir: string,
    private readonly fetchFn: typeof fetch = globalThis.fetch,
  ) {}

  /** The last playlist that was complete on disk (for a start without network). */
  stored(): Playlist {
    try {
      return JSON.parse(readFileSync(path.join(this.dir, PLAYLIST_FILE), 'utf8')) as Playlist;
    } catch {
      return { loop: true, items: [] };
    }
  }

  /**
   * Downloads what is missing, in play order; a segment that cannot be fetched is left out this time
   * and tried again at the next sync. Files no segment names any more are deleted.
   */
  async sync(backend: string, segments: SignageSegment[], loop: boolean): Promise<Playlist> {
    mkdirSync(this.dir, { recursive: true });
    const items: PlaylistItem[] = [];
    for (const segment of segments) {
      const name = cacheNameOf(segment.url);
      const file = path.join(this.dir, name);
      if (!existsSync(file)) {
        try {
          const res = await this.fetchFn(new URL(segment.url, backend), {
            signal: AbortSignal.timeout(60_000),
          });
          if (!res.ok) throw new Error(`${res.status}`);
          const tmp = `${file}.part`;
          writeFileSync(tmp, Buffer.from(await res.arrayBuffer()));
          renameSync(tmp, file);
        } catch {
          continue;
        }
      }
      items.push({
        id: segment.id,
        type: segment.type,
        src: `app://shell/cache/${name}`,
        durationMs: segment.type === 'image' ? (segment.duration ?? DEFAULT_IMAGE_SECONDS) * 1000 : null,
      });
    }
    const keep = new Set([...segments.map((s) => cacheNameOf(s.url)), PLAYLIST_FILE]);
    for (const entry of readdirSync(this.dir))
      if (!keep.has(entry)) rmSync(path.join(this.dir, entry), { force: true });
    const playlist = { loop, items };
    writeFileSync(path.join(this.dir, `${PLAYLIST_FILE}.tmp`), JSON.stringify(playlist));
    renameSync(path.join(this.dir, `${PLAYLIST_FILE}.tmp`), path.join(this.dir, PLAYLIST_FILE));
    return playlist;
  }
}
