// The Node flags the server process is started with (`npm start`, `npm start -w backend`, the benchmarks),
// docs/decisions/memory.md. V8 sizes the young generation by the machine's memory (on a 24 GB machine its
// new space grows to 128 MB, two 64 MB semi-spaces) and the server's requests fill it with short-lived
// garbage that then counts as resident memory: about 100 MB after a minute of mixed load. With 8 MB
// semi-spaces the embedded database stays below 400 MB, at no measurable CPU cost per order; smaller ones
// (2, 4 MB) cost about 10 % more CPU in scavenges for little more memory saved.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];
