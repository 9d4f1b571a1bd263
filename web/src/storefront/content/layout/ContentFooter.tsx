import { t, type NavigationItem } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { Link } from '../../../router/router';
import { lazyOptional } from '../../../router/lazyOptional';
import { useShell } from '../../../shell/ShellContext';
import { useStores } from '../../stores';
import { PhoneLink, usePhoneLinks } from '../../components/PhoneLink';
import { allLegalEntries, legalHref, WITHDRAWAL_FORM_PATH } from '../legal';
import { navigationItems, subItems } from './navigation';
import { NavItemLink } from './NavItemLink';

// The map (maps plugin) is a chunk of its own: the footer is below the first screen. A chunk that cannot
// be fetched leaves the map out, never the page (the addresses are listed above it).
const BranchMap = lazyOptional(() => import('../maps/BranchMap').then((m) => m.BranchMap));

/**
 * The storefront footer (spec section 2): shop name, "Online Bestellen" with exactly one branch, legal
 * links, "App installieren" (PWA plugin), the two footer navigations, each branch's address, phone, e-mail
 * and WhatsApp, a map, and the copyright line with the business name.
 */
export const ContentFooter = observer(function ContentFooter() {
  const { ui, data, consent } = useStores();
  // The install flow is the app shell's; the link shows with the PWA plugin on while the app may be installed.
  const shell = useShell();
  const config = data.config;
  const branches = data.branches.filter((branch) => branch.isPublic !== false);
  const only = data.branches.length === 1 ? data.branches[0] : null;
  const legal = allLegalEntries(config).flatMap((entry) => {
    const link = legalHref(entry);
    return link ? [{ ...entry, ...link }] : [];
  });
  const sites = navigationItems(data.navigations, 'footer-sites-navigation');
  const more = navigationItems(data.navigations, 'footer-data-navigation');
  return (
    <footer className="site-footer content-footer">
      <div className="content-footer__inner container">
        <div className="content-footer__brand">
          <p className="site-footer__name">{ui.shopName}</p>
          <ul className="content-footer__actions">
            {only && (
              <li>
                <Link to={`/store/${encodeURIComponent(only.identifier)}`}>Online Bestellen</Link>
              </li>
            )}
            {config?.enablePluginPWA && shell?.mayPromote !== false && (
              <li>
                <button type="button" className="content-footer__install" onClick={() => shell?.openPrompt()}>
                  App installieren
                </button>
              </li>
            )}
          </ul>
          {legal.length > 0 && (
            <nav aria-label="Rechtliches">
              <ul className="content-footer__list">
                {/* The withdrawal function (§356a BGB): reachable from every page of the shop. */}
                {legal.map((entry) => (
                  <li key={entry.path}>
                    {entry.external ? (
                      <a href={entry.href} target="_blank" rel="noopener noreferrer">
                        {entry.title}
                        <span className="visually-hidden"> (öffnet in neuem Tab)</span>
                      </a>
                    ) : (
                      <Link to={entry.href}>{entry.title}</Link>
                    )}
                  </li>
                ))}
                <li>
                  <Link to={WITHDRAWAL_FORM_PATH}>Vertrag widerrufen</Link>
                </li>
                <li>
                  <button type="button" className="content-footer__install" onClick={consent.openSettings}>
                    {t('consent.footerLink')}
                  </button>
                </li>
              </ul>
            </nav>
          )}
          {legal.length === 0 && (
            <button type="button" className="content-footer__install" onClick={consent.openSettings}>
              {t('consent.footerLink')}
            </button>
          )}
        </div>
        {sites.length > 0 && (
          <nav aria-label="Seiten" className="content-footer__nav">
            <ul className="content-footer__list">
              {sites.map((item, index) => (
                <FooterItem key={item.id ?? index} item={item} />
              ))}
            </ul>
          </nav>
        )}
        {more.length > 0 && (
          <nav aria-label="Standorte und Links" className="content-footer__nav">
            <ul className="content-footer__list">
              {more.map((item, index) => (
                <FooterItem key={item.id ?? index} item={item} />
              ))}
            </ul>
          </nav>
        )}
        {branches.length > 0 && (
          <div id="footer-kontakt" className="content-footer__contact" aria-label="Kontakt" role="group">
            {branches.map((branch) => (
              <address key={branch.id} className="content-footer__branch">
                <strong>{branch.name}</strong>
                <span>{branch.street}</span>
                <span>{[branch.zipCode, branch.city].filter(Boolean).join(' ')}</span>
                {branch.phone && <BranchPhone phone={branch.phone} name={branch.name} />}
                {branch.email && <a href={`mailto:${branch.email}`}>{branch.email}</a>}
              </address>
            ))}
          </div>
        )}
        {/* The map shows only with the maps consent and online (BranchMap); its stand-in asks before. */}
        {data.isLoaded && branches.length > 0 && config?.enablePluginMaps && ui.online && (
          <BranchMap
            branches={branches}
            label="Karte unserer Standorte"
            className="content-footer__map"
            addressFallback={false}
          />
        )}
        <p className="site-footer__copyright content-footer__copyright">
          © {ui.copyrightYear} {ui.businessName}. Alle Rechte vorbehalten.
        </p>
      </div>
    </footer>
  );
});

/** A branch's phone with its WhatsApp link (spec section 2); both only where the number is a real one. */
const BranchPhone = observer(function BranchPhone({ phone, name }: { phone: string; name: string }) {
  const links = usePhoneLinks(phone);
  return (
    <span>
      <PhoneLink phone={phone} />
      {links && (
        <>
          {' · '}
          <a href={links.whatsApp} target="_blank" rel="noopener noreferrer">
            WhatsApp<span className="visually-hidden"> {name} (öffnet in neuem Tab)</span>
          </a>
        </>
      )}
    </span>
  );
});

/** A footer entry, with its sub-items as a nested list under it (always open: a footer is read, not used). */
function FooterItem({ item }: { item: NavigationItem }) {
  const children = subItems(item);
  return (
    <li>
      <NavItemLink item={item} className="content-footer__link" />
      {children.length > 0 && (
        <ul className="content-footer__sublist">
          {children.map((child, index) => (
            <FooterItem key={child.id ?? index} item={child} />
          ))}
        </ul>
      )}
    </li>
  );
}
