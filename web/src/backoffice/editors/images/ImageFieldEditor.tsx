import { useRef, useState, type DragEvent } from 'react';
import { imageSrc } from '../../../storefront/content/links';
import { useStores } from '../../stores';
import { fileProblem } from '../upload/uploadFile';
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
  const shop = useShopImages();
  // Photos dropped here were uploaded as new images of the shop: known at once, not only after a reload.
  const [uploaded, setUploaded] = useState<ShopImage[]>([]);
  const images = shop && [...shop, ...uploaded.filter((image) => !shop.some((s) => s.id === image.id))];
  const list = Array.isArray(props.value) ? props.value.filter(isRef) : [];
  // The latest list for uploads finishing one after another (each adds to what is there then).
  const latest = useRef(list);
  latest.current = list;
  const set = (next: ImageRef[]) => {
    latest.current = next;
    props.onChange(next.map(({ id }) => ({ id })));
  };
  const chosen = new Set(list.map((ref) => ref.id));
  return (
    <fieldset className="ed-editor ed-image-list" disabled={props.disabled}>
      <legend className="ed-editor__title">{props.label}</legend>
      <PhotoDrop
        disabled={props.disabled}
        onBusy={props.onBusy}
        onUploaded={(image) => {
          setUploaded((before) => [...before, image]);
          set([...latest.current, image]);
        }}
      />
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

interface Sending {
  key: number;
  name: string;
  /** The picture read in the browser, shown until the server's thumbnail is there. */
  preview: string;
}

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('Die Datei konnte nicht gelesen werden.'));
    reader.readAsDataURL(file);
  });

let sendingKey = 0;

/**
 * Photos dropped (or chosen, several at once) into a form's picture list: each is checked like the media
 * screen's upload (type, 15 MB; the server checks the content again), shown at once as a preview, uploaded
 * as a new image of the shop (`POST /api/images`) and added to the list in the order dropped. "Speichern"
 * waits while photos are being sent.
 */
function PhotoDrop(props: {
  disabled?: boolean;
  onBusy?(busy: boolean): void;
  onUploaded(image: ShopImage): void;
}) {
  const root = useStores();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [sending, setSending] = useState<Sending[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  async function take(files: readonly File[]) {
    if (props.disabled || files.length === 0) return;
    const problems: string[] = [];
    const accepted = files.filter((file) => {
      const refused = fileProblem(file, 'image');
      if (refused) problems.push(`${file.name}: ${refused}`);
      return !refused;
    });
    setProblem(problems.length ? problems.join(' ') : null);
    if (accepted.length === 0) return;
    props.onBusy?.(true);
    try {
      for (const file of accepted) {
        const key = ++sendingKey;
        let data: string;
        try {
          data = await readDataUrl(file);
        } catch (error) {
          problems.push(`${file.name}: ${(error as Error).message}`);
          continue;
        }
        setSending((list) => [...list, { key, name: file.name, preview: data }]);
        const name = file.name.replace(/\.[^.]+$/, '');
        const image = await root.errors.run(`${file.name} konnte nicht hochgeladen werden.`, () =>
          root.api.post<ShopImage>('/api/images', { data, name }),
        );
        setSending((list) => list.filter((entry) => entry.key !== key));
        if (image) props.onUploaded(image);
      }
    } finally {
      setProblem(problems.length ? problems.join(' ') : null);
      props.onBusy?.(false);
      if (input.current) input.current.value = '';
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    void take([...event.dataTransfer.files]);
  }

  return (
    <div
      className={`ed-drop ed-photo-drop${over ? ' ed-drop--over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="photo-drop"
      aria-busy={sending.length > 0}
    >
      <p>Fotos hierher ziehen oder</p>
      <label className="button button--ghost">
        Fotos hochladen
        <input
          ref={input}
          className="visually-hidden"
          type="file"
          multiple
          accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
          disabled={props.disabled}
          onChange={(event) => void take([...(event.target.files ?? [])])}
        />
      </label>
      <p className="ed-hint">JPG, PNG, GIF, WebP oder SVG, höchstens 15 MB je Foto.</p>
      {sending.length > 0 && (
        <ul className="ed-photo-drop__sending" aria-live="polite">
          {sending.map((entry) => (
            <li key={entry.key}>
              <img className="ed-picker__thumb" src={entry.preview} alt="" width={64} height={64} />
              {entry.name} wird hochgeladen …
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p className="ed-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
