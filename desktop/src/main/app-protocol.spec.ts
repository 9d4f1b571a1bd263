import path from 'node:path';
import { contentTypeOf, resolveAppRequest } from './app-protocol.js';

const dirs = { rendererDir: '/app/dist/renderer' };

describe(resolveAppRequest.name, () => {
  it('serves the shell’s pages', () => {
    expect(resolveAppRequest('app://shell/status.html', dirs)).toBe(
      path.join(dirs.rendererDir, 'status.html'),
    );
    // Dot segments are resolved by the URL parser before the name is looked at: never outside the folder.
    expect(resolveAppRequest('app://shell/%2e%2e/secret', dirs)).toBe(path.join(dirs.rendererDir, 'secret'));
    expect(contentTypeOf('x.mp4')).toBe('video/mp4');
    expect(contentTypeOf('x.html')).toBe('text/html; charset=utf-8');
  });

  it.each([
    'app://shell/../main/main.js',
    'app://shell/cache/ab12.mp4',
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
