import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PageTitle } from '../../components/PageTitle';
import { Link } from '../../router/router';
import { readableAreas } from '../areas';
import { downloadText } from '../csv';
import { useStores } from '../stores';
import { EMAIL_LABEL, PrivacyStore, type PrivacySummary } from './PrivacyStore';
import './privacy.css';

export const PRIVACY_FEATURE = 'privacy';
const TITLE = 'Auskunft und Löschung';

/** The privacy store of this back-office root (created on the first visit). */
function usePrivacy(): PrivacyStore {
  const root = useStores();
  return root.feature(PRIVACY_FEATURE, (r) => new PrivacyStore({ api: r.api, errors: r.errors }));
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "Auskunft und Löschung" (DSGVO Art. 15 and 17): an administrator enters a customer's e-mail address,
 * sees what the orders hold about the customer, downloads it and anonymises it. Administrators only.
 */
export const PrivacyPage = observer(function PrivacyPage() {
  const { ui, auth } = useStores();
  if (!readableAreas(auth.roles).has('privacy'))
    return (
      <section className="bo-page" aria-labelledby="privacy-title">
        <PageTitle title={TITLE} shopName={ui.shopName} />
        <h1 id="privacy-title">{TITLE}</h1>
        <p className="card">Für diesen Bereich fehlt Ihnen die Berechtigung.</p>
      </section>
    );
  return <PrivacyScreen />;
});

const PrivacyScreen = observer(function PrivacyScreen() {
  const { ui } = useStores();
  const privacy = usePrivacy();
  const inputRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!(await privacy.lookUp()) && privacy.emailError) inputRef.current?.focus();
  }

  // After the erasure the confirmation takes the focus, so a screen reader reads it and Tab goes on from it.
  const erased = privacy.erased;
  useEffect(() => {
    if (erased) doneRef.current?.focus();
  }, [erased]);

  return (
    <section className="bo-page privacy" aria-labelledby="privacy-title" aria-busy={privacy.loading}>
      <PageTitle title={TITLE} shopName={ui.shopName} />
      <div>
        <h1 id="privacy-title">{TITLE}</h1>
        <p className="privacy__intro">
          Auf Anfrage eines Kunden (Art. 15 und 17 DSGVO): alle Bestellungen zu seiner E-Mail-Adresse
          anzeigen, als Datei herausgeben und seine personenbezogenen Daten löschen. Jede Abfrage und jede
          Löschung wird unter Einstellungen › Logs vermerkt.
        </p>
      </div>
      <form className="card privacy__lookup" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className={privacy.emailError ? 'bo-field bo-field--invalid' : 'bo-field'}>
          <label className="bo-field__label" htmlFor="privacy-email">
            {EMAIL_LABEL}
          </label>
          {/* Field and button on one line; on a phone the button goes below, the error below both. */}
          <div className="privacy__row">
            <input
              ref={inputRef}
              id="privacy-email"
              name="email"
              type="email"
              autoComplete="off"
              spellCheck={false}
              required
              placeholder="kunde@beispiel.at"
              value={privacy.email}
              aria-invalid={privacy.emailError ? true : undefined}
              aria-describedby={privacy.emailError ? 'privacy-email-error' : undefined}
              onChange={(e) => privacy.setEmail(e.target.value)}
            />
            <button type="submit" className="button button--primary" disabled={privacy.loading}>
              {privacy.loading ? 'Wird gesucht …' : 'Daten suchen'}
            </button>
          </div>
          {privacy.emailError && (
            <p id="privacy-email-error" className="bo-field__error">
              {privacy.emailError}
            </p>
          )}
        </div>
      </form>
      {erased && (
        <p ref={doneRef} className="privacy__done" role="status" tabIndex={-1}>
          {erased.orders === 0
            ? `Zu ${erased.email} waren keine Bestellungen mehr gespeichert.`
            : `Die personenbezogenen Daten von ${count(erased.orders, 'Bestellung', 'Bestellungen')} zu ${erased.email} wurden gelöscht. Beträge, Datum und Artikel bleiben für die Buchhaltung erhalten.`}
        </p>
      )}
      {privacy.result && privacy.summary && (
        <Findings key={privacy.result.exportedAt} privacy={privacy} summary={privacy.summary} />
      )}
      <p className="privacy__retention">
        Abgeschlossene Bestellungen können auch automatisch nach einer Frist anonymisiert werden:{' '}
        <Link to="/backend/settings/config">Einstellungen › Konfiguration › Datenschutz</Link>.
      </p>
    </section>
  );
});

