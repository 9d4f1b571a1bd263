import { parseConsent } from '@ordering/common';
import { makeAutoObservable } from 'mobx';
import { CONSENT_COOKIE, oneMonthAfter, PWA_DISMISS_COOKIE, type CookieJar } from './cookies';

/** Spec section 9: the install prompt 250 ms after consent is given, 5000 ms after start with consent. */
export const PROMPT_DELAY_AFTER_CONSENT_MS = 250;
export const PROMPT_DELAY_WITH_CONSENT_MS = 5000;

/** Which install instructions fit the device (spec section 2: native, iPhone, iPad, others). */
export type InstallPlatform = 'android' | 'iphone' | 'ipad' | 'other';

/** The browser's `beforeinstallprompt` event (Chromium): kept to show the native prompt later. */
export interface DeferredInstallPrompt {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The registered worker as the shell sees it (src/shell/registerServiceWorker.ts in the browser). */
export interface WorkerRegistration {
  /** Asks the waiting worker to take over; the page reloads once it controls the page. */
  activateUpdate(): void;
  /** Stops the update checks. */
  stop(): void;
}

/** What the shell needs from the browser; tests pass their own. */
export interface ShellEnvironment {
  userAgent: string;
  maxTouchPoints: number;
  /** `navigator.serviceWorker` exists (secure context, supporting browser). */
  hasServiceWorker: boolean;
  /** The app runs from the home screen (display-mode standalone, or iOS's navigator.standalone). */
  isStandalone(): boolean;
  cookies: CookieJar;
  /** Remembers across visits that the app was installed (the `appinstalled` event). */
  installedFlag: { get(): boolean; set(): void };
  /** Registers the worker; `onWaiting` is called whenever a new version waits. */
  registerWorker(onWaiting: () => void): Promise<WorkerRegistration | null>;
  /** Unregisters every worker of this origin (the PWA plugin is off). */
  unregisterWorkers(): Promise<void>;
  now: () => Date;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Detects the instructions to show from the user agent (iPadOS 13+ reports a Mac with touch). */
export function detectPlatform(userAgent: string, maxTouchPoints: number): InstallPlatform {
  if (/iPad/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)) return 'ipad';
  if (/iPhone|iPod/.test(userAgent)) return 'iphone';
  if (/Android/.test(userAgent)) return 'android';
  return 'other';
}

/**
 * The app shell around every storefront page (spec sections 2 and 4): service worker registration or
 * removal by the PWA plugin flag, the "update installed" banner and the install prompt with its
 * instructions and dismissal cookie. The self-service kiosk starts it without the prompt.
 */
export class ShellStore {
  /** The PWA plugin of the shop config; unknown until the config arrived. */
  pwaEnabled: boolean | null = null;
  updateWaiting = false;
  restarting = false;
  /** The prompt's step: hidden, the question, or the instructions of {@link platform}. */
  promptStep: 'hidden' | 'question' | 'instructions' = 'hidden';
  installed = false;
  private deferred: DeferredInstallPrompt | null = null;
  private hasNativePrompt = false;
  private selfService = false;
  private registration: WorkerRegistration | null = null;
  private timer: unknown = null;
  private started = false;

  constructor(private readonly env: ShellEnvironment) {
    this.installed = env.installedFlag.get();
    makeAutoObservable<ShellStore, 'env' | 'deferred' | 'registration' | 'timer'>(
      this,
      { env: false, deferred: false, registration: false, timer: false },
      { autoBind: true },
    );
  }

  get platform(): InstallPlatform {
    return detectPlatform(this.env.userAgent, this.env.maxTouchPoints);
  }

  /** Spec section 4: Android or iOS with a service worker; a browser that offered its native prompt too. */
  get isSupported(): boolean {
    if (!this.env.hasServiceWorker) return false;
    return this.hasNativePrompt || this.platform !== 'other';
  }

  get isDismissed(): boolean {
    return this.env.cookies.get(PWA_DISMISS_COOKIE) === 'true';
  }

  /** Every condition of spec section 4 for showing the prompt by itself. */
  get mayPrompt(): boolean {
    return (
      this.pwaEnabled === true &&
      !this.selfService &&
      this.isSupported &&
      !this.env.isStandalone() &&
      !this.installed &&
      !this.isDismissed
    );
  }

  /** The status page's promotion and the footer link: offered while the app is not installed. */
  get mayPromote(): boolean {
    return this.pwaEnabled === true && !this.selfService && !this.env.isStandalone() && !this.installed;
  }

