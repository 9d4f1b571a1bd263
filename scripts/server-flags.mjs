// The Node flags the server process is started with (`npm start`, `npm start -w backend`, the benchmarks),
// docs/decisions/memory.md. Garbage that V8 has not collected yet counts as resident memory, and V8 sizes
// its heaps by the machine's memory, not by what the shop needs:
// - the young generation grew to 128 MB (two 64 MB semi-spaces on a 24 GB machine), filled with the
//   requests' short-lived garbage; with 8 MB semi-spaces a busy minute leaves about 100 MB less resident,
//   at no measurable CPU cost per order (2 and 4 MB cost about 10 % more CPU in scavenges);
// - the old generation may grow to several times what survived the last full collection before the next
//   one; growing by half at most keeps the server below 250 MB after a minute of load on PostgreSQL, again
//   at no measurable CPU cost per order (15.2 against 15.9 ms, three interleaved runs of 300 orders).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=50'];
