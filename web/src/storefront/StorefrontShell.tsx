import { observer } from 'mobx-react-lite';
import { useStores } from './stores';
import { AppShell } from '../shell/AppShell';
import type { ShellStore } from '../shell/ShellStore';

/** The app shell over the website pages, with the PWA flag and the name from the shop config. */
export const StorefrontShell = observer(function StorefrontShell({ shell }: { shell: ShellStore }) {
  const { data, ui } = useStores();
  const config = data.config;
  return (
    <AppShell
      shell={shell}
      pwaEnabled={config ? config.enablePluginPWA === true : undefined}
      shopName={ui.shopName}
    />
  );
});
