import { decideNavigation, setupNavigationGuard, type GuardedContents } from './navigation.js';

const origin = 'http://localhost:3000';

class FakeContents implements GuardedContents {
  listeners: Record<string, (event: { preventDefault(): void }, url: string) => void> = {};
  openHandler?: (details: { url: string }) => { action: 'deny' };

  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: { preventDefault(): void }, url: string) => void,
  ) {
    this.listeners[event] = listener;
    return this;
  }

  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }) {
    this.openHandler = handler;
  }

  /** Fires an event and tells whether the page was stopped. */
  fire(event: 'will-navigate' | 'will-redirect', url: string): boolean {
    let prevented = false;
    this.listeners[event]({ preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

describe(decideNavigation.name, () => {
  it.each([
    ['http://localhost:3000/store/wien', false, 'allow'],
    ['http://localhost:3000/', true, 'allow'],
    ['https://www.google.com/maps/dir/?api=1', false, 'open-external'],
    ['https://www.google.com/maps/dir/?api=1', true, 'deny'],
    ['http://localhost:3001/', false, 'open-external'],
    ['https://localhost:3000/', false, 'open-external'],
    ['mailto:info@example.at', false, 'open-external'],
    ['tel:+4312345', false, 'open-external'],
    ['tel:+4312345', true, 'deny'],
    ['file:///etc/passwd', false, 'deny'],
    ['javascript:alert(1)', false, 'deny'],
    ['data:text/html,hallo', false, 'deny'],
    ['nicht eine url', false, 'deny'],
  ] as const)('%s (kiosk %s) → %s', (url, kiosk, expected) => {
    expect(decideNavigation(url, origin, kiosk)).toBe(expected);
  });
});

describe(setupNavigationGuard.name, () => {
  function setup(kiosk = false) {
    const contents = new FakeContents();
    const opened: string[] = [];
    setupNavigationGuard(contents, { origin, kiosk, openExternal: (url) => opened.push(url) });
    return { contents, opened };
  }

  it('lets the shell’s own pages through, nothing else of the app: scheme or file:', () => {
    expect(decideNavigation('app://shell/status.html', 'http://localhost:3000', true)).toBe('allow');
    expect(decideNavigation('app://other/x', 'http://localhost:3000', true)).toBe('deny');
    expect(decideNavigation('file:///etc/passwd', 'http://localhost:3000', false)).toBe('deny');
  });

  it('lets same-origin navigation through', () => {
    const { contents, opened } = setup();
    expect(contents.fire('will-navigate', 'http://localhost:3000/backend/login')).toBe(false);
    expect(opened).toEqual([]);
  });

  it('stops navigation to another origin and opens it in the system browser', () => {
    const { contents, opened } = setup();
    expect(contents.fire('will-navigate', 'https://www.mollie.com/checkout')).toBe(true);
    expect(opened).toEqual(['https://www.mollie.com/checkout']);
  });

  it('stops server redirects to another origin', () => {
    const { contents } = setup();
    expect(contents.fire('will-redirect', 'https://evil.example/')).toBe(true);
  });

  it('never opens anything outside in kiosk mode', () => {
    const { contents, opened } = setup(true);
    expect(contents.fire('will-navigate', 'https://example.com/')).toBe(true);
    expect(contents.openHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(opened).toEqual([]);
  });

  it('denies every new window, sending external links to the system browser', () => {
    const { contents, opened } = setup();
    expect(contents.openHandler!({ url: 'https://maps.example/route' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'http://localhost:3000/site/imprint' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://maps.example/route']);
  });
});
