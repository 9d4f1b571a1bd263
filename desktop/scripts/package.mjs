// `npm run package`: builds the desktop shell and packs it with electron-builder (Linux AppImage and deb,
// Windows NSIS; see electron-builder.yml at the repository's root). electron-builder needs an Electron
// binary for each target: from ELECTRON_OVERRIDE_DIST_PATH (a folder with the unpacked electron) or
// downloaded from ELECTRON_MIRROR / GitHub. Where neither is possible it says so in one sentence and
// exits with 2 instead of failing somewhere deep inside the build.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const electronVersion = JSON.parse(
  readFileSync(new URL('../../node_modules/electron/package.json', import.meta.url), 'utf8'),
).version;
const targets = process.argv.slice(2).length ? process.argv.slice(2) : ['--linux', '--win'];

function fail(code, sentence) {
  console.error(sentence);
  process.exit(code);
}

const run = (cmd, args) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' }).status ?? 1;

// The shell imports @ordering/common (receipt shapes, money, units): its dist/ is packed with it.
if (run('npm', ['run', 'build', '-w', 'common', '--silent']) !== 0)
  fail(1, 'Der Build von common ist fehlgeschlagen (npm run build -w common) / the common build failed.');
if (run('npm', ['run', 'build', '-w', 'desktop', '--silent']) !== 0)
  fail(1, 'Der Desktop-Build ist fehlgeschlagen (npm run build -w desktop) / the desktop build failed.');

const extra = [];
const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH;
if (dist) {
  if (!existsSync(dist)) fail(2, `ELECTRON_OVERRIDE_DIST_PATH=${dist} gibt es nicht / does not exist.`);
  extra.push(`-c.electronDist=${dist}`);
} else {
  const mirror = (
    process.env.ELECTRON_MIRROR ?? 'https://github.com/electron/electron/releases/download/'
  ).replace(/\/?$/, '/');
  const probe = `${mirror}v${electronVersion}/SHASUMS256.txt`;
  const reachable = await fetch(probe, {
    method: 'HEAD',
    redirect: 'follow',
    signal: AbortSignal.timeout(10_000),
  })
    .then((res) => res.ok)
    .catch(() => false);
  if (!reachable)
    fail(
      2,
      `Paketieren nicht möglich: Electron ${electronVersion} ist hier nicht herunterladbar (${probe}); setzen Sie ELECTRON_OVERRIDE_DIST_PATH oder ELECTRON_MIRROR / ` +
        `cannot package: Electron ${electronVersion} cannot be downloaded here; set ELECTRON_OVERRIDE_DIST_PATH or ELECTRON_MIRROR.`,
    );
}
// The auto-update feed is configuration: written into the package (app-update.yml) only when given.
if (process.env.ORDERING_UPDATE_URL)
  extra.push('-c.publish.provider=generic', `-c.publish.url=${process.env.ORDERING_UPDATE_URL}`);

const status = run('npx', [
  'electron-builder',
  '--config',
  'electron-builder.yml',
  ...targets,
  '--publish',
  'never',
  ...extra,
]);
if (status !== 0)
  fail(status, 'electron-builder ist fehlgeschlagen (siehe oben) / electron-builder failed (see above).');
console.log('Pakete in release/ / packages in release/.');
