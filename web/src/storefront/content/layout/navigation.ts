import type { Navigation, NavigationItem } from '@ordering/common';

/** The enabled top-level items of the navigation with this identifier. */
export function navigationItems(navigations: readonly Navigation[], identifier: string): NavigationItem[] {
  const navigation = navigations.find((candidate) => candidate.identifier === identifier);
  return (navigation?.items ?? []).filter((item) => item.isEnabled !== false);
}

/** The enabled sub-items of a navigation item (none when it has no `children`). */
export function subItems(item: NavigationItem): NavigationItem[] {
  return (item.children ?? []).filter((child) => child.isEnabled !== false);
}

/** Space the sticky header takes when the Kontakt link scrolls (spec section 2: offset 55). */
export const CONTACT_SCROLL_OFFSET = 55;

/** Scrolls to the contact anchor of the page (or the footer's contact), 55 px above it. */
export function scrollToContact(win: Window = window): boolean {
  const target = win.document.getElementById('kontakt') ?? win.document.getElementById('footer-kontakt');
  if (!target) return false;
  const top = target.getBoundingClientRect().top + win.scrollY - CONTACT_SCROLL_OFFSET;
  const reduce = win.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  win.scrollTo({ top: Math.max(0, top), behavior: reduce ? 'auto' : 'smooth' });
  // Keyboard and screen-reader users land where the eyes do.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return true;
}
