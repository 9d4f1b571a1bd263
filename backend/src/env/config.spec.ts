import { ConfigError } from './config-error.js';
import { describeDatabaseUrl, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toMatch(/data$/);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.seedDemo).toBe(true);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.pgliteOptimizingCompiler).toBe(false);
  });

  it('reads PGLITE_OPTIMIZING_COMPILER as a boolean, naming it when it is none', () => {
    expect(loadConfig({ PGLITE_OPTIMIZING_COMPILER: 'true' }).pgliteOptimizingCompiler).toBe(true);
    expect(() => loadConfig({ PGLITE_OPTIMIZING_COMPILER: 'schnell' })).toThrow(/PGLITE_OPTIMIZING_COMPILER/);
  });

  it.each([['abc'], ['0'], ['70000'], ['12.5']])('stops on PORT=%s with a sentence naming PORT', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: port })).toThrow(/PORT/);
  });

  it('rejects a DATABASE_URL that is not a postgres URL, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x@y/z' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'kein url' })).toThrow(/DATABASE_URL ist keine gültige URL/);
  });

  it('rejects booleans, log levels and sender addresses it does not understand', () => {
    expect(() => loadConfig({ SEED_DEMO: 'vielleicht' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ LOG_LEVEL: 'laut' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ MAIL_FROM: 'niemand' })).toThrow(/MAIL_FROM/);
    expect(loadConfig({ SEED_DEMO: 'nein' }).seedDemo).toBe(false);
  });

  it('masks the password when describing a database URL', () => {
    expect(describeDatabaseUrl('postgres://u:geheim@h:5432/d')).toBe('postgres://u:***@h:5432/d');
  });

  describe('TRUST_PROXY', () => {
    it.each([
      [undefined, false],
      ['false', false],
      ['0', false],
      ['true', 1],
      ['2', 2],
      ['10.0.0.1', ['10.0.0.1']],
      ['loopback, 10.0.0.0/8, fd00::/8', ['loopback', '10.0.0.0/8', 'fd00::/8']],
    ])('reads %s as %j (never "trust every hop")', (raw, expected) => {
      expect(loadConfig(raw === undefined ? {} : { TRUST_PROXY: raw }).trustProxy).toEqual(expected);
    });

    it.each([['11'], ['irgendwas'], ['10.0.0.0/33'], ['10.0.0.1,'], ['1.2.3.4/8/9']])(
      'stops on TRUST_PROXY=%s naming the variable',
      (raw) => {
        expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(/TRUST_PROXY/);
      },
    );
  });
});
