#!/usr/bin/env node
// `npm start -w backend`: runs the built server (no build) in the current folder with the Node flags and
// the allocator's settings of `npm start` (scripts/server-flags.mjs).
import { runServer } from './server-flags.mjs';

runServer(process.cwd());
