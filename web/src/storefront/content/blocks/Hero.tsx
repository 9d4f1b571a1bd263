import { ContentLink } from '../ContentLink';
import { imageSrc } from '../links';
import { RichText } from './RichText';
import { altOf, type BlockProps } from './types';

/** hero: image, title and text, buttons, an optional introduction (coloured when flagged). */
export function Hero({ content, id, isFirst = false }: BlockProps<'hero'> & { isFirst?: boolean }) {
  const Heading = isFirst ? 'h1' : 'h2';
  const buttons = content.buttons ?? [];
  return (
    <section id={id} className="content-block content-hero">
      <div className="content-hero__stage">
        {content.image && (
          <img
            className="content-hero__image"
            src={imageSrc(content.image, 'large')}
            srcSet={`${imageSrc(content.image, 'medium')} 640w, ${imageSrc(content.image, 'large')} 1280w`}
            sizes="(max-width: 72rem) 100vw, 72rem"
            alt={altOf(content.image)}
            width={content.image.width ?? undefined}
            height={content.image.height ?? undefined}
            fetchPriority={isFirst ? 'high' : undefined}
          />
        )}
        <div className="content-hero__body">
          {content.title && <Heading className="content-hero__title">{content.title}</Heading>}
          <RichText html={content.text} className="content-hero__text" />
          {buttons.length > 0 && (
            <div className="content-buttons">
              {buttons.map((button, index) => (
                <ContentLink
                  key={`${button.url}-${index}`}
                  url={button.url}
                  className={`button ${index === 0 ? 'button--primary' : 'button--light'}`}
                >
                  {button.label}
                </ContentLink>
              ))}
            </div>
          )}
        </div>
      </div>
      {content.introduction && (
        <RichText
          html={content.introduction}
          className={`content-hero__intro${content.isIntroductionColored ? ' content-hero__intro--colored' : ''}`}
        />
      )}
    </section>
  );
}
