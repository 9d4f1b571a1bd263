import type { Branch, Image, NavigationItem, Video } from '@ordering/common';

/** Prepared sizes of the image route, including the content pages' own (spec section 7). */
export type ContentImageSize = 'large' | 'medium' | 'small' | 'tiny' | 'custom/box' | 'custom/gallery';

/** `/image/{size}/{id}-{version}.{extension}`; the version changes the URL when the file is replaced. */
export function imageSrc(image: Pick<Image, 'id' | 'version' | 'extension'>, size: ContentImageSize): string {
  return `/image/${size}/${image.id}-${image.version}.${image.extension}`;
}

/** `/upload/{publicHash}/{id}-{version}.{extension}` (spec section 7). */
export function videoSrc(video: Pick<Video, 'id' | 'version' | 'extension' | 'publicHash'>): string {
  return `/upload/${video.publicHash}/${video.id}-${video.version}.${video.extension}`;
}

/** `/upload/{publicHash}/preview/{id}-{version}.jpg`. */
export function videoPoster(video: Pick<Video, 'id' | 'version' | 'publicHash'>): string {
  return `/upload/${video.publicHash}/preview/${video.id}-${video.version}.jpg`;
}

/** Buttons link inside the shop when the URL starts with a slash, otherwise outside (spec section 2). */
export function isInternalUrl(url: string): boolean {
  return url.startsWith('/');
}

/** Directions in an external maps service to a branch's coordinates (spec section 7). */
export function directionsHref(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`;
}

/** Directions built from street and city (the home page's teaser, spec section 2). */
export function addressDirectionsHref(branch: Pick<Branch, 'street' | 'zipCode' | 'city'>): string {
  const address = [branch.street, [branch.zipCode, branch.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
}

/** Where a navigation item leads: home, a site, a branch (inside) or a link (outside, new tab). */
export function navigationHref(item: Pick<NavigationItem, 'type' | 'target'>): {
  href: string;
  external: boolean;
} {
  const target = item.target.trim().replace(/^\/+/, '');
  switch (item.type) {
    case 'home':
      return { href: '/', external: false };
    case 'site':
      return { href: `/${target}`, external: false };
    case 'branch':
      return { href: `/store/${encodeURIComponent(target)}`, external: false };
    default:
      return { href: item.target.trim(), external: true };
  }
}
