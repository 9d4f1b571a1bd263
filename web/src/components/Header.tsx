import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Link } from '../router/router';
import type { UiStore } from '../stores/UiStore';

/** Top bar of every face: the shop name links home; a face may add its own items on the right. */
export const Header = observer(function Header({ ui, children }: { ui: UiStore; children?: ReactNode }) {
  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to="/" className="brand">
          <span className="brand__mark" aria-hidden="true">
            {ui.shopName.charAt(0).toUpperCase()}
          </span>
          <span className="brand__name">{ui.shopName}</span>
          {/* In the link's name after the visible text (WCAG 2.5.3: the name contains what is seen). */}
          <span className="visually-hidden"> – Startseite</span>
        </Link>
        {children}
      </div>
    </header>
  );
});
