import { INIT_URLS } from '@ordering/common';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const admin = asUser(['ROLE_ADMIN']);
const SECRET_KEY_NAMES = /api.?key|password|secret|token|sign$|hash$/i;
const ALLOWED_KEY_NAMES = new Set(['mapAccessToken', 'publicHash']);

/** Every key name in a JSON value, with its path. */
function keysOf(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keysOf(v, `${at}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [`${at}.${k}`, ...keysOf(v, `${at}.${k}`)]);
}

describe('GET /api/init', () => {
  let t: TestApp;
  let mediaDir: string;
  const previousMediaDir = process.env.MEDIA_DIR;
  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'init-'));
    // The demo seed writes its pictures to MEDIA_DIR of the environment.
    process.env.MEDIA_DIR = mediaDir;
    t = await startTestApp({
      seed: true,
      authenticator: new HeaderAuthenticator(),
      env: { MEDIA_DIR: mediaDir },
    });
  });
  afterAll(async () => {
    await t.close();
    if (previousMediaDir === undefined) delete process.env.MEDIA_DIR;
    else process.env.MEDIA_DIR = previousMediaDir;
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('answers every recognised url with exactly what its public list route answers (menus without catalogue)', async () => {
    const res = await t.request('GET', '/api/init');
    expect(res.status).toBe(200);
    const entries: Array<{ url: string; data: { data: unknown } }> = res.body.data;
    expect(entries.map((e) => e.url)).toEqual(INIT_URLS.map((u) => `/api/${u}`));
    // The catalogue's products and categories come with each menu's own route (docs/decisions/serving.md).
    expect(entries.map((e) => e.url)).not.toContain('/api/products');
    expect(entries.map((e) => e.url)).not.toContain('/api/categories');
    for (const entry of entries) {
      if (entry.url === '/api/config') continue;
      const list = await t.request('GET', `${entry.url}?limit=1000`);
      expect(list.status).toBe(200);
      const expected =
        entry.url === '/api/menus'
          ? list.body.data.map(({ catalog: _catalog, ...menu }: { catalog: unknown }) => menu)
          : list.body.data;
      expect({ url: entry.url, data: entry.data.data }).toEqual({ url: entry.url, data: expected });
    }
    const byUrl = Object.fromEntries(entries.map((e) => [e.url, e.data.data])) as Record<string, any>;
    expect(byUrl['/api/config']).toMatchObject({
      shopName: 'Gruber & Linde',
      businessName: 'Gruber & Linde GmbH',
      currency: 'EUR',
      enablePluginHomePage: true,
      mapZoom: 19,
      mapPitch: 55,
      mapBearing: -85,
    });
    expect(byUrl['/api/config']).not.toHaveProperty('secrets');
    // The demo content is there, with pictures in their current version.
    expect(byUrl['/api/sites'].find((s: { path: string }) => s.path === '').type).toBe('custom_site');
    const hero = byUrl['/api/blocks'].find((b: { identifier: string }) => b.identifier === 'home-hero');
    expect(hero.content.title).toBe('Estrich vom Meister');
    expect(hero.content.buttons[0]).toEqual({ label: 'Jetzt anfragen', url: '/store/estrich-graz' });
    expect(hero.content.image).toMatchObject({ version: 1, extension: 'png' });
    expect((await fetch(`${t.baseUrl}/image/large/${hero.content.image.id}-1.png`)).status).toBe(200);
    expect(byUrl['/api/navigations'].map((n: { identifier: string }) => n.identifier).sort()).toEqual([
      'footer-data-navigation',
      'footer-sites-navigation',
      'header-navigation',
    ]);
    expect(byUrl['/api/donatees']).toHaveLength(3);
    expect(
      byUrl['/api/branches'].find((b: { identifier: string }) => b.identifier === 'estrich-graz').logo,
    ).toMatchObject({ extension: 'png' });
    for (const url of ['/api/menus', '/api/tags', '/api/tables'])
      expect(byUrl[url].length).toBeGreaterThan(0);
    for (const menu of byUrl['/api/menus']) expect(menu).not.toHaveProperty('catalog');
  });

  it('holds no secret of any kind: no stored key, hash or credential, no secret-looking field', async () => {
    const saved = await t.request(
      'POST',
      '/api/config',
      {
        ...(await t.request('GET', '/api/config', undefined, admin)).body.data,
        mapAccessToken: 'pk.public-map-token',
        secrets: {
          mollieApiKey: 'live_mollie_9f8e7d6c5b4a',
          datatransMerchantId: '1100012345',
          datatransSign: 'dt-sign-77aa88bb',
          datatransPassword: 'dt-pass-secret-42',
          smsApiKey: 'sms-key-0099887766',
        },
      },
      admin,
    );
    expect(saved.status).toBe(200);
    const body = await fetch(`${t.baseUrl}/api/init`).then((r) => r.text());

    const branchKeys: Array<{ api_key: string }> = await t.dataSource.query('SELECT api_key FROM branch');
    const users: Array<Record<string, string | null>> = await t.dataSource.query(
      'SELECT username, email, password_hash, api_token_hash FROM app_user',
    );
    const config: Array<Record<string, string>> = await t.dataSource.query(
      'SELECT mollie_api_key, datatrans_merchant_id, datatrans_sign, datatrans_password, sms_api_key FROM shop_config',
    );
    const uploads: Array<{ public_hash: string }> = await t.dataSource.query(
      'SELECT public_hash FROM upload',
    );
    const secrets = [
      ...branchKeys.map((r) => r.api_key),
      ...users.flatMap((u) => [u.password_hash, u.api_token_hash, u.username, u.email]),
      ...Object.values(config[0]!),
      ...uploads.map((u) => u.public_hash),
    ].filter((s): s is string => !!s && s.length >= 6);
    expect(branchKeys.length).toBeGreaterThan(0);
    expect(users.length).toBeGreaterThan(0);
    expect(secrets).toContain('live_mollie_9f8e7d6c5b4a');
    for (const secret of secrets)
      expect({ secret, found: body.includes(secret) }).toEqual({ secret, found: false });

    const suspicious = keysOf(JSON.parse(body)).filter((p) => {
      const key = p.slice(p.lastIndexOf('.') + 1);
      return SECRET_KEY_NAMES.test(key) && !ALLOWED_KEY_NAMES.has(key);
    });
    expect(suspicious).toEqual([]);
    // The map token is public by design.
    expect(body).toContain('pk.public-map-token');
  });

  it('answers a repeated load with 304 and changes its ETag after a change made through the API', async () => {
    const first = await fetch(`${t.baseUrl}/api/init`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"init-[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await fetch(`${t.baseUrl}/api/init`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    const donatee = (await t.request('GET', '/api/donatees?q=caritas')).body.data[0];
    expect(
      (
        await t.request(
          'PUT',
          `/api/donatees/${donatee.id}`,
          { ...donatee, name: 'Caritas der Erzdiözese Wien' },
          admin,
        )
      ).status,
    ).toBe(200);
    const changed = await fetch(`${t.baseUrl}/api/init`, { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const entries = (
      (await changed.json()) as { data: Array<{ url: string; data: { data: Array<{ name: string }> } }> }
    ).data;
    expect(entries.find((e) => e.url === '/api/donatees')!.data.data.map((d) => d.name)).toContain(
      'Caritas der Erzdiözese Wien',
    );

    // Drafts never reach the storefront's first load.
    await t.request(
      'POST',
      '/api/sites',
      { path: 'entwurf', content: { body: '<p>geheim</p>' }, isPublic: false },
      admin,
    );
    const withDraft = await t.request('GET', '/api/init');
    const sites = withDraft.body.data.find((e: { url: string }) => e.url === '/api/sites').data.data;
    expect(sites.map((s: { path: string }) => s.path)).not.toContain('entwurf');
    expect(sites.length).toBeGreaterThan(0);
  });
});
