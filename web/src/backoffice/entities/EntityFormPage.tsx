import { marketProfile } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '../../router/router';
import { PageTitle } from '../../components/PageTitle';
import { TouchScope } from '../editors/touched';
import { useStores } from '../stores';
import { mayWrite } from './access';
import { EntityFormStore } from './EntityFormStore';
import { entityFeatureOf } from './feature';
import { FieldInput } from './FieldInput';
import { rowTitle } from './RefOptionsStore';
import type { EntityDescription, FieldDescription } from './types';

/** Fields in their groups, in the order of the description (ungrouped ones first under no heading). */
function groupsOf(fields: readonly FieldDescription[]): Array<{ title: string; fields: FieldDescription[] }> {
  const groups: Array<{ title: string; fields: FieldDescription[] }> = [];
  for (const field of fields) {
    const title = field.group ?? '';
    let group = groups.find((g) => g.title === title);
    if (!group) groups.push((group = { title, fields: [] }));
    group.fields.push(field);
  }
  return groups.sort((a, b) => (a.title === '' ? -1 : b.title === '' ? 1 : 0));
}

/**
 * The generic form of one row: create (`…/new`), edit (`…/{id}`) and delete with confirmation; the
 * configuration (one object) is edit only. Checked with the shared schema before sending; the server's
 * field errors appear at their fields.
 */
export const EntityFormPage = observer(function EntityFormPage({
  description,
  area,
  id,
}: {
  description: EntityDescription;
  area: string;
  id?: number;
}) {
  const root = useStores();
  const navigate = useNavigate();
  const feature = entityFeatureOf(root);
  // The market's defaults of a new row (time zone, VAT) come with the shop's configuration, read at start.
  const market = marketProfile(root.config?.market);
  const form = useMemo(
    () => new EntityFormStore({ api: root.api, errors: root.errors, description, id, market }),
    [root, description, id, market],
  );
  const [confirming, setConfirming] = useState(false);
  const [savedNote, setSavedNote] = useState('');
  // Messages of untouched fields wait until the first save is tried.
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const listPath = `/backend/${area}/${description.path}`;
  const writable = mayWrite(description, root.auth.roles);

  useEffect(() => {
    if (!form.loaded) void form.load();
  }, [form]);

  // A new row (saved from the form or by "Erneut versuchen" in the error list) moves to its own address.
  const createdId = form.createdId;
  useEffect(() => {
    if (createdId !== undefined && form.id === undefined)
      void navigate(`${listPath}/${createdId}`, { replace: true });
  }, [createdId, form, listPath, navigate]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSavedNote('');
    setSubmitted(true);
    const saved = await form.save();
    if (!saved) {
      // Focus the first field with an error, so keyboard and screen-reader users land on it.
      requestAnimationFrame(() =>
        formRef.current
          ?.querySelector<HTMLElement>('[aria-invalid="true"], .bo-field--invalid input')
          ?.focus(),
      );
      return;
    }
    setSubmitted(false);
    feature.refs.invalidate(description.collection);
    if (description.singleton) {
      root.ui.applyConfig(saved as { shopName?: string; businessName?: string });
      setSavedNote('Gespeichert.');
    } else if (form.id !== undefined) setSavedNote('Gespeichert.');
  }

  async function onDelete() {
    if (await form.remove()) {
      feature.refs.invalidate(description.collection);
      void navigate(listPath);
    } else setConfirming(false);
  }

  const name = form.isNew
    ? `${description.singular} anlegen`
    : description.singleton
      ? description.plural
      : `${description.singular}: ${form.loaded ? (description.titleOf?.(form.values) ?? rowTitle(form.values)) : '…'}`;
  const visible = description.fields.filter((f) => !(f.createOnly && !form.isNew));

  return (
    <section className="bo-page" aria-labelledby="form-title">
      <PageTitle title={name} shopName={root.ui.shopName} />
      <div className="bo-toolbar">
        <h1 id="form-title">{name}</h1>
        {!description.singleton && (
          <Link className="button button--secondary" to={listPath}>
            Zur Liste
          </Link>
        )}
      </div>
      {form.loaded && (
        <form ref={formRef} className="bo-form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <TouchScope submitted={submitted}>
            {groupsOf(visible).map((group) => (
              <fieldset key={group.title || 'main'} className="bo-fieldset">
                {group.title && <legend>{group.title}</legend>}
                <div className="bo-fieldset__grid">
                  {group.fields.map((field) => (
                    <FieldInput
                      key={field.name}
                      form={form}
                      field={field}
                      refs={feature.refs}
                      disabled={!writable}
                    />
                  ))}
                </div>
              </fieldset>
            ))}
          </TouchScope>
          {Object.keys(form.fieldErrors).length > 0 && (
            <p className="bo-form__summary" role="alert">
              Bitte die markierten Felder prüfen.
            </p>
          )}
          {savedNote && (
            <p className="bo-form__saved" role="status">
              {savedNote}
            </p>
          )}
          {writable && (
            <div className="bo-form__actions">
              <button
                type="submit"
                className="button button--primary"
                disabled={form.saving || form.uploading}
              >
                {form.saving ? 'Wird gespeichert …' : 'Speichern'}
              </button>
              {!form.isNew && !description.singleton && !confirming && (
                <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
                  Löschen
                </button>
              )}
            </div>
          )}
          {confirming && (
            <div className="bo-confirm" role="alertdialog" aria-labelledby="confirm-text">
              <p id="confirm-text">
                {description.singular} „{description.titleOf?.(form.values) ?? rowTitle(form.values)}“
                wirklich löschen? Das lässt sich nicht rückgängig machen.
              </p>
              <button type="button" className="button button--danger" onClick={() => void onDelete()}>
                Endgültig löschen
              </button>
              <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
                Abbrechen
              </button>
            </div>
          )}
        </form>
      )}
    </section>
  );
});

/** Renders list, form (`new` or an id) of the description; a non-number id is the 404 of the list. */
export function EntityScreen({
  description,
  area,
  id,
}: {
  description: EntityDescription;
  area: string;
  id?: string;
}) {
  if (description.singleton) return <EntityFormPage description={description} area={area} />;
  if (id === undefined) return null;
  if (id === 'new') return <EntityFormPage key="new" description={description} area={area} />;
  return <EntityFormPage key={id} description={description} area={area} id={Number(id)} />;
}
