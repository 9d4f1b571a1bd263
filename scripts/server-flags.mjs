// How the server process is started (`npm start`, `npm start -w backend`, the benchmarks):
// docs/decisions/memory.md. Garbage that V8 has not collected yet and memory that the C allocator keeps
// for reuse both count as resident, and both are sized by the machine, not by what the shop needs.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Node flags:
// - the young generation grew to 128 MB (two 64 MB semi-spaces on a 24 GB machine), filled with the
//   requests' short-lived garbage; with 8 MB semi-spaces a busy minute leaves about 100 MB less resident,
//   at no measurable CPU cost per order (2 and 4 MB cost about 10 % more CPU in scavenges);
// - the old generation may grow to several times what survived the last full collection before the next
//   one; growing by half at most keeps it near what is alive, again at no measurable CPU cost per order
//   (15.2 against 15.9 ms, three interleaved runs of 300 orders).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=50'];

// glibc's allocator (read once when the process starts, so it must be in the environment, not set later;
// other C libraries ignore both):
// - MALLOC_ARENA_MAX: by default every thread that allocates (V8's compiler and GC helpers, libuv's pool
//   compressing answers, libvips) gets its own arena, up to 8 per core, and each keeps what it once held:
//   after load on the PostgreSQL server 50–55 MB in ten arenas beside the main one's 21 MB; with 2 arenas,
//   17–19 MB beside 24–26 MB;
// - MALLOC_MMAP_THRESHOLD_: blocks from 128 kB up (brotli's and gzip's working memory, large buffers) are
//   mapped apart and given back when freed. glibc starts at 128 kB too but raises the threshold to up to
//   32 MB with every such block freed, after which they stay in the arenas; a fixed value keeps it.
// Together the allocator held 30 MB instead of 70–76 MB after load, at no measurable CPU cost per order.
export const SERVER_MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/** The server's environment: `env` with {@link SERVER_MALLOC_ENV} where `env` does not set them itself. */
export const serverEnv = (env = process.env) => ({ ...SERVER_MALLOC_ENV, ...env });

/** The built server's entry point. */
export const serverMain = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../backend/dist/main.js',
);

/**
 * Runs the built server in a child process with the flags and environment above, in `cwd` (where a
 * relative DATA_DIR lies), in this process's place: signals go to the server, which shuts down gracefully,
 * and this process leaves with its exit code.
 */
export function runServer(cwd) {
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverMain], {
    cwd,
    env: serverEnv(),
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
