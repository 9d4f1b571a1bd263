import {
  allergenDeclaration,
  allowsMultipleFiles,
  choiceHint,
  formatMoney,
  isFilePart,
  unitLabel,
  uploadAcceptAttribute,
  type ConfigurablePart,
  type PartOption,
} from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { formatPrice, imageUrl } from '../format';
import { BasePrice } from './BasePrice';
import { PriceNote } from './PriceNote';
import type { ProductEditor } from '../stores/ProductEditor';
import { useStores } from '../stores';
import { useCatalogText, useLanguage, useT, useTexts } from '../catalogLanguage';

/** The product modal (spec sections 2, 4 and 5): amount and unit, parts, steps, live price, save. */
export const ProductModal = observer(function ProductModal() {
  const { cart } = useStores();
  const editor = cart.editor;
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (editor && !element.open) element.showModal();
    if (!editor && element.open) element.close();
  }, [editor]);

  return (
    <dialog
      ref={dialog}
      className="product-modal"
      aria-labelledby="product-modal-title"
      onCancel={(event) => {
        event.preventDefault();
        cart.cancelEditor();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (event.target === event.currentTarget) cart.cancelEditor();
      }}
    >
      {editor && <EditorForm editor={editor} />}
    </dialog>
  );
});

const EditorForm = observer(function EditorForm({ editor }: { editor: ProductEditor }) {
  const language = useLanguage();
  const texts = useTexts();
  const t = useT();
  const { cart, data } = useStores();
  const { product } = editor;
  const image = product.images?.[0];
  // "A Gluten, C Ei": letters with names in the dialog (the card shows the letters only).
  const allergens = allergenDeclaration(product, true);
  const parts = editor.parts;
  const shownParts = editor.isStepByStep ? [editor.step] : parts.map((_, index) => index);
  const nav = editor.navigation;
  const price = editor.price;
  const saveLabel = editor.isEditing ? texts.saveChanges : texts.addToCart;
  const text = useCatalogText();
  const description = text.description(product);
  const canOfferSave = editor.isStepByStep ? nav.canSave : true;

  return (
    <form
      className="product-modal__form"
      method="dialog"
      onSubmit={(event) => {
        event.preventDefault();
        cart.saveEditor();
      }}
    >
      <header className="product-modal__header">
        <h2 id="product-modal-title" className="product-modal__title">
          {text.name(product)}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label={texts.close}
          onClick={() => cart.cancelEditor()}
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className="product-modal__body">
        {image && (
          <img
            className="product-modal__image"
            src={imageUrl(image, 'medium')}
            alt=""
            width={640}
            height={640}
            decoding="async"
          />
        )}
        {description && <p className="product-modal__description">{description}</p>}
        {allergens && (
          <p className="product-modal__allergens">
            {texts.allergens}: {allergens}
          </p>
        )}
        {(!editor.isStepByStep || editor.step === 0) && <AmountField editor={editor} />}
        {editor.isStepByStep && (
          <p className="product-modal__step" aria-live="polite">
            {texts.step(editor.step + 1, parts.length)}
          </p>
        )}
        {shownParts.map((index) => (
          <PartField key={index} editor={editor} index={index} part={parts[index]} />
        ))}
      </div>
      <footer className="product-modal__footer">
        <p className="product-modal__price" aria-live="polite">
          <span className="muted">{texts.price}: </span>
          <strong>
            {product.isPriceHidden
              ? t('cart.priceOnRequest')
              : formatPrice(price.gross, price.calculationModel, data.currency, language)}
          </strong>
          <BasePrice product={product} className="product-modal__base-price" />
        </p>
        <PriceNote className="product-modal__price-note" />
        <div className="product-modal__actions">
          {editor.isStepByStep && nav.canBack && (
            <button type="button" className="button button--secondary" onClick={editor.back}>
              {texts.back}
            </button>
          )}
          {editor.isStepByStep && editor.step < parts.length - 1 && (
            <button
              type="button"
              className="button button--secondary"
              onClick={editor.forward}
              disabled={!nav.canForward}
            >
              {texts.forward}
            </button>
          )}
          {canOfferSave && (
            <button
              type="submit"
              className="button button--primary"
              disabled={!editor.isValid}
              aria-describedby={editor.isValid ? undefined : 'product-modal-missing'}
            >
              {saveLabel}
            </button>
          )}
        </div>
        {!editor.isStepByStep && !editor.isValid && editor.missingParts.length > 0 && (
          <p id="product-modal-missing" className="product-modal__missing">
            {texts.missingParts(editor.missingParts)}
          </p>
        )}
      </footer>
    </form>
  );
});

const AmountField = observer(function AmountField({ editor }: { editor: ProductEditor }) {
  const language = useLanguage();
  const texts = useTexts();
  const units = editor.units;
  return (
    <div className="amount-field">
      <label htmlFor="product-amount" className="amount-field__label">
        {texts.amount}
      </label>
      <div className="amount-field__row">
        <button
          type="button"
          className="stepper-button"
          aria-label={texts.decrease}
          disabled={!editor.canDecrease}
          onClick={editor.decrease}
        >
          −
        </button>
        <input
          id="product-amount"
          className="amount-field__input"
          inputMode="decimal"
          value={editor.amountText}
          onChange={(event) => editor.setAmountText(event.target.value)}
          onBlur={editor.commitAmount}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              editor.commitAmount();
            }
          }}
          aria-describedby={units.length === 1 ? 'product-unit' : undefined}
        />
        <button
          type="button"
          className="stepper-button"
          aria-label={texts.increase}
          disabled={!editor.canIncrease}
          onClick={editor.increase}
        >
          +
        </button>
        {units.length > 1 ? (
          <>
            <label htmlFor="product-unit-select" className="visually-hidden">
              {texts.unit}
            </label>
            <select
              id="product-unit-select"
              className="amount-field__unit-select"
              value={editor.item.unit}
              onChange={(event) => editor.setUnit(event.target.value as typeof editor.item.unit)}
            >
              {units.map((unit) => (
                <option key={unit} value={unit}>
                  {unitLabel(unit, language)}
                </option>
              ))}
            </select>
          </>
        ) : (
          <span id="product-unit" className="amount-field__unit">
            {unitLabel(editor.item.unit, language)}
          </span>
        )}
      </div>
    </div>
  );
});

