import { DEFAULT_REJECTION_REASONS } from '@ordering/common';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const admin = asUser(['ROLE_ADMIN']);
const manager = asUser(['ROLE_MANAGER'], [], 2);

describe('GET and POST /api/config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ authenticator: new HeaderAuthenticator() });
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads the defaults before anything was saved', async () => {
    const res = await t.request('GET', '/api/config', undefined, admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      shopName: '',
      currency: 'EUR',
      mapZoom: 19,
      mapPitch: 55,
      mapBearing: -85,
      enableCash: true,
      enablePluginSearch: true,
      defaultDeliveryMethod: 'takeaway',
      rejectionReasons: DEFAULT_REJECTION_REASONS.join('\n'),
      secrets: {
        mollieApiKey: '',
        datatransMerchantId: '',
        datatransSign: '',
        datatransPassword: '',
        smsApiKey: '',
      },
    });
  });

  it('saves the whole configuration, masks secrets and keeps them when sent back masked', async () => {
    const body = {
      shopName: 'Gruber & Linde',
      businessName: 'Gruber & Linde GmbH',
      currency: 'eur',
      termsAndConditions: '/terms-and-conditions',
      privacyPolicyText:
        '## Datenschutz\n\n> Wir speichern nur, was nötig ist & löschen den Rest.\n\n[Kontakt](javascript:alert(1))',
      enablePluginPWA: true,
      enablePluginMaps: true,
      mapZoom: 17,
      enableMollie: true,
      description: '<p onclick="x()">Estrich <script>alert(1)</script>vom Meister</p>',
      website: 'https://www.gruber-linde.at',
      defaultDeliveryMethod: 'delivery',
      secrets: { mollieApiKey: 'live_mollie_abcdefgh1234', smsApiKey: 'sms-5678' },
    };
    const saved = await t.request('POST', '/api/config', body, admin);
    expect(saved.status).toBe(200);
    const config = saved.body.data;
    expect(config).toMatchObject({
      shopName: 'Gruber & Linde',
      currency: 'EUR',
      enablePluginPWA: true,
      mapZoom: 17,
      mapPitch: 55,
      defaultDeliveryMethod: 'delivery',
    });
    expect(config.secrets).toEqual({
      mollieApiKey: '••••1234',
      datatransMerchantId: '',
      datatransSign: '',
      datatransPassword: '',
      smsApiKey: '••••',
    });
    expect(config.description).toBe('<p>Estrich vom Meister</p>');
    expect(config.privacyPolicyText).toBe(
      '## Datenschutz\n\n> Wir speichern nur, was nötig ist & löschen den Rest.\n\n[Kontakt](#)',
    );

    // Sent back as read (masked): the secrets stay; a new value replaces one; '' clears one.
    const again = await t.request(
      'POST',
      '/api/config',
      { ...config, shopName: 'Gruber & Linde Graz', secrets: { ...config.secrets, smsApiKey: '' } },
      admin,
    );
    expect(again.body.data.secrets).toMatchObject({ mollieApiKey: '••••1234', smsApiKey: '' });
    const stored = await t.dataSource.query('SELECT mollie_api_key, sms_api_key FROM shop_config');
    expect(stored).toEqual([{ mollie_api_key: 'live_mollie_abcdefgh1234', sms_api_key: '' }]);
    const replaced = await t.request(
      'POST',
      '/api/config',
      { ...again.body.data, secrets: { mollieApiKey: 'live_new_key_99991234' } },
      admin,
    );
    expect(replaced.body.data.secrets.mollieApiKey).toBe('••••1234');
    expect((await t.dataSource.query('SELECT mollie_api_key FROM shop_config'))[0].mollie_api_key).toBe(
      'live_new_key_99991234',
    );

    // The audit log says which secret changed, never its value.
    const logs = await t.request('GET', '/api/logs?entityType=config', undefined, admin);
    expect(logs.status).toBe(200);
    const text = JSON.stringify(logs.body.data);
    expect(text).not.toContain('live_mollie_abcdefgh1234');
    expect(text).not.toContain('live_new_key_99991234');
    expect(text).not.toContain('sms-5678');
    expect(logs.body.data[0].changes['secrets.mollieApiKey']).toEqual({ changed: true });
    expect(logs.body.data[1].changes.shopName).toEqual({ from: 'Gruber & Linde', to: 'Gruber & Linde Graz' });
  });

  it('keeps the preset rejection reasons one per line, which the board reads from /api/init', async () => {
    const base = { shopName: 'X', businessName: 'X GmbH' };
    const saved = await t.request(
      'POST',
      '/api/config',
      { ...base, rejectionReasons: '  Küche voll \r\n\nKüche voll\nFahrer krank\n' },
      admin,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.rejectionReasons).toBe('Küche voll\nFahrer krank');
    const init = await t.request('GET', '/api/init');
    const config = (init.body.data as { url: string; data: { data: Record<string, unknown> } }[]).find(
      (entry) => entry.url === '/api/config',
    );
    expect(config?.data.data.rejectionReasons).toBe('Küche voll\nFahrer krank');
    // Empty: no presets (staff write the reason); left out: the defaults.
    const none = await t.request('POST', '/api/config', { ...base, rejectionReasons: '' }, admin);
    expect(none.body.data.rejectionReasons).toBe('');
    const omitted = await t.request('POST', '/api/config', base, admin);
    expect(omitted.body.data.rejectionReasons).toBe(DEFAULT_REJECTION_REASONS.join('\n'));
  });

  it('validates in German, naming the field', async () => {
    const base = { shopName: 'X', businessName: 'X GmbH' };
    const blank = await t.request('POST', '/api/config', { businessName: 'X' }, admin);
    expect(blank.status).toBe(400);
    expect(blank.body.errors[0]).toEqual({
      message: 'Dieser Wert sollte nicht leer sein.',
      field: 'shopName',
    });
    const currency = await t.request('POST', '/api/config', { ...base, currency: 'EURO' }, admin);
    expect(currency.body.errors[0]).toEqual({
      message: 'Sie haben einen ungültigen Wert ausgewählt.',
      field: 'currency',
    });
    const flag = await t.request('POST', '/api/config', { ...base, enableCash: 'ja' }, admin);
    expect(flag.body.errors[0]).toEqual({
      message: 'Dieser Wert sollte vom Typ bool sein.',
      field: 'enableCash',
    });
    const zoom = await t.request('POST', '/api/config', { ...base, mapZoom: 30 }, admin);
    expect(zoom.body.errors[0]).toEqual({
      message: 'Dieser Wert sollte kleiner oder gleich 22 sein.',
      field: 'mapZoom',
    });
    const url = await t.request('POST', '/api/config', { ...base, imprint: 'javascript:alert(1)' }, admin);
    expect(url.body.errors[0]).toEqual({ message: 'Dieser Wert ist keine gültige URL.', field: 'imprint' });
    // The ad pixel's id: Meta's digits only, never a script or an address.
    const pixel = await t.request('POST', '/api/config', { ...base, adPixelId: '<script>' }, admin);
    expect(pixel.body.errors[0]).toEqual({
      message: 'Die Pixel-ID besteht aus 5 bis 20 Ziffern (Meta Events Manager, „Pixel-ID“).',
      field: 'adPixelId',
    });
    const saved = await t.request('POST', '/api/config', { ...base, adPixelId: ' 123456789012345 ' }, admin);
    expect(saved.body.data.adPixelId).toBe('123456789012345');
    const init = await t.request('GET', '/api/init');
    expect(JSON.stringify(init.body)).toContain('"adPixelId":"123456789012345"');
    await t.request('POST', '/api/config', { ...base, adPixelId: '' }, admin);
    const method = await t.request('POST', '/api/config', { ...base, defaultDeliveryMethod: 'drone' }, admin);
    expect(method.body.errors[0].field).toBe('defaultDeliveryMethod');
    const secretType = await t.request(
      'POST',
      '/api/config',
      { ...base, secrets: { mollieApiKey: 42 } },
      admin,
    );
    expect(secretType.body.errors[0]).toEqual({
      message: 'Dieser Wert sollte vom Typ string sein.',
      field: 'secrets.mollieApiKey',
    });
  });

  it('takes a configured font family for headings and body text, else the system font', async () => {
    const base = { shopName: 'X', businessName: 'X GmbH' };
    expect((await t.request('GET', '/api/config', undefined, admin)).body.data).toMatchObject({
      headingFont: '',
      bodyFont: '',
    });
    const unknown = await t.request('POST', '/api/config', { ...base, headingFont: 'Comic Sans' }, admin);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toEqual({
      message:
        'Diese Schriftart ist nicht angelegt: unter Medien → Schriftarten eine Familie mit der Variante „regular“ anlegen oder die Systemschrift wählen.',
      field: 'headingFont',
    });
    // Only a bold variant: the storefront loads `regular`, so the family is not enough.
    await t.request('POST', '/api/fonts', { family: 'Hausschrift', variant: '700' }, admin);
    const boldOnly = await t.request('POST', '/api/config', { ...base, bodyFont: 'Hausschrift' }, admin);
    expect(boldOnly.body.errors[0].field).toBe('bodyFont');
    expect(
      (await t.request('POST', '/api/fonts', { family: 'Hausschrift', variant: 'regular' }, admin)).status,
    ).toBe(201);
    const saved = await t.request(
      'POST',
      '/api/config',
      { ...base, headingFont: ' Hausschrift ', bodyFont: null },
      admin,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ headingFont: 'Hausschrift', bodyFont: '' });
    const init = await t.request('GET', '/api/init');
    expect(JSON.stringify(init.body)).toContain('"headingFont":"Hausschrift"');
    await t.request('POST', '/api/config', base, admin);
    expect((await t.request('GET', '/api/config', undefined, admin)).body.data.headingFont).toBe('');
  });

  it('is for admins only', async () => {
    expect((await t.request('GET', '/api/config')).status).toBe(401);
    expect((await t.request('GET', '/api/config', undefined, manager)).status).toBe(403);
    expect(
      (await t.request('POST', '/api/config', { shopName: 'X', businessName: 'Y' }, manager)).status,
    ).toBe(403);
  });
});
