// A second instance of the built product for browser tests that need outside services faked (Mollie,
// Datatrans): on a free port, on an embedded database of its own, the fakes' certificate trusted.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const backendMain = fileURLToPath(new URL('../../backend/dist/main.js', import.meta.url));
// The Mollie client trusts only its own CA list: this preload adds the fake's certificate (test tree).
const trustFakeTls = fileURLToPath(new URL('../../backend/test/support/trust-fake-tls.mjs', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // still starting
    }
    if (Date.now() > until) throw new Error(`the product at ${url} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export interface OwnShop {
  /** Its origin, e.g. `http://127.0.0.1:41234` (also its PUBLIC_URL). */
  base: string;
  /** Stops it; resolves once the process has ended (its data folder is free again). */
  stop(): Promise<void>;
}

/**
 * Starts the built product with `env` added (the fakes' URLs) and waits until it answers; its error output
 * is in the error when it does not start. `name` names its data folder (`env.DATA_DIR` gives one instead).
 */
export async function startOwnShop(name: string, env: Record<string, string>): Promise<OwnShop> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _server, ...inherited } = process.env; // always the embedded database of its own
  const shop = spawn(process.execPath, [backendMain], {
    env: {
      ...inherited,
      PORT: String(port),
      PUBLIC_URL: base, // the browser's origin: the cart in sessionStorage is the same after a redirect
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `ordering-${name}-e2e-data-`)),
      NODE_OPTIONS: `--import=${trustFakeTls}`,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  shop.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await waitForHealth(base, 120_000);
  } catch (err) {
    shop.kill('SIGTERM');
    throw new Error(`${(err as Error).message}\n${stderr}`, { cause: err });
  }
  const exited = new Promise<void>((resolve) => shop.once('exit', () => resolve()));
  return {
    base,
    stop: () => {
      shop.kill('SIGTERM');
      return exited;
    },
  };
}
