import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { BlockImage } from '../blocks/types';
import { imageSrc } from '../links';

/** The index after stepping `delta` through `count` pictures, wrapping at both ends. */
export function wrapIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}

/** Keys of the overlay (spec section 2): ArrowLeft/ArrowDown back, ArrowRight/ArrowUp forward. */
export function stepForKey(key: string): -1 | 1 | 0 {
  if (key === 'ArrowLeft' || key === 'ArrowDown') return -1;
  if (key === 'ArrowRight' || key === 'ArrowUp') return 1;
  return 0;
}

/**
 * The full-screen gallery: previous/next arrows that wrap around, thumbnails, close. A modal `<dialog>`:
 * the page behind is inert, Tab stays inside, Escape closes, and focus returns to the opener.
 */
export function GalleryOverlay({
  images,
  index,
  title,
  onIndex,
  onClose,
}: {
  images: BlockImage[];
  index: number;
  title: string;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    // Focus goes back to the opener when the overlay goes (it may leave the page before it closes).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    return () => {
      if (element?.open) element.close();
      opener?.focus();
    };
  }, []);

  const count = images.length;
  const current = images[index];
  const go = (delta: number) => onIndex(wrapIndex(index, delta, count));
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const step = stepForKey(event.key);
    if (step === 0) return;
    event.preventDefault();
    go(step);
  };

  return (
    <dialog
      ref={dialog}
      className="content-gallery"
      aria-label={`${title}: Bild ${index + 1} von ${count}`}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="content-gallery__top">
        <p className="content-gallery__counter" aria-live="polite">
          Bild {index + 1} von {count}
        </p>
        <button type="button" className="content-gallery__close" onClick={onClose} autoFocus>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">Galerie schließen</span>
        </button>
      </div>
      <div className="content-gallery__stage">
        <button
          type="button"
          className="content-gallery__arrow content-gallery__arrow--prev"
          onClick={() => go(-1)}
          aria-label="Vorheriges Bild"
        >
          <span aria-hidden="true">‹</span>
        </button>
        {current && (
          <img
            className="content-gallery__image"
            src={imageSrc(current, 'custom/gallery')}
            alt={current.alt?.trim() || `Bild ${index + 1}`}
          />
        )}
        <button
          type="button"
          className="content-gallery__arrow content-gallery__arrow--next"
          onClick={() => go(1)}
          aria-label="Nächstes Bild"
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <ul className="content-gallery__thumbs">
        {images.map((image, i) => (
          <li key={`${image.id}-${i}`}>
            <button
              type="button"
              className="content-gallery__thumb"
              aria-current={i === index ? 'true' : undefined}
              aria-label={`Bild ${i + 1} zeigen`}
              onClick={() => onIndex(i)}
            >
              <img src={imageSrc(image, 'tiny')} alt="" width={64} height={64} />
            </button>
          </li>
        ))}
      </ul>
    </dialog>
  );
}
