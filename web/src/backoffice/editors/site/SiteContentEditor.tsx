import type { Block } from '@ordering/common';
import { useEffect, useId, useState } from 'react';
import { BlockView } from '../../../storefront/content/blocks';
import { useStores } from '../../stores';
import { FieldError } from '../FieldError';
import type { CustomEditorProps } from '../types';

export const BLOCKS_LOAD_FAILED = 'Inhalte konnten nicht geladen werden.';

type BlockRow = Pick<Block, 'id' | 'identifier' | 'type' | 'content' | 'isEnabled'>;
interface SiteContent {
  body?: unknown;
}

/** The blocks a custom site lists (`content.body`: `[{ block: identifier }]`), as identifiers in order. */
export function bodyIdentifiers(value: SiteContent | null | undefined): string[] {
  const body = Array.isArray(value?.body) ? (value.body as unknown[]) : [];
  return body.flatMap((entry) => {
    const identifier = entry && typeof entry === 'object' ? (entry as { block?: unknown }).block : undefined;
    return typeof identifier === 'string' ? [identifier] : [];
  });
}

/** The content with the body replaced by these identifiers (other keys of the content kept). */
export function withBody(value: SiteContent | null | undefined, identifiers: string[]): SiteContent {
  return { ...(value ?? {}), body: identifiers.map((block) => ({ block })) };
}

/** Moves entry `index` by `delta` (−1 up, +1 down); out of range leaves the list as it is. */
export function moved<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/**
 * A site's content (spec section 2, "Content page"): for type `custom_site` the sequence of blocks —
 * added from the shop's blocks, moved, removed — with a live preview drawn by the storefront's own block
 * renderers (`web/src/storefront/content/blocks`); for type `default` the rich-text body (HTML, cleaned by the
 * server on saving, so it is not previewed unsaved).
 */
export function SiteContentEditor(props: CustomEditorProps<SiteContent | null>) {
  const root = useStores();
  const addId = useId();
  const [blocks, setBlocks] = useState<BlockRow[] | null>(null);
  const [choice, setChoice] = useState('');
  const isCustom = props.entity.type === 'custom_site';
  useEffect(() => {
    if (!isCustom) return;
    let live = true;
    void root.errors
      .run(BLOCKS_LOAD_FAILED, () => root.api.get<BlockRow[]>('/api/blocks?limit=500'))
      .then((list) => live && list && setBlocks(list));
    return () => {
      live = false;
    };
  }, [root, isCustom]);

  if (!isCustom) {
    const body = typeof props.value?.body === 'string' ? props.value.body : '';
    return (
      <fieldset className="ed-editor" disabled={props.disabled}>
        <legend className="ed-editor__title">{props.label}</legend>
        <label className="ed-field ed-field--wide">
          <span>Text (HTML)</span>
          <textarea
            rows={10}
            value={body}
            onChange={(event) => props.onChange({ ...(props.value ?? {}), body: event.target.value })}
          />
        </label>
        <FieldError message={props.errors[''] ?? props.errors.body} />
      </fieldset>
    );
  }

  const identifiers = bodyIdentifiers(props.value);
  const byIdentifier = new Map((blocks ?? []).map((block) => [block.identifier, block]));
  const set = (next: string[]) => props.onChange(withBody(props.value, next));
  const add = () => {
    if (!choice) return;
    set([...identifiers, choice]);
    setChoice('');
  };

  return (
    <fieldset className="ed-editor ed-site" disabled={props.disabled}>
      <legend className="ed-editor__title">{props.label}</legend>
      {identifiers.length === 0 ? (
        <p className="ed-empty">Noch keine Blöcke.</p>
      ) : (
        <ol className="ed-site__list" aria-label="Blöcke der Seite">
          {identifiers.map((identifier, index) => {
            const block = byIdentifier.get(identifier);
            const name = `Block ${identifier}`;
            return (
              <li key={`${identifier}-${index}`} className="ed-row ed-row--center ed-site__item">
                <span className="ed-site__name">
                  {identifier}
                  {blocks && !block && <span className="ed-site__note"> (nicht gefunden)</span>}
                  {block && !block.isEnabled && <span className="ed-site__note"> (inaktiv)</span>}
                </span>
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={`${name} nach oben`}
                  disabled={index === 0}
                  onClick={() => set(moved(identifiers, index, -1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={`${name} nach unten`}
                  disabled={index === identifiers.length - 1}
                  onClick={() => set(moved(identifiers, index, 1))}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="button button--ghost ed-remove"
                  aria-label={`${name} entfernen`}
                  onClick={() => set(identifiers.filter((_, at) => at !== index))}
                >
                  Entfernen
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <div className="ed-row ed-site__add">
        <label className="ed-field" htmlFor={addId}>
          <span>Block</span>
          <select id={addId} value={choice} onChange={(event) => setChoice(event.target.value)}>
            <option value="">Bitte wählen</option>
            {(blocks ?? []).map((block) => (
              <option key={block.id} value={block.identifier}>
                {block.identifier}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button--ghost ed-add" onClick={add} disabled={!choice}>
          Block hinzufügen
        </button>
      </div>
      <FieldError message={props.errors[''] ?? props.errors.body} />
      <section className="ed-site__preview" aria-label="Vorschau der Seite">
        <h3 className="ed-editor__subtitle">Vorschau</h3>
        {identifiers.map((identifier, index) => {
          const block = byIdentifier.get(identifier);
          return block && block.isEnabled ? (
            <BlockView key={`${identifier}-${index}`} block={block} isFirst={index === 0} />
          ) : null;
        })}
      </section>
    </fieldset>
  );
}
