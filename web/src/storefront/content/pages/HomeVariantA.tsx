import type { Branch } from '@ordering/common';
import { DEFAULT_TIME_ZONE } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { Link } from '../../../router/router';
import { PageTitle } from '../../../components/PageTitle';
import { BranchList } from '../../pages/HomePage';
import { useStores } from '../../stores';
import { CONTACT_ANCHOR } from '../blocks';
import { PhoneLink } from '../../components/PhoneLink';
import { addressDirectionsHref } from '../links';
import { BranchMap } from '../maps/BranchMap';
import { hoursTable } from './hoursTable';

/**
 * Home variant A (spec section 2, home-page plugin on): title and description, with exactly one branch the
 * three teasers (with more, the branch list to pick one from), every branch's opening hours (with delivery
 * hours when enabled), the contact block and the map.
 */
export const HomeVariantA = observer(function HomeVariantA() {
  const { ui, data, branches: branchStore } = useStores();
  // Entering home clears the selected branch (spec section 2), as the branch list does.
  useEffect(() => branchStore.clearSelection(), [branchStore]);
  const config = data.config;
  const title = config?.title?.trim() || ui.shopName;
  const branches = data.branches.filter((branch) => branch.isPublic !== false);
  const only = data.branches.length === 1 ? data.branches[0]! : null;
  return (
    <div className="content-home">
      <PageTitle shopName={ui.shopName} />
      <section className="hero hero--compact content-home__intro" aria-labelledby="home-title">
        <h1 id="home-title" className="hero__title">
          {title}
        </h1>
        {config?.description && (
          <div className="hero__intro" dangerouslySetInnerHTML={{ __html: config.description }} />
        )}
      </section>
      {only ? <Teasers branch={only} /> : <BranchList />}
      <section className="content-block" aria-labelledby="home-hours-title">
        <h2 id="home-hours-title" className="content-block__title">
          Öffnungszeiten
        </h2>
        <div className="content-home__hours">
          {branches.map((branch) => (
            <HoursCard key={branch.id} branch={branch} showName={branches.length > 1} />
          ))}
        </div>
      </section>
      <section
        id={CONTACT_ANCHOR}
        className="content-block content-home__contact"
        aria-labelledby="home-contact-title"
      >
        <h2 id="home-contact-title" className="content-block__title">
          Kontakt
        </h2>
        <div className="content-home__contact-grid">
          {branches.map((branch) => (
            <address key={branch.id} className="content-card content-home__address">
              <strong>{branch.name}</strong>
              <span>{branch.street}</span>
              <span>{[branch.zipCode, branch.city].filter(Boolean).join(' ')}</span>
              {branch.phone && (
                <span>
                  Telefon: <PhoneLink phone={branch.phone} />
                </span>
              )}
              {branch.email && (
                <span>
                  E-Mail: <a href={`mailto:${branch.email}`}>{branch.email}</a>
                </span>
              )}
              {config?.website && (
                <span>
                  Website:{' '}
                  <a href={config.website} target="_blank" rel="noopener noreferrer">
                    {config.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                  </a>
                </span>
              )}
            </address>
          ))}
        </div>
      </section>
      {config?.enablePluginMaps && branches.length > 0 && (
        <section className="content-block" aria-labelledby="home-map-title">
          <h2 id="home-map-title" className="content-block__title">
            Anfahrt
          </h2>
          <BranchMap branches={branches} label="Karte mit unseren Standorten" className="content-home__map" />
        </section>
      )}
    </div>
  );
});

/** The three teasers of a one-branch shop: order online, call, directions. */
function Teasers({ branch }: { branch: Branch }) {
  return (
    <ul className="content-teasers" aria-label="Schnellzugriff">
      <li>
        <Link className="content-teaser" to={`/store/${encodeURIComponent(branch.identifier)}`}>
          <span className="content-teaser__title">Online bestellen</span>
          <span className="content-teaser__text">Zur Speisekarte von {branch.name}</span>
        </Link>
      </li>
      {branch.phone && (
        <li>
          <PhoneLink className="content-teaser" phone={branch.phone}>
            <span className="content-teaser__title">Anrufen</span>
            <span className="content-teaser__text">{branch.phone}</span>
          </PhoneLink>
        </li>
      )}
      <li>
        <a
          className="content-teaser"
          href={addressDirectionsHref(branch)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <span className="content-teaser__title">Route planen</span>
          <span className="content-teaser__text">
            {branch.street}, {branch.city}
            <span className="visually-hidden"> (öffnet in neuem Tab)</span>
          </span>
        </a>
      </li>
    </ul>
  );
}

/** A branch's opening hours, with a switch to its delivery hours when it has its own. */
const HoursCard = observer(function HoursCard({ branch, showName }: { branch: Branch; showName: boolean }) {
  const { clock } = useStores();
  const [delivery, setDelivery] = useState(false);
  const captionId = useId();
  const hasDelivery = branch.isDeliveryEnabled && branch.isDeliveryHoursEnabled;
  const rules = delivery && hasDelivery ? branch.deliveryHours : branch.openingHours;
  const rows = hoursTable(rules ?? [], clock.now, branch.timeZone || DEFAULT_TIME_ZONE);
  const caption = `${delivery && hasDelivery ? 'Lieferzeiten' : 'Öffnungszeiten'}${showName ? ` ${branch.name}` : ''}`;
  return (
    <div className="content-card content-hours">
      {hasDelivery && (
        <div className="content-hours__switch" role="group" aria-label={`Zeiten von ${branch.name}`}>
          <button type="button" aria-pressed={!delivery} onClick={() => setDelivery(false)}>
            Öffnungszeiten
          </button>
          <button type="button" aria-pressed={delivery} onClick={() => setDelivery(true)}>
            Lieferzeiten
          </button>
        </div>
      )}
      <table className="content-hours__table" aria-labelledby={captionId}>
        <caption id={captionId}>{caption}</caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row.day}>
              <th scope="row">{row.day}</th>
              <td>{row.times}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
