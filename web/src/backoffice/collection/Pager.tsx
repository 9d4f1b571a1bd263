import { observer } from 'mobx-react-lite';
import type { CollectionStore } from './CollectionStore';
import './pager.css';

/** What the pager reads of a list: its page, whether more follow, the count, and how to turn the page. */
export type PagedList = Pick<CollectionStore<unknown>, 'page' | 'hasMore' | 'total' | 'pageCount' | 'goTo'>;

/**
 * "Zurück · Seite 2 von 5 · 112 Einträge · Weiter" under a back-office list. The count shows only when the
 * server sent one (`X-Total-Count`); `entries` names it ("Eintrag"/"Einträge" by default).
 */
export const Pager = observer(function Pager({
  list,
  entries = ['Eintrag', 'Einträge'],
  showCount = true,
}: {
  list: PagedList;
  entries?: readonly [one: string, many: string];
  /** False where the page shows the count elsewhere already. */
  showCount?: boolean;
}) {
  return (
    <nav className="bo-pager" aria-label="Seiten">
      <button
        type="button"
        className="button button--secondary"
        disabled={list.page <= 1}
        onClick={() => void list.goTo(list.page - 1)}
      >
        Zurück
      </button>
      <span aria-live="polite">
        Seite {list.page}
        {list.pageCount !== null && ` von ${list.pageCount}`}
        {showCount && list.total !== null && ` · ${list.total} ${list.total === 1 ? entries[0] : entries[1]}`}
      </span>
      <button
        type="button"
        className="button button--secondary"
        disabled={!list.hasMore}
        onClick={() => void list.goTo(list.page + 1)}
      >
        Weiter
      </button>
    </nav>
  );
});
