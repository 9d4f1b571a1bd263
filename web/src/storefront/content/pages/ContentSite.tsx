import type { Block, Site } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { InternalErrorPage } from '../../../components/ErrorPage';
import { PageTitle } from '../../../components/PageTitle';
import { useStores } from '../../stores';
import { BlockView } from '../blocks';
import { RichText } from '../blocks/RichText';

/** The blocks a custom site lists in `content.body` (`[{ block: identifier }]`), enabled ones in order. */
export function sectionsOf(site: Pick<Site, 'content'>, blocks: readonly Block[]): Block[] {
  const body = Array.isArray(site.content?.body) ? (site.content.body as unknown[]) : [];
  const byIdentifier = new Map(blocks.map((block) => [block.identifier, block]));
  return body.flatMap((entry) => {
    const identifier = entry && typeof entry === 'object' ? (entry as { block?: unknown }).block : undefined;
    const block = typeof identifier === 'string' ? byIdentifier.get(identifier) : undefined;
    return block && block.isEnabled ? [block] : [];
  });
}

/**
 * A site (spec section 2, "Content page"): `default` shows one rich-text body, `custom_site` its sections;
 * any other type is the 500 page. Drafts carry a marker (only staff can see them).
 */
export const ContentSite = observer(function ContentSite({ site }: { site: Site }) {
  const { ui, data } = useStores();
  const draft = !site.isPublic && (
    <p className="content-draft" role="note">
      Entwurf – diese Seite ist nicht öffentlich.
    </p>
  );
  const title = site.title?.trim() || undefined;
  if (site.type === 'default') {
    const body = typeof site.content?.body === 'string' ? site.content.body : '';
    return (
      <article className="content-page content-page--default" aria-label={title}>
        <PageTitle title={site.path ? title : undefined} shopName={ui.shopName} />
        {draft}
        {/* The editor's body usually starts with its own heading. */}
        {!/<h1[\s>]/i.test(body) && <h1>{title ?? ui.shopName}</h1>}
        <RichText html={body} className="content-page__body" />
      </article>
    );
  }
  if (site.type === 'custom_site') {
    const sections = sectionsOf(site, data.blocks);
    const startsWithHero = sections[0]?.type === 'hero';
    return (
      <div className="content-page content-page--custom">
        <PageTitle title={site.path ? title : undefined} shopName={ui.shopName} />
        {draft}
        {!startsWithHero && <h1 className="content-page__title">{title ?? ui.shopName}</h1>}
        {sections.map((block, index) => (
          <BlockView key={block.id} block={block} isFirst={index === 0} />
        ))}
      </div>
    );
  }
  return <InternalErrorPage />;
});
