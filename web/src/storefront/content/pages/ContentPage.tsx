import type { Site } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useParams } from '../../../router/router';
import { NotFoundPage } from '../../../components/ErrorPage';
import { LoadState } from '../../components/LoadState';
import { useStores } from '../../stores';
import { ContentSite } from './ContentSite';

/** The site path of a URL path: segments joined by `/`, without empty ones (`/a//b/` → `a/b`). */
export function sitePathOf(splat: string): string {
  return splat
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

/**
 * Any path no other route takes (spec section 2): the site stored under it, the 404 page once the data
 * has loaded and no public site matches. Such a path is asked of `/api/sites` once more, so signed-in staff
 * see their drafts (with the marker) in place of the 404 page.
 */
export const ContentPage = observer(function ContentPage() {
  const path = sitePathOf(useParams()['*'] ?? '');
  return (
    <LoadState>
      <SiteAt path={path} />
    </LoadState>
  );
});

export const SiteAt = observer(function SiteAt({ path }: { path: string }) {
  const { data, api } = useStores();
  const site = data.sites.find((candidate) => candidate.path === path);
  const [draft, setDraft] = useState<{ path: string; site: Site | null } | null>(null);
  useEffect(() => {
    if (site) return;
    let current = true;
    api
      .get<Site[]>(`/api/sites?path=${encodeURIComponent(path)}`, { redirectOnUnauthorized: false })
      .then(
        (found) => (Array.isArray(found) ? found.find((candidate) => candidate.path === path) : undefined),
        () => undefined,
      )
      .then((found) => {
        if (current) setDraft({ path, site: found ?? null });
      });
    return () => {
      current = false;
    };
  }, [api, path, site]);
  if (site) return <ContentSite site={site} />;
  // The data has loaded: 404 at once; a staff member's draft replaces it when it arrives.
  if (draft?.path === path && draft.site) return <ContentSite site={draft.site} />;
  return <NotFoundPage />;
});
