import { isPlausibleVideo, videoDurationOf } from '../src/media/video-check.js';
import { admin } from './operations.fixtures.js';
import { HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** An ISO box: size, type, payload. */
const box = (type: string, payload: Buffer = Buffer.alloc(0)) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
};
const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));
const mp4 = Buffer.concat([
  ftyp,
  box('moov', box('mvhd', Buffer.alloc(100))),
  box('mdat', Buffer.alloc(64, 7)),
]);
/** An EBML header with the given DocType, then a (tiny) Segment. */
const ebml = (docType: string) => {
  const docTypeElement = Buffer.concat([
    Buffer.from([0x42, 0x82, 0x80 | docType.length]),
    Buffer.from(docType),
  ]);
  const version = Buffer.from([0x42, 0x86, 0x81, 0x01]);
  const body = Buffer.concat([version, docTypeElement]);
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]),
    body,
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x81, 0x00]),
  ]);
};

/** An `mvhd` payload (ISO/IEC 14496-12): version 0 with 32-bit times, version 1 with 64-bit ones. */
const mvhd = (version: 0 | 1, timescale: number, duration: number) => {
  const times = Buffer.alloc(version === 1 ? 28 : 16);
  if (version === 1) {
    times.writeUInt32BE(timescale, 16);
    times.writeBigUInt64BE(BigInt(duration), 20);
  } else {
    times.writeUInt32BE(timescale, 8);
    times.writeUInt32BE(duration, 12);
  }
  return box('mvhd', Buffer.concat([Buffer.from([version, 0, 0, 0]), times, Buffer.alloc(80)]));
};
const mp4Of = (header: Buffer) =>
  Buffer.concat([ftyp, box('moov', header), box('mdat', Buffer.alloc(64, 7))]);
/** A WebM whose Segment (of unknown size, as a recorder writes it) starts with `Info`. */
const webmWithInfo = (info: Buffer) => {
  const infoElement = Buffer.concat([Buffer.from([0x15, 0x49, 0xa9, 0x66, 0x80 | info.length]), info]);
  const cluster = Buffer.from([0x1f, 0x43, 0xb6, 0x75, 0x80]);
  const segment = Buffer.concat([
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    infoElement,
    cluster,
  ]);
  return Buffer.concat([ebml('webm').subarray(0, -6), segment]);
};
const timecodeScale = (ns: number) =>
  Buffer.from([0x2a, 0xd7, 0xb1, 0x84, ...[24, 16, 8, 0].map((s) => (ns >> s) & 0xff)]);
const durationElement = (value: number) => {
  const float = Buffer.alloc(8);
  float.writeDoubleBE(value);
  return Buffer.concat([Buffer.from([0x44, 0x89, 0x88]), float]);
};

describe('video uploads are checked by their content (MP4, WebM)', () => {
  it("reads a video's length from its container, null where the container does not state it", () => {
    expect(videoDurationOf(mp4Of(mvhd(0, 1000, 12_400)), 'video/mp4')).toBe(12.4);
    expect(videoDurationOf(mp4Of(mvhd(1, 90_000, 90_000 * 75)), 'video/mp4')).toBe(75);
    // A fragmented MP4 states 0; all ones is "unknown".
    expect(videoDurationOf(mp4Of(mvhd(0, 1000, 0)), 'video/mp4')).toBeNull();
    expect(videoDurationOf(mp4Of(mvhd(0, 1000, 0xffffffff)), 'video/mp4')).toBeNull();
    expect(videoDurationOf(mp4, 'video/mp4')).toBeNull();
    // WebM: Duration in units of TimecodeScale (default 1 ms).
    expect(videoDurationOf(webmWithInfo(durationElement(12_400)), 'video/webm')).toBe(12.4);
    expect(
      videoDurationOf(
        webmWithInfo(Buffer.concat([timecodeScale(100_000), durationElement(300)])),
        'video/webm',
      ),
    ).toBe(0.03);
    // A live recording (MediaRecorder) writes no Duration.
    expect(videoDurationOf(webmWithInfo(timecodeScale(1_000_000)), 'video/webm')).toBeNull();
    expect(videoDurationOf(ebml('webm'), 'video/webm')).toBeNull();
    expect(videoDurationOf(Buffer.from('kein Video'), 'video/webm')).toBeNull();
    expect(videoDurationOf(mp4Of(mvhd(0, 1000, 5000)), 'application/pdf')).toBeNull();
  });

  it('accepts a whole MP4 and a WebM, refuses cut-off, index-less or foreign containers', () => {
    expect(isPlausibleVideo(mp4, 'video/mp4')).toBe(true);
    // Only the signature: the first bytes of an MP4 and nothing else.
    expect(isPlausibleVideo(ftyp, 'video/mp4')).toBe(false);
    expect(isPlausibleVideo(mp4.subarray(0, mp4.length - 10), 'video/mp4')).toBe(false);
    expect(isPlausibleVideo(Buffer.concat([ftyp, box('mdat', Buffer.alloc(16))]), 'video/mp4')).toBe(false);
    expect(isPlausibleVideo(Buffer.concat([box('moov'), ftyp]), 'video/mp4')).toBe(false);
    expect(isPlausibleVideo(ebml('webm'), 'video/webm')).toBe(true);
    expect(isPlausibleVideo(ebml('matroska'), 'video/webm')).toBe(false);
    expect(isPlausibleVideo(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), 'video/webm')).toBe(false);
  });

  describe('POST /api/uploads', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ authenticator: new HeaderAuthenticator() });
    });
    afterAll(async () => {
      await t.close();
    });
    const upload = (content: Buffer, name: string, type: string) =>
      t.request(
        'POST',
        '/api/uploads',
        { name, data: `data:${type};base64,${content.toString('base64')}` },
        admin,
      );

    it('stores a real video and refuses a fake one in German, naming the field', async () => {
      const good = await upload(mp4Of(mvhd(0, 600, 600 * 42)), 'kueche.mp4', 'video/mp4');
      expect(good.status).toBe(201);
      // Its length, read from the container, for the back office's list.
      expect(good.body.data).toMatchObject({ extension: 'mp4', duration: 42 });
      const webm = await upload(ebml('webm'), 'clip.webm', 'video/webm');
      expect(webm.status).toBe(201);
      expect(webm.body.data.duration).toBeNull();
      // A replaced file is read again.
      const replaced = await t.request(
        'PUT',
        `/api/uploads/${webm.body.data.id}`,
        { data: `data:video/webm;base64,${webmWithInfo(durationElement(8_000)).toString('base64')}` },
        admin,
      );
      expect(replaced.status).toBe(200);
      expect(replaced.body.data.duration).toBe(8);
      const fake = await upload(ftyp, 'kaputt.mp4', 'video/mp4');
      expect(fake.status).toBe(400);
      expect(fake.body.errors[0]).toEqual({
        message: 'Diese Datei ist kein gültiges Video (MP4 oder WebM).',
        field: 'data',
      });
    });
  });
});
