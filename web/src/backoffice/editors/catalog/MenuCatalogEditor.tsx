import type { MenuCategoryEntry } from '@ordering/common';
import { useEffect, useId, useState } from 'react';
import { useStores } from '../../stores';
import { FieldError } from '../FieldError';
import { SortableList } from '../SortableList';
import type { CustomEditorProps } from '../types';
import {
  addCategory,
  addProduct,
  missing,
  moveCategory,
  moveProduct,
  moveProductToCategory,
  nameOf,
  removeCategory,
  removeProduct,
  setProductEnabled,
  type Named,
} from './catalogLogic';

export const NAMES_LOAD_FAILED = 'Kategorien und Produkte konnten nicht geladen werden.';

/** Every category and product (id and name) for the pickers; failures go to the error list with retry. */
function useNames(): { categories: Named[]; products: Named[] } {
  const root = useStores();
  const [names, setNames] = useState<{ categories: Named[]; products: Named[] }>({
    categories: [],
    products: [],
  });
  useEffect(() => {
    let live = true;
    const load = async (): Promise<void> => {
      const result = await root.errors.run(
        NAMES_LOAD_FAILED,
        () =>
          Promise.all([
            root.api.get<Named[]>('/api/categories?limit=1000'),
            root.api.get<Named[]>('/api/products?limit=1000'),
          ]),
        { retry: () => load() },
      );
      if (result && live) setNames({ categories: result[0], products: result[1] });
    };
    void load();
    return () => {
      live = false;
    };
  }, [root]);
  return names;
}

/**
 * A menu's catalogue: its categories in display order and in each the products (switched on or off for
 * this menu), reordered by drag or keyboard; a product moves to another category with its picker.
 */
export function MenuCatalogEditor(props: CustomEditorProps<MenuCategoryEntry[] | null | undefined>) {
  const catalog = props.value ?? [];
  const id = useId();
  const { categories, products } = useNames();
  const categoryNames = new Map(categories.map((c) => [c.id, c.name]));
  const productNames = new Map(products.map((p) => [p.id, p.name]));
  const change = (next: MenuCategoryEntry[]) => props.onChange(next);
  const addableCategories = missing(categories, catalog);

  return (
    <fieldset className="ed-editor ed-catalog" disabled={props.disabled}>
      <legend className="ed-editor__title">{props.label}</legend>
      <FieldError message={props.errors['']} />
      {catalog.length === 0 && <p className="ed-empty">Noch keine Kategorie im Katalog.</p>}
      <SortableList
        id={`${id}-category`}
        items={catalog}
        onMove={(from, to) => change(moveCategory(catalog, from, to))}
        handleLabel={(i) => `Kategorie ${nameOf(categoryNames, catalog[i]!.id, 'category')} verschieben`}
        renderItem={(entry, i, handle) => {
          const categoryName = nameOf(categoryNames, entry.id, 'category');
          const addable = missing(products, entry.products);
          return (
            <section className="ed-card" data-category={entry.id} aria-label={categoryName}>
              <div className="ed-row ed-row--center">
                {handle}
                <h3 className="ed-catalog__category">{categoryName}</h3>
                <span className="ed-hint">{entry.products.length} Produkte</span>
                <button
                  type="button"
                  className="button button--ghost ed-remove"
                  onClick={() => change(removeCategory(catalog, i))}
                >
                  {categoryName} aus dem Katalog entfernen
                </button>
              </div>
              <FieldError message={props.errors[`[${i}].id`]} />
              <SortableList
                id={`${id}-category${i}-product`}
                items={entry.products}
                onMove={(from, to) => change(moveProduct(catalog, i, from, to))}
                handleLabel={(j) => `${nameOf(productNames, entry.products[j]!.id, 'product')} verschieben`}
                renderItem={(product, j, productHandle) => {
                  const productName = nameOf(productNames, product.id, 'product');
                  return (
                    <div className="ed-row ed-row--center ed-catalog__product" data-product={product.id}>
                      {productHandle}
                      <span className="ed-catalog__name">{productName}</span>
                      <label className="ed-check ed-check--inline">
                        <input
                          type="checkbox"
                          checked={product.isEnabled}
                          onChange={(e) => change(setProductEnabled(catalog, i, j, e.target.checked))}
                        />
                        <span>Aktiv</span>
                      </label>
                      {catalog.length > 1 && (
                        <label className="ed-field ed-field--inline">
                          <span className="visually-hidden">{productName} verschieben nach</span>
                          <select
                            value=""
                            onChange={(e) =>
                              e.target.value !== '' &&
                              change(moveProductToCategory(catalog, i, j, Number(e.target.value)))
                            }
                          >
                            <option value="">Verschieben nach …</option>
                            {catalog.map((other, k) =>
                              k === i ? null : (
                                <option key={other.id} value={k}>
                                  {nameOf(categoryNames, other.id, 'category')}
                                </option>
                              ),
                            )}
                          </select>
                        </label>
                      )}
                      <button
                        type="button"
                        className="button button--ghost"
                        onClick={() => change(removeProduct(catalog, i, j))}
                        aria-label={`${productName} aus ${categoryName} entfernen`}
                      >
                        Entfernen
                      </button>
                      <FieldError message={props.errors[`[${i}].products[${j}].id`]} />
                    </div>
                  );
                }}
              />
              {addable.length > 0 && (
                <label className="ed-field ed-field--inline ed-row--indent">
                  <span>Produkt hinzufügen</span>
                  <select
                    value=""
                    onChange={(e) =>
                      e.target.value !== '' && change(addProduct(catalog, i, Number(e.target.value)))
                    }
                  >
                    <option value="">Produkt wählen …</option>
                    {addable.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </section>
          );
        }}
      />
      {addableCategories.length > 0 && (
        <label className="ed-field ed-field--inline">
          <span>Kategorie hinzufügen</span>
          <select
            value=""
            onChange={(e) => e.target.value !== '' && change(addCategory(catalog, Number(e.target.value)))}
          >
            <option value="">Kategorie wählen …</option>
            {addableCategories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      )}
    </fieldset>
  );
}
