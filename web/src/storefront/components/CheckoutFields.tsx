import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import type { CheckoutStore, CustomerField } from '../stores/CheckoutStore';

/**
 * The checkout's field parts, shared by the storefront's checkout and the kiosk's (one set of components,
 * two skins): a labelled control with its required mark, hint and error wired for assistive technology,
 * and a text field bound to the checkout's customer details.
 */

export type FieldSkin = 'store' | 'kiosk';

const SKINS: Record<FieldSkin, { field: string; required: string; hint: string; error: string }> = {
  store: { field: 'form__field', required: 'form__required', hint: 'form__hint', error: 'form__error' },
  kiosk: {
    field: 'kiosk-field',
    required: 'kiosk-field__required',
    hint: 'kiosk-field__hint',
    error: 'kiosk-error',
  },
};

export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/**
 * A labelled form control. An observer itself: the control's render prop reads the store's values
 * (`checkout.details[field]`, `cart.comment` …) while Field renders, so Field must track them — a plain
 * component here left typed text invisible (the controlled input kept its old value).
 */
export const Field = observer(function Field({
  id,
  label,
  required = false,
  error,
  hint,
  wide = false,
  skin = 'store',
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string | null;
  wide?: boolean;
  /** The storefront's form or the kiosk's large touch fields: the same field, two looks. */
  skin?: FieldSkin;
  children: (props: ControlProps) => ReactNode;
}) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  const css = SKINS[skin];
  return (
    <div className={`${css.field}${wide ? ' form__field--wide' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className={css.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({
        id,
        'aria-invalid': !!error,
        'aria-describedby': describedBy || undefined,
        'aria-required': required || undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className={css.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={css.error}>
          {error}
        </p>
      )}
    </div>
  );
});

export const TextField = observer(function TextField({
  checkout,
  field,
  label,
  type = 'text',
  autoComplete,
  hint,
  wide,
  skin,
  onBlur,
}: {
  checkout: CheckoutStore;
  field: CustomerField;
  label: string;
  type?: string;
  autoComplete?: string;
  hint?: string | null;
  wide?: boolean;
  skin?: FieldSkin;
  onBlur?: () => void;
}) {
  return (
    <Field
      id={field}
      label={label}
      required={checkout.isRequired(field)}
      error={checkout.errorFor(field)}
      hint={hint}
      wide={wide}
      skin={skin}
    >
      {(props) => (
        <input
          {...props}
          type={type}
          autoComplete={autoComplete}
          value={checkout.details[field]}
          onChange={(event) => checkout.setDetail(field, event.target.value)}
          onBlur={onBlur}
        />
      )}
    </Field>
  );
});
