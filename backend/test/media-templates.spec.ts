import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const admin = asUser(['ROLE_ADMIN']);

describe('fonts and image templates', () => {
  let t: TestApp;
  let mediaDir: string;
  let imageId: number;
  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'media-templates-'));
    t = await startTestApp({ authenticator: new HeaderAuthenticator(), env: { MEDIA_DIR: mediaDir } });
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#777' } })
      .png()
      .toBuffer();
    imageId = (
      await t.request(
        'POST',
        '/api/images',
        { data: `data:image/png;base64,${png.toString('base64')}` },
        admin,
      )
    ).body.data.id;
  });
  afterAll(async () => {
    await t.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('lists fonts by family and variant; a family and variant exists once', async () => {
    const regular = await t.request('POST', '/api/fonts', { family: 'Roboto' }, admin);
    expect(regular.status).toBe(201);
    expect(regular.body.data).toMatchObject({ family: 'Roboto', variant: 'regular', upload: null });
    expect(
      (await t.request('POST', '/api/fonts', { family: 'Roboto', variant: '700italic' }, admin)).status,
    ).toBe(201);
    expect((await t.request('POST', '/api/fonts', { family: 'Lato', variant: '700' }, admin)).status).toBe(
      201,
    );
    const dup = await t.request('POST', '/api/fonts', { family: 'Roboto', variant: 'regular' }, admin);
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0]).toEqual({ message: 'Dieser Wert wird bereits verwendet.', field: 'variant' });
    const badVariant = await t.request('POST', '/api/fonts', { family: 'Lato', variant: 'fett' }, admin);
    expect(badVariant.body.errors[0].field).toBe('variant');

    const list = await t.request('GET', '/api/fonts?sort=family', undefined, admin);
    expect(list.status).toBe(200);
    expect(
      list.body.data.map((f: { family: string; variant: string }) => `${f.family} ${f.variant}`),
    ).toEqual(['Lato 700', 'Roboto regular', 'Roboto 700italic']);
    expect(
      (await t.request('GET', '/api/fonts?family=Roboto', undefined, admin)).headers.get('x-total-count'),
    ).toBe('2');
    expect((await t.request('GET', '/api/fonts')).status).toBe(401);
  });

  it('keeps a template with ordered layers and serves them at /layers with fonts and pictures', async () => {
    const font = (await t.request('POST', '/api/fonts', { family: 'Inter', variant: '600' }, admin)).body
      .data;
    const body = {
      identifier: 'angebot-der-woche',
      name: 'Angebot der Woche',
      width: 1920,
      height: 1080,
      background: '#1d1d1b',
      layers: [
        { type: 'image', x: 0, y: 0, width: 1920, height: 1080, image: { id: imageId } },
        {
          type: 'shape',
          x: 80,
          y: 700,
          width: 900,
          height: 260,
          color: 'rgba(232, 98, 12, 0.9)',
          rotation: -2,
        },
        {
          type: 'text',
          x: 120,
          y: 740,
          width: 820,
          height: 180,
          text: 'Fließestrich ab 18,90 €/m²',
          font: { id: font.id },
          fontSize: 72,
          color: '#ffffff',
          textAlign: 'center',
        },
      ],
    };
    const created = await t.request('POST', '/api/image-templates', body, admin);
    expect(created.status).toBe(201);
    const template = created.body.data;
    expect(template.layers.map((l: { type: string; position: number }) => [l.type, l.position])).toEqual([
      ['image', 0],
      ['shape', 1],
      ['text', 2],
    ]);
    expect(template.layers[2]).toMatchObject({
      font: { id: font.id },
      fontSize: 72,
      textAlign: 'center',
      opacity: 1,
    });

    const layers = await t.request('GET', `/api/image-templates/${template.id}/layers`, undefined, admin);
    expect(layers.status).toBe(200);
    expect(layers.body.data[0]).toMatchObject({
      imageTemplate: { id: template.id },
      type: 'image',
      image: { id: imageId, version: 1, extension: 'png' },
    });
    expect(layers.body.data[2]).toMatchObject({
      type: 'text',
      text: 'Fließestrich ab 18,90 €/m²',
      font: { id: font.id, family: 'Inter', variant: '600' },
    });

    // PUT with the template as GET returned it, layers reordered and one dropped: replaced, not added.
    const read = (await t.request('GET', `/api/image-templates/${template.id}`, undefined, admin)).body.data;
    const updated = await t.request(
      'PUT',
      `/api/image-templates/${template.id}`,
      { ...read, layers: [read.layers[2], read.layers[0]] },
      admin,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data.layers.map((l: { type: string }) => l.type)).toEqual(['text', 'image']);
    expect(
      (await t.request('GET', `/api/image-templates/${template.id}/layers`, undefined, admin)).body.data,
    ).toHaveLength(2);

    expect((await t.request('GET', '/api/image-templates/999999/layers', undefined, admin)).status).toBe(404);
    expect((await t.request('GET', `/api/image-templates/${template.id}/layers`)).status).toBe(401);
  });

  it('validates templates: missing fields, wrong types, unknown references, duplicate identifier', async () => {
    const missing = await t.request(
      'POST',
      '/api/image-templates',
      { identifier: 'x', width: 10, height: 10 },
      admin,
    );
    expect(missing.body.errors[0]).toEqual({ message: 'Dieser Wert sollte nicht leer sein.', field: 'name' });
    const wrongType = await t.request(
      'POST',
      '/api/image-templates',
      { identifier: 'x', name: 'X', width: '10', height: 10 },
      admin,
    );
    expect(wrongType.body.errors[0]).toEqual({
      message: 'Dieser Wert sollte vom Typ number sein.',
      field: 'width',
    });
    const badLayer = await t.request(
      'POST',
      '/api/image-templates',
      { identifier: 'x', name: 'X', width: 10, height: 10, layers: [{ type: 'video', width: 1, height: 1 }] },
      admin,
    );
    expect(badLayer.body.errors[0].field).toBe('layers.0.type');
    const badColour = await t.request(
      'POST',
      '/api/image-templates',
      { identifier: 'x', name: 'X', width: 10, height: 10, background: 'red;}body{x:y' },
      admin,
    );
    expect(badColour.body.errors[0]).toEqual({
      message: 'Dieser Wert ist keine gültige Farbe.',
      field: 'background',
    });
    const unknownFont = await t.request(
      'POST',
      '/api/image-templates',
      {
        identifier: 'x',
        name: 'X',
        width: 10,
        height: 10,
        layers: [{ type: 'text', width: 1, height: 1, font: { id: 99999 } }],
      },
      admin,
    );
    expect(unknownFont.body.errors[0]).toEqual({
      message: 'Der ausgewählte Eintrag existiert nicht.',
      field: 'layers.0.font',
    });
    expect(
      (
        await t.request(
          'POST',
          '/api/image-templates',
          { identifier: 'doppelt', name: 'A', width: 10, height: 10 },
          admin,
        )
      ).status,
    ).toBe(201);
    const dup = await t.request(
      'POST',
      '/api/image-templates',
      { identifier: 'doppelt', name: 'B', width: 10, height: 10 },
      admin,
    );
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0].field).toBe('identifier');
    const list = await t.request('GET', '/api/image-templates?q=doppelt', undefined, admin);
    expect(list.body.data).toHaveLength(1);
    expect(
      (await t.request('DELETE', `/api/image-templates/${list.body.data[0].id}`, undefined, admin)).status,
    ).toBe(200);
  });
});
