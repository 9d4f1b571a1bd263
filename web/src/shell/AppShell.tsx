import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { lazyOptional } from '../router/lazyOptional';
import { CONSENT_ACCEPTED_EVENT } from './cookies';
import type { DeferredInstallPrompt, ShellStore } from './ShellStore';

// Both are shown only now and then (a waiting update, the install question), so their code and texts are
// small chunks of their own, loaded when they are to be shown (the worker precaches them). The page can do
// without them: a chunk that cannot be fetched (offline before the worker controls the page) leaves the
// part out instead of taking the page to the error page.
const UpdateBanner = lazyOptional(() => import('./UpdateBanner').then((m) => m.UpdateBanner));
const InstallPrompt = lazyOptional(() => import('./InstallPrompt').then((m) => m.InstallPrompt));

/**
 * The shell's parts that float over every storefront page: the update banner and (outside the
 * self-service kiosk) the install prompt. Starts the worker once the shop config is known.
 */
export const AppShell = observer(function AppShell({
  shell,
  pwaEnabled,
  shopName,
  selfService = false,
}: {
  shell: ShellStore;
  /** The config's PWA plugin flag; undefined while /api/init is loading. */
  pwaEnabled: boolean | undefined;
  shopName: string;
  selfService?: boolean;
}) {
  useEffect(() => shell.setSelfService(selfService), [shell, selfService]);

  useEffect(() => {
    if (pwaEnabled === undefined) return;
    shell.start(pwaEnabled, { selfService });
  }, [shell, pwaEnabled, selfService]);

  useEffect(() => {
    const onBeforeInstall = (event: Event) => {
      // The browser's mini bar stays away; our prompt offers the install at the spec's moments.
      event.preventDefault();
      shell.captureNativePrompt(event as unknown as DeferredInstallPrompt);
    };
    const onInstalled = () => shell.markInstalled();
    const onConsent = () => shell.consentAccepted();
    window.addEventListener('beforeinstallprompt', onBeforeInstall);
    window.addEventListener('appinstalled', onInstalled);
    window.addEventListener(CONSENT_ACCEPTED_EVENT, onConsent);
    return () => {
      window.removeEventListener('beforeinstallprompt', onBeforeInstall);
      window.removeEventListener('appinstalled', onInstalled);
      window.removeEventListener(CONSENT_ACCEPTED_EVENT, onConsent);
    };
  }, [shell]);

  return (
    <>
      {shell.updateWaiting && <UpdateBanner shell={shell} />}
      {!selfService && shell.promptStep !== 'hidden' && <InstallPrompt shell={shell} shopName={shopName} />}
    </>
  );
});
