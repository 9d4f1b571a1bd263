import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { CONSENT_ACCEPTED_EVENT } from './cookies';
import { InstallPrompt } from './InstallPrompt';
import type { DeferredInstallPrompt, ShellStore } from './ShellStore';
import { UpdateBanner } from './UpdateBanner';

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
      <UpdateBanner shell={shell} />
      {!selfService && <InstallPrompt shell={shell} shopName={shopName} />}
    </>
  );
});
