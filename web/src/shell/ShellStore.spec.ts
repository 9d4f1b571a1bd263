import { CONSENT_VERSION } from '@ordering/common';
import { cookieLine, oneMonthAfter, readCookie } from './cookies';
import {
  detectPlatform,
  PROMPT_DELAY_AFTER_CONSENT_MS,
  PROMPT_DELAY_WITH_CONSENT_MS,
  ShellStore,
  type DeferredInstallPrompt,
} from './ShellStore';
import { fakeShellEnvironment } from './testing';

/** A current choice of "Nur notwendige": the banner is closed, the prompt may follow. */
const NECESSARY_ONLY = `${CONSENT_VERSION}||2026-11-01T10:00:00.000Z`;

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function nativePrompt(outcome: 'accepted' | 'dismissed') {
  const calls = { prompt: 0 };
  const event: DeferredInstallPrompt = {
    prompt: () => {
      calls.prompt += 1;
      return Promise.resolve();
    },
    userChoice: Promise.resolve({ outcome }),
  };
  return { event, calls };
}

describe(ShellStore.name, () => {
  describe('start', () => {
    it('registers the worker with the PWA plugin on and shows the banner when an update waits', async () => {
      const browser = fakeShellEnvironment();
      const shell = new ShellStore(browser.env);
      shell.start(true);
      await flush();
      expect(browser.worker.registered).toBe(1);
      expect(shell.updateWaiting).toBe(false);

      browser.worker.onWaiting!();
      expect(shell.updateWaiting).toBe(true);
      shell.restart();
      shell.restart();
      expect(browser.worker.activated).toBe(1);
      expect(shell.restarting).toBe(true);
    });

    it('unregisters every worker and never prompts with the PWA plugin off', async () => {
      const browser = fakeShellEnvironment();
      browser.cookies.set('cookie-banner-acceptance-state', {
        value: NECESSARY_ONLY,
        expires: new Date('2027-01-01T00:00:00Z'),
      });
      const shell = new ShellStore(browser.env);
      shell.start(false);
      await flush();
      expect(browser.worker.unregistered).toBe(1);
      expect(browser.worker.registered).toBe(0);
      expect(browser.timers).toHaveLength(0);
      shell.consentAccepted();
      browser.fire(PROMPT_DELAY_AFTER_CONSENT_MS);
      expect(shell.promptStep).toBe('hidden');
    });
  });

  describe('install prompt', () => {
    it('waits for the banner when the stored choice is of an old purpose list (the banner asks again)', () => {
      const browser = fakeShellEnvironment();
      browser.cookies.set('cookie-banner-acceptance-state', {
        value: 'true',
        expires: new Date('2027-01-01T00:00:00Z'),
      });
      const shell = new ShellStore(browser.env);
      shell.start(true);
      expect(browser.timers.map((timer) => timer.ms)).not.toContain(PROMPT_DELAY_WITH_CONSENT_MS);
    });

    it('shows 5000 ms after start when consent was given before', () => {
      const browser = fakeShellEnvironment();
      browser.cookies.set('cookie-banner-acceptance-state', {
        value: NECESSARY_ONLY,
        expires: new Date('2027-01-01T00:00:00Z'),
      });
      const shell = new ShellStore(browser.env);
      shell.start(true);
      expect(browser.timers.map((timer) => timer.ms)).toEqual([PROMPT_DELAY_WITH_CONSENT_MS]);
      expect(shell.promptStep).toBe('hidden');
      browser.fire(PROMPT_DELAY_WITH_CONSENT_MS);
      expect(shell.promptStep).toBe('question');
    });

    it('waits for consent, then shows 250 ms after it', () => {
      const browser = fakeShellEnvironment();
      const shell = new ShellStore(browser.env);
      shell.start(true);
      expect(browser.timers).toHaveLength(0);
      shell.consentAccepted();
      expect(browser.timers.map((timer) => timer.ms)).toEqual([PROMPT_DELAY_AFTER_CONSENT_MS]);
      browser.fire(PROMPT_DELAY_AFTER_CONSENT_MS);
      expect(shell.promptStep).toBe('question');
    });

    it.each([
      ['standalone', { isStandalone: () => true }],
      ['without service worker', { hasServiceWorker: false }],
      [
        'on a desktop browser without native prompt',
        { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0', maxTouchPoints: 0 },
      ],
    ])('stays hidden %s', (_name, overrides) => {
      const browser = fakeShellEnvironment(overrides);
      const shell = new ShellStore(browser.env);
      shell.start(true);
      shell.consentAccepted();
      browser.fire(PROMPT_DELAY_AFTER_CONSENT_MS);
      expect(shell.promptStep).toBe('hidden');
    });

    it('stays hidden in the self-service kiosk', () => {
      const browser = fakeShellEnvironment();
      const shell = new ShellStore(browser.env);
      shell.start(true, { selfService: true });
      shell.consentAccepted();
      browser.fire(PROMPT_DELAY_AFTER_CONSENT_MS);
      expect(shell.promptStep).toBe('hidden');
      expect(shell.mayPromote).toBe(false);
    });

    it('"Nicht jetzt" sets pwa-dismiss for one month; then no prompt by itself until it expires', () => {
      const browser = fakeShellEnvironment();
      const shell = new ShellStore(browser.env);
      shell.start(true);
      shell.consentAccepted();
      browser.fire(PROMPT_DELAY_AFTER_CONSENT_MS);
      shell.skip();
      expect(shell.promptStep).toBe('hidden');
      expect(browser.cookies.get('pwa-dismiss')).toEqual({
        value: 'true',
        expires: new Date('2026-04-02T11:00:00Z'),
      });

      shell.consentAccepted();
      browser.fire(PROMPT_DELAY_AFTER_CONSENT_MS);
      expect(shell.promptStep).toBe('hidden');

      browser.setNow('2026-04-02T11:00:01Z');
      shell.consentAccepted();
      browser.fire(PROMPT_DELAY_AFTER_CONSENT_MS);
      expect(shell.promptStep).toBe('question');
    });

    it('uses the native prompt where the browser offered one; accepted means installed', async () => {
      const browser = fakeShellEnvironment({
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0',
        maxTouchPoints: 0,
      });
      const shell = new ShellStore(browser.env);
      shell.start(true);
      const { event, calls } = nativePrompt('accepted');
      shell.captureNativePrompt(event);
      shell.consentAccepted();
      browser.fire(PROMPT_DELAY_AFTER_CONSENT_MS);
      expect(shell.promptStep).toBe('question');

      await shell.install();
      expect(calls.prompt).toBe(1);
      expect(shell.installed).toBe(true);
      expect(shell.promptStep).toBe('hidden');
      expect(browser.env.installedFlag.get()).toBe(true);
      expect(shell.mayPromote).toBe(false);
    });

    it('shows the instructions of the device without a native prompt; back returns to the question', async () => {
      const browser = fakeShellEnvironment({
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1',
      });
      const shell = new ShellStore(browser.env);
      shell.start(true);
      shell.openPrompt();
      await shell.install();
      expect(shell.promptStep).toBe('instructions');
      expect(shell.platform).toBe('iphone');
      shell.cancelInstructions();
      expect(shell.promptStep).toBe('question');
    });
  });
});

describe(detectPlatform.name, () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 7) Chrome/126.0 Mobile', 5, 'android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)', 5, 'iphone'],
    ['Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X)', 5, 'ipad'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5, 'ipad'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0, 'other'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/130.0', 0, 'other'],
  ])('%s with %i touch points is %s', (userAgent, touch, platform) => {
    expect(detectPlatform(userAgent, touch)).toBe(platform);
  });
});

describe('cookies', () => {
  it('adds one calendar month, clamped to the last day of a shorter month', () => {
    expect(oneMonthAfter(new Date(2026, 0, 31, 12)).getDate()).toBe(28);
    expect(oneMonthAfter(new Date(2026, 0, 31, 12)).getMonth()).toBe(1);
    expect(oneMonthAfter(new Date(2026, 2, 15, 12)).getMonth()).toBe(3);
    expect(oneMonthAfter(new Date(2026, 11, 15, 12)).getFullYear()).toBe(2027);
  });

  it('reads and writes first-party cookie lines', () => {
    expect(readCookie('a=1; pwa-dismiss=true; b=x%20y', 'pwa-dismiss')).toBe('true');
    expect(readCookie('a=1; b=x%20y', 'b')).toBe('x y');
    expect(readCookie('a=1', 'pwa-dismiss')).toBeUndefined();
    expect(cookieLine('pwa-dismiss', 'true', new Date('2026-04-02T11:00:00Z'), true)).toBe(
      'pwa-dismiss=true; Expires=Thu, 02 Apr 2026 11:00:00 GMT; Path=/; SameSite=Lax; Secure',
    );
  });
});
