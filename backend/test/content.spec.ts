import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const admin = asUser(['ROLE_ADMIN']);
const manager = asUser(['ROLE_MANAGER'], [], 2);
const employee = asUser(['ROLE_EMPLOYEE'], [], 3);

describe('content: sites, blocks, navigations, donatees', () => {
  let t: TestApp;
  let mediaDir: string;
  let imageId: number;
  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'content-'));
    t = await startTestApp({ authenticator: new HeaderAuthenticator(), env: { MEDIA_DIR: mediaDir } });
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#e8620c' } })
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

  describe('blocks', () => {
    it('creates, reads, lists, updates and deletes a block, with content checked against its type', async () => {
      const created = await t.request(
        'POST',
        '/api/blocks',
        {
          identifier: 'home-hero',
          type: 'hero',
          content: {
            title: 'Estrich vom Meister',
            text: '<p>Seit 1987 in Graz.</p>',
            image: { id: imageId, version: 1, extension: 'png' },
            buttons: [
              { label: 'Jetzt anfragen', url: '/store/estrich-graz' },
              { label: 'Unsere Leistungen', url: '#leistungen' },
            ],
          },
          position: 1,
        },
        manager,
      );
      expect(created.status).toBe(201);
      const block = created.body.data;
      expect(block).toMatchObject({
        identifier: 'home-hero',
        type: 'hero',
        isEnabled: true,
        isPublic: true,
        position: 1,
      });
      // Pictures come back with what builds their URL today.
      expect(block.content.image).toEqual({
        id: imageId,
        version: 1,
        extension: 'png',
        width: 30,
        height: 20,
      });
      expect(block.content).toMatchObject({ introduction: '', isIntroductionColored: false });

      const read = await t.request('GET', `/api/blocks/${block.id}`, undefined, manager);
      const updated = await t.request(
        'PUT',
        `/api/blocks/${block.id}`,
        { ...read.body.data, content: { ...read.body.data.content, title: 'Estrich vom Meisterbetrieb' } },
        manager,
      );
      expect(updated.status).toBe(200);
      expect(updated.body.data.content.title).toBe('Estrich vom Meisterbetrieb');
      expect(updated.body.data.content.image.id).toBe(imageId);

      // Replacing the picture's file is seen in the block without touching it.
      const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#333' } })
        .png()
        .toBuffer();
      await t.request(
        'PUT',
        `/api/images/${imageId}`,
        { data: `data:image/png;base64,${png.toString('base64')}` },
        admin,
      );
      const after = await t.request('GET', `/api/blocks/${block.id}`);
      expect(after.body.data.content.image).toEqual({
        id: imageId,
        version: 2,
        extension: 'png',
        width: 60,
        height: 40,
      });

      const list = await t.request(
        'GET',
        '/api/blocks?type=hero&sort=-identifier&limit=10&page=1',
        undefined,
        manager,
      );
      expect(list.headers.get('x-total-count')).toBe('1');
      expect((await t.request('DELETE', `/api/blocks/${block.id}`, undefined, manager)).status).toBe(200);
      expect((await t.request('GET', `/api/blocks/${block.id}`, undefined, manager)).status).toBe(404);
    });

    it('names content fields in German errors', async () => {
      const tooMany = await t.request(
        'POST',
        '/api/blocks',
        {
          identifier: 'boxes',
          type: 'sectionTextBoxes',
          content: { boxes: [{ text: 'a' }, { text: 'b' }, { text: 'c' }, { text: 'd' }] },
        },
        manager,
      );
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.errors[0]).toEqual({
        message: 'Sie sollten höchstens 3 Einträge auswählen.',
        field: 'content.boxes',
      });
      const badButton = await t.request(
        'POST',
        '/api/blocks',
        {
          identifier: 'hero-x',
          type: 'hero',
          content: { buttons: [{ label: 'X', url: 'javascript:alert(1)' }] },
        },
        manager,
      );
      expect(badButton.body.errors[0]).toEqual({
        message: 'Dieser Wert ist keine gültige URL.',
        field: 'content.buttons.0.url',
      });
      const missingImage = await t.request(
        'POST',
        '/api/blocks',
        { identifier: 'values', type: 'sectionValues', content: { image: { id: 99999 } } },
        manager,
      );
      expect(missingImage.body.errors[0]).toEqual({
        message: 'Der ausgewählte Eintrag existiert nicht.',
        field: 'content.image',
      });
      const badType = await t.request('POST', '/api/blocks', { identifier: 'x', type: 'carousel' }, manager);
      expect(badType.body.errors[0]).toEqual({
        message: 'Sie haben einen ungültigen Wert ausgewählt.',
        field: 'type',
      });
      const missing = await t.request('POST', '/api/blocks', { type: 'hero' }, manager);
      expect(missing.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte nicht leer sein.',
        field: 'identifier',
      });
      const wrongType = await t.request(
        'POST',
        '/api/blocks',
        { identifier: 'y', type: 'hero', isPublic: 'yes' },
        manager,
      );
      expect(wrongType.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte vom Typ bool sein.',
        field: 'isPublic',
      });
      expect(
        (await t.request('POST', '/api/blocks', { identifier: 'dup', type: 'sectionInfoBox' }, manager))
          .status,
      ).toBe(201);
      const dup = await t.request(
        'POST',
        '/api/blocks',
        { identifier: 'dup', type: 'sectionInfoBox' },
        manager,
      );
      expect(dup.status).toBe(409);
      expect(dup.body.errors[0]).toEqual({
        message: 'Dieser Wert wird bereits verwendet.',
        field: 'identifier',
      });
    });

    it('shows drafts and switched-off blocks to the back office only', async () => {
      await t.request(
        'POST',
        '/api/blocks',
        { identifier: 'draft-block', type: 'sectionImageText', isPublic: false },
        manager,
      );
      const off = (
        await t.request(
          'POST',
          '/api/blocks',
          { identifier: 'off-block', type: 'sectionImageText', isEnabled: false },
          manager,
        )
      ).body.data;
      const staff = await t.request(
        'GET',
        '/api/blocks?identifier=draft-block,off-block',
        undefined,
        manager,
      );
      expect(staff.body.data).toHaveLength(2);
      const anonymous = await t.request('GET', '/api/blocks?identifier=draft-block,off-block&isPublic=false');
      expect(anonymous.status).toBe(200);
      expect(anonymous.body.data).toEqual([]);
      expect((await t.request('GET', `/api/blocks/${off.id}`)).status).toBe(404);
      // Staff without content:read see what the storefront sees.
      expect(
        (await t.request('GET', '/api/blocks?identifier=draft-block', undefined, employee)).body.data,
      ).toEqual([]);
    });
  });

  describe('sites', () => {
    it('keeps the home page at the empty path, once; a custom site lists blocks that exist', async () => {
      await t.request(
        'POST',
        '/api/blocks',
        { identifier: 'kontakt', type: 'sectionContact', content: { text: '<p>Rufen Sie an!</p>' } },
        manager,
      );
      const home = await t.request(
        'POST',
        '/api/sites',
        { path: '', type: 'custom_site', title: 'Startseite', content: { body: [{ block: 'kontakt' }] } },
        manager,
      );
      expect(home.status).toBe(201);
      expect(home.body.data).toMatchObject({
        path: '',
        type: 'custom_site',
        isPublic: true,
        content: { body: [{ block: 'kontakt' }] },
      });
      const second = await t.request(
        'POST',
        '/api/sites',
        { path: '/', type: 'default', content: { body: '<p>x</p>' } },
        manager,
      );
      expect(second.status).toBe(409);
      expect(second.body.errors[0]).toEqual({
        message: 'Dieser Wert wird bereits verwendet.',
        field: 'path',
      });
      const unknownBlock = await t.request(
        'POST',
        '/api/sites',
        {
          path: 'leistungen',
          type: 'custom_site',
          content: { body: [{ block: 'kontakt' }, { block: 'gibt-es-nicht' }] },
        },
        manager,
      );
      expect(unknownBlock.body.errors[0]).toEqual({
        message: 'Der ausgewählte Eintrag existiert nicht.',
        field: 'content.body.1.block',
      });
      // A block in use stays.
      const kontakt = (await t.request('GET', '/api/blocks?identifier=kontakt', undefined, manager)).body
        .data[0];
      const refused = await t.request('DELETE', `/api/blocks/${kontakt.id}`, undefined, manager);
      expect(refused.status).toBe(409);
      expect(refused.body.errors[0].message).toBe('Der Inhalt wird noch auf der Seite „/“ verwendet.');
    });

    it('creates, lists, updates and deletes pages; drafts only for the back office', async () => {
      const created = await t.request(
        'POST',
        '/api/sites',
        {
          path: 'ueber-uns/team',
          title: 'Team',
          content: { body: '<h2>Wir</h2><p>Sechs Meister.</p>' },
          isPublic: false,
        },
        manager,
      );
      expect(created.status).toBe(201);
      const site = created.body.data;
      expect(site.content.body).toBe('<h2>Wir</h2><p>Sechs Meister.</p>');
      expect((await t.request('GET', `/api/sites/${site.id}`)).status).toBe(404);
      expect((await t.request('GET', '/api/sites?path=ueber-uns/team')).body.data).toEqual([]);
      expect(
        (await t.request('GET', '/api/sites?path=ueber-uns/team', undefined, manager)).body.data,
      ).toHaveLength(1);

      const published = await t.request(
        'PUT',
        `/api/sites/${site.id}`,
        { ...site, isPublic: true, title: 'Unser Team' },
        manager,
      );
      expect(published.body.data).toMatchObject({ isPublic: true, title: 'Unser Team' });
      expect((await t.request('GET', `/api/sites/${site.id}`)).body.data.title).toBe('Unser Team');
      const sorted = await t.request('GET', '/api/sites?sort=-path', undefined, manager);
      expect(sorted.body.data[0].path).toBe('ueber-uns/team');

      const badPath = await t.request('POST', '/api/sites', { path: 'Über Uns', content: {} }, manager);
      expect(badPath.body.errors[0].field).toBe('path');
      const badType = await t.request('POST', '/api/sites', { path: 'x', type: 'landing' }, manager);
      expect(badType.body.errors[0]).toEqual({
        message: 'Sie haben einen ungültigen Wert ausgewählt.',
        field: 'type',
      });
      const wrongType = await t.request('POST', '/api/sites', { path: 'x', content: 'text' }, manager);
      expect(wrongType.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte vom Typ object sein.',
        field: 'content',
      });
      const missing = await t.request('POST', '/api/sites', { content: {} }, manager);
      expect(missing.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte nicht leer sein.',
        field: 'path',
      });

      expect((await t.request('DELETE', `/api/sites/${site.id}`, undefined, manager)).status).toBe(200);
      expect((await t.request('GET', `/api/sites/${site.id}`, undefined, manager)).status).toBe(404);
      expect((await t.request('POST', '/api/sites', { path: 'x' })).status).toBe(401);
      expect((await t.request('POST', '/api/sites', { path: 'x' }, employee)).status).toBe(403);
    });
  });

  describe('navigations', () => {
    it('keeps item trees up to three levels whose sites and branches exist', async () => {
      const branch = await t.request(
        'POST',
        '/api/branches',
        { identifier: 'estrich-graz', name: 'Gruber Estrich' },
        admin,
      );
      expect(branch.status).toBe(201);
      await t.request(
        'POST',
        '/api/sites',
        { path: 'impressum', content: { body: '<p>Impressum</p>' } },
        manager,
      );
      const items = [
        { type: 'home', target: 'ignoriert', label: 'Start' },
        {
          type: 'site',
          target: '/impressum',
          label: 'Rechtliches',
          children: [
            {
              type: 'branch',
              target: 'estrich-graz',
              label: 'Graz',
              children: [{ type: 'link', target: 'https://www.wko.at', label: 'WKO' }],
            },
          ],
        },
      ];
      const created = await t.request(
        'POST',
        '/api/navigations',
        { identifier: 'header-navigation', name: 'Kopfzeile', items },
        manager,
      );
      expect(created.status).toBe(201);
      const nav = created.body.data;
      expect(nav.items[0]).toEqual({
        id: 1,
        type: 'home',
        target: '',
        label: 'Start',
        isEnabled: true,
        children: [],
      });
      expect(nav.items[1].target).toBe('impressum');
      expect(nav.items[1].children[0].children[0]).toEqual({
        id: expect.any(Number),
        type: 'link',
        target: 'https://www.wko.at',
        label: 'WKO',
        isEnabled: true,
        children: [],
      });
      expect((await t.request('GET', '/api/navigations?identifier=header-navigation')).body.data[0].id).toBe(
        nav.id,
      );

      const tooDeep = structuredClone(items);
      (tooDeep[1]!.children![0]!.children![0] as { children?: unknown[] }).children = [
        { type: 'home', label: 'Zu tief' },
      ];
      const deep = await t.request(
        'POST',
        '/api/navigations',
        { identifier: 'deep', items: tooDeep },
        manager,
      );
      expect(deep.status).toBe(400);
      expect(deep.body.errors[0]).toEqual({
        message: 'Sie sollten höchstens 0 Einträge auswählen.',
        field: 'items.1.children.0.children.0.children',
      });
      const missingSite = await t.request(
        'POST',
        '/api/navigations',
        { identifier: 'x', items: [{ type: 'site', target: 'gibt-es-nicht', label: 'X' }] },
        manager,
      );
      expect(missingSite.body.errors[0]).toEqual({
        message: 'Der ausgewählte Eintrag existiert nicht.',
        field: 'items.0.target',
      });
      const missingBranch = await t.request(
        'POST',
        '/api/navigations',
        {
          identifier: 'x',
          items: [
            {
              type: 'site',
              target: 'impressum',
              label: 'I',
              children: [{ type: 'branch', target: 'wien', label: 'W' }],
            },
          ],
        },
        manager,
      );
      expect(missingBranch.body.errors[0].field).toBe('items.0.children.0.target');
      const scriptLink = await t.request(
        'POST',
        '/api/navigations',
        { identifier: 'x', items: [{ type: 'link', target: 'javascript:alert(1)', label: 'X' }] },
        manager,
      );
      expect(scriptLink.body.errors[0]).toEqual({
        message: 'Dieser Wert ist keine gültige URL.',
        field: 'items.0.target',
      });
      const noLabel = await t.request(
        'POST',
        '/api/navigations',
        { identifier: 'x', items: [{ type: 'home' }] },
        manager,
      );
      expect(noLabel.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte nicht leer sein.',
        field: 'items.0.label',
      });
      const dup = await t.request('POST', '/api/navigations', { identifier: 'header-navigation' }, manager);
      expect(dup.status).toBe(409);

      const read = (await t.request('GET', `/api/navigations/${nav.id}`, undefined, manager)).body.data;
      const updated = await t.request(
        'PUT',
        `/api/navigations/${nav.id}`,
        { ...read, items: read.items.slice(0, 1) },
        manager,
      );
      expect(updated.body.data.items).toHaveLength(1);
      expect(
        (await t.request('GET', '/api/navigations?sort=name', undefined, manager)).headers.get(
          'x-total-count',
        ),
      ).toBe('1');
      expect((await t.request('DELETE', `/api/navigations/${nav.id}`, undefined, manager)).status).toBe(200);
    });
  });

  describe('donatees', () => {
    it('creates, lists, updates and deletes donation recipients with a logo', async () => {
      const created = await t.request(
        'POST',
        '/api/donatees',
        {
          identifier: 'rotes-kreuz',
          name: 'Rotes Kreuz Steiermark',
          description: 'Hilfe **vor Ort** & weltweit',
          image: { id: imageId },
        },
        manager,
      );
      expect(created.status).toBe(201);
      const donatee = created.body.data;
      expect(donatee).toMatchObject({
        identifier: 'rotes-kreuz',
        description: 'Hilfe **vor Ort** & weltweit',
        image: { id: imageId, extension: 'png' },
      });
      expect(donatee.image.version).toBeGreaterThanOrEqual(1);
      await t.request('POST', '/api/donatees', { identifier: 'caritas', name: 'Caritas Wien' }, manager);
      const list = await t.request('GET', '/api/donatees?q=a&sort=-name&limit=1');
      expect(list.status).toBe(200);
      expect(list.headers.get('x-total-count')).toBe('2');
      expect(list.body.data.map((d: { name: string }) => d.name)).toEqual(['Rotes Kreuz Steiermark']);
      const updated = await t.request(
        'PUT',
        `/api/donatees/${donatee.id}`,
        { ...donatee, image: null },
        manager,
      );
      expect(updated.body.data.image).toBeNull();
      const missing = await t.request('POST', '/api/donatees', { identifier: 'ohne-name' }, manager);
      expect(missing.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte nicht leer sein.',
        field: 'name',
      });
      const wrongType = await t.request(
        'POST',
        '/api/donatees',
        { identifier: 'typ', name: 'X', description: 42 },
        manager,
      );
      expect(wrongType.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte vom Typ string sein.',
        field: 'description',
      });
      const dup = await t.request(
        'POST',
        '/api/donatees',
        { identifier: 'caritas', name: 'Nochmal' },
        manager,
      );
      expect(dup.status).toBe(409);
      expect((await t.request('DELETE', `/api/donatees/${donatee.id}`, undefined, manager)).status).toBe(200);
      expect((await t.request('GET', `/api/donatees/${donatee.id}`)).status).toBe(404);
    });
  });
});
