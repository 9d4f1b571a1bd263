import type { Upload } from '@ordering/common';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { BlockView } from '../../../storefront/content/blocks';
import { useStores } from '../../stores';
import { FieldError } from '../FieldError';
import { SortableList } from '../SortableList';
import type { CustomEditorProps } from '../types';
import {
  BLOCK_FIELDS,
  buttonOrNull,
  emptyItem,
  isBlockType,
  listOf,
  normalizeContent,
  withField,
  withItemAdded,
  withItemChanged,
  withItemMoved,
  withItemRemoved,
  type BlockContent,
  type BlockFieldSpec,
  type ButtonValue,
} from './blockContent';
import { imageSrc } from '../../../storefront/content/links';
import { ImagePicker, imageName, useShopImages, type ShopImage } from './ImagePicker';

export const VIDEOS_LOAD_FAILED = 'Videos konnten nicht geladen werden.';

type Errors = Readonly<Record<string, string>>;

function TextInput(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  multiline?: boolean;
}) {
  const id = useId();
  return (
    <div className={`ed-field ${props.multiline ? 'ed-field--wide' : 'ed-field--grow'}`}>
      <label htmlFor={id}>{props.label}</label>
      {props.multiline ? (
        <textarea
          id={id}
          rows={4}
          value={props.value}
          aria-invalid={props.error ? true : undefined}
          onChange={(event) => props.onChange(event.target.value)}
        />
      ) : (
        <input
          id={id}
          type="text"
          value={props.value}
          aria-invalid={props.error ? true : undefined}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
      <FieldError message={props.error} />
    </div>
  );
}

function ButtonInputs(props: {
  name: string;
  value: ButtonValue;
  onChange(value: ButtonValue): void;
  errors: Errors;
  path: string;
}) {
  return (
    <div className="ed-row ed-block__button">
      <TextInput
        label={`${props.name}: Beschriftung`}
        value={props.value.label}
        error={props.errors[`${props.path}.label`]}
        onChange={(label) => props.onChange({ ...props.value, label })}
      />
      <TextInput
        label={`${props.name}: Link`}
        value={props.value.url}
        error={props.errors[`${props.path}.url`]}
        onChange={(url) => props.onChange({ ...props.value, url })}
      />
    </div>
  );
}

/** A list field with drag handles (SortableList), "Entfernen" per entry and an add button up to the limit. */
function ListField(props: {
  field: BlockFieldSpec;
  content: BlockContent;
  onChange(content: BlockContent): void;
  itemName(index: number): string;
  renderItem(item: unknown, index: number): ReactNode;
  add?: ReactNode;
  error?: string;
}) {
  const { field, content } = props;
  const items = listOf<unknown>(content, field.key);
  const full = field.max !== undefined && items.length >= field.max;
  return (
    <fieldset className="ed-block__list">
      <legend className="ed-block__legend">{field.label}</legend>
      {items.length === 0 ? (
        <p className="ed-empty">Noch keine Einträge.</p>
      ) : (
        <SortableList
          id={`block-${field.key}`}
          items={items}
          onMove={(from, to) => props.onChange(withItemMoved(content, field.key, from, to))}
          handleLabel={(index) => `${props.itemName(index)} verschieben`}
          renderItem={(item, index, handle) => (
            <div className="ed-row ed-row--center ed-block__item">
              {handle}
              <div className="ed-block__item-body">{props.renderItem(item, index)}</div>
              <button
                type="button"
                className="button button--ghost ed-remove"
                aria-label={`${props.itemName(index)} entfernen`}
                onClick={() => props.onChange(withItemRemoved(content, field.key, index))}
              >
                Entfernen
              </button>
            </div>
          )}
        />
      )}
      {!full &&
        (props.add ?? (
          <button
            type="button"
            className="button button--ghost ed-add"
            onClick={() => props.onChange(withItemAdded(content, field.key, emptyItem(field.kind)))}
          >
            {`${field.item ?? 'Eintrag'} hinzufügen`}
          </button>
        ))}
      <FieldError message={props.error} />
    </fieldset>
  );
}

function useShopVideos(type: string): Upload[] | null {
  const root = useStores();
  const [videos, setVideos] = useState<Upload[] | null>(null);
  useEffect(() => {
    if (type !== 'sectionVideo') return;
    let live = true;
    void root.errors
      .run(VIDEOS_LOAD_FAILED, () => root.api.get<Upload[]>('/api/uploads?limit=500'))
      .then((list) => live && list && setVideos(list.filter((u) => u.mimeType.startsWith('video/'))));
    return () => {
      live = false;
    };
  }, [root, type]);
  return videos;
}

function FieldEditor(props: {
  field: BlockFieldSpec;
  content: BlockContent;
  onChange(content: BlockContent): void;
  errors: Errors;
  images: ShopImage[] | null;
  videos: Upload[] | null;
}) {
  const { field, content, errors } = props;
  const set = (value: unknown) => props.onChange(withField(content, field.key, value));
  const value = content[field.key];
  const videoId = useId();
  switch (field.kind) {
    case 'text':
    case 'richText':
      return (
        <TextInput
          label={field.label}
          value={String(value ?? '')}
          multiline={field.kind === 'richText'}
          error={errors[field.key]}
          onChange={set}
        />
      );
    case 'boolean':
      return (
        <label className="ed-check">
          <input type="checkbox" checked={value === true} onChange={(event) => set(event.target.checked)} />
          {field.label}
        </label>
      );
    case 'imagePosition':
      return (
        <fieldset className="ed-block__list ed-row">
          <legend className="ed-block__legend">{field.label}</legend>
          {(['left', 'right'] as const).map((position) => (
            <label key={position} className="ed-check">
              <input
                type="radio"
                name="block-image-position"
                checked={value === position}
                onChange={() => set(position)}
              />
              {position === 'left' ? 'Links' : 'Rechts'}
            </label>
          ))}
        </fieldset>
      );
    case 'image':
      return (
        <div className="ed-block__field">
          <ImagePicker
            label={field.label}
            images={props.images}
            value={value as ShopImage | null}
            onPick={set}
            onClear={() => set(null)}
          />
          <FieldError message={errors[field.key]} />
        </div>
      );
    case 'video':
      return (
        <div className="ed-field ed-field--grow">
          <label htmlFor={videoId}>{field.label}</label>
          <select
            id={videoId}
            value={value && typeof value === 'object' ? String((value as { id: number }).id) : ''}
            onChange={(event) =>
              set(props.videos?.find((video) => String(video.id) === event.target.value) ?? null)
            }
          >
            <option value="">Kein Video</option>
            {(props.videos ?? []).map((video) => (
              <option key={video.id} value={video.id}>
                {video.name || `Datei ${String(video.id)}`}
              </option>
            ))}
          </select>
          <FieldError message={errors[field.key]} />
        </div>
      );
    case 'images':
      return (
        <ListField
          field={field}
          content={content}
          onChange={props.onChange}
          error={errors[field.key]}
          itemName={(index) => `Bild ${index + 1}`}
          renderItem={(item) => (
            <span className="ed-picker">
              <img
                className="ed-picker__thumb"
                src={imageSrc(item as ShopImage, 'tiny')}
                alt=""
                width={64}
                height={64}
              />
              {imageName(item as ShopImage)}
            </span>
          )}
          add={
            <ImagePicker
              label={field.label}
              images={props.images}
              adding
              onPick={(image) => props.onChange(withItemAdded(content, field.key, image))}
            />
          }
        />
      );
    case 'buttons':
      return (
        <ListField
          field={field}
          content={content}
          onChange={props.onChange}
          error={errors[field.key]}
          itemName={(index) => `${field.item ?? 'Eintrag'} ${index + 1}`}
          renderItem={(item, index) => (
            <ButtonInputs
              name={`${field.item ?? 'Eintrag'} ${index + 1}`}
              value={item as ButtonValue}
              errors={errors}
              path={`${field.key}[${index}]`}
              onChange={(next) => props.onChange(withItemChanged(content, field.key, index, next))}
            />
          )}
        />
      );
    case 'textBoxes':
    case 'contactBoxes':
      return (
        <ListField
          field={field}
          content={content}
          onChange={props.onChange}
          error={errors[field.key]}
          itemName={(index) => `Box ${index + 1}`}
          renderItem={(item, index) => {
            const box = item as Record<string, unknown>;
            const name = `Box ${index + 1}`;
            const path = `${field.key}[${index}]`;
            const change = (key: string, next: unknown) =>
              props.onChange(withItemChanged(content, field.key, index, { ...box, [key]: next }));
            return (
              <div className="ed-block__box">
                <TextInput
                  label={`${name}: Titel`}
                  value={String(box.title ?? '')}
                  error={errors[`${path}.title`]}
                  onChange={(next) => change('title', next)}
                />
                {field.kind === 'contactBoxes' && (
                  <ImagePicker
                    label={`${name}: Bild`}
                    images={props.images}
                    value={box.image as ShopImage | null}
                    onPick={(image) => change('image', image)}
                    onClear={() => change('image', null)}
                  />
                )}
                <TextInput
                  label={`${name}: Text (HTML)`}
                  value={String(box.text ?? '')}
                  multiline
                  error={errors[`${path}.text`]}
                  onChange={(next) => change('text', next)}
                />
                {field.kind === 'textBoxes' && (
                  <ButtonInputs
                    name={`${name}: Button`}
                    value={(box.button as ButtonValue | null) ?? { label: '', url: '' }}
                    errors={errors}
                    path={`${path}.button`}
                    onChange={(next) => change('button', buttonOrNull(next))}
                  />
                )}
              </div>
            );
          }}
        />
      );
  }
}

/**
 * A block's content (spec section 2, "Inhalte"): the fields of its type — texts, buttons with label and
 * link, lists with drag handles, pictures chosen from the shop's images by thumbnail — and a live preview
 * drawn by the storefront's own renderer for that type (`web/src/storefront/content/blocks`).
 */
export function BlockContentEditor(props: CustomEditorProps<Record<string, unknown> | null>) {
  const type = props.entity.type;
  const images = useShopImages();
  const videos = useShopVideos(String(type ?? ''));
  if (!isBlockType(type)) {
    return (
      <fieldset className="ed-editor" disabled={props.disabled}>
        <legend className="ed-editor__title">{props.label}</legend>
        <p className="ed-empty">Bitte zuerst den Blocktyp wählen.</p>
      </fieldset>
    );
  }
  const content = normalizeContent(type, props.value);
  return (
    <fieldset className="ed-editor ed-block" disabled={props.disabled}>
      <legend className="ed-editor__title">{props.label}</legend>
      <div className="ed-block__fields">
        {BLOCK_FIELDS[type].map((field) => (
          <FieldEditor
            key={`${type}-${field.key}`}
            field={field}
            content={content}
            onChange={props.onChange}
            errors={props.errors}
            images={images}
            videos={videos}
          />
        ))}
      </div>
      <FieldError message={props.errors['']} />
      <section className="ed-site__preview" aria-label="Vorschau des Blocks">
        <h3 className="ed-editor__subtitle">Vorschau</h3>
        <BlockView
          block={{ type, content, identifier: String(props.entity.identifier ?? 'vorschau') }}
          isFirst={false}
        />
      </section>
    </fieldset>
  );
}
