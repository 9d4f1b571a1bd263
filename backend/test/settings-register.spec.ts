import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SETTINGS, shopConfigInput, type SettingEntry } from '@ordering/common/schemas';
import { DEVICE_SETTINGS } from '../src/devices/device-settings.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Files that declare, store or label settings: naming a key there is not reading it. */
const DECLARING = [
  /^common\/src\/schemas\//,
  /^common\/src\/contract\//,
  /\.entity\.ts$/,
  /\/migrations\//,
  /\.seed\.ts$/,
  /\.spec\.tsx?$/,
  /^backend\/src\/operations\/devices\/device-settings\.ts$/,
  /^backend\/src\/config\/shop-config\.schema\.ts$/,
  /^web\/src\/backoffice\/entities\/descriptions\.ts$/,
  /^web\/src\/backoffice\/devices\/DeviceSettingsEditor\.tsx$/,
];

/**
 * Settings known to be read by nothing yet, each with the work that makes it effective. The test fails
 * when one of them becomes read (take it off the list) as well as when any other setting is unread.
 */
const KNOWN_UNREAD: Record<string, string> = {};

const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** Whether a source reads `key`: a property access, an indexed or quoted key, or a destructured name. */
export function reads(source: string, key: string): boolean {
  return new RegExp(`(\\?\\.|\\.|\\[\\s*['"]|['"]|\\{\\s*|,\\s*)${key}\\b(?!\\s*\\()`).test(
    withoutComments(source),
  );
}

/** The readers of a setting that exist, are no declaration, and read it. */
function readersOf(setting: SettingEntry, files = (p: string) => readFileSync(path.join(ROOT, p), 'utf8')) {
  return setting.readBy.filter(
    (file) =>
      !DECLARING.some((d) => d.test(file)) &&
      existsSync(path.join(ROOT, file)) &&
      reads(files(file), setting.key),
  );
}

/** The settings of a register that no listed file reads. */
export function unreadSettings(register: readonly SettingEntry[]): string[] {
  return register.filter((s) => readersOf(s).length === 0).map((s) => `${s.scope}.${s.key}`);
}

describe('the register of settings', () => {
  it('has every field of the shop configuration', () => {
    const missing = Object.keys(shopConfigInput.shape).filter(
      (key) => !SETTINGS.some((s) => s.scope === 'config' && s.key === key),
    );
    expect(missing).toEqual([]);
  });

  it('has every device setting of every device type', () => {
    const missing = Object.entries(DEVICE_SETTINGS).flatMap(([type, schema]) =>
      Object.keys(schema.shape)
        .filter((key) => !SETTINGS.some((s) => s.scope === type && s.key === key))
        .map((key) => `${type}.${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('lists each setting once, with a German label and help text', () => {
    const ids = SETTINGS.map((s) => `${s.scope}.${s.key}`);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const s of SETTINGS) {
      expect(`${s.scope}.${s.key}: ${s.label.length > 1 && s.help.length > 10}`).toBe(
        `${s.scope}.${s.key}: true`,
      );
    }
  });

  it('names only source files that exist', () => {
    const missing = SETTINGS.flatMap((s) => s.readBy.filter((file) => !existsSync(path.join(ROOT, file))));
    expect(missing).toEqual([]);
  });

  it('names no setting that no code reads', () => {
    const unread = unreadSettings(SETTINGS);
    expect(unread.filter((id) => !(id in KNOWN_UNREAD))).toEqual([]);
    // The list of known gaps only shrinks: a setting now read comes off it.
    expect(Object.keys(KNOWN_UNREAD).filter((id) => !unread.includes(id))).toEqual([]);
  });

  it('catches a setting that nothing reads (the check can fail)', () => {
    const dead: SettingEntry = {
      scope: 'kiosk',
      key: 'showBalloons',
      label: 'Luftballons',
      help: 'Zeigt Luftballons auf dem Bildschirmschoner.',
      readBy: ['web/src/kiosk/KioskStore.ts', 'backend/src/devices/device-settings.ts'],
    };
    expect(unreadSettings([...SETTINGS, dead])).toContain('kiosk.showBalloons');
  });

  it('recognises reads and ignores comments and calls', () => {
    expect(reads('const t = settings.idleTimeoutSeconds;', 'idleTimeoutSeconds')).toBe(true);
    expect(reads('const { columns, displaySeconds } = s;', 'columns')).toBe(true);
    expect(reads("cash: ['enableCash', 'isCashEnabled']", 'enableCash')).toBe(true);
    expect(reads('// settings.columns is not read here', 'columns')).toBe(false);
    expect(reads('/** settings.columns */ const x = 1;', 'columns')).toBe(false);
  });
});
