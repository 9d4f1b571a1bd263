import { ALLERGENS, sortAllergenCodes, type AllergenCode } from '@ordering/common';
import { FieldError } from '../FieldError';
import type { CustomEditorProps } from '../types';

/**
 * The 14 EU allergens as checkboxes with their Austrian letters ("A Gluten"); the value is the list of
 * codes in legend order, as the API keeps it.
 */
export function AllergenCodesEditor(props: CustomEditorProps<AllergenCode[] | null | undefined>) {
  const codes = props.value ?? [];
  const toggle = (code: AllergenCode, on: boolean) =>
    props.onChange(sortAllergenCodes(on ? [...codes, code] : codes.filter((c) => c !== code)));
  return (
    <fieldset className="ed-editor ed-allergens" disabled={props.disabled}>
      <legend className="ed-editor__title">{props.label}</legend>
      <FieldError message={props.errors['']} />
      <div className="ed-allergens__grid">
        {ALLERGENS.map((allergen) => (
          <label key={allergen.code} className="ed-check ed-allergens__item" title={allergen.long}>
            <input
              type="checkbox"
              name="allergenCodes"
              value={allergen.code}
              checked={codes.includes(allergen.code)}
              onChange={(e) => toggle(allergen.code, e.target.checked)}
            />
            <span>
              <abbr className="ed-allergens__code" title={allergen.long}>
                {allergen.code}
              </abbr>{' '}
              {allergen.name}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
