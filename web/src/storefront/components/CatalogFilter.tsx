import { observer } from 'mobx-react-lite';
import { useStores } from '../stores';
import { texts } from '../texts';

/**
 * The store page's search and dietary chips (issue 25): a search over names, descriptions and tags, and a
 * chip per tag the branch's products carry; both combine. The result count is announced politely.
 */
export const CatalogFilter = observer(function CatalogFilter() {
  const { catalog } = useStores();
  if (catalog.groups.length === 0) return null;
  const tags = catalog.tags;
  const count = catalog.shownGroups.reduce((sum, group) => sum + group.products.length, 0);
  return (
    <div className="catalog-filter" role="search" aria-label={texts.productSearchLabel}>
      <input
        type="search"
        className="search-box__input"
        placeholder={texts.productSearchPlaceholder}
        aria-label={texts.productSearchLabel}
        value={catalog.searchTerm}
        onChange={(event) => catalog.setSearchTerm(event.target.value)}
      />
      {tags.length > 0 && (
        <div className="tag-tiles" role="group" aria-label={texts.dietaryFilterLabel}>
          {tags.map((tag) => (
            <button
              key={tag.id}
              type="button"
              className="tag-tile"
              aria-pressed={catalog.selectedTagIds.includes(tag.id)}
              onClick={() => catalog.toggleTag(tag.id)}
            >
              {tag.name}
            </button>
          ))}
        </div>
      )}
      <p className="visually-hidden" role="status">
        {catalog.isFiltered ? texts.hits(count) : ''}
      </p>
      {catalog.isFiltered && !catalog.isComplete && count > 0 && (
        <p className="catalog-filter__more">{texts.moreLoading}</p>
      )}
    </div>
  );
});

/**
 * Shown instead of the groups when search and chips leave nothing (while a large menu's later parts are on
 * their way: that they are coming).
 */
export const NoHits = observer(function NoHits() {
  const { catalog } = useStores();
  // A large menu's later parts are still on their way: the search is not done yet.
  if (!catalog.isComplete)
    return (
      <p className="card loading" role="status">
        {texts.moreLoading}
      </p>
    );
  return (
    <div className="card catalog-filter__empty">
      <p>{texts.noHits}</p>
      <button type="button" className="button button--secondary" onClick={catalog.clearFilters}>
        {texts.resetFilters}
      </button>
    </div>
  );
});
