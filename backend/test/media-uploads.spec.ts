import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const admin = asUser(['ROLE_ADMIN']);
const dataUrl = (type: string, content: Buffer | string) =>
  `data:${type};base64,${Buffer.from(content).toString('base64')}`;
const PDF = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<<>>\n%%EOF\n';

describe('uploads (/api/uploads and /upload/...)', () => {
  let t: TestApp;
  let mediaDir: string;
  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'media-uploads-'));
    t = await startTestApp({ authenticator: new HeaderAuthenticator(), env: { MEDIA_DIR: mediaDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('stores a document and serves it only under its hash, as a download that is never sniffed', async () => {
    const created = await t.request(
      'POST',
      '/api/uploads',
      { data: dataUrl('application/pdf', PDF), name: 'Angebot Müller.pdf' },
      admin,
    );
    expect(created.status).toBe(201);
    const upload = created.body.data;
    expect(upload).toMatchObject({
      version: 1,
      extension: 'pdf',
      mimeType: 'application/pdf',
      name: 'Angebot Müller.pdf',
    });
    expect(upload.publicHash).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const file = await fetch(`${t.baseUrl}/upload/${upload.publicHash}/${upload.id}-1.pdf`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''Angebot%20M%C3%BCller.pdf");
    expect(await file.text()).toBe(PDF);

    const wrongHash = await t.request('GET', `/upload/${'x'.repeat(32)}/${upload.id}-1.pdf`);
    expect(wrongHash.status).toBe(404);
    expect(wrongHash.body.errors).toHaveLength(1);
    expect((await t.request('GET', `/upload/${upload.publicHash}/${upload.id}-2.pdf`)).status).toBe(404);
    expect((await t.request('GET', `/upload/${upload.publicHash}/${upload.id}-1.zip`)).status).toBe(404);
    // No preview for documents: the client shows an icon.
    expect((await t.request('GET', `/upload/${upload.publicHash}/preview/${upload.id}-1.jpg`)).status).toBe(
      404,
    );
  });

  it('shows pictures inline and makes a JPEG preview of them', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 4, background: '#e8620c80' } })
      .png()
      .toBuffer();
    const upload = (
      await t.request(
        'POST',
        '/api/uploads',
        { data: dataUrl('image/png', png), name: 'grundriss.png' },
        admin,
      )
    ).body.data;
    const file = await fetch(`${t.baseUrl}/upload/${upload.publicHash}/${upload.id}-1.png`);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toBeNull();
    const preview = await fetch(`${t.baseUrl}/upload/${upload.publicHash}/preview/${upload.id}-1.jpg`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 400, 267]);
    expect((await t.request('GET', `/upload/${'y'.repeat(32)}/preview/${upload.id}-1.jpg`)).status).toBe(404);
  });

  it('accepts the default list by content and refuses other types in German', async () => {
    const csv = await t.request(
      'POST',
      '/api/uploads',
      { data: dataUrl('text/csv', 'Menge;Preis\n12;34,50\n'), name: 'liste.csv' },
      admin,
    );
    expect(csv.body.data).toMatchObject({ extension: 'csv', mimeType: 'text/csv' });
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]);
    const docx = await t.request(
      'POST',
      '/api/uploads',
      { data: dataUrl('application/octet-stream', zip), name: 'Leistungsverzeichnis.docx' },
      admin,
    );
    expect(docx.body.data).toMatchObject({
      extension: 'docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });

    const exe = await t.request(
      'POST',
      '/api/uploads',
      { data: dataUrl('application/x-msdownload', 'MZ\x90\x00'), name: 'setup.exe' },
      admin,
    );
    expect(exe.status).toBe(400);
    expect(exe.body.errors[0].field).toBe('data');
    expect(exe.body.errors[0].message).toMatch(
      /^Der Dateityp der Datei ist ungültig \(\.exe\)\. Erlaubte Dateitypen sind txt, csv, gif/,
    );
    // A program renamed to a picture is still a program.
    const renamed = await t.request(
      'POST',
      '/api/uploads',
      { data: dataUrl('image/png', 'MZ\x90\x00\x03'), name: 'foto.png' },
      admin,
    );
    expect(renamed.status).toBe(400);
    expect(renamed.body.errors[0].message).toContain('(application/x-msdownload)');
    const pdfAsPng = await t.request(
      'POST',
      '/api/uploads',
      { data: dataUrl('image/png', PDF), name: 'foto.png' },
      admin,
    );
    expect(pdfAsPng.body.errors[0].message).toContain('(application/pdf)');
  });

  it('takes font files from staff by their content, serves them as fonts, and refuses a picture named .woff2', async () => {
    const ttf = await readFile(new URL('./fixtures/fonts/dejavu-serif-latin.ttf', import.meta.url));
    const created = await t.request(
      'POST',
      '/api/uploads',
      { data: dataUrl('font/ttf', ttf), name: 'DejaVuSerif.ttf' },
      admin,
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ extension: 'ttf', mimeType: 'font/ttf', size: ttf.length });
    const { publicHash, id } = created.body.data;
    const file = await fetch(`${t.baseUrl}/upload/${publicHash}/${id}-1.ttf`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('font/ttf');
    expect(Buffer.from(await file.arrayBuffer()).equals(ttf)).toBe(true);
    // Without a name the content decides the extension.
    const unnamed = await t.request('POST', '/api/uploads', { data: dataUrl('font/ttf', ttf) }, admin);
    expect(unnamed.body.data).toMatchObject({ extension: 'ttf', name: 'datei.ttf' });

    // The WOFF, WOFF2 and OpenType headers (the content sniffer reads the signature only).
    for (const [signature, extension, mimeType] of [
      ['wOF2', 'woff2', 'font/woff2'],
      ['wOFF', 'woff', 'font/woff'],
      ['OTTO', 'otf', 'font/otf'],
    ]) {
      const font = Buffer.concat([Buffer.from(signature, 'latin1'), ttf.subarray(4, 200)]);
      const upload = await t.request(
        'POST',
        '/api/uploads',
        { data: dataUrl('application/octet-stream', font), name: `schrift.${extension}` },
        admin,
      );
      expect(upload.body.data).toMatchObject({ extension, mimeType });
    }

    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const pngAsFont = await t.request(
      'POST',
      '/api/uploads',
      { data: dataUrl('font/woff2', png), name: 'schrift.woff2' },
      admin,
    );
    expect(pngAsFont.status).toBe(400);
    expect(pngAsFont.body.errors[0].field).toBe('data');
    expect(pngAsFont.body.errors[0].message).toMatch(
      /^Der Dateityp der Datei ist ungültig \(image\/png\)\. Erlaubte Dateitypen sind .*woff2, woff, ttf, otf/,
    );
    // A font the size of a movie is no web font.
    const huge = Buffer.concat([ttf, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await t.request(
      'POST',
      '/api/uploads',
      { data: dataUrl('font/ttf', huge), name: 'riesig.ttf' },
      admin,
    );
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.errors[0]).toMatchObject({
      field: 'data',
      message: expect.stringContaining('5 MB'),
    });

    // Customers' order uploads stay with the specification's list: no fonts.
    const customerFont = await t.request('POST', '/api/uploads/public', {
      data: dataUrl('font/ttf', ttf),
      name: 'schrift.ttf',
    });
    expect(customerFont.status).toBe(400);
    expect(customerFont.body.errors[0]).toMatchObject({ field: 'data' });
    const customerUnnamed = await t.request('POST', '/api/uploads/public', {
      data: dataUrl('font/ttf', ttf),
    });
    expect(customerUnnamed.status).toBe(400);
  });

  it('lets a storefront customer upload without signing in, with the specification text on failure and a limit', async () => {
    const ok = await t.request('POST', '/api/uploads/public', {
      data: dataUrl('application/pdf', PDF),
      name: 'plan.pdf',
    });
    expect(ok.status).toBe(201);
    expect(Object.keys(ok.body.data).sort()).toEqual([
      'extension',
      'id',
      'mimeType',
      'name',
      'publicHash',
      'secret',
      'version',
    ]);
    expect(
      (await fetch(`${t.baseUrl}/upload/${ok.body.data.publicHash}/${ok.body.data.id}-1.pdf`)).status,
    ).toBe(200);

    const refused = await t.request('POST', '/api/uploads/public', {
      data: dataUrl('application/x-msdownload', 'MZ\x90\x00'),
      name: 'plan.exe',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toEqual({
      field: 'data',
      message:
        'Die ausgewählte Datei "plan.exe" kann nicht verarbeitet werden. Möglicherweise ist die Datei zu groß oder der Dateityp wird nicht erkannt.',
    });
    // The list stays with the back office.
    expect((await t.request('GET', '/api/uploads')).status).toBe(401);

    let status = 0;
    for (let i = 0; i < 30 && status !== 429; i++) {
      status = (
        await t.request('POST', '/api/uploads/public', {
          data: dataUrl('text/plain', `Notiz ${i}`),
          name: 'notiz.txt',
        })
      ).status;
    }
    expect(status).toBe(429);
    // A new window opens the door again.
    t.clock.advance(11 * 60 * 1000);
    expect(
      (
        await t.request('POST', '/api/uploads/public', {
          data: dataUrl('text/plain', 'wieder'),
          name: 'notiz.txt',
        })
      ).status,
    ).toBe(201);
  });

  it('replaces a file with a new version, lists, and deletes', async () => {
    const upload = (
      await t.request('POST', '/api/uploads', { data: dataUrl('text/plain', 'eins'), name: 'a.txt' }, admin)
    ).body.data;
    const replaced = await t.request(
      'PUT',
      `/api/uploads/${upload.id}`,
      { ...upload, data: dataUrl('text/plain', 'zwei') },
      admin,
    );
    expect(replaced.body.data).toMatchObject({ version: 2, publicHash: upload.publicHash, name: 'a.txt' });
    expect((await t.request('GET', `/upload/${upload.publicHash}/${upload.id}-1.txt`)).status).toBe(404);
    expect(await (await fetch(`${t.baseUrl}/upload/${upload.publicHash}/${upload.id}-2.txt`)).text()).toBe(
      'zwei',
    );
    const list = await t.request('GET', '/api/uploads?extension=txt&sort=name', undefined, admin);
    expect(list.body.data.map((u: { id: number }) => u.id)).toContain(upload.id);
    expect((await t.request('DELETE', `/api/uploads/${upload.id}`, undefined, admin)).status).toBe(200);
    expect((await t.request('GET', `/upload/${upload.publicHash}/${upload.id}-2.txt`)).status).toBe(404);
    expect((await t.request('GET', `/api/uploads/${upload.id}`, undefined, admin)).status).toBe(404);
  });
});
