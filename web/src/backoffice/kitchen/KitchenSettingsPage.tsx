import { observer } from 'mobx-react-lite';
import { useEffect, useRef, type FormEvent } from 'react';
import { PageTitle } from '../../components/PageTitle';
import { Link } from '../../router/router';
import { readableAreas } from '../areas';
import { useStores } from '../stores';
import { kitchenFieldLabel, KitchenSettingsStore } from './KitchenSettingsStore';
import './kitchen-settings.css';

export const KITCHEN_SETTINGS_FEATURE = 'kitchen-settings';
const TITLE = 'Küche';

/**
 * Filialen › Küche: the kitchen display's settings of a branch — its stages, the colour thresholds of a
 * ticket's age and "Abholbereit" when every station is done (docs/decisions/kitchen.md). Managers only, as
 * the API (`organisation:write`).
 */
export const KitchenSettingsPage = observer(function KitchenSettingsPage() {
  const { ui, auth } = useStores();
  if (!readableAreas(auth.roles).has('organisation'))
    return (
      <section className="bo-page" aria-labelledby="kitchen-settings-title">
        <PageTitle title={TITLE} shopName={ui.shopName} />
        <h1 id="kitchen-settings-title">{TITLE}</h1>
        <p className="card">Für diesen Bereich fehlt Ihnen die Berechtigung.</p>
      </section>
    );
  return <KitchenSettingsScreen />;
});

/** A field's error below it, named by the field's id. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={`${id}-error`} className="bo-field__error">
      {message}
    </p>
  ) : null;
}

const KitchenSettingsScreen = observer(function KitchenSettingsScreen() {
  const root = useStores();
  const store = root.feature(
    KITCHEN_SETTINGS_FEATURE,
    (r) => new KitchenSettingsStore({ api: r.api, errors: r.errors }),
  );
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    void store.load();
  }, [store]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The first field with a message takes the focus, once the messages are on the screen.
    if (!(await store.save()))
      window.setTimeout(
        () => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
        0,
      );
  }

  const errors = store.fieldErrors;
  const invalid = (field: string) =>
    errors[field]
      ? { 'aria-invalid': true as const, 'aria-describedby': `kitchen-${field.replace('.', '-')}-error` }
      : {};
  const last = store.stages.length - 1;
  return (
    <section
      className="bo-page kitchen-settings"
      aria-labelledby="kitchen-settings-title"
      aria-busy={store.loading}
    >
      <PageTitle title={TITLE} shopName={root.ui.shopName} />
      <div className="bo-toolbar">
        <h1 id="kitchen-settings-title">Küchen-Einstellungen</h1>
        {store.branches.length > 1 && store.branchId !== null && (
          <label className="kitchen-settings__branch">
            <span>Filiale</span>
            <select value={store.branchId} onChange={(e) => void store.select(Number(e.target.value))}>
              {store.branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <Link className="button button--secondary" to="/backend/branches/preparation-stations">
          Küchenstationen
        </Link>
      </div>
      {store.branchId === null ? (
        <p className="muted">
          {store.branches.length === 0 && !store.loading ? 'Keine Filiale.' : 'Wird geladen …'}
        </p>
      ) : (
        <form ref={formRef} className="bo-form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <fieldset
            className="bo-fieldset"
            aria-describedby={errors.stages ? 'kitchen-stages-error' : undefined}
          >
            <legend>Stufen eines Bons</legend>
            <p className="kitchen-settings__hint">
              Ein Tipp auf den Kopf eines Bons schiebt ihn zur nächsten Stufe. Die letzte Stufe nimmt ihn vom
              Display („Zurückholen“ bringt ihn wieder).
            </p>
            <ol className="kitchen-settings__stages">
              {store.stages.map((stage, index) => {
                const field = `stages.${index}`;
                const id = `kitchen-stages-${index}`;
                return (
                  <li key={index} className={errors[field] ? 'bo-field bo-field--invalid' : 'bo-field'}>
                    <label className="bo-field__label" htmlFor={id}>
                      {kitchenFieldLabel(field)}
                      {index === last && index > 0 ? ' (fertig)' : ''}
                    </label>
                    <div className="kitchen-settings__row">
                      <input
                        id={id}
                        value={stage}
                        maxLength={store.stageNameMax + 10}
                        autoComplete="off"
                        {...invalid(field)}
                        onChange={(e) => store.setStage(index, e.target.value)}
                      />
                      <button
                        type="button"
                        className="button button--ghost"
                        aria-label={`${kitchenFieldLabel(field)} nach oben`}
                        disabled={index === 0}
                        onClick={() => store.moveStage(index, -1)}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="button button--ghost"
                        aria-label={`${kitchenFieldLabel(field)} nach unten`}
                        disabled={index === last}
                        onClick={() => store.moveStage(index, 1)}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        className="button button--secondary"
                        aria-label={`${kitchenFieldLabel(field)} entfernen`}
                        onClick={() => store.removeStage(index)}
                      >
                        Entfernen
                      </button>
                    </div>
                    <FieldError id={id} message={errors[field]} />
                  </li>
                );
              })}
            </ol>
            <FieldError id="kitchen-stages" message={errors.stages} />
            <button
              type="button"
              className="button button--secondary"
              disabled={!store.canAddStage}
              onClick={store.addStage}
            >
              Stufe hinzufügen
            </button>
          </fieldset>
          <fieldset className="bo-fieldset">
            <legend>Farbe nach Alter</legend>
            <div className="bo-fieldset__grid">
              {(
                [
                  ['warnMinutes', store.warnMinutes, store.setWarnMinutes],
                  ['lateMinutes', store.lateMinutes, store.setLateMinutes],
                ] as const
              ).map(([field, value, set]) => (
                <div key={field} className={errors[field] ? 'bo-field bo-field--invalid' : 'bo-field'}>
                  <label className="bo-field__label" htmlFor={`kitchen-${field}`}>
                    {kitchenFieldLabel(field)}
                  </label>
                  <input
                    id={`kitchen-${field}`}
                    inputMode="numeric"
                    value={value}
                    {...invalid(field)}
                    onChange={(e) => set(e.target.value)}
                  />
                  <FieldError id={`kitchen-${field}`} message={errors[field]} />
                </div>
              ))}
            </div>
          </fieldset>
          <div className="bo-field bo-field--check">
            <input
              id="kitchen-readyWhenDone"
              type="checkbox"
              checked={store.readyWhenDone}
              onChange={(e) => store.setReadyWhenDone(e.target.checked)}
            />
            <label htmlFor="kitchen-readyWhenDone">{kitchenFieldLabel('readyWhenDone')}</label>
          </div>
          {store.summary.length > 0 && (
            <div className="bo-form__summary" role="alert">
              <p>Bitte prüfen:</p>
              <ul>
                {store.summary.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          )}
          {store.saved && (
            <p className="bo-form__saved" role="status">
              Gespeichert. Die Displays der Filiale übernehmen die Stufen beim nächsten Laden der Bons.
            </p>
          )}
          <div className="bo-form__actions">
            <button type="submit" className="button button--primary" disabled={store.saving || store.loading}>
              {store.saving ? 'Wird gespeichert …' : 'Speichern'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
});
