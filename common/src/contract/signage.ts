/**
 * The signage player's API (docs/decisions/signage.md): what `GET /api/signage/{identifier}/{key}/manifest`
 * answers and what the player reports with `POST /api/signage/{identifier}/{key}/heartbeat`.
 */

/** One segment of a TV's stream, as the player plays it. */
export interface SignageManifestSegment {
  /** The segment's id (one segment may appear more than once in a stream). */
  id: number;
  /** Place in the play list (0-based); unique within a manifest. */
  position: number;
  /** A template segment is played as an image: its URL is the template's render (`render.png?…`). */
  type: 'image' | 'video';
  name: string;
  /** Path of the file on the shop's origin; a new file version (or a new render) is a new hash. */
  url: string;
  /** Seconds on screen; for videos null means "to the end". */
  duration: number | null;
  validFrom: string | null;
  validUntil: string | null;
  /** Changes whenever the file changes (the player's cache key). */
  hash: string;
}

/** The whole play list of one TV. */
export interface SignageManifest {
  tv: {
    identifier: string;
    name: string;
    orientation: 'landscape' | 'portrait';
    width: number;
    height: number;
  };
  stream: { id: number; name: string } | null;
  loop: boolean;
  segments: SignageManifestSegment[];
  /** The manifest's ETag (also sent as the header). */
  version: string;
}

/** What the player reports every 30 s and the back office shows. */
export interface SignagePlayerState {
  /** The segment on screen (its place in the manifest) or null when nothing plays. */
  current: { id: number; position: number; name: string } | null;
  /** The manifest version the player plays. */
  manifestVersion: string | null;
  /** Segments whose file is in the player's cache, of how many. */
  cache: { cached: number; total: number };
  /** The newest problems (missing file, broken video …), German, newest first. */
  errors: Array<{ at: string; segmentId: number | null; message: string }>;
  /** The player's own clock when it reported (the server stores its own time as lastSeenAt). */
  playerTime: string | null;
  /**
   * What the player can do besides playing: `screenshot` when it runs in the desktop shell, which can
   * photograph its own window (a browser cannot). Missing in states stored before it existed.
   */
  capabilities?: Array<'screenshot'>;
}

/** The answer to the player's heartbeat. */
export interface SignageHeartbeatAnswer {
  /** The server's time of the heartbeat (the TV's `lastSeenAt`). */
  lastSeenAt: string;
  /**
   * True while the back office waits for a screenshot: the player (one with the `screenshot` capability)
   * sends one with `POST /api/signage/{identifier}/{key}/screenshot`, which clears the request.
   */
  screenshotWanted: boolean;
}

/** `POST /api/signage/{identifier}/{key}/screenshot`: `{ data: "data:image/jpeg;base64,…" }`, JPEG or PNG. */
export const SIGNAGE_SCREENSHOT_MAX_BYTES = 1024 * 1024;
/** The widest screenshot the desktop shell sends (it scales larger screens down to this). */
export const SIGNAGE_SCREENSHOT_MAX_WIDTH = 1280;

/**
 * A screenshot of the desktop shell's window (`window.ordering.captureScreen()` in the shell, IPC channel
 * `signage:capture-screen`): JPEG bytes at most {@link SIGNAGE_SCREENSHOT_MAX_WIDTH} wide, or why there is
 * none (German, for the player's error list).
 */
export type SignageScreenCapture =
  | { ok: true; type: 'image/jpeg'; bytes: Uint8Array; width: number; height: number }
  | { ok: false; message: string };