function optionLabel(option: PartOption, currency: string): string {
  if (!option.value) return option.name;
  const amount = formatMoney(Math.round(option.value * 100), currency);
  if (option.modifier === 'add') return `${option.name} (+ ${amount})`;
  if (option.modifier === 'subtract') return `${option.name} (− ${amount})`;
  return `${option.name} (${amount})`;
}

const PartField = observer(function PartField({
  editor,
  index,
  part,
}: {
  editor: ProductEditor;
  index: number;
  part: ConfigurablePart;
}) {
  const texts = useTexts();
  const { data, soldOut } = useStores();
  const id = `part-${index}`;
  const value = editor.item.parts[index];
  const description = part.description ? (
    <p id={`${id}-description`} className="part-field__description">
      {part.description}
    </p>
  ) : null;
  const legend = (
    <>
      {part.name}
      {part.optional && <span className="part-field__optional"> ({texts.optional})</span>}
    </>
  );

  if (part.type === 'select' || part.type === 'multiselect') {
    const multiple = part.type === 'multiselect';
    // "Bis zu 2 wählen": the limits of a multiselect, said before the options; at the maximum the others wait.
    const hint = multiple ? choiceHint(part) : null;
    const full = multiple && editor.isPartFull(index);
    const describedBy = [description ? `${id}-description` : '', hint ? `${id}-limits` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <fieldset className="part-field" aria-describedby={describedBy || undefined}>
        <legend className="part-field__legend">{legend}</legend>
        {description}
        {hint && (
          <p id={`${id}-limits`} className="part-field__description part-field__limits">
            {hint}
          </p>
        )}
        <div className="choice-list">
          {part.options.map((option, optionIndex) => {
            const checked = multiple
              ? Array.isArray(value) && (value as unknown[]).includes(optionIndex)
              : value === optionIndex;
            // A sold-out option cannot be chosen; one already chosen can still be taken out.
            const isSoldOut = soldOut.isOptionSoldOut(editor.product.id, index, option.name);
            return (
              <label key={optionIndex} className={`choice${isSoldOut ? ' choice--sold-out' : ''}`}>
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={id}
                  checked={checked}
                  disabled={(isSoldOut || full) && !checked}
                  onChange={() => {
                    if (multiple) editor.toggleMultiselectOption(index, optionIndex);
                    else if (!checked) editor.clickSelectOption(index, optionIndex);
                  }}
                  onClick={() => {
                    // A click on the chosen option of an optional select deselects it.
                    if (!multiple && checked && part.optional) editor.clickSelectOption(index, optionIndex);
                  }}
                />
                <span>
                  {isSoldOut
                    ? texts.soldOutOption(optionLabel(option, data.currency))
                    : optionLabel(option, data.currency)}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
    );
  }

  if (part.type === 'text' || part.type === 'textarea') {
    const props = {
      id,
      className: 'part-field__input',
      value: typeof value === 'string' ? value : '',
      required: !part.optional,
      'aria-describedby': description ? `${id}-description` : undefined,
    };
    return (
      <div className="part-field">
        <label htmlFor={id} className="part-field__legend">
          {legend}
        </label>
        {description}
        {part.type === 'text' ? (
          <input {...props} onChange={(event) => editor.setText(index, event.target.value)} />
        ) : (
          <textarea {...props} rows={3} onChange={(event) => editor.setText(index, event.target.value)} />
        )}
      </div>
    );
  }

  if (isFilePart(part.type)) {
    const multiple = allowsMultipleFiles(part.type);
    const files = editor.filesOf(index);
    const pending = editor.pendingUploads.filter((upload) => upload.partIndex === index);
    const error = editor.uploadErrors.get(index);
    return (
      <div className="part-field">
        <label htmlFor={id} className="part-field__legend">
          {legend}
        </label>
        {description}
        <input
          id={id}
          type="file"
          className="part-field__file"
          accept={uploadAcceptAttribute(part.type)}
          multiple={multiple}
          aria-describedby={description ? `${id}-description` : undefined}
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            event.target.value = '';
            void editor.addFiles(index, chosen);
          }}
        />
        {pending.map((upload) => (
          <div key={upload.key} className="upload-progress">
            <span>{texts.uploading(upload.name)}</span>
            <progress max={1} value={upload.progress} aria-label={texts.uploading(upload.name)} />
          </div>
        ))}
        {files.length > 0 && (
          <ul className="file-list">
            {files.map((file) => {
              const name = editor.fileNames.get(file.id) ?? `Datei ${file.id}`;
              return (
                <li key={file.id}>
                  <span>{name}</span>
                  <button
                    type="button"
                    className="link-button"
                    aria-label={texts.removeFile(name)}
                    onClick={() => editor.removeFile(index, file.id)}
                  >
                    {texts.remove}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  }
  return null;
});
