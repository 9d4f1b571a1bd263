import { observer } from 'mobx-react-lite';
import { Link, useSelfService } from '../../../router/router';
import { CONSENT_ACCEPTED_EVENT } from '../../../shell/cookies';
import { useStores } from '../../stores';
import { allLegalEntries, legalHref } from '../legal';

/**
 * The cookie banner (spec sections 2 and 4): shown until the visitor accepts; the page stays usable
 * meanwhile (no overlay), and maps and statistics wait for the acceptance.
 */
export const CookieBanner = observer(function CookieBanner() {
  const { consent, data } = useStores();
  // Routes of the self-service context (the kiosk) are marked `selfService: true`: no banner there.
  const selfService = useSelfService();
  if (!consent.isBannerVisible || selfService) return null;
  const privacy = allLegalEntries(data.config).find((entry) => entry.path === 'privacy');
  const link = privacy ? legalHref(privacy) : null;
  return (
    <section className="content-consent" aria-labelledby="content-consent-title">
      <div className="content-consent__inner container">
        <div className="content-consent__text">
          <h2 id="content-consent-title" className="content-consent__title">
            Cookies und Karten
          </h2>
          <p>
            Wir verwenden Cookies, um Ihnen Karten anzuzeigen und die Nutzung unserer Website anonym
            auszuwerten. Beides startet erst, wenn Sie zustimmen.{' '}
            {!data.config ? (
              // The shop's settings arrive with /api/init after the first paint: keep the link's line so the
              // banner does not grow then and push the whole page down (a layout shift of 0.17 on a phone).
              <span className="content-consent__pending" aria-hidden="true">
                Mehr in der Datenschutzerklärung
              </span>
            ) : (
              link &&
              (link.external ? (
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  Mehr in der Datenschutzerklärung
                </a>
              ) : (
                <Link to={link.href}>Mehr in der Datenschutzerklärung</Link>
              ))
            )}
          </p>
        </div>
        <button
          type="button"
          className="button button--primary content-consent__accept"
          onClick={() => {
            consent.accept();
            // The app shell follows with its install prompt (spec section 4: 250 ms after acceptance).
            window.dispatchEvent(new Event(CONSENT_ACCEPTED_EVENT));
          }}
        >
          Akzeptieren
        </button>
      </div>
    </section>
  );
});
