import type { NavigationItem } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useLocation } from '../../../router/router';
import { useStores } from '../../stores';
import { navigationItems, scrollToContact, subItems } from './navigation';
import { NavItemLink } from './NavItemLink';

/**
 * The header's right side (spec section 2): the header navigation, the Kontakt link scrolling to the
 * contact anchor with offset 55, and on small screens a menu toggle. An item with sub-items keeps its own
 * link and gets a button beside it (`aria-expanded`) that opens its sub-items as a dropdown (in the phone
 * menu: a nested list). One opens at a time; Escape closes it and gives the focus back to its button; it
 * also closes when the focus or a tap goes elsewhere, and on navigation.
 */
export const HeaderNavigation = observer(function HeaderNavigation() {
  const { data } = useStores();
  const [open, setOpen] = useState(false);
  const [openSub, setOpenSub] = useState<number | null>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    setOpen(false);
    setOpenSub(null);
  }, [pathname]);
  const items = navigationItems(data.navigations, 'header-navigation');
  const close = () => {
    setOpen(false);
    setOpenSub(null);
  };
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
          {items.map((item, index) =>
            subItems(item).length > 0 ? (
              <DropdownItem
                key={item.id ?? index}
                item={item}
                index={index}
                isOpen={openSub === index}
                onToggle={(next) => setOpenSub(next ? index : null)}
                onNavigate={close}
              />
            ) : (
              <li key={item.id ?? index}>
                <NavItemLink item={item} className="content-nav__link" onNavigate={close} />
              </li>
            ),
          )}
          <li>
            <a
              href="#kontakt"
              className="content-nav__link"
              onClick={(event) => {
                if (scrollToContact()) event.preventDefault();
                close();
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

/** A header item with sub-items: its link, the button that opens the dropdown, and the dropdown. */
function DropdownItem({
  item,
  index,
  isOpen,
  onToggle,
  onNavigate,
}: {
  item: NavigationItem;
  index: number;
  isOpen: boolean;
  onToggle: (open: boolean) => void;
  onNavigate: () => void;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const listId = `content-nav-sub-${index}`;

  // A tap or click anywhere else closes it (touch screens have no focus to lose).
  const root = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onToggle(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [isOpen, onToggle]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && isOpen) {
      event.stopPropagation();
      onToggle(false);
      button.current?.focus();
    }
  }
  function onBlur(event: FocusEvent) {
    // Tabbing past the last sub-item (or anywhere outside) closes it.
    if (isOpen && !root.current?.contains(event.relatedTarget as Node | null)) onToggle(false);
  }

  return (
    <li ref={root} className="content-nav__item--parent" onKeyDown={onKeyDown} onBlur={onBlur}>
      <span className="content-nav__parent">
        <NavItemLink item={item} className="content-nav__link" onNavigate={onNavigate} />
        <button
          ref={button}
          type="button"
          className="content-nav__expand"
          aria-expanded={isOpen}
          aria-controls={listId}
          onClick={() => onToggle(!isOpen)}
        >
          <span className="content-nav__chevron" aria-hidden="true" />
          <span className="visually-hidden">Untermenü {item.label}</span>
        </button>
      </span>
      <ul id={listId} className="content-nav__sub" hidden={!isOpen}>
        {subItems(item).map((child, childIndex) => (
          <li key={child.id ?? childIndex}>
            <NavItemLink item={child} className="content-nav__sublink" onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </li>
  );
}
