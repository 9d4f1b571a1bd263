// Lets a worker thread started from the TypeScript sources under Jest (the embedded database's thread,
// src/database/pglite-thread.ts) load `.ts` modules: Jest's SWC transform does not reach other threads.
// Passed as `--import` to the thread; the set-up names it in TS_THREAD_LOADER (global-setup.mjs).
import { register } from 'node:module';

register('./thread-loader-hooks.mjs', import.meta.url);
