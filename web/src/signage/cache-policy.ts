// The signage player's cache policy (docs/decisions/signage.md): what to download before a new manifest
// plays, what to delete, when a failed file is tried again, and the list of errors the player reports.
// Pure: the cache's contents, the failures and the clock are arguments.
import type { SignageManifest, SignagePlayerState } from '@ordering/common';

/** A failed download is tried again after 15 s, doubling up to 10 minutes. */
export const RETRY_BASE_MS = 15_000;
export const RETRY_MAX_MS = 600_000;
/** Errors the player keeps (and reports) at most. */
export const MAX_ERRORS = 20;

/** The files of a manifest, once each, in play order (a file's URL changes with every new version). */
export const filesOf = (manifest: Pick<SignageManifest, 'segments'> | null): string[] =>
  manifest ? [...new Set(manifest.segments.map((s) => s.url))] : [];

/**
 * What to do with the cache for these manifests (the one playing and a new one waiting): download what
 * either needs and the cache lacks, delete what neither needs.
 */
export function syncPlan(
  manifests: ReadonlyArray<Pick<SignageManifest, 'segments'> | null>,
  cached: Iterable<string>,
): { download: string[]; remove: string[] } {
  const needed = new Set(manifests.flatMap(filesOf));
  const have = new Set(cached);
  return {
    download: [...needed].filter((url) => !have.has(url)),
    remove: [...have].filter((url) => !needed.has(url)),
  };
}

/** A file that could not be downloaded: how often, and when last. */
export interface Failure {
  count: number;
  at: number;
}

/** When a failed file may be tried again (exponential back-off). */
export const retryAt = (failure: Failure): number =>
  failure.at + Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, failure.count - 1));

/**
 * Whether a new manifest may replace the playing one: every file it names is in the cache or has failed
 * (a missing file is skipped and reported, it does not hold the whole stream back).
 */
export function readyToSwitch(
  manifest: Pick<SignageManifest, 'segments'>,
  cached: ReadonlySet<string>,
  failures: ReadonlyMap<string, Failure>,
): boolean {
  return filesOf(manifest).every((url) => cached.has(url) || failures.has(url));
}

export type PlayerError = SignagePlayerState['errors'][number];

/**
 * Adds an error to the newest-first list: the same message for the same segment within a minute counts
 * once (a broken file in a loop must not push every other error out).
 */
export function addError(errors: readonly PlayerError[], error: PlayerError): PlayerError[] {
  const at = Date.parse(error.at);
  const repeated = errors.find(
    (e) =>
      e.segmentId === error.segmentId &&
      e.message === error.message &&
      Math.abs(at - Date.parse(e.at)) < 60_000,
  );
  if (repeated) return [...errors];
  return [error, ...errors].slice(0, MAX_ERRORS);
}
