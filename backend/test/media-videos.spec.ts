import { isPlausibleVideo } from '../src/media/video-check.js';
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
const mp4 = Buffer.concat([ftyp, box('moov', box('mvhd', Buffer.alloc(100))), box('mdat', Buffer.alloc(64, 7))]);
/** An EBML header with the given DocType, then a (tiny) Segment. */
const ebml = (docType: string) => {
  const docTypeElement = Buffer.concat([Buffer.from([0x42, 0x82, 0x80 | docType.length]), Buffer.from(docType)]);
  const version = Buffer.from([0x42, 0x86, 0x81, 0x01]);
  const body = Buffer.concat([version, docTypeElement]);
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]),
    body,
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x81, 0x00]),
  ]);
};

describe('video uploads are checked by their content (MP4, WebM)', () => {
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
      t.request('POST', '/api/uploads', { name, data: `data:${type};base64,${content.toString('base64')}` }, admin);

    it('stores a real video and refuses a fake one in German, naming the field', async () => {
      const good = await upload(mp4, 'kueche.mp4', 'video/mp4');
      expect(good.status).toBe(201);
      expect(good.body.data).toMatchObject({ extension: 'mp4' });
      const webm = await upload(ebml('webm'), 'clip.webm', 'video/webm');
      expect(webm.status).toBe(201);
      const fake = await upload(ftyp, 'kaputt.mp4', 'video/mp4');
      expect(fake.status).toBe(400);
      expect(fake.body.errors[0]).toEqual({
        message: 'Diese Datei ist kein gültiges Video (MP4 oder WebM).',
        field: 'data',
      });
    });
  });
});
