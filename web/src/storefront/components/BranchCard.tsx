import type { Branch } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { Link } from '../../router/router';
import { imageUrl } from '../format';
import { BranchRating } from './BranchRating';
import { useStores } from '../stores';
import { texts } from '../texts';

/** A branch of the list: header image, logo, name, address, open state with next opening, pickup times. */
export const BranchCard = observer(function BranchCard({ branch }: { branch: Branch }) {
  const { branches } = useStores();
  const info = branches.openInfo(branch);
  const header = branch.images?.[0];
  return (
    <li className={`branch-card${branch.isPublic ? '' : ' branch-card--inactive'}`}>
      <div className="branch-card__inner">
        <div className="branch-card__media">
          {header ? (
            <img
              src={imageUrl(header, 'category')}
              alt=""
              width={800}
              height={450}
              loading="lazy"
              decoding="async"
            />
          ) : (
            <div className="branch-card__placeholder" aria-hidden="true" />
          )}
          {branch.logo && (
            <img
              className="branch-card__logo"
              src={imageUrl(branch.logo, 'tiny')}
              // 64 px on screen: the next size up for sharp logos on high-density phones.
              srcSet={`${imageUrl(branch.logo, 'tiny')} 1x, ${imageUrl(branch.logo, 'small')} 2x`}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              decoding="async"
            />
          )}
        </div>
        <div className="branch-card__body">
          <h3 className="branch-card__name">
            {/* The name is the link; its ::after stretches over the whole card, so all of it is clickable. */}
            <Link to={`/store/${encodeURIComponent(branch.identifier)}`} className="branch-card__link">
              {branch.name}
            </Link>
          </h3>
          <p className="branch-card__address">
            {branch.street}, {branch.zipCode} {branch.city}
          </p>
          <BranchRating rating={branches.ratingOf(branch)} className="branch-card__rating" />
          {!branch.isPublic && <p className="branch-card__inactive-note">{texts.notPublic}</p>}
          <p className="branch-card__status">
            <span
              className={`status-pill ${info.isOpen ? (info.isClosingSoon ? 'status-pill--warning' : 'status-pill--open') : 'status-pill--closed'}`}
            >
              {info.label}
            </span>
          </p>
          {info.closedText && <p className="branch-card__next">{info.closedText}</p>}
          {branch.isPublic && branch.isTakeawayEnabled && info.todayWindows.length > 0 && (
            <p className="branch-card__hours">
              <span className="muted">{texts.pickupToday}:</span> {info.todayWindows.join(', ')} Uhr
            </p>
          )}
        </div>
      </div>
    </li>
  );
});
