import { isPermissionAllowed, isTrustedSender, OwnWindows } from './security.js';

const origin = 'http://localhost:3000';

describe(isTrustedSender.name, () => {
  const own = new OwnWindows();
  own.add(7);

  it('trusts our own window showing our origin', () => {
    expect(
      isTrustedSender(
        { sender: { id: 7 }, senderFrame: { url: 'http://localhost:3000/store/wien' } },
        own,
        origin,
      ),
    ).toBe(true);
  });

  it('trusts the shell’s own pages (app://shell), not another app: host', () => {
    expect(
      isTrustedSender({ sender: { id: 7 }, senderFrame: { url: 'app://shell/status.html' } }, own, origin),
    ).toBe(true);
    expect(
      isTrustedSender({ sender: { id: 7 }, senderFrame: { url: 'app://evil/status.html' } }, own, origin),
    ).toBe(false);
  });

  it('ignores a window that is not ours', () => {
    expect(
      isTrustedSender({ sender: { id: 8 }, senderFrame: { url: 'http://localhost:3000/' } }, own, origin),
    ).toBe(false);
  });

  it('ignores our window when the sending frame shows another origin', () => {
    expect(
      isTrustedSender({ sender: { id: 7 }, senderFrame: { url: 'https://ads.example/frame' } }, own, origin),
    ).toBe(false);
  });

  it('ignores a sender without a frame or with a broken frame URL', () => {
    expect(isTrustedSender({ sender: { id: 7 }, senderFrame: null }, own, origin)).toBe(false);
    expect(isTrustedSender({ sender: { id: 7 }, senderFrame: { url: '' } }, own, origin)).toBe(false);
  });

  it('stops trusting a window once it is closed', () => {
    const windows = new OwnWindows();
    windows.add(3);
    windows.delete(3);
    expect(
      isTrustedSender({ sender: { id: 3 }, senderFrame: { url: 'http://localhost:3000/' } }, windows, origin),
    ).toBe(false);
  });
});

describe(isPermissionAllowed.name, () => {
  it.each([
    ['notifications', 'http://localhost:3000/backend', true],
    ['fullscreen', 'http://localhost:3000/', true],
    ['notifications', 'https://other.example/', false],
    ['media', 'http://localhost:3000/', false],
    ['geolocation', 'http://localhost:3000/', false],
    ['notifications', 'kaputt', false],
  ])('%s for %s → %s', (permission, url, expected) => {
    expect(isPermissionAllowed(permission, url, origin)).toBe(expected);
  });
});
