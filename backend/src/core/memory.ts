import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * One full garbage collection once the server is up (docs/decisions/memory.md). Start-up
 * leaves about 100 MB of garbage on the heap (module loading, the OpenAPI document, migrations, the demo
 * seed) that V8 would only collect under pressure: an idle shop held 330 MB instead of 220 MB. Node offers
 * `gc()` only with `--expose-gc`; the flag is set for this one call. Returns whether it ran.
 */
export function collectStartupGarbage(): boolean {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as unknown;
    if (typeof gc !== 'function') return false;
    (gc as () => void)();
    return true;
  } catch {
    return false;
  }
}
