import { observer } from 'mobx-react-lite';
import { Link } from '../router/router';
import { legalPages } from '../i18n/messages';
import type { UiStore } from '../stores/UiStore';

export const Footer = observer(function Footer({ ui }: { ui: UiStore }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <p className="site-footer__name">{ui.shopName}</p>
        <nav aria-label="Rechtliches">
          <ul className="site-footer__links">
            {legalPages.map((page) => (
              <li key={page.path}>
                <Link to={`/site/${page.path}`}>{page.title}</Link>
              </li>
            ))}
            <li>
              <Link to="/vertrag-widerrufen">Vertrag widerrufen</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__copyright">
          © {ui.copyrightYear} {ui.businessName}. Alle Rechte vorbehalten.
        </p>
      </div>
    </footer>
  );
});
