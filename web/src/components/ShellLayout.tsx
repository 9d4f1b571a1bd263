import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { Outlet } from '../router/router';
import { messages } from '../i18n/messages';
import type { UiStore } from '../stores/UiStore';
import { Footer } from './Footer';
import { Header } from './Header';
import { OfflineBanner } from './OfflineBanner';

/** Frame shared by the faces: skip link, header, offline warning, main landmark, footer. */
export const ShellLayout = observer(function ShellLayout({
  ui,
  headerItems,
  toolbar,
  footer,
  children,
  className,
}: {
  ui: UiStore;
  headerItems?: ReactNode;
  /** A bar right under the header (the storefront's open-state toolbar). */
  toolbar?: ReactNode;
  /** Replaces the plain footer (the storefront's has navigations, branches and a map). */
  footer?: ReactNode;
  /** Above the header: notices in the page's flow (the storefront's cookie banner), never over controls. */
  children?: ReactNode;
  className?: string;
}) {
  useEffect(() => ui.bindConnectivity(window), [ui]);

  return (
    <div className={`shell ${className ?? ''}`.trim()}>
      <a className="skip-link" href="#main">
        {messages.skipToContent}
      </a>
      {children}
      <Header ui={ui}>{headerItems}</Header>
      {toolbar}
      <OfflineBanner ui={ui} />
      <main id="main" className="shell__main container" tabIndex={-1}>
        <Outlet />
      </main>
      {footer ?? <Footer ui={ui} />}
    </div>
  );
});
