// node --test scripts/find-chromium.test.mjs: how the README's `npm test` finds the browser tests' Chromium
// on a fresh machine (issue 28, item 12). Every probe of the machine is replaced, so the cases run anywhere.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findChromium, MISSING_SENTENCE, prepareBrowserSuite } from './find-chromium.mjs';

/** A machine with the given executables (and apt-get when `apt`), counting installs. */
function machine({ files = [], apt = true, root = true, debian = true, installs = [] } = {}) {
  const present = new Set(files);
  const calls = { install: 0 };
  return {
    calls,
    options: {
      isExecutableFile: (file) => present.has(file),
      which: (command) =>
        command === 'apt-get'
          ? apt
            ? '/usr/bin/apt-get'
            : null
          : present.has(`/opt/bin/${command}`)
            ? `/opt/bin/${command}`
            : null,
      isRoot: root,
      isDebian: debian,
      install: () => {
        calls.install += 1;
        for (const file of installs) present.add(file);
        return installs.length > 0;
      },
      log: () => {},
    },
  };
}

describe('findChromium', () => {
  it('fails with the sentence naming the command when CHROMIUM_PATH points nowhere and no install is allowed', () => {
    const { options, calls } = machine({ installs: ['/usr/bin/chromium'] });
    const result = findChromium({
      ...options,
      env: { CHROMIUM_PATH: '/nirgends/chromium', CHROMIUM_NO_INSTALL: '1' },
    });
    assert.deepEqual(result, { error: MISSING_SENTENCE });
    assert.match(MISSING_SENTENCE, /apt-get install -y chromium/);
    assert.equal(calls.install, 0);
  });

  it('fails without installing when not root or not Debian', () => {
    for (const probe of [{ root: false }, { debian: false }, { apt: false }]) {
      const { options, calls } = machine({ ...probe, installs: ['/usr/bin/chromium'] });
      assert.deepEqual(findChromium({ ...options, env: {} }), { error: MISSING_SENTENCE });
      assert.equal(calls.install, 0);
    }
  });

  it('installs Debian chromium as root and uses it', () => {
    const { options, calls } = machine({ installs: ['/usr/bin/chromium'] });
    assert.deepEqual(findChromium({ ...options, env: {} }), { path: '/usr/bin/chromium', installed: true });
    assert.equal(calls.install, 1);
  });

  it('fails when the install does not bring a chromium', () => {
    const { options } = machine({ installs: [] });
    assert.deepEqual(findChromium({ ...options, env: {} }), { error: MISSING_SENTENCE });
  });

  it('takes CHROMIUM_PATH, then /usr/bin/chromium, then chromium on PATH, without installing', () => {
    const all = machine({ files: ['/x/chrome', '/usr/bin/chromium', '/opt/bin/chromium'] });
    assert.equal(findChromium({ ...all.options, env: { CHROMIUM_PATH: '/x/chrome' } }).path, '/x/chrome');
    assert.equal(
      findChromium({ ...all.options, env: { CHROMIUM_PATH: '/nirgends' } }).path,
      '/usr/bin/chromium',
    );
    const onPath = machine({ files: ['/opt/bin/chromium'] });
    assert.equal(findChromium({ ...onPath.options, env: {} }).path, '/opt/bin/chromium');
    assert.equal(all.calls.install + onPath.calls.install, 0);
  });
});

describe('prepareBrowserSuite', () => {
  it('counts the browser suite as failed, printing the sentence, when no Chromium can be had', () => {
    const lines = [];
    const { options } = machine();
    const env = { CHROMIUM_PATH: '/nirgends/chromium', CHROMIUM_NO_INSTALL: '1' };
    const suite = prepareBrowserSuite('browser (Chromium)', {
      ...options,
      env,
      log: (line) => lines.push(line),
    });
    assert.deepEqual(
      { name: suite.name, passed: suite.passed, failed: suite.failed, skipped: suite.skipped },
      { name: 'browser (Chromium)', passed: 0, failed: 1, skipped: 0 },
    );
    assert.ok(lines.includes(MISSING_SENTENCE));
  });

  it('hands the found Chromium to Playwright through CHROMIUM_PATH', () => {
    const { options } = machine({ files: ['/usr/bin/chromium'] });
    const env = {};
    assert.equal(prepareBrowserSuite('browser (Chromium)', { ...options, env }), null);
    assert.equal(env.CHROMIUM_PATH, '/usr/bin/chromium');
  });
});
