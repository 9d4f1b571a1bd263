import type { SignageManifestSegment } from '@ordering/common';
import {
  DEFAULT_IMAGE_SECONDS,
  isValidAt,
  MAX_VIDEO_SECONDS,
  nextSegment,
  nextValidityChange,
  plannedMs,
} from './schedule';

/** A clock the test moves by hand. */
class FakeClock {
  constructor(public ms: number) {}
  now = () => this.ms;
  set(iso: string) {
    this.ms = Date.parse(iso);
  }
  advance(ms: number) {
    this.ms += ms;
  }
}

const seg = (position: number, extra: Partial<SignageManifestSegment> = {}): SignageManifestSegment => ({
  id: 100 + position,
  position,
  type: 'image',
  name: `Segment ${position}`,
  url: `/image/${position}-1.png`,
  duration: 5,
  validFrom: null,
  validUntil: null,
  hash: `h${position}`,
  ...extra,
});

describe('signage schedule', () => {
  const clock = new FakeClock(Date.parse('2026-11-27T12:00:00Z'));
  beforeEach(() => clock.set('2026-11-27T12:00:00Z'));

  it('plays in order and starts again after the last one', () => {
    const list = [seg(0), seg(1), seg(2)];
    expect(nextSegment(list, -1, clock.now())?.position).toBe(0);
    expect(nextSegment(list, 0, clock.now())?.position).toBe(1);
    expect(nextSegment(list, 2, clock.now())?.position).toBe(0);
  });

  it('skips segments outside their validity window by the player’s own clock, and picks them up later', () => {
    const lunch = seg(1, { validFrom: '2026-11-27T11:00:00Z', validUntil: '2026-11-27T14:00:00Z' });
    const evening = seg(2, { validFrom: '2026-11-27T18:00:00Z' });
    const list = [seg(0), lunch, evening];
    expect(nextSegment(list, 0, clock.now())?.position).toBe(1);
    expect(nextSegment(list, 1, clock.now())?.position).toBe(0);
    clock.set('2026-11-27T14:00:00Z'); // validUntil is exclusive
    expect(nextSegment(list, 0, clock.now())?.position).toBe(0);
    clock.advance(4 * 3600_000);
    expect(nextSegment(list, 0, clock.now())?.position).toBe(2);
    expect(isValidAt(evening, Date.parse('2026-11-27T17:59:59Z'))).toBe(false);
  });

  it('skips a segment whose file is missing, and has nothing when nothing is usable', () => {
    const list = [seg(0), seg(1), seg(2)];
    const missing = new Set(['/image/1-1.png']);
    expect(nextSegment(list, 0, clock.now(), (s) => !missing.has(s.url))?.position).toBe(2);
    expect(nextSegment(list, 0, clock.now(), () => false)).toBeNull();
    expect(nextSegment([], -1, clock.now())).toBeNull();
  });

  it('keeps the last segment of a stream that does not loop', () => {
    const list = [seg(0), seg(1)];
    expect(nextSegment(list, 1, clock.now(), undefined, false)?.position).toBe(1);
    expect(nextSegment(list, 0, clock.now(), undefined, false)?.position).toBe(1);
  });

  it('continues at the same place when a new, shorter manifest arrives', () => {
    expect(nextSegment([seg(0), seg(1)], 4, clock.now())?.position).toBe(1);
  });

  it('times images by their duration and videos to their end or their duration', () => {
    expect(plannedMs(seg(0, { duration: 7 }))).toBe(7000);
    expect(plannedMs(seg(0, { duration: null }))).toBe(DEFAULT_IMAGE_SECONDS * 1000);
    const video = seg(0, { type: 'video', duration: null });
    expect(plannedMs(video, 12.5)).toBe(12_500);
    expect(plannedMs({ ...video, duration: 4 }, 12.5)).toBe(4000);
    expect(plannedMs({ ...video, duration: 20 }, 12.5)).toBe(12_500);
    // A recording whose length the browser cannot tell (Infinity) plays to its end, capped.
    expect(plannedMs(video, Infinity)).toBe(MAX_VIDEO_SECONDS * 1000);
    expect(plannedMs({ ...video, duration: 6 }, NaN)).toBe(6000);
  });

  it('names the next moment the valid set changes, so an idle player wakes then', () => {
    const list = [
      seg(0, { validFrom: '2026-11-27T18:00:00Z' }),
      seg(1, { validUntil: '2026-11-27T13:00:00Z' }),
      seg(2, { validFrom: '2026-11-27T10:00:00Z' }),
    ];
    expect(nextValidityChange(list, clock.now())).toBe(Date.parse('2026-11-27T13:00:00Z'));
    clock.set('2026-11-27T19:00:00Z');
    expect(nextValidityChange(list, clock.now())).toBeNull();
  });
});
