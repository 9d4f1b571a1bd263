import { t } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { PageTitle } from '../../components/PageTitle';
import { BranchCard } from '../components/BranchCard';
import { LoadState } from '../components/LoadState';
import { useStores } from '../stores';
import { texts } from '../texts';

/**
 * Home variant B (spec section 2): the branch list with search and tag filter. With the home-page plugin on
 * it is the branch picker below the title; the home page's other sections (teasers, hours tables, contact,
 * map) are not built yet.
 */
export const HomePage = observer(function HomePage() {
  const { ui, data, branches } = useStores();
  // Entering the list clears the selected branch (spec section 2).
  useEffect(() => branches.clearSelection(), [branches]);
  const title = data.config?.title?.trim() || ui.shopName;
  return (
    <>
      <PageTitle shopName={ui.shopName} />
      <section className="hero hero--compact" aria-labelledby="home-title">
        <h1 id="home-title" className="hero__title">
          {title}
        </h1>
        {data.config?.description && (
          // Rich text from the back office, sanitised by the server's wysiwyg rules.
          <div className="hero__intro" dangerouslySetInnerHTML={{ __html: data.config.description }} />
        )}
      </section>
      <LoadState>
        <BranchList />
      </LoadState>
    </>
  );
});

/** The branch picker: search, tag tiles, count line and cards (also part of home variant A). */
export const BranchList = observer(function BranchList() {
  const { branches } = useStores();
  return (
    <section className="branch-list" aria-labelledby="branches-title">
      <h2 id="branches-title" className="section-title">
        {texts.branchesTitle}
      </h2>
      <div className="branch-list__filters">
        {branches.isSearchEnabled && (
          <div className="search-box" role="search">
            <label htmlFor="branch-search" className="visually-hidden">
              {texts.searchLabel}
            </label>
            <input
              id="branch-search"
              type="search"
              className="search-box__input"
              placeholder={t('branchList.searchPlaceholder')}
              value={branches.searchTerm}
              onChange={(event) => branches.setSearchTerm(event.target.value)}
              autoComplete="off"
            />
          </div>
        )}
        {branches.isTagFilterEnabled && (
          <div className="tag-tiles" role="group" aria-label={texts.tagFilterLabel}>
            {branches.tagTiles.map((tag) => (
              <button
                key={tag.id}
                type="button"
                className="tag-tile"
                aria-pressed={branches.selectedTagId === tag.id}
                onClick={() => branches.toggleTag(tag.id)}
              >
                {tag.name}
              </button>
            ))}
          </div>
        )}
      </div>
      <p className="branch-list__count" role="status" aria-live="polite">
        {branches.countText}
      </p>
      {branches.hasResults && (
        <ul className="branch-list__grid">
          {branches.filtered.map((branch) => (
            <BranchCard key={branch.id} branch={branch} />
          ))}
        </ul>
      )}
    </section>
  );
});
