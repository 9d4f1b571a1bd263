import { t, type Branch } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useStores } from '../../stores';
import { directionsHref } from '../links';
import { mapOptionsOf } from './mapOptions';

/**
 * A map with a marker per branch (MapLibre GL, spec sections 2 and 9): only with the maps plugin on, the
 * visitor's consent to maps and the browser online. Without that consent a stand-in says so and offers the
 * consent in place; withdrawn later, the map is removed at once. Whenever the map cannot load, the
 * addresses with their directions links stand in its place, so the page stays usable.
 */
export const BranchMap = observer(function BranchMap({
  branches,
  label,
  className,
  addressFallback = true,
}: {
  branches: readonly Branch[];
  label: string;
  className?: string;
  /** Show the addresses when there is no map (the footer lists them already and shows nothing). */
  addressFallback?: boolean;
}) {
  const { data, consent, ui } = useStores();
  const possible = ui.online ? mapOptionsOf(data.config, branches) : null;
  const options = consent.maps ? possible : null;
  const [failed, setFailed] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const optionsKey = options ? JSON.stringify(options) : null;

  useEffect(() => {
    if (!options || !container.current) return;
    let stop: (() => void) | null = null;
    let active = true;
    const element = container.current;
    import('./maplibre').then(
      ({ createMap }) => {
        if (active) stop = createMap(element, options, () => active && setFailed(true));
      },
      () => active && setFailed(true),
    );
    return () => {
      active = false;
      stop?.();
    };
    // The options object is new on every render; its content decides.
  }, [optionsKey]);

  const addresses = addressFallback ? <AddressList branches={branches} className={className} /> : null;
  if (possible && !consent.maps)
    return (
      <>
        <div className="content-map-consent" role="region" aria-label={label}>
          <p>{t('consent.mapPlaceholder')}</p>
          <button type="button" className="button button--secondary" onClick={() => consent.grant('maps')}>
            {t('consent.mapAllow')}
          </button>
        </div>
        {addresses}
      </>
    );
  if (!options || failed) return addresses;
  return (
    <div
      ref={container}
      className={`content-map${className ? ` ${className}` : ''}`}
      role="region"
      aria-label={label}
    />
  );
});

function AddressList({ branches, className }: { branches: readonly Branch[]; className?: string }) {
  return (
    <ul className={`content-map-fallback${className ? ` ${className}` : ''}`}>
      {branches.map((branch) => (
        <li key={branch.id} className="content-map-fallback__item">
          <address>
            <strong>{branch.name}</strong>
            <br />
            {branch.street}
            <br />
            {[branch.zipCode, branch.city].filter(Boolean).join(' ')}
          </address>
          {typeof branch.latitude === 'number' && typeof branch.longitude === 'number' && (
            <a
              href={directionsHref(branch.latitude, branch.longitude)}
              target="_blank"
              rel="noopener noreferrer"
            >
              Route planen<span className="visually-hidden"> zu {branch.name} (öffnet in neuem Tab)</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
