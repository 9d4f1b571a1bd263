import { readFileSync } from 'node:fs';

// A sandboxed preload can `require` only Electron's modules: a runtime import of our own files would
// compile fine and fail only inside Electron. Guard it here, where no Electron binary is needed.
describe('preload.cts', () => {
  const source = readFileSync(new URL('./preload.cts', import.meta.url), 'utf8');
  const imports = [...source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms)].map((m) => ({
    typeOnly: Boolean(m[1]),
    from: m[2],
  }));

  it('imports at run time only from electron', () => {
    expect(imports.length).toBeGreaterThan(0);
    const runtime = imports.filter((i) => !i.typeOnly).map((i) => i.from);
    expect(runtime).toEqual(['electron']);
  });

  it('exposes its API under window.ordering', () => {
    expect(source).toContain("contextBridge.exposeInMainWorld('ordering', api)");
    expect(source).toMatch(/satisfies DesktopApiShape/);
  });
});
