// The signage player's schedule (docs/decisions/signage.md): which segment plays next and for how long,
// decided on the TV by its own clock, so that a segment that starts tonight starts tonight even offline.
// Pure: the clock, the cache and the failures are arguments.
import type { SignageManifestSegment } from '@ordering/common';

/** Seconds an image stays when its segment names no duration. */
export const DEFAULT_IMAGE_SECONDS = 10;
/** A video whose length the browser cannot tell and whose segment names no duration stops after this. */
export const MAX_VIDEO_SECONDS = 600;

/** Whether the segment's validity window contains `now` (ms); open ends count as always. */
export function isValidAt(segment: Pick<SignageManifestSegment, 'validFrom' | 'validUntil'>, now: number) {
  if (segment.validFrom && Date.parse(segment.validFrom) > now) return false;
  if (segment.validUntil && Date.parse(segment.validUntil) <= now) return false;
  return true;
}

/**
 * The next segment to show after the one at `afterPosition` (-1: from the start): the first in play order
 * that is valid now and `usable` (its file is there and did not fail). Wraps around when the stream loops;
 * a stream that does not loop stays on its last playable segment. Null when nothing can play.
 */
export function nextSegment<S extends SignageManifestSegment>(
  segments: readonly S[],
  afterPosition: number,
  now: number,
  usable: (segment: S) => boolean = () => true,
  loop = true,
): S | null {
  const n = segments.length;
  if (n === 0) return null;
  const ok = (s: S) => isValidAt(s, now) && usable(s);
  const start = afterPosition + 1;
  for (let i = 0; i < n; i++) {
    const index = start + i;
    if (index >= n && !loop) break;
    const s = segments[index % n]!;
    if (ok(s)) return s;
  }
  if (!loop) {
    // At the end of a stream that does not loop: keep the last playable one on screen.
    for (let i = n - 1; i >= 0; i--) if (ok(segments[i]!)) return segments[i]!;
  }
  return null;
}

/**
 * How long a segment stays on screen, in ms: an image its duration (10 s by default); a video to its end,
 * or its duration when that is shorter (`mediaSeconds`: the video's length as the browser read it).
 */
export function plannedMs(
  segment: Pick<SignageManifestSegment, 'type' | 'duration'>,
  mediaSeconds?: number | null,
): number {
  if (segment.type === 'image') return (segment.duration ?? DEFAULT_IMAGE_SECONDS) * 1000;
  const media = mediaSeconds && Number.isFinite(mediaSeconds) && mediaSeconds > 0 ? mediaSeconds : null;
  if (segment.duration && media) return Math.min(segment.duration, media) * 1000;
  return (segment.duration ?? media ?? MAX_VIDEO_SECONDS) * 1000;
}

/**
 * When the set of valid segments changes next after `now` (a validFrom or validUntil), or null: a player
 * with nothing to show looks again then.
 */
export function nextValidityChange(segments: readonly SignageManifestSegment[], now: number): number | null {
  let next: number | null = null;
  for (const s of segments)
    for (const edge of [s.validFrom, s.validUntil]) {
      const at = edge ? Date.parse(edge) : NaN;
      if (at > now && (next === null || at < next)) next = at;
    }
  return next;
}
