import { ContentLink } from '../ContentLink';
import { imageSrc, videoPoster, videoSrc } from '../links';
import { RichText } from './RichText';
import { altOf, type BlockBase, type BlockProps } from './types';

/** Title and text every section starts with. */
function SectionHead({ content }: { content: BlockBase }) {
  return (
    <>
      {content.title && <h2 className="content-block__title">{content.title}</h2>}
      <RichText html={content.text} className="content-block__text" />
    </>
  );
}

/** sectionImages: a grid of pictures. */
export function SectionImages({ content, id }: BlockProps<'sectionImages'>) {
  const images = content.images ?? [];
  return (
    <section id={id} className="content-block content-images">
      <SectionHead content={content} />
      {images.length > 0 && (
        <ul className="content-images__grid">
          {images.map((image) => (
            <li key={image.id}>
              <img
                src={imageSrc(image, 'custom/box')}
                alt={altOf(image)}
                width={600}
                height={400}
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** sectionTextBoxes: up to three boxes, each with text and an optional button. */
export function SectionTextBoxes({ content, id }: BlockProps<'sectionTextBoxes'>) {
  const boxes = (content.boxes ?? []).slice(0, 3);
  return (
    <section id={id} className="content-block content-textboxes">
      <SectionHead content={content} />
      <div className="content-textboxes__grid">
        {boxes.map((box, index) => (
          <article key={index} className="content-card">
            {box.title && <h3 className="content-card__title">{box.title}</h3>}
            <RichText html={box.text} />
            {box.button && (
              <ContentLink url={box.button.url} className="button button--secondary content-card__button">
                {box.button.label}
              </ContentLink>
            )}
          </article>
        ))}
      </div>
    </section>
  );
}

/** sectionValues: text beside a picture. */
export function SectionValues({ content, id }: BlockProps<'sectionValues'>) {
  return (
    <section id={id} className="content-block content-values">
      <div className="content-values__text">
        <SectionHead content={content} />
      </div>
      {content.image && (
        <img
          className="content-values__image"
          src={imageSrc(content.image, 'medium')}
          alt={altOf(content.image)}
          width={content.image.width ?? undefined}
          height={content.image.height ?? undefined}
          loading="lazy"
        />
      )}
    </section>
  );
}

/** sectionInfoBox: text and a row of button items. */
export function SectionInfoBox({ content, id }: BlockProps<'sectionInfoBox'>) {
  const items = content.items ?? [];
  return (
    <section id={id} className="content-block content-infobox">
      <SectionHead content={content} />
      {items.length > 0 && (
        <ul className="content-infobox__items">
          {items.map((item, index) => (
            <li key={`${item.url}-${index}`}>
              <ContentLink url={item.url} className="button button--secondary">
                {item.label}
              </ContentLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** sectionImageText: a picture left or right of the text. */
export function SectionImageText({ content, id }: BlockProps<'sectionImageText'>) {
  const right = content.imagePosition === 'right';
  return (
    <section id={id} className={`content-block content-imagetext${right ? ' content-imagetext--right' : ''}`}>
      {content.image && (
        <img
          className="content-imagetext__image"
          src={imageSrc(content.image, 'medium')}
          alt={altOf(content.image)}
          width={content.image.width ?? undefined}
          height={content.image.height ?? undefined}
          loading="lazy"
        />
      )}
      <div className="content-imagetext__text">
        <SectionHead content={content} />
      </div>
    </section>
  );
}

/** sectionContact: text and boxes with picture and text. */
export function SectionContact({ content, id }: BlockProps<'sectionContact'>) {
  const boxes = content.boxes ?? [];
  return (
    <section id={id} className="content-block content-contact">
      <SectionHead content={content} />
      <div className="content-contact__grid">
        {boxes.map((box, index) => (
          <article key={index} className="content-card content-contact__box">
            {box.image && (
              <img
                className="content-contact__image"
                src={imageSrc(box.image, 'tiny')}
                alt={altOf(box.image)}
                width={64}
                height={64}
                loading="lazy"
              />
            )}
            <div>
              {box.title && <h3 className="content-card__title">{box.title}</h3>}
              <RichText html={box.text} />
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}

/** sectionVideo: text and a video (controls, no autoplay, poster from the upload's preview). */
export function SectionVideo({ content, id }: BlockProps<'sectionVideo'>) {
  const video = content.video;
  return (
    <section id={id} className="content-block content-video">
      <SectionHead content={content} />
      {video && (
        <video
          className="content-video__player"
          controls
          preload="metadata"
          poster={videoPoster(video)}
          src={videoSrc(video)}
        >
          <a href={videoSrc(video)}>Video herunterladen</a>
        </video>
      )}
    </section>
  );
}
