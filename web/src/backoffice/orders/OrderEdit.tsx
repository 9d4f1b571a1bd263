import {
  availableUnits,
  emptyPartValue,
  isFilePart,
  unitLabel,
  type ConfigurablePart,
  type OrderItem,
  type PartValue,
  type Product,
  type UnitCode,
} from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { DateTimeInput } from '../editors/dates/DateInput';
import type { OrdersStore } from './OrdersStore';
import type { StaffOrder } from '@ordering/common';

/**
 * The app's own confirmation inside the panel (no browser dialog): the question, the dangerous button and
 * "Abbrechen", which has the focus (as in "Auskunft und Löschung"), so only a deliberate choice confirms.
 */
export function ConfirmInline({
  text,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
}: {
  text: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const id = useId();
  // The safe answer has the focus: a hurried Enter or Space keeps the order as it is.
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <div className="order-confirm" role="alertdialog" aria-labelledby={id}>
      <p id={id}>{text}</p>
      <button type="button" className="button button--danger" disabled={busy} onClick={onConfirm}>
        {confirmLabel}
      </button>
      <button type="button" className="button" ref={cancelRef} onClick={onCancel}>
        Abbrechen
      </button>
    </div>
  );
}

/** The fields of `PUT /api/orders/{id}` the form edits, with their German labels. */
const CONTACT_FIELDS = [
  ['firstName', 'Vorname'],
  ['lastName', 'Nachname'],
  ['company', 'Firma'],
  ['phone', 'Telefon'],
  ['email', 'E-Mail'],
] as const;
const ADDRESS_FIELDS = [
  ['street', 'Straße und Hausnummer'],
  ['zipCode', 'PLZ'],
  ['city', 'Ort'],
  ['floor', 'Stock'],
  ['stairway', 'Stiege'],
  ['door', 'Tür'],
] as const;
type EditableField = (typeof CONTACT_FIELDS)[number][0] | (typeof ADDRESS_FIELDS)[number][0] | 'comment';

/** Contact, address, wanted time and comment of an order; only what changed is sent. */
export const OrderFieldsForm = observer(function OrderFieldsForm({
  orders,
  order,
  onDone,
}: {
  orders: OrdersStore;
  order: StaffOrder;
  onDone: (saved: boolean) => void;
}) {
  const initial = (field: EditableField) => {
    const value = order[field];
    return typeof value === 'string' ? value : '';
  };
  const [values, setValues] = useState(() =>
    Object.fromEntries(
      [...CONTACT_FIELDS, ...ADDRESS_FIELDS, ['comment', '']].map(([f]) => [f, initial(f as EditableField)]),
    ),
  );
  const [appointmentDate, setAppointmentDate] = useState<string | null>(order.appointmentDate ?? null);
  const [saving, setSaving] = useState(false);
  const idPrefix = `order-${order.id}-`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(values))
      if (value !== initial(field as EditableField)) body[field] = value;
    if (appointmentDate !== (order.appointmentDate ?? null)) body.appointmentDate = appointmentDate;
    if (Object.keys(body).length === 0) return onDone(false);
    setSaving(true);
    const ok = await orders.edit(order.id, { method: 'PUT', body });
    setSaving(false);
    if (ok) onDone(true);
  }

  const input = ([field, label]: readonly [string, string]) => (
    <label className="order-edit__field" key={field}>
      <span>{label}</span>
      <input
        id={`${idPrefix}${field}`}
        type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
        value={values[field] ?? ''}
        onChange={(e) => setValues({ ...values, [field]: e.target.value })}
      />
    </label>
  );

  return (
    <form className="order-edit" onSubmit={(e) => void submit(e)} aria-label="Bestellung bearbeiten">
      <fieldset>
        <legend>Kontakt</legend>
        <div className="order-edit__grid">{CONTACT_FIELDS.map(input)}</div>
      </fieldset>
      <fieldset>
        <legend>Adresse</legend>
        <div className="order-edit__grid">{ADDRESS_FIELDS.map(input)}</div>
      </fieldset>
      <fieldset>
        <legend>Termin und Kommentar</legend>
        <div className="order-edit__grid">
          <div className="order-edit__field">
            <label htmlFor={`${idPrefix}appointmentDate`}>Wunschtermin</label>
            <DateTimeInput
              id={`${idPrefix}appointmentDate`}
              label="Wunschtermin"
              value={appointmentDate ?? ''}
              onChange={(value) => setAppointmentDate(value ?? null)}
            />
          </div>
          <label className="order-edit__field order-edit__field--wide">
            <span>Kommentar</span>
            <textarea
              rows={2}
              value={values.comment ?? ''}
              onChange={(e) => setValues({ ...values, comment: e.target.value })}
            />
          </label>
        </div>
      </fieldset>
      <p className="order-edit__hint">
        Ändern sich Termin, Adresse oder Kontaktdaten, bekommt der Kunde eine E-Mail.
      </p>
      <div className="action-row">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Wird gespeichert …' : 'Änderungen speichern'}
        </button>
        <button type="button" className="button" onClick={() => onDone(false)}>
          Abbrechen
        </button>
      </div>
    </form>
  );
});