  get hasConsent(): boolean {
    // Any choice of the current purpose list ("Nur notwendige" too) closed the banner the prompt waits for.
    return parseConsent(this.env.cookies.get(CONSENT_COOKIE)) !== null;
  }

  /**
   * Called once the shop config is known: with the PWA plugin on the worker is registered (and checked
   * for updates), the prompt scheduled 5000 ms later if consent was given earlier; with it off every
   * worker is unregistered and no prompt shows.
   */
  start(pwaEnabled: boolean, { selfService = false } = {}): void {
    this.selfService = selfService;
    if (this.started && this.pwaEnabled === pwaEnabled) return;
    this.started = true;
    this.pwaEnabled = pwaEnabled;
    if (!pwaEnabled) {
      this.promptStep = 'hidden';
      this.cancelTimer();
      this.registration?.stop();
      this.registration = null;
      // Registration errors are swallowed silently (spec section 8); so is a failed removal.
      void this.env.unregisterWorkers().catch(() => undefined);
      return;
    }
    void this.env
      .registerWorker(this.showUpdate)
      .then((registration) => this.setRegistration(registration))
      .catch(() => undefined);
    if (this.hasConsent) this.schedulePrompt(PROMPT_DELAY_WITH_CONSENT_MS);
  }

  /** The kiosk and the storefront share the app: the kiosk's layout switches the prompt off while shown. */
  setSelfService(selfService: boolean): void {
    this.selfService = selfService;
    if (selfService) {
      this.cancelTimer();
      this.promptStep = 'hidden';
    }
  }

  /** The cookie banner's acceptance: the prompt follows 250 ms later. */
  consentAccepted(): void {
    this.schedulePrompt(PROMPT_DELAY_AFTER_CONSENT_MS);
  }

  /** The browser's `beforeinstallprompt`: its own prompt is kept for the install button. */
  captureNativePrompt(event: DeferredInstallPrompt): void {
    this.deferred = event;
    this.hasNativePrompt = true;
  }

  /** The browser's `appinstalled`. */
  markInstalled(): void {
    this.installed = true;
    this.promptStep = 'hidden';
    this.env.installedFlag.set();
  }

  /** The footer link "App installieren" and the status page: the prompt on request, even after "skip". */
  openPrompt(): void {
    if (this.pwaEnabled === false) return;
    this.promptStep = 'question';
  }

  /** "Installieren": the browser's own prompt where there is one, else the instructions for this device. */
  async install(): Promise<void> {
    const deferred = this.deferred;
    if (!deferred) {
      this.promptStep = 'instructions';
      return;
    }
    this.deferred = null;
    this.promptStep = 'hidden';
    try {
      await deferred.prompt();
      const choice = await deferred.userChoice;
      if (choice.outcome === 'accepted') this.markInstalled();
    } catch {
      this.promptStep = 'instructions';
    }
  }

  /** "Nicht jetzt": hidden, and not offered by itself for one month (cookie `pwa-dismiss`). */
  skip(): void {
    this.promptStep = 'hidden';
    this.env.cookies.set(PWA_DISMISS_COOKIE, 'true', oneMonthAfter(this.env.now()));
  }

  /** "Zurück" in the instructions: the question again (spec section 4, "Cancel … shows the prompt again"). */
  cancelInstructions(): void {
    this.promptStep = 'question';
  }

  /** Closing the instructions once followed. */
  closePrompt(): void {
    this.promptStep = 'hidden';
  }

  showUpdate(): void {
    this.updateWaiting = true;
  }

  /** The banner's restart button: the waiting worker takes over and the page reloads. */
  restart(): void {
    if (!this.registration || this.restarting) return;
    this.restarting = true;
    this.registration.activateUpdate();
  }

  stop(): void {
    this.cancelTimer();
    this.registration?.stop();
    this.registration = null;
    this.started = false;
  }

  private setRegistration(registration: WorkerRegistration | null): void {
    this.registration = registration;
  }

  private schedulePrompt(ms: number): void {
    this.cancelTimer();
    this.timer = this.env.setTimeout(this.showPromptIfAllowed, ms);
  }

  private showPromptIfAllowed(): void {
    this.timer = null;
    if (this.mayPrompt && this.promptStep === 'hidden') this.promptStep = 'question';
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.env.clearTimeout(this.timer);
    this.timer = null;
  }
}
