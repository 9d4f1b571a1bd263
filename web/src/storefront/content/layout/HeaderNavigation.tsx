import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useLocation } from '../../../router/router';
import { useStores } from '../../stores';
import { navigationItems, scrollToContact } from './navigation';
import { NavItemLink } from './NavItemLink';

/**
 * The header's right side (spec section 2): the header navigation, the Kontakt link scrolling to the
 * contact anchor with offset 55, and on small screens a menu toggle.
 */
export const HeaderNavigation = observer(function HeaderNavigation() {
  const { data } = useStores();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  const items = navigationItems(data.navigations, 'header-navigation');
  return (
    <div className={`content-nav${open ? ' content-nav--open' : ''}`}>
      <button
        type="button"
        className="content-nav__toggle"
        aria-expanded={open}
        aria-controls="content-nav-list"
        onClick={() => setOpen(!open)}
      >
        <span className="content-nav__bars" aria-hidden="true" />
        Menü
      </button>
      <nav id="content-nav-list" className="content-nav__panel" aria-label="Hauptnavigation">
        <ul className="content-nav__list">
          {items.map((item, index) => (
            <li key={item.id ?? index}>
              <NavItemLink item={item} className="content-nav__link" onNavigate={() => setOpen(false)} />
            </li>
          ))}
          <li>
            <a
              href="#kontakt"
              className="content-nav__link"
              onClick={(event) => {
                if (scrollToContact()) event.preventDefault();
                setOpen(false);
              }}
            >
              Kontakt
            </a>
          </li>
        </ul>
      </nav>
    </div>
  );
});
