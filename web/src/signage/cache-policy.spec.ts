import type { SignageManifestSegment } from '@ordering/common';
import {
  addError,
  filesOf,
  MAX_ERRORS,
  readyToSwitch,
  RETRY_BASE_MS,
  RETRY_MAX_MS,
  retryAt,
  syncPlan,
  type Failure,
} from './cache-policy';

const seg = (position: number, url: string): SignageManifestSegment => ({
  id: position + 1,
  position,
  type: url.endsWith('.mp4') ? 'video' : 'image',
  name: `S${position}`,
  url,
  duration: 5,
  validFrom: null,
  validUntil: null,
  hash: url,
});
const manifest = (...urls: string[]) => ({ segments: urls.map((u, i) => seg(i, u)) });

describe('signage cache policy', () => {
  it('lists each file once, in play order', () => {
    expect(filesOf(manifest('/a.png', '/b.mp4', '/a.png'))).toEqual(['/a.png', '/b.mp4']);
    expect(filesOf(null)).toEqual([]);
  });

  it('downloads what the playing or the waiting manifest lacks and deletes what neither needs', () => {
    const playing = manifest('/a.png', '/b.mp4');
    const waiting = manifest('/b.mp4', '/c.png');
    expect(syncPlan([playing, waiting], ['/a.png', '/old.png'])).toEqual({
      download: ['/b.mp4', '/c.png'],
      remove: ['/old.png'],
    });
    // Once the new one plays, the old files go.
    expect(syncPlan([waiting, null], ['/a.png', '/b.mp4', '/c.png'])).toEqual({
      download: [],
      remove: ['/a.png'],
    });
  });

  it('switches to a new manifest only when every file is stored or has failed', () => {
    const next = manifest('/a.png', '/b.mp4');
    const failures = new Map<string, Failure>();
    expect(readyToSwitch(next, new Set(['/a.png']), failures)).toBe(false);
    failures.set('/b.mp4', { count: 1, at: 0 });
    expect(readyToSwitch(next, new Set(['/a.png']), failures)).toBe(true);
    expect(readyToSwitch(next, new Set(['/a.png', '/b.mp4']), new Map())).toBe(true);
  });

  it('tries a failed file again after 15 s, doubling up to 10 minutes (fake clock)', () => {
    let now = Date.parse('2026-11-27T12:00:00Z');
    const failure: Failure = { count: 1, at: now };
    expect(retryAt(failure)).toBe(now + RETRY_BASE_MS);
    now += RETRY_BASE_MS - 1;
    expect(retryAt(failure) <= now).toBe(false);
    now += 1;
    expect(retryAt(failure) <= now).toBe(true);
    expect(retryAt({ count: 3, at: now })).toBe(now + 4 * RETRY_BASE_MS);
    expect(retryAt({ count: 30, at: now })).toBe(now + RETRY_MAX_MS);
  });

  it('keeps the newest errors first, counts a repeat within a minute once, and keeps at most 20', () => {
    const at = (s: number) => new Date(Date.parse('2026-11-27T12:00:00Z') + s * 1000).toISOString();
    let errors = addError([], { at: at(0), segmentId: 1, message: 'Datei nicht erreichbar (HTTP 404)' });
    errors = addError(errors, { at: at(30), segmentId: 1, message: 'Datei nicht erreichbar (HTTP 404)' });
    expect(errors).toHaveLength(1);
    errors = addError(errors, { at: at(90), segmentId: 1, message: 'Datei nicht erreichbar (HTTP 404)' });
    errors = addError(errors, { at: at(91), segmentId: 2, message: 'Das Video lässt sich nicht abspielen.' });
    expect(errors.map((e) => e.segmentId)).toEqual([2, 1, 1]);
    for (let i = 0; i < 30; i++)
      errors = addError(errors, { at: at(100 + i), segmentId: null, message: `F${i}` });
    expect(errors).toHaveLength(MAX_ERRORS);
    expect(errors[0]!.message).toBe('F29');
  });
});
