import { ConfigError, DEFAULT_URL, loadConfig, parseConfigFile, resolveConfig } from './config.js';

describe('config', () => {
  describe(resolveConfig.name, () => {
    it('opens http://localhost:3000 when nothing is configured', () => {
      expect(resolveConfig({})).toEqual({
        url: 'http://localhost:3000/',
        origin: 'http://localhost:3000',
        kiosk: false,
        adminPinHash: null,
        updateUrl: null,
        printer: null,
      });
      expect(DEFAULT_URL).toBe('http://localhost:3000');
    });

    it('takes ORDERING_URL over the file', () => {
      const config = resolveConfig(
        { ORDERING_URL: ' https://shop.example.at/store/wien ' },
        { url: 'http://10.0.0.5:3000' },
      );
      expect(config).toMatchObject({
        url: 'https://shop.example.at/store/wien',
        origin: 'https://shop.example.at',
      });
    });

    it('takes the file when the variable is empty', () => {
      expect(resolveConfig({ ORDERING_URL: '' }, { url: 'http://10.0.0.5:3000', kiosk: true })).toEqual({
        url: 'http://10.0.0.5:3000/',
        origin: 'http://10.0.0.5:3000',
        kiosk: true,
        adminPinHash: null,
        updateUrl: null,
        printer: null,
      });
    });

    it.each(['ftp://shop.example', 'file:///etc/passwd', 'kein-url', 'http://user:pw@shop.example'])(
      'refuses ORDERING_URL=%s with a sentence naming the variable',
      (value) => {
        expect(() => resolveConfig({ ORDERING_URL: value })).toThrow(ConfigError);
        expect(() => resolveConfig({ ORDERING_URL: value })).toThrow(
          /^ORDERING_URL muss eine http- oder https-Adresse/,
        );
      },
    );

    it('names the file when its url is wrong', () => {
      expect(() => resolveConfig({}, { url: 42 }, '/etc/bestellplattform.json')).toThrow(
        /^"url" in \/etc\/bestellplattform.json muss/,
      );
    });

    it.each([
      ['1', true],
      ['true', true],
      ['ja', true],
      ['0', false],
      ['FALSE', false],
    ])('reads ORDERING_KIOSK=%s as %s', (value, expected) => {
      expect(resolveConfig({ ORDERING_KIOSK: value }, { kiosk: !expected }).kiosk).toBe(expected);
    });

    it('refuses a kiosk flag that is neither true nor false', () => {
      expect(() => resolveConfig({ ORDERING_KIOSK: 'vielleicht' })).toThrow(
        /^ORDERING_KIOSK muss true oder false sein/,
      );
      expect(() => resolveConfig({}, { kiosk: 'x' })).toThrow(/^"kiosk" in config.json/);
    });
  });

  describe(parseConfigFile.name, () => {
    it('is undefined for a missing file', () => {
      expect(parseConfigFile(undefined, 'config.json')).toBeUndefined();
    });

    it('refuses broken JSON and non-objects', () => {
      expect(() => parseConfigFile('{ url: ', '/a/config.json')).toThrow(
        'Die Konfigurationsdatei /a/config.json enthält kein gültiges JSON.',
      );
      expect(() => parseConfigFile('[]', '/a/config.json')).toThrow(/muss ein JSON-Objekt enthalten/);
    });
  });

  describe(loadConfig.name, () => {
    it('reads config.json from the default path', () => {
      const read: string[] = [];
      const config = loadConfig({
        env: {},
        defaultConfigPath: '/home/kiosk/.config/Bestellplattform/config.json',
        readFile: (file) => {
          read.push(file);
          return '{ "url": "http://kasse.local:3000", "kiosk": true }';
        },
      });
      expect(read).toEqual(['/home/kiosk/.config/Bestellplattform/config.json']);
      expect(config).toEqual({
        url: 'http://kasse.local:3000/',
        origin: 'http://kasse.local:3000',
        kiosk: true,
        adminPinHash: null,
        updateUrl: null,
        printer: null,
      });
    });

    it('uses the defaults when the default file does not exist', () => {
      const config = loadConfig({
        env: {},
        defaultConfigPath: '/nope/config.json',
        readFile: () => undefined,
      });
      expect(config.url).toBe('http://localhost:3000/');
    });

    it('reads the file named by ORDERING_CONFIG and refuses it when missing', () => {
      const files: Record<string, string> = {
        '/etc/ordering.json': '{ "url": "https://bestellen.example.de" }',
      };
      const readFile = (file: string) => files[file];

      expect(
        loadConfig({
          env: { ORDERING_CONFIG: '/etc/ordering.json' },
          defaultConfigPath: '/x/config.json',
          readFile,
        }).origin,
      ).toBe('https://bestellen.example.de');
      expect(() =>
        loadConfig({
          env: { ORDERING_CONFIG: '/etc/fehlt.json' },
          defaultConfigPath: '/x/config.json',
          readFile,
        }),
      ).toThrow('ORDERING_CONFIG nennt die Datei /etc/fehlt.json, die es nicht gibt.');
    });
  });

  describe('kiosk PIN, update feed, printer', () => {
    it('reads them from the environment or the file and checks their form', () => {
      const hash = `scrypt$${'a'.repeat(32)}$${'b'.repeat(64)}`;
      expect(
        resolveConfig(
          { ORDERING_PRINTER: 'tcp://192.168.1.50:9100' },
          { adminPinHash: hash, updateUrl: 'https://updates.example/desktop' },
        ),
      ).toMatchObject({
        adminPinHash: hash,
        updateUrl: 'https://updates.example/desktop',
        printer: 'tcp://192.168.1.50:9100',
      });
      expect(() => resolveConfig({ ORDERING_ADMIN_PIN_HASH: '1234' })).toThrow('npm run kiosk-pin');
      expect(() => resolveConfig({ ORDERING_PRINTER: 'drucker' })).toThrow(
        'ORDERING_PRINTER muss tcp://host:port sein',
      );
      expect(() => resolveConfig({ ORDERING_UPDATE_URL: 'ftp://x' })).toThrow('ORDERING_UPDATE_URL');
    });
  });
});
