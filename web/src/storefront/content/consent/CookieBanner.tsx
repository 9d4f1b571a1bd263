import { t } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { Link, useSelfService } from '../../../router/router';
import { CONSENT_ACCEPTED_EVENT } from '../../../shell/cookies';
import { useStores } from '../../stores';
import { allLegalEntries, legalHref } from '../legal';

/**
 * The cookie banner (§25 TDDDG; docs/decisions/privacy.md): a first layer with "Alle akzeptieren" and
 * "Nur notwendige" (the same button, side by side) and "Einstellungen", which opens a switch per purpose
 * (all off until switched on) with "Auswahl speichern". It sits in the page's flow (no overlay), so the
 * page stays usable; the footer's "Cookie-Einstellungen" opens the settings again.
 */
export const CookieBanner = observer(function CookieBanner() {
  const { consent } = useStores();
  // Routes of the self-service context (the kiosk) are marked `selfService: true`: no banner there.
  const selfService = useSelfService();
  if (!consent.isBannerVisible || selfService) return null;
  return consent.layer === 'settings' ? <SettingsLayer /> : <FirstLayer />;
});

/** Any first choice closes the banner; the app shell follows with its install prompt (spec section 4). */
function announceChoice() {
  window.dispatchEvent(new Event(CONSENT_ACCEPTED_EVENT));
}

const FirstLayer = observer(function FirstLayer() {
  const { consent } = useStores();
  return (
    <section className="content-consent" aria-labelledby="content-consent-title">
      <div className="content-consent__inner container">
        <div className="content-consent__text">
          <h2 id="content-consent-title" className="content-consent__title">
            {t('consent.title')}
          </h2>
          <p>
            {t(consent.offered.includes('marketing') ? 'consent.textWithMarketing' : 'consent.text')}{' '}
            <PrivacyLink />
          </p>
        </div>
        <div className="content-consent__actions">
          {/* Refusing is as easy as accepting: the same button, same size and weight, side by side. */}
          <button
            type="button"
            className="button button--primary content-consent__choice"
            onClick={() => {
              consent.acceptAll();
              announceChoice();
            }}
          >
            {t('consent.acceptAll')}
          </button>
          <button
            type="button"
            className="button button--primary content-consent__choice"
            onClick={() => {
              consent.necessaryOnly();
              announceChoice();
            }}
          >
            {t('consent.necessaryOnly')}
          </button>
          <button
            type="button"
            className="button button--secondary content-consent__settings"
            onClick={consent.openSettings}
          >
            {t('consent.settings')}
          </button>
        </div>
      </div>
    </section>
  );
});

const SettingsLayer = observer(function SettingsLayer() {
  const { consent } = useStores();
  const title = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  // Opened from the footer or the first layer: the visitor lands on the settings' title.
  useEffect(() => {
    section.current?.scrollIntoView({ block: 'start' });
    title.current?.focus({ preventScroll: true });
  }, []);
  const firstChoice = !consent.decided;
  return (
    <section
      ref={section}
      className="content-consent content-consent--settings"
      aria-labelledby="content-consent-title"
    >
      <div className="content-consent__inner container">
        <div className="content-consent__text">
          <h2 id="content-consent-title" className="content-consent__title" ref={title} tabIndex={-1}>
            {t('consent.settingsTitle')}
          </h2>
          <p>
            {t('consent.settingsText')} <PrivacyLink />
          </p>
        </div>
        <ul className="content-consent__purposes">
          <li className="content-consent__purpose">
            <label className="content-consent__switch">
              <input type="checkbox" role="switch" checked disabled aria-describedby="consent-necessary" />
              <span>{t('consent.necessary.title')}</span>
            </label>
            <p id="consent-necessary">{t('consent.necessary.text')}</p>
          </li>
          {consent.offered.map((purpose) => (
            <li key={purpose} className="content-consent__purpose">
              <label className="content-consent__switch">
                <input
                  type="checkbox"
                  role="switch"
                  checked={consent.draft[purpose]}
                  onChange={(event) => consent.setDraft(purpose, event.currentTarget.checked)}
                  aria-describedby={`consent-${purpose}`}
                />
                <span>{t(`consent.purpose.${purpose}.title`)}</span>
              </label>
              <p id={`consent-${purpose}`}>{t(`consent.purpose.${purpose}.text`)}</p>
            </li>
          ))}
        </ul>
        <div className="content-consent__actions">
          <button
            type="button"
            className="button button--primary content-consent__choice"
            onClick={() => {
              consent.saveDraft();
              if (firstChoice) announceChoice();
            }}
          >
            {t('consent.save')}
          </button>
          <button
            type="button"
            className="button button--primary content-consent__choice"
            onClick={() => {
              consent.acceptAll();
              if (firstChoice) announceChoice();
            }}
          >
            {t('consent.acceptAll')}
          </button>
          <button
            type="button"
            className="button button--primary content-consent__choice"
            onClick={() => {
              consent.necessaryOnly();
              if (firstChoice) announceChoice();
            }}
          >
            {t('consent.necessaryOnly')}
          </button>
        </div>
      </div>
    </section>
  );
});

/** The privacy statement's link; before /api/init it keeps its line (see below). */
const PrivacyLink = observer(function PrivacyLink() {
  const { data } = useStores();
  if (!data.config)
    // The shop's settings arrive with /api/init after the first paint: keep the link's line so the banner
    // does not grow then and push the whole page down (a layout shift of 0.17 on a phone).
    return (
      <span className="content-consent__pending" aria-hidden="true">
        {t('consent.privacyLink')}
      </span>
    );
  const privacy = allLegalEntries(data.config).find((entry) => entry.path === 'privacy');
  const link = privacy ? legalHref(privacy) : null;
  if (!link) return null;
  return link.external ? (
    <a href={link.href} target="_blank" rel="noopener noreferrer">
      {t('consent.privacyLink')}
    </a>
  ) : (
    <Link to={link.href}>{t('consent.privacyLink')}</Link>
  );
});
