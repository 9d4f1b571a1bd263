import { Image } from '../src/media/image.entity.js';
import { Upload } from '../src/media/upload.entity.js';
import { admin, idsOf, makeBranch, makeUser, manager } from './operations.fixtures.js';
import { HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('digital signage (/api/digital-signage-segments, -streams, -devices)', () => {
  let t: TestApp;
  let wien: { id: number };
  let image: Image;
  let video: Upload;
  let pdf: Upload;
  beforeAll(async () => {
    t = await startTestApp({ authenticator: new HeaderAuthenticator() });
    wien = await makeBranch(t, 'linde-wien');
    image = await t.dataSource
      .getRepository(Image)
      .save({ extension: 'png', mimeType: 'image/png', width: 1920, height: 1080, name: 'Mittagsmenü' });
    video = await t.dataSource
      .getRepository(Upload)
      .save({ extension: 'mp4', mimeType: 'video/mp4', publicHash: 'a'.repeat(32), name: 'Küche.mp4' });
    pdf = await t.dataSource
      .getRepository(Upload)
      .save({ extension: 'pdf', mimeType: 'application/pdf', publicHash: 'b'.repeat(32), name: 'Karte.pdf' });
  });
  afterAll(async () => {
    await t.close();
  });

  const imageSegment = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    type: 'image',
    image: { id: image.id },
    duration: 10,
    ...extra,
  });
  const post = async (path: string, body: unknown) => {
    const res = await t.request('POST', path, body, admin);
    expect(res.status).toBe(201);
    return res.body.data.id as number;
  };

  describe('segments (Filmsequenzen)', () => {
    it('creates, reads, updates (PUT with the body GET returned) and deletes a segment', async () => {
      const created = await t.request(
        'POST',
        '/api/digital-signage-segments',
        imageSegment('Mittagsmenü', { validFrom: '2026-11-23T00:00:00+01:00' }),
        manager,
      );
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        name: 'Mittagsmenü',
        type: 'image',
        image: { id: image.id, version: 1, extension: 'png', width: 1920, height: 1080 },
        video: null,
        duration: 10,
        validFrom: '2026-11-22T23:00:00.000Z',
        validUntil: null,
        isEnabled: true,
      });
      const id = created.body.data.id;
      const read = await t.request('GET', `/api/digital-signage-segments/${id}`, undefined, admin);
      // PUT takes the image object as GET returned it (its id counts).
      const updated = await t.request(
        'PUT',
        `/api/digital-signage-segments/${id}`,
        { ...read.body.data, duration: 15, isEnabled: false },
        admin,
      );
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({
        id,
        duration: 15,
        isEnabled: false,
        image: { id: image.id },
      });
      // Switching to video drops the image.
      const asVideo = await t.request(
        'PUT',
        `/api/digital-signage-segments/${id}`,
        { ...updated.body.data, type: 'video', video: { id: video.id }, duration: null },
        admin,
      );
      expect(asVideo.body.data).toMatchObject({
        type: 'video',
        image: null,
        video: { id: video.id, version: 1, extension: 'mp4', publicHash: video.publicHash },
        duration: null,
      });
      expect(
        (await t.request('DELETE', `/api/digital-signage-segments/${id}`, undefined, admin)).status,
      ).toBe(200);
      expect((await t.request('GET', `/api/digital-signage-segments/${id}`, undefined, admin)).status).toBe(
        404,
      );
    });

    it('lists with filters, paging and sorting', async () => {
      const a = await post('/api/digital-signage-segments', imageSegment('Liste Apfelstrudel'));
      const b = await post('/api/digital-signage-segments', {
        name: 'Liste Brot',
        type: 'video',
        video: { id: video.id },
      });
      const c = await post(
        '/api/digital-signage-segments',
        imageSegment('Liste Cremeschnitte', { isEnabled: false }),
      );
      expect(
        idsOf(
          (await t.request('GET', '/api/digital-signage-segments?q=liste&sort=-name', undefined, admin)).body,
        ),
      ).toEqual([c, b, a]);
      expect(
        idsOf(
          (await t.request('GET', '/api/digital-signage-segments?q=liste&type=video', undefined, admin)).body,
        ),
      ).toEqual([b]);
      expect(
        idsOf(
          (await t.request('GET', '/api/digital-signage-segments?q=liste&isEnabled=false', undefined, admin))
            .body,
        ),
      ).toEqual([c]);
      const page = await t.request(
        'GET',
        '/api/digital-signage-segments?q=liste&sort=name&limit=2&page=2',
        undefined,
        admin,
      );
      expect(idsOf(page.body)).toEqual([c]);
      expect(page.headers.get('x-total-count')).toBe('3');
    });

    it('validates in German: required image and duration, video mime type, range, wrong type', async () => {
      const missing = await t.request(
        'POST',
        '/api/digital-signage-segments',
        { type: 'image', image: { id: image.id }, duration: 5 },
        admin,
      );
      expect(missing.status).toBe(400);
      expect(missing.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte nicht leer sein.',
        field: 'name',
      });
      const noImage = await t.request(
        'POST',
        '/api/digital-signage-segments',
        { name: 'X', type: 'image', duration: 5 },
        admin,
      );
      expect(noImage.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte nicht leer sein.',
        field: 'image',
      });
      const noDuration = await t.request(
        'POST',
        '/api/digital-signage-segments',
        imageSegment('X', { duration: null }),
        admin,
      );
      expect(noDuration.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte nicht leer sein.',
        field: 'duration',
      });
      const tooLong = await t.request(
        'POST',
        '/api/digital-signage-segments',
        imageSegment('X', { duration: 3601 }),
        admin,
      );
      expect(tooLong.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte kleiner oder gleich 3600 sein.',
        field: 'duration',
      });
      const wrongType = await t.request(
        'POST',
        '/api/digital-signage-segments',
        imageSegment('X', { duration: '10' }),
        admin,
      );
      expect(wrongType.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte vom Typ number sein.',
        field: 'duration',
      });
      const notVideo = await t.request(
        'POST',
        '/api/digital-signage-segments',
        { name: 'X', type: 'video', video: { id: pdf.id } },
        admin,
      );
      expect(notVideo.status).toBe(400);
      expect(notVideo.body.errors[0]).toEqual({
        message:
          'Der Dateityp der Datei ist ungültig (application/pdf). Erlaubte Dateitypen sind video/mp4, video/webm.',
        field: 'video',
      });
      const backwards = await t.request(
        'POST',
        '/api/digital-signage-segments',
        imageSegment('X', { validFrom: '2026-12-01T00:00:00Z', validUntil: '2026-11-01T00:00:00Z' }),
        admin,
      );
      expect(backwards.body.errors[0]).toEqual({
        message: 'Das Ende muss nach dem Beginn liegen.',
        field: 'validUntil',
      });
    });
  });

  describe('streams', () => {
    it('creates, reads, updates (PUT with the body GET returned) and deletes a stream, keeping the play order', async () => {
      const s1 = await post('/api/digital-signage-segments', imageSegment('Eins'));
      const s2 = await post('/api/digital-signage-segments', imageSegment('Zwei'));
      const s3 = await post('/api/digital-signage-segments', imageSegment('Drei'));
      const created = await t.request(
        'POST',
        '/api/digital-signage-streams',
        { name: 'Schaufenster', identifier: 'schaufenster', segments: [{ id: s3 }, { id: s1 }, { id: s3 }] },
        manager,
      );
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        name: 'Schaufenster',
        identifier: 'schaufenster',
        loop: true,
        segments: [{ id: s3 }, { id: s1 }, { id: s3 }],
      });
      const id = created.body.data.id;
      const read = await t.request('GET', `/api/digital-signage-streams/${id}`, undefined, admin);
      const updated = await t.request(
        'PUT',
        `/api/digital-signage-streams/${id}`,
        { ...read.body.data, segments: [{ id: s2 }, { id: s1 }], loop: false },
        admin,
      );
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ id, loop: false, segments: [{ id: s2 }, { id: s1 }] });
      expect(
        (await t.request('GET', `/api/digital-signage-streams/${id}`, undefined, admin)).body.data.segments,
      ).toEqual([{ id: s2 }, { id: s1 }]);

      // A segment in use cannot be deleted.
      const inUse = await t.request('DELETE', `/api/digital-signage-segments/${s2}`, undefined, admin);
      expect(inUse.status).toBe(409);
      expect(inUse.body.errors[0].message).toBe('Die Filmsequenz wird noch in einem Stream verwendet.');
      expect(
        (await t.request('DELETE', `/api/digital-signage-segments/${s3}`, undefined, admin)).status,
      ).toBe(200);

      expect((await t.request('DELETE', `/api/digital-signage-streams/${id}`, undefined, admin)).status).toBe(
        200,
      );
      expect((await t.request('GET', `/api/digital-signage-streams/${id}`, undefined, admin)).status).toBe(
        404,
      );
      expect(
        (await t.request('DELETE', `/api/digital-signage-segments/${s2}`, undefined, admin)).status,
      ).toBe(200);
    });

    it('lists with search, paging and sorting', async () => {
      const a = await post('/api/digital-signage-streams', { name: 'Strom A', identifier: 'strom-a' });
      const b = await post('/api/digital-signage-streams', { name: 'Strom B', identifier: 'strom-b' });
      expect(
        idsOf(
          (await t.request('GET', '/api/digital-signage-streams?q=strom&sort=-identifier', undefined, admin))
            .body,
        ),
      ).toEqual([b, a]);
      const page = await t.request(
        'GET',
        '/api/digital-signage-streams?q=strom&sort=name&limit=1&page=2',
        undefined,
        admin,
      );
      expect(idsOf(page.body)).toEqual([b]);
      expect(page.headers.get('x-total-count')).toBe('2');
    });

    it('validates in German and answers a duplicate identifier with 409', async () => {
      const missing = await t.request(
        'POST',
        '/api/digital-signage-streams',
        { identifier: 'ohne-name' },
        admin,
      );
      expect(missing.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte nicht leer sein.',
        field: 'name',
      });
      const wrongType = await t.request(
        'POST',
        '/api/digital-signage-streams',
        { name: 'X', identifier: 'x', segments: { id: 1 } },
        admin,
      );
      expect(wrongType.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte vom Typ array sein.',
        field: 'segments',
      });
      const unknown = await t.request(
        'POST',
        '/api/digital-signage-streams',
        { name: 'X', identifier: 'x', segments: [{ id: 999999 }] },
        admin,
      );
      expect(unknown.body.errors[0]).toEqual({
        message: 'Ein ausgewählter Eintrag existiert nicht.',
        field: 'segments',
      });
      expect(
        (await t.request('POST', '/api/digital-signage-streams', { name: 'D', identifier: 'doppelt' }, admin))
          .status,
      ).toBe(201);
      const dup = await t.request(
        'POST',
        '/api/digital-signage-streams',
        { name: 'D2', identifier: 'doppelt' },
        admin,
      );
      expect(dup.status).toBe(409);
      expect(dup.body.errors[0]).toEqual({
        message: 'Dieser Wert wird bereits verwendet.',
        field: 'identifier',
      });
    });

    it('refuses a stream whose files exceed what a TV stores (250 MB), counting a shared file once', async () => {
      const MB = 1024 * 1024;
      const big = (name: string, size: number) =>
        t.dataSource.getRepository(Upload).save({
          extension: 'mp4',
          mimeType: 'video/mp4',
          publicHash: `${name}`.padEnd(32, 'x'),
          name: `${name}.mp4`,
          size,
        });
      const [a, b] = [await big('gross-a', 150 * MB), await big('gross-b', 110 * MB)];
      const first = await post('/api/digital-signage-segments', {
        name: 'Groß A',
        type: 'video',
        video: { id: a.id },
      });
      const again = await post('/api/digital-signage-segments', {
        name: 'Groß A noch einmal',
        type: 'video',
        video: { id: a.id },
      });
      const second = await post('/api/digital-signage-segments', {
        name: 'Groß B',
        type: 'video',
        video: { id: b.id },
      });
      // The same 150 MB file twice is stored once.
      const streamId = await post('/api/digital-signage-streams', {
        name: 'Groß',
        identifier: 'gross',
        segments: [{ id: first }, { id: again }, { id: first }],
      });
      const tooMuch = await t.request(
        'PUT',
        `/api/digital-signage-streams/${streamId}`,
        { name: 'Groß', identifier: 'gross', segments: [{ id: first }, { id: second }] },
        admin,
      );
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.body.errors[0]).toEqual({
        message:
          'Die Dateien des Streams sind zusammen 260 MB groß, höchstens 250 MB sind möglich: ein Bildschirm speichert alle Dateien seines Streams, um auch ohne Verbindung zu spielen.',
        field: 'segments',
      });
      // Nothing half-written: the stream keeps its play list.
      const kept = await t.request('GET', `/api/digital-signage-streams/${streamId}`, undefined, admin);
      expect(kept.body.data.segments).toEqual([{ id: first }, { id: again }, { id: first }]);
      // A segment of the stream that switches to a bigger file must still fit it.
      const switched = await t.request(
        'PUT',
        `/api/digital-signage-segments/${again}`,
        { name: 'Groß A noch einmal', type: 'video', video: { id: b.id } },
        admin,
      );
      expect(switched.status).toBe(400);
      expect(switched.body.errors[0].field).toBe('video');
      expect(switched.body.errors[0].message).toMatch(/^Die Dateien des Streams sind zusammen 260 MB groß/);
      // Outside any stream the same change is fine.
      expect(
        (
          await t.request(
            'PUT',
            `/api/digital-signage-segments/${second}`,
            { name: 'Groß B', type: 'video', video: { id: a.id } },
            admin,
          )
        ).status,
      ).toBe(200);
    });
  });

  describe('devices (TVs)', () => {
    it('creates, reads, updates (PUT with the body GET returned) and deletes a TV', async () => {
      const stream = await post('/api/digital-signage-streams', { name: 'Gastraum', identifier: 'gastraum' });
      const created = await t.request(
        'POST',
        '/api/digital-signage-devices',
        {
          identifier: 'tv-gastraum',
          name: 'TV Gastraum',
          branch: { id: wien.id },
          stream: { id: stream },
          orientation: 'portrait',
        },
        manager,
      );
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        identifier: 'tv-gastraum',
        branch: { id: wien.id },
        stream: { id: stream },
        orientation: 'portrait',
        resolution: '1920x1080',
        lastSeenAt: null,
      });
      const id = created.body.data.id;
      const read = await t.request('GET', `/api/digital-signage-devices/${id}`, undefined, admin);
      const updated = await t.request(
        'PUT',
        `/api/digital-signage-devices/${id}`,
        { ...read.body.data, resolution: '3840x2160', lastSeenAt: '2030-01-01T00:00:00Z' },
        admin,
      );
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ id, resolution: '3840x2160', lastSeenAt: null });
      // Deleting the stream leaves the TV without one.
      expect(
        (await t.request('DELETE', `/api/digital-signage-streams/${stream}`, undefined, admin)).status,
      ).toBe(200);
      expect(
        (await t.request('GET', `/api/digital-signage-devices/${id}`, undefined, admin)).body.data.stream,
      ).toBeNull();
      expect((await t.request('DELETE', `/api/digital-signage-devices/${id}`, undefined, admin)).status).toBe(
        200,
      );
      expect((await t.request('GET', `/api/digital-signage-devices/${id}`, undefined, admin)).status).toBe(
        404,
      );
    });

    it('lists with filters, paging and sorting', async () => {
      const stream = await post('/api/digital-signage-streams', { name: 'Theke', identifier: 'theke' });
      const a = await post('/api/digital-signage-devices', {
        identifier: 'tv-a',
        branch: { id: wien.id },
        stream: { id: stream },
      });
      const b = await post('/api/digital-signage-devices', { identifier: 'tv-b', branch: { id: wien.id } });
      const c = await post('/api/digital-signage-devices', { identifier: 'tv-c' });
      expect(
        idsOf(
          (
            await t.request(
              'GET',
              `/api/digital-signage-devices?branch=${wien.id}&sort=-identifier`,
              undefined,
              admin,
            )
          ).body,
        ),
      ).toEqual([b, a]);
      expect(
        idsOf(
          (await t.request('GET', `/api/digital-signage-devices?stream=${stream}`, undefined, admin)).body,
        ),
      ).toEqual([a]);
      const page = await t.request(
        'GET',
        '/api/digital-signage-devices?q=tv-&sort=identifier&limit=2&page=2',
        undefined,
        admin,
      );
      expect(idsOf(page.body)).toEqual([c]);
      expect(page.headers.get('x-total-count')).toBe('3');
    });

    it('validates in German, answers a duplicate identifier with 409 and is for the management only', async () => {
      const missing = await t.request(
        'POST',
        '/api/digital-signage-devices',
        { name: 'Ohne Kennung' },
        admin,
      );
      expect(missing.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte nicht leer sein.',
        field: 'identifier',
      });
      const wrongType = await t.request(
        'POST',
        '/api/digital-signage-devices',
        { identifier: 'x', orientation: 90 },
        admin,
      );
      expect(wrongType.body.errors[0]).toEqual({
        message: 'Sie haben einen ungültigen Wert ausgewählt.',
        field: 'orientation',
      });
      const badResolution = await t.request(
        'POST',
        '/api/digital-signage-devices',
        { identifier: 'x', resolution: 'Full HD' },
        admin,
      );
      expect(badResolution.body.errors[0].field).toBe('resolution');
      expect(
        (await t.request('POST', '/api/digital-signage-devices', { identifier: 'tv-doppelt' }, admin)).status,
      ).toBe(201);
      const dup = await t.request(
        'POST',
        '/api/digital-signage-devices',
        { identifier: 'tv-doppelt' },
        admin,
      );
      expect(dup.status).toBe(409);
      expect(dup.body.errors[0]).toEqual({
        message: 'Dieser Wert wird bereits verwendet.',
        field: 'identifier',
      });

      const employee = await makeUser(t, 'tv-employee', ['ROLE_EMPLOYEE'], [wien.id]);
      for (const path of [
        '/api/digital-signage-segments',
        '/api/digital-signage-streams',
        '/api/digital-signage-devices',
      ]) {
        expect((await t.request('GET', path, undefined, employee.headers)).status).toBe(403);
        expect((await t.request('GET', path)).status).toBe(401);
      }
    });
  });
});
