import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const admin = asUser(['ROLE_ADMIN']);
const base = { shopName: 'Gruber & Linde', businessName: 'Gruber & Linde GmbH' };

// The map style is loaded by every visitor's browser: only hosts the Content-Security-Policy allows.
describe('config: mapStyleUrl', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ authenticator: new HeaderAuthenticator() });
  });
  afterAll(async () => {
    await t.close();
  });

  it('defaults to the MapTiler style with the token placeholder, public in /api/init', async () => {
    await t.request('POST', '/api/config', base, admin);
    const init = await t.request('GET', '/api/init');
    const config = init.body.data.find((e: { url: string }) => e.url === '/api/config').data.data;
    expect(config.mapStyleUrl).toBe('https://api.maptiler.com/maps/streets-v2/style.json?key={token}');
  });

  it('keeps a style on an allowed host, and refuses others naming the field in German', async () => {
    const mapbox = 'https://api.mapbox.com/styles/v1/gruber/abc?access_token={token}';
    const saved = await t.request('POST', '/api/config', { ...base, mapStyleUrl: mapbox }, admin);
    expect(saved.status).toBe(200);
    expect(saved.body.data.mapStyleUrl).toBe(mapbox);

    for (const bad of [
      'https://tiles.example.org/style.json',
      'http://api.maptiler.com/maps/streets/style.json',
      'https://api.maptiler.com.evil.org/style.json',
      'https://user:pw@api.maptiler.com/style.json',
    ]) {
      const refused = await t.request('POST', '/api/config', { ...base, mapStyleUrl: bad }, admin);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toContainEqual({
        field: 'mapStyleUrl',
        message:
          'Diese Kartenadresse ist nicht erlaubt. Erlaubt sind https-Adressen von MapTiler (*.maptiler.com) und Mapbox (api.mapbox.com).',
      });
    }
  });
});
