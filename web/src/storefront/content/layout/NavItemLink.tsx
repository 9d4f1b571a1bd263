import type { NavigationItem } from '@ordering/common';
import { NavLink } from '../../../router/router';
import { navigationHref } from '../links';

/** A navigation entry: inside links are highlighted when active, outside ones open in a new tab. */
export function NavItemLink({
  item,
  className,
  onNavigate,
}: {
  item: NavigationItem;
  className: string;
  onNavigate?: () => void;
}) {
  const { href, external } = navigationHref(item);
  if (external)
    return (
      <a className={className} href={href} target="_blank" rel="noopener noreferrer">
        {item.label}
        <span className="visually-hidden"> (öffnet in neuem Tab)</span>
      </a>
    );
  return (
    <NavLink
      to={href}
      end={item.type === 'home'}
      className={({ isActive }) => `${className}${isActive ? ' is-active' : ''}`}
      onClick={onNavigate}
    >
      {item.label}
    </NavLink>
  );
}
