/**
 * Entry of the database thread (pglite-thread.ts): opens the embedded database exactly as the main thread
 * would ({@link openPGlite}) and answers the calls it receives, one after the other.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { openPGlite } from './pglite-driver.js';
import { toWireError, type WireCall, type WireReply, type WireStart } from './pglite-wire.js';

const port = parentPort!;
const start = workerData as WireStart;

async function answer(db: PGlite, call: WireCall): Promise<{ result: unknown; transfer?: ArrayBuffer[] }> {
  switch (call.op) {
    case 'query':
      return { result: await db.query(call.sql, call.params) };
    case 'exec':
      return { result: await db.exec(call.sql) };
    case 'dumpDataDir': {
      const data = await (await db.dumpDataDir('none')).arrayBuffer();
      return { result: data, transfer: [data] };
    }
    case 'close':
      if (!db.closed) await db.close();
      return { result: null };
  }
}

let db: PGlite;
try {
  db = await openPGlite(
    start.dataDir,
    start.initialData ? new Blob([start.initialData]) : undefined,
    start.durable,
  );
} catch (error) {
  port.postMessage({ id: 0, error: toWireError(error) } satisfies WireReply);
  port.close();
  process.exit(0);
}
port.postMessage({ id: 0, result: null } satisfies WireReply);

port.on('message', (call: WireCall) => {
  answer(db, call).then(
    ({ result, transfer }) => port.postMessage({ id: call.id, result } satisfies WireReply, transfer),
    (error: unknown) => port.postMessage({ id: call.id, error: toWireError(error) } satisfies WireReply),
  );
});
