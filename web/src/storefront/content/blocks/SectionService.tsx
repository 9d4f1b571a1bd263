import { useState } from 'react';
import { GalleryOverlay } from '../gallery/GalleryOverlay';
import { imageSrc } from '../links';
import { RichText } from './RichText';
import { altOf, type BlockProps } from './types';

/** sectionService: text and a gallery whose pictures open the full-screen overlay. */
export function SectionService({ content, id }: BlockProps<'sectionService'>) {
  const gallery = content.gallery ?? [];
  const [open, setOpen] = useState<number | null>(null);
  const title = content.title || 'Galerie';
  return (
    <section id={id} className="content-block content-service">
      {content.title && <h2 className="content-block__title">{content.title}</h2>}
      <RichText html={content.text} className="content-block__text" />
      {gallery.length > 0 && (
        <ul className="content-service__gallery">
          {gallery.map((image, index) => (
            <li key={`${image.id}-${index}`}>
              <button
                type="button"
                className="content-service__open"
                onClick={() => setOpen(index)}
                aria-label={`${altOf(image) || `Bild ${index + 1}`} – Galerie öffnen`}
              >
                <img src={imageSrc(image, 'custom/box')} alt="" width={600} height={400} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {open !== null && (
        <GalleryOverlay
          images={gallery}
          index={open}
          title={title}
          onIndex={setOpen}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
