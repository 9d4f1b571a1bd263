import type { Menu, ProductPlacement } from '@ordering/common';
import { useEffect, useState } from 'react';
import { useStores } from '../../stores';
import { FieldError } from '../FieldError';
import type { CustomEditorProps } from '../types';

export const MENUS_LOAD_FAILED = 'Speisekarten und Kategorien konnten nicht geladen werden.';

interface Named {
  id: number;
  name: string;
}

/** A menu's title in a choice: its name, else "Speisekarte ab 01.01.2026". */
export function menuTitle(menu: Pick<Menu, 'name' | 'availableFrom'>): string {
  if (menu.name?.trim()) return menu.name;
  return `Speisekarte ab ${new Date(menu.availableFrom).toLocaleDateString('de-DE')}`;
}

/**
 * The menus the user may manage: all of them, unless every role of the user is limited to its branches
 * (employees); then only menus all of whose branches are the user's (the server applies the same rule).
 */
export function manageableMenus(
  menus: Menu[],
  roles: readonly string[],
  branchIds: readonly number[],
): Menu[] {
  const scoped = roles.length > 0 && roles.every((role) => role === 'ROLE_EMPLOYEE');
  if (!scoped) return menus;
  return menus.filter(
    (menu) => menu.branches.length > 0 && menu.branches.every((branch) => branchIds.includes(branch.id)),
  );
}

/** The categories of a menu's catalogue, in its order, with their names. */
export function categoriesOf(menu: Menu | undefined, names: ReadonlyMap<number, string>): Named[] {
  return (menu?.catalog ?? []).map((entry) => ({
    id: entry.id,
    name: names.get(entry.id) ?? `Kategorie ${entry.id}`,
  }));
}

/**
 * Where the product stands in the menus (a virtual field the server writes into the menus' catalogues):
 * rows of "Speisekarte" and "Kategorie", the category list narrowed to the chosen menu.
 */
export function PlacementsEditor(props: CustomEditorProps<ProductPlacement[] | null | undefined>) {
  const root = useStores();
  const placements = props.value ?? [];
  const [menus, setMenus] = useState<Menu[] | null>(null);
  const [names, setNames] = useState<ReadonlyMap<number, string>>(new Map());
  useEffect(() => {
    let live = true;
    const load = async (): Promise<void> => {
      const result = await root.errors.run(
        MENUS_LOAD_FAILED,
        () =>
          Promise.all([
            root.api.get<Menu[]>('/api/menus?limit=1000'),
            root.api.get<Named[]>('/api/categories?limit=1000'),
          ]),
        { retry: () => load() },
      );
      if (!result || !live) return;
      setMenus(manageableMenus(result[0], root.auth.roles, root.auth.branchIds));
      setNames(new Map(result[1].map((c) => [c.id, c.name])));
    };
    void load();
    return () => {
      live = false;
    };
  }, [root]);

  const change = (next: ProductPlacement[]) => props.onChange(next);
  const menuById = new Map((menus ?? []).map((menu) => [menu.id, menu]));
  const firstCategory = (menu: Menu | undefined) => categoriesOf(menu, names)[0]?.id ?? 0;
  const usable = (menus ?? []).filter((menu) => menu.catalog.length > 0);
  const add = () => {
    const menu = usable[0];
    if (menu) change([...placements, { menu: { id: menu.id }, category: { id: firstCategory(menu) } }]);
  };

  return (
    <fieldset className="ed-editor ed-placements" disabled={props.disabled}>
      <legend className="ed-editor__title">{props.label}</legend>
      <FieldError message={props.errors['']} />
      {menus !== null && usable.length === 0 && (
        <p className="ed-empty">Noch keine Speisekarte mit Kategorien.</p>
      )}
      {placements.length === 0 && usable.length > 0 && (
        <p className="ed-hint">Das Produkt steht noch in keiner Speisekarte.</p>
      )}
      {placements.map((placement, i) => {
        const menu = menuById.get(placement.menu.id);
        const categories = categoriesOf(menu, names);
        return (
          <div className="ed-row ed-row--center" key={i} data-placement={i}>
            <label className="ed-field">
              <span>Speisekarte</span>
              <select
                value={placement.menu.id}
                aria-invalid={!!props.errors[`[${i}].menu`]}
                onChange={(e) => {
                  const next = menuById.get(Number(e.target.value));
                  change(
                    placements.map((p, j) =>
                      j === i
                        ? { menu: { id: Number(e.target.value) }, category: { id: firstCategory(next) } }
                        : p,
                    ),
                  );
                }}
              >
                {!menu && <option value={placement.menu.id}>Speisekarte {placement.menu.id}</option>}
                {usable.map((m) => (
                  <option key={m.id} value={m.id}>
                    {menuTitle(m)}
                  </option>
                ))}
              </select>
              <FieldError message={props.errors[`[${i}].menu`]} />
            </label>
            <label className="ed-field">
              <span>Kategorie</span>
              <select
                value={placement.category.id}
                aria-invalid={!!props.errors[`[${i}].category`]}
                onChange={(e) =>
                  change(
                    placements.map((p, j) =>
                      j === i ? { ...p, category: { id: Number(e.target.value) } } : p,
                    ),
                  )
                }
              >
                {!categories.some((c) => c.id === placement.category.id) && (
                  <option value={placement.category.id}>{names.get(placement.category.id) ?? '–'}</option>
                )}
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
              <FieldError message={props.errors[`[${i}].category`]} />
            </label>
            <button
              type="button"
              className="button button--ghost ed-remove"
              onClick={() => change(placements.filter((_, j) => j !== i))}
              aria-label={`Platzierung ${i + 1} entfernen`}
            >
              Entfernen
            </button>
          </div>
        );
      })}
      {usable.length > 0 && (
        <button type="button" className="button button--ghost ed-add" onClick={add}>
          Speisekarte hinzufügen
        </button>
      )}
    </fieldset>
  );
}
