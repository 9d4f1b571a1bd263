import type { ReactNode } from 'react';
import { Link } from '../../router/router';
import { isInternalUrl } from './links';

/**
 * A link of editor content: a path (leading slash) stays in the app, a `#fragment` scrolls within the page,
 * anything else opens outside in a new tab (mail and phone links in their own app).
 */
export function ContentLink({
  url,
  className,
  children,
}: {
  url: string;
  className?: string;
  children: ReactNode;
}) {
  if (isInternalUrl(url))
    return (
      <Link to={url} className={className}>
        {children}
      </Link>
    );
  if (url.startsWith('#') || /^(mailto|tel):/i.test(url))
    return (
      <a href={url} className={className}>
        {children}
      </a>
    );
  return (
    <a href={url} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (öffnet in neuem Tab)</span>
    </a>
  );
}