/** The editable value of a part: file parts stay as they are (staff do not upload for the customer). */
function PartInput({
  part,
  value,
  onChange,
  id,
}: {
  part: ConfigurablePart;
  value: PartValue | undefined;
  onChange: (value: PartValue) => void;
  id: string;
}) {
  const options = part.options ?? [];
  if (part.type === 'select')
    return (
      <label className="order-edit__field">
        <span>{part.name}</span>
        <select
          id={id}
          value={typeof value === 'number' ? String(value) : ''}
          onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">{part.optional ? 'Keine Auswahl' : 'Bitte wählen'}</option>
          {options.map((option, index) => (
            <option key={index} value={index}>
              {option.name}
            </option>
          ))}
        </select>
      </label>
    );
  if (part.type === 'multiselect') {
    const chosen = Array.isArray(value) ? (value as number[]) : [];
    return (
      <fieldset className="order-edit__choices">
        <legend>{part.name}</legend>
        {options.map((option, index) => (
          <label key={index}>
            <input
              type="checkbox"
              checked={chosen.includes(index)}
              onChange={(e) =>
                onChange(
                  e.target.checked
                    ? [...chosen, index].sort((a, b) => a - b)
                    : chosen.filter((c) => c !== index),
                )
              }
            />{' '}
            {option.name}
          </label>
        ))}
      </fieldset>
    );
  }
  if (isFilePart(part.type))
    return (
      <p className="order-edit__field">
        <span>{part.name}</span>
        <span className="order-edit__hint">
          {Array.isArray(value) && value.length ? `${value.length} Datei(en) des Kunden` : 'keine Datei'}
          {' – bleibt unverändert'}
        </span>
      </p>
    );
  return (
    <label className="order-edit__field order-edit__field--wide">
      <span>{part.name}</span>
      <input
        id={id}
        type="text"
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/** A product as the catalogue API answers it (what the item editor reads). */
type CatalogProduct = Pick<
  Product,
  'id' | 'uid' | 'name' | 'unit' | 'alternativeUnits' | 'config' | 'calculationModel'
> & {
  defaultQuantity?: number | null;
};

/**
 * Changes an item (amount, unit, parts) or adds one (product search first). The server checks the line with
 * the checkout's rules and prices it; its German message shows above in the panel when it refuses.
 */
export const ItemEditor = observer(function ItemEditor({
  orders,
  order,
  index,
  onDone,
}: {
  orders: OrdersStore;
  order: StaffOrder;
  /** The item to change; null adds a new one. */
  index: number | null;
  onDone: (saved: boolean) => void;
}) {
  const item: OrderItem | undefined = index === null ? undefined : order.items[index];
  const [product, setProduct] = useState<CatalogProduct | null>(null);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<CatalogProduct[]>([]);
  const [amount, setAmount] = useState(item ? String(item.amount).replace('.', ',') : '1');
  const [unit, setUnit] = useState<string>(item?.unit ?? '');
  const [parts, setParts] = useState<PartValue[]>(item?.parts ?? []);
  const [saving, setSaving] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const key = `item-${order.id}-${index ?? 'neu'}`;

  useEffect(() => {
    if (!item) return;
    orders
      .loadProduct<CatalogProduct>(item.product.id)
      .then(setProduct)
      .catch(() => setLoadError('Das Produkt dieser Position konnte nicht geladen werden.'));
  }, [item?.product.id]);

  useEffect(() => {
    if (item || query.trim().length < 2) return setFound([]);
    const timer = setTimeout(() => {
      orders
        .searchProducts<CatalogProduct>(query.trim())
        .then(setFound)
        .catch(() => setFound([]));
    }, 200);
    return () => clearTimeout(timer);
  }, [query]);

  function choose(chosen: CatalogProduct) {
    setProduct(chosen);
    setUnit(chosen.unit);
    setAmount(String(chosen.defaultQuantity ?? 1).replace('.', ','));
    setParts((chosen.config?.parts ?? []).map((part) => emptyPartValue(part.type)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!product) return;
    const line = { amount: Number(amount.replace(',', '.')), unit, parts };
    setSaving(true);
    const ok =
      index === null
        ? await orders.edit(order.id, {
            method: 'POST',
            path: 'items',
            body: { product: { id: product.id, uid: product.uid }, ...line },
          })
        : await orders.updateItem(order.id, index, line);
    setSaving(false);
    if (ok) onDone(true);
  }

  const title = item ? `${item.name} ändern` : 'Position hinzufügen';
  return (
    <form className="order-edit order-edit--item" onSubmit={(e) => void submit(e)} aria-label={title}>
      <h4>{title}</h4>
      {loadError && <p className="alert alert--error">{loadError}</p>}
      {!item && !product && (
        <div className="order-edit__field order-edit__field--wide">
          <label htmlFor={`${key}-search`}>Produkt suchen</label>
          <input
            id={`${key}-search`}
            type="search"
            value={query}
            autoComplete="off"
            onChange={(e) => setQuery(e.target.value)}
            placeholder="mind. 2 Zeichen"
          />
          {found.length > 0 && (
            <ul className="order-edit__results" aria-label="Gefundene Produkte">
              {found.map((candidate) => (
                <li key={candidate.id}>
                  <button type="button" className="button button--small" onClick={() => choose(candidate)}>
                    {candidate.name}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {product && (
        <>
          {!item && <p className="order-edit__chosen">{product.name}</p>}
          <div className="order-edit__grid">
            <label className="order-edit__field">
              <span>Menge</span>
              <input
                id={`${key}-amount`}
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            </label>
            {availableUnits(product).length > 1 && (
              <label className="order-edit__field">
                <span>Einheit</span>
                <select value={unit} onChange={(e) => setUnit(e.target.value)}>
                  {availableUnits(product).map((code: UnitCode) => (
                    <option key={code} value={code}>
                      {unitLabel(code)}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {(product.config?.parts ?? []).map((part, j) => (
              <PartInput
                key={j}
                id={`${key}-part-${j}`}
                part={part}
                value={parts[j]}
                onChange={(value) => setParts(parts.map((v, k) => (k === j ? value : v)))}
              />
            ))}
          </div>
        </>
      )}
      <div className="action-row">
        <button type="submit" className="button button--primary" disabled={saving || !product}>
          {saving ? 'Wird gespeichert …' : index === null ? 'Hinzufügen' : 'Position speichern'}
        </button>
        <button type="button" className="button" onClick={() => onDone(false)}>
          Abbrechen
        </button>
      </div>
    </form>
  );
});
