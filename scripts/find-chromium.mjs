// Finds the Chromium the browser tests drive (playwright-core never downloads browsers): CHROMIUM_PATH,
// then /usr/bin/chromium, then `chromium` on PATH; on Debian as root it installs Debian's package the way
// .ci/run does (unless CHROMIUM_NO_INSTALL is set). Otherwise one sentence names the command to run.
//
//   node scripts/find-chromium.mjs     prints the path, or the sentence on stderr and exits 1
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The sentence when no Chromium can be found or installed (German and English, as the CLI speaks). */
export const MISSING_SENTENCE =
  'Chromium fehlt für die Browser-Tests: bitte `sudo apt-get install -y chromium` ausführen (oder CHROMIUM_PATH auf ein Chromium setzen) / Chromium is missing for the browser tests: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH to a Chromium).';

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** `command` on PATH, or null. */
function onPath(command, envPath = process.env.PATH ?? '') {
  for (const dir of envPath.split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, command))) return path.join(dir, command);
  }
  return null;
}

function aptInstall() {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  return spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env }).status === 0;
}

/**
 * Where the browser tests' Chromium is, installing it on Debian as root when nothing is found.
 * Every probe can be replaced (tests).
 * @returns `{ path, installed }` or `{ error }` with the sentence to print.
 */
export function findChromium({
  env = process.env,
  isExecutableFile = isExecutable,
  which = (command) => onPath(command, env.PATH),
  isRoot = process.getuid?.() === 0,
  isDebian = existsSync('/etc/debian_version'),
  install = aptInstall,
  log = (line) => console.log(line),
} = {}) {
  const look = () => {
    if (env.CHROMIUM_PATH && isExecutableFile(env.CHROMIUM_PATH)) return env.CHROMIUM_PATH;
    if (isExecutableFile('/usr/bin/chromium')) return '/usr/bin/chromium';
    return which('chromium');
  };
  if (env.CHROMIUM_PATH && !isExecutableFile(env.CHROMIUM_PATH))
    log(`CHROMIUM_PATH=${env.CHROMIUM_PATH} ist keine ausführbare Datei; suche weiter.`);
  const found = look();
  if (found) return { path: found, installed: false };
  const mayInstall = !env.CHROMIUM_NO_INSTALL && isRoot && isDebian && which('apt-get');
  if (mayInstall) {
    log('Chromium fehlt: installiere Debians chromium (apt-get install -y chromium)');
    if (install()) {
      const after = look();
      if (after) return { path: after, installed: true };
    }
  }
  return { error: MISSING_SENTENCE };
}

/**
 * The browser suite's precondition for scripts/test-all.mjs: sets CHROMIUM_PATH for Playwright and
 * returns null, or returns the suite as failed (counted, not skipped) with the sentence to repeat last.
 */
export function prepareBrowserSuite(name, options = {}) {
  const env = options.env ?? process.env;
  const log = options.log ?? console.log;
  log(`\n━━━ Playwright: ${name} ━━━`);
  const result = findChromium({ ...options, env, log });
  if (result.path) {
    env.CHROMIUM_PATH = result.path;
    return null;
  }
  log(result.error);
  return { name, passed: 0, failed: 1, skipped: 0, note: 'Chromium fehlt', sentence: result.error };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = findChromium({ log: (line) => console.error(line) });
  if (result.path) console.log(result.path);
  else {
    console.error(result.error);
    process.exitCode = 1;
  }
}
