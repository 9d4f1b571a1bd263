import { useId, useMemo } from 'react';
import { FieldError } from '../FieldError';
import { SortableList } from '../SortableList';
import type { CustomEditorProps } from '../types';
import {
  addItem,
  canIndent,
  indent,
  ITEM_TYPE_LABELS,
  MAX_DEPTH,
  moveSibling,
  outdent,
  removeItem,
  updateItem,
  validateTree,
  type ItemPath,
  type NavigationItem,
  type NavigationItemType,
} from './navigationTree';

const TARGET_LABELS: Readonly<Record<NavigationItemType, string | null>> = {
  home: null,
  site: 'Seitenpfad',
  branch: 'Filialkennung',
  link: 'Adresse (https://…, mailto:, tel:)',
};

const keyOf = (path: ItemPath) => path.map((i) => `[${i}]`).join('.children');

interface LevelProps {
  tree: NavigationItem[];
  items: NavigationItem[];
  parent: ItemPath;
  errors: Record<string, string>;
  change(next: NavigationItem[]): void;
  idPrefix: string;
}

/** One level of the tree: its items reordered by drag or keyboard, each with its children below. */
function Level({ tree, items, parent, errors, change, idPrefix }: LevelProps) {
  return (
    <SortableList
      id={`${idPrefix}-${parent.join('-') || 'top'}`}
      items={items}
      onMove={(from, to) => change(moveSibling(tree, parent, from, to))}
      handleLabel={(i) => `${items[i]!.label || `Eintrag ${i + 1}`} verschieben`}
      renderItem={(item, i, handle) => {
        const path = [...parent, i];
        const key = keyOf(path);
        const name = item.label || `Eintrag ${i + 1}`;
        const targetLabel = TARGET_LABELS[item.type];
        return (
          <div className="ed-card ed-nav__item" data-nav={path.join('.')}>
            <div className="ed-row">
              {handle}
              <label className="ed-field ed-field--grow">
                <span>Bezeichnung</span>
                <input
                  value={item.label}
                  maxLength={100}
                  aria-invalid={!!errors[`${key}.label`]}
                  onChange={(e) => change(updateItem(tree, path, { label: e.target.value }))}
                />
                <FieldError message={errors[`${key}.label`]} />
              </label>
              <label className="ed-field">
                <span>Art</span>
                <select
                  value={item.type}
                  onChange={(e) =>
                    change(updateItem(tree, path, { type: e.target.value as NavigationItemType }))
                  }
                >
                  {(Object.keys(ITEM_TYPE_LABELS) as NavigationItemType[]).map((type) => (
                    <option key={type} value={type}>
                      {ITEM_TYPE_LABELS[type]}
                    </option>
                  ))}
                </select>
              </label>
              {targetLabel && (
                <label className="ed-field ed-field--grow">
                  <span>{targetLabel}</span>
                  <input
                    value={item.target}
                    maxLength={2000}
                    aria-invalid={!!errors[`${key}.target`]}
                    onChange={(e) => change(updateItem(tree, path, { target: e.target.value }))}
                  />
                  <FieldError message={errors[`${key}.target`]} />
                </label>
              )}
              <label className="ed-check">
                <input
                  type="checkbox"
                  checked={item.isEnabled}
                  onChange={(e) => change(updateItem(tree, path, { isEnabled: e.target.checked }))}
                />
                <span>Sichtbar</span>
              </label>
            </div>
            <div className="ed-row ed-row--indent">
              <button
                type="button"
                className="button button--ghost"
                disabled={!canIndent(tree, path)}
                onClick={() => change(indent(tree, path))}
                aria-label={`${name} einrücken (unter den vorigen Eintrag)`}
              >
                Einrücken →
              </button>
              <button
                type="button"
                className="button button--ghost"
                disabled={parent.length === 0}
                onClick={() => change(outdent(tree, path))}
                aria-label={`${name} ausrücken (eine Ebene höher)`}
              >
                ← Ausrücken
              </button>
              {path.length < MAX_DEPTH && (
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => change(addItem(tree, path))}
                  aria-label={`Untereintrag zu ${name} hinzufügen`}
                >
                  Untereintrag hinzufügen
                </button>
              )}
              <button
                type="button"
                className="button button--ghost"
                onClick={() => change(removeItem(tree, path))}
                aria-label={`${name} entfernen`}
              >
                Entfernen
              </button>
            </div>
            {item.children.length > 0 && (
              <div className="ed-nav__children">
                <Level
                  tree={tree}
                  items={item.children}
                  parent={path}
                  errors={errors}
                  change={change}
                  idPrefix={idPrefix}
                />
              </div>
            )}
          </div>
        );
      }}
    />
  );
}

/**
 * A navigation's item tree (up to three levels): reorder siblings by drag or keyboard, move an item one
 * level down (under the previous item) or up with the buttons; the same checks as the API, at each field.
 */
export function NavigationTreeEditor(props: CustomEditorProps<NavigationItem[] | null | undefined>) {
  const items = props.value ?? [];
  const id = useId();
  const errors = { ...useMemo(() => validateTree(items), [items]), ...props.errors };
  const change = (next: NavigationItem[]) => props.onChange(next);
  return (
    <fieldset className="ed-editor ed-nav" disabled={props.disabled}>
      <legend className="ed-editor__title">{props.label}</legend>
      <FieldError message={errors['']} />
      {items.length === 0 && <p className="ed-empty">Noch keine Einträge.</p>}
      <Level tree={items} items={items} parent={[]} errors={errors} change={change} idPrefix={id} />
      <button
        type="button"
        className="button button--ghost ed-add"
        onClick={() => change(addItem(items, []))}
      >
        Eintrag hinzufügen
      </button>
    </fieldset>
  );
}
