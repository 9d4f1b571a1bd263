import type { BackofficeRootStore } from '../BackofficeRootStore';
import { CollectionStore } from '../collection/CollectionStore';
import { failureMessage } from './EntityFormStore';
import { readableAreas } from '../areas';
import { RefOptionsStore, refSourceFor } from './RefOptionsStore';
import type { EntityDescription } from './types';

/** The stores of the entity screens, created once per back-office root. */
export interface EntityFeature {
  refs: RefOptionsStore;
  /** The list of a collection, kept while the user moves between list and form. */
  list(description: EntityDescription): CollectionStore<Record<string, unknown>>;
}

export function createEntityFeature(root: BackofficeRootStore): EntityFeature {
  const refs = new RefOptionsStore(
    root.api,
    root.errors,
    refSourceFor(() => readableAreas(root.auth.roles)),
  );
  const lists = new Map<string, CollectionStore<Record<string, unknown>>>();
  return {
    refs,
    list(description) {
      let list = lists.get(description.collection);
      if (!list) {
        list = new CollectionStore<Record<string, unknown>>({
          api: root.api,
          errors: root.errors,
          path: `/api/${description.collection}`,
          loadFailed: failureMessage(description, 'load'),
        });
        if (description.defaultSort) list.params = { sort: description.defaultSort };
        lists.set(description.collection, list);
      }
      return list;
    },
  };
}

/** The entity feature of this root (created on first use). */
export function entityFeatureOf(root: BackofficeRootStore): EntityFeature {
  return root.feature('entities', createEntityFeature);
}