/** What is stored about the address, the download, and the erasure with its confirmation. */
const Findings = observer(function Findings({
  privacy,
  summary,
}: {
  privacy: PrivacyStore;
  summary: PrivacySummary;
}) {
  const [confirming, setConfirming] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const eraseRef = useRef<HTMLButtonElement>(null);
  const email = privacy.result?.email ?? '';

  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  function cancel() {
    setConfirming(false);
    requestAnimationFrame(() => eraseRef.current?.focus());
  }

  function download() {
    const file = privacy.download;
    if (file) downloadText(file.name, file.text, 'application/json;charset=utf-8');
  }

  const period =
    summary.first && summary.last && summary.first !== summary.last
      ? `vom ${summary.first} bis ${summary.last}`
      : summary.first
        ? `vom ${summary.first}`
        : '';

  return (
    <section className="card privacy__findings" aria-labelledby="privacy-findings-title">
      <h2 id="privacy-findings-title">Gespeichert zu {email}</h2>
      {summary.orders === 0 ? (
        <p>Zu dieser E-Mail-Adresse sind keine Bestellungen gespeichert.</p>
      ) : (
        <dl className="privacy__facts">
          <div>
            <dt>Bestellungen</dt>
            <dd>
              {count(summary.orders, 'Bestellung', 'Bestellungen')} {period}
            </dd>
          </div>
          <Fact label="Namen" values={summary.names} />
          <Fact label="Adressen" values={summary.addresses} />
          <Fact label="Telefonnummern" values={summary.phones} />
          <div>
            <dt>Kommentare</dt>
            <dd>
              {summary.comments === 0
                ? 'keine'
                : `${count(summary.comments, 'Bestellung', 'Bestellungen')} mit Kommentar`}
            </dd>
          </div>
        </dl>
      )}
      <div className="bo-form__actions">
        <button type="button" className="button button--secondary" onClick={download}>
          Auskunft herunterladen
        </button>
        {summary.orders > 0 && !confirming && (
          <button
            ref={eraseRef}
            type="button"
            className="button button--danger"
            onClick={() => setConfirming(true)}
          >
            Personenbezogene Daten löschen
          </button>
        )}
      </div>
      <p className="bo-field__hint">
        Die Auskunft ist eine JSON-Datei mit allen Angaben der Bestellungen (Kontakt, Adresse, Kommentare,
        Artikel, Beträge, Zahlung, Status).
      </p>
      {confirming && (
        <div
          className="bo-confirm privacy__confirm"
          role="alertdialog"
          aria-labelledby="privacy-confirm-title"
          aria-describedby="privacy-confirm-text"
        >
          <p id="privacy-confirm-title">
            Personenbezogene Daten von {count(summary.orders, 'Bestellung', 'Bestellungen')} zu {email}{' '}
            endgültig löschen?
          </p>
          <div id="privacy-confirm-text" className="privacy__confirm-lists">
            <div>
              <h3>Wird entfernt</h3>
              <ul>
                <li>Name, Firma, E-Mail-Adresse und Telefonnummer</li>
                <li>Lieferadresse</li>
                <li>Kommentare und Texte zu Artikeln</li>
                <li>Kommentar der Bewertung</li>
              </ul>
            </div>
            <div>
              <h3>Bleibt für die Buchhaltung</h3>
              <ul>
                <li>Beträge und Steuern</li>
                <li>Datum und Uhrzeit</li>
                <li>Artikel mit Optionen</li>
                <li>Zahlungsart, Bestellnummer und Filiale</li>
              </ul>
            </div>
          </div>
          <p className="privacy__confirm-note">
            Das lässt sich nicht rückgängig machen. Laden Sie vorher die Auskunft herunter, wenn der Kunde sie
            haben möchte.
          </p>
          <button
            type="button"
            className="button button--danger"
            disabled={privacy.erasing}
            onClick={() => void privacy.erase()}
          >
            {privacy.erasing ? 'Wird gelöscht …' : 'Endgültig löschen'}
          </button>
          <button ref={cancelRef} type="button" className="button button--secondary" onClick={cancel}>
            Abbrechen
          </button>
        </div>
      )}
    </section>
  );
});

/** One kind of personal data found, each value on its own line; "keine" when none was found. */
function Fact({ label, values }: { label: string; values: string[] }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {values.length === 0 ? (
          'keine'
        ) : (
          <ul>
            {values.map((value) => (
              <li key={value}>{value}</li>
            ))}
          </ul>
        )}
      </dd>
    </div>
  );
}
