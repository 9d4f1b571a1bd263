import path from 'node:path';
import { contentTypeOf, resolveAppRequest } from './app-protocol.js';

const dirs = { rendererDir: '/app/dist/renderer', cacheDir: '/data/signage' };

describe(resolveAppRequest.name, () => {
  it('serves the shell’s pages and the signage cache', () => {
    expect(resolveAppRequest('app://shell/status.html', dirs)).toBe(
      path.join(dirs.rendererDir, 'status.html'),
    );
    expect(resolveAppRequest('app://shell/cache/ab12.mp4', dirs)).toBe(path.join(dirs.cacheDir, 'ab12.mp4'));
    // Dot segments are resolved by the URL parser before the name is looked at: never outside the folder.
    expect(resolveAppRequest('app://shell/%2e%2e/secret', dirs)).toBe(path.join(dirs.rendererDir, 'secret'));
    expect(contentTypeOf('x.mp4')).toBe('video/mp4');
    expect(contentTypeOf('x.html')).toBe('text/html; charset=utf-8');
  });

  it.each([
    'app://shell/../main/main.js',
    'app://shell/cache/a%2F..%2Fb',
    'app://shell/cache/../../etc/passwd',
    'app://shell/a/b/c',
    'app://other/status.html',
    'file:///etc/passwd',
    'app://shell/.hidden',
    'kaputt',
  ])('refuses %s', (url) => {
    expect(resolveAppRequest(url, dirs)).toBeNull();
  });
});
