import type { Image } from '@ordering/common';
import { useEffect, useState } from 'react';
import { imageSrc } from '../../../storefront/content/links';
import { useStores } from '../../stores';

export const IMAGES_LOAD_FAILED = 'Bilder konnten nicht geladen werden.';

/** An image of the shop as `/api/images` lists it. */
export type ShopImage = Pick<Image, 'id' | 'version' | 'extension'> & {
  name?: string | null;
  alt?: string | null;
  width?: number | null;
  height?: number | null;
};

/** The shop's images, loaded once per editor. */
export function useShopImages(): ShopImage[] | null {
  const root = useStores();
  const [images, setImages] = useState<ShopImage[] | null>(null);
  useEffect(() => {
    let live = true;
    void root.errors
      .run(IMAGES_LOAD_FAILED, () => root.api.get<ShopImage[]>('/api/images?limit=500'))
      .then((list) => live && list && setImages(list));
    return () => {
      live = false;
    };
  }, [root]);
  return images;
}

/** The name a picture is announced by. */
export function imageName(image: Partial<ShopImage>): string {
  return image.name?.trim() || image.alt?.trim() || `Bild ${String(image.id ?? '')}`;
}

/**
 * Chooses one of the shop's images by its thumbnail (`/image/tiny/…`) instead of typing an id: a button
 * opens the grid, a click on a picture picks it. `value` shows the current choice with "Entfernen".
 */
export function ImagePicker(props: {
  label: string;
  images: ShopImage[] | null;
  value?: Partial<ShopImage> | null;
  /** For lists: no current picture is shown and the button says "Bild hinzufügen". */
  adding?: boolean;
  onPick(image: ShopImage): void;
  onClear?(): void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const current = props.value && typeof props.value.id === 'number' ? props.value : null;
  const currentFull =
    current && (current.extension ? current : props.images?.find((image) => image.id === current.id));
  return (
    <div className="ed-picker" role="group" aria-label={props.label}>
      {!props.adding && <span className="ed-picker__label">{props.label}</span>}
      {!props.adding && (
        <div className="ed-picker__current">
          {currentFull && currentFull.extension ? (
            <img
              className="ed-picker__thumb"
              src={imageSrc(currentFull as ShopImage, 'tiny')}
              alt={`Gewählt: ${imageName(currentFull)}`}
              width={64}
              height={64}
            />
          ) : (
            <span className="ed-picker__none">Kein Bild gewählt</span>
          )}
        </div>
      )}
      <div className="ed-picker__actions">
        <button
          type="button"
          className="button button--ghost"
          aria-expanded={open}
          aria-label={`${props.label}: ${props.adding ? 'Bild hinzufügen' : 'Bild wählen'}`}
          disabled={props.disabled}
          onClick={() => setOpen(!open)}
        >
          {props.adding ? 'Bild hinzufügen' : 'Bild wählen'}
        </button>
        {!props.adding && current && props.onClear && (
          <button
            type="button"
            className="button button--ghost ed-remove"
            aria-label={`${props.label}: Bild entfernen`}
            disabled={props.disabled}
            onClick={props.onClear}
          >
            Bild entfernen
          </button>
        )}
      </div>
      {open && (
        <div className="ed-picker__grid">
          {props.images === null ? (
            <p className="ed-empty">Bilder werden geladen …</p>
          ) : props.images.length === 0 ? (
            <p className="ed-empty">Noch keine Bilder. Unter „Bilder“ hochladen.</p>
          ) : (
            <ul className="ed-picker__list">
              {props.images.map((image) => (
                <li key={image.id}>
                  <button
                    type="button"
                    className={`ed-picker__choice${current?.id === image.id ? ' ed-picker__choice--active' : ''}`}
                    aria-pressed={current?.id === image.id}
                    onClick={() => {
                      props.onPick(image);
                      setOpen(false);
                    }}
                  >
                    <img src={imageSrc(image, 'tiny')} alt="" width={64} height={64} loading="lazy" />
                    <span>{imageName(image)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
