import { imageSrc } from '../../../storefront/content/links';
import { ImagePicker, imageName, useShopImages, type ShopImage } from '../blocks/ImagePicker';
import { FieldError } from '../FieldError';
import { moveItem } from '../moveItem';
import { SortableList } from '../SortableList';
import type { CustomEditorProps } from '../types';

/** A picture as an entity stores it: `{ id }` (the API may send the whole image). */
type ImageRef = { id: number } & Partial<ShopImage>;

const isRef = (value: unknown): value is ImageRef =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';

/** The full picture for a stored reference (thumbnail, name), from the value itself or the shop's list. */
function resolve(ref: ImageRef, images: ShopImage[] | null): Partial<ShopImage> {
  return ref.extension ? ref : (images?.find((image) => image.id === ref.id) ?? ref);
}

/**
 * One picture of an entity (`image` fields: a branch's header image and logo, a tag's, a product's …):
 * chosen by thumbnail from the shop's images, removed with "Bild entfernen". Stores `{ id }`.
 */
export function ImageFieldEditor(props: CustomEditorProps<ImageRef | null | undefined>) {
  const images = useShopImages();
  const value = isRef(props.value) ? props.value : null;
  return (
    <div className="ed-editor ed-image-field">
      <ImagePicker
        label={props.label}
        images={images}
        value={value ? resolve(value, images) : null}
        disabled={props.disabled}
        onPick={(image) => props.onChange({ id: image.id })}
        onClear={() => props.onChange(null)}
      />
      <FieldError message={props.errors[''] ?? Object.values(props.errors)[0]} />
    </div>
  );
}

/**
 * The pictures of an entity (`images` fields: a branch's, a product's gallery): thumbnails in their order,
 * reordered by the drag handle (mouse, touch or keyboard), removed one by one, added from the shop's images
 * by thumbnail. Stores `[{ id }]`.
 */
export function ImageListEditor(props: CustomEditorProps<unknown>) {
  const images = useShopImages();
  const list = Array.isArray(props.value) ? props.value.filter(isRef) : [];
  const set = (next: ImageRef[]) => props.onChange(next.map(({ id }) => ({ id })));
  const chosen = new Set(list.map((ref) => ref.id));
  return (
    <fieldset className="ed-editor ed-image-list" disabled={props.disabled}>
      <legend className="ed-editor__title">{props.label}</legend>
      {list.length === 0 ? (
        <p className="ed-empty">Noch keine Bilder gewählt.</p>
      ) : (
        <SortableList
          id="images"
          items={list}
          disabled={props.disabled}
          onMove={(from, to) => set(moveItem(list, from, to))}
          handleLabel={(index) => `Bild ${index + 1} verschieben`}
          renderItem={(ref, index, handle) => {
            const image = resolve(ref, images);
            return (
              <div className="ed-row ed-row--center ed-image-list__item">
                {handle}
                <span className="ed-picker">
                  {image.extension ? (
                    <img
                      className="ed-picker__thumb"
                      src={imageSrc(image as ShopImage, 'tiny')}
                      alt=""
                      width={64}
                      height={64}
                    />
                  ) : null}
                  {imageName(image)}
                </span>
                <button
                  type="button"
                  className="button button--ghost ed-remove"
                  aria-label={`Bild ${index + 1} (${imageName(image)}) entfernen`}
                  onClick={() => set(list.filter((_, i) => i !== index))}
                >
                  Entfernen
                </button>
              </div>
            );
          }}
        />
      )}
      <ImagePicker
        label={props.label}
        images={images && images.filter((image) => !chosen.has(image.id))}
        adding
        disabled={props.disabled}
        onPick={(image) => set([...list, { id: image.id }])}
      />
      <FieldError message={props.errors[''] ?? Object.values(props.errors)[0]} />
    </fieldset>
  );
}
