import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useStores } from '../stores';
import { useTexts } from '../catalogLanguage';

/** Shows its children once /api/init has arrived; before that a loading note, after a failure the error. */
export const LoadState = observer(function LoadState({ children }: { children: ReactNode }) {
  const texts = useTexts();
  const { data } = useStores();
  if (data.isLoaded) return <>{children}</>;
  if (data.status === 'error') {
    return (
      <div className="alert alert--error load-error" role="alert">
        <p>{data.error}</p>
        <button type="button" className="button button--primary" onClick={() => void data.load()}>
          {texts.retry}
        </button>
      </div>
    );
  }
  return (
    <p className="loading" role="status">
      {texts.loading}
    </p>
  );
});

/**
 * The menu's own load (its catalogue comes apart from /api/init): a German note while it comes, the error
 * with a retry when it failed; else the children (the menu, or "kein Sortiment").
 */
export const MenuLoadState = observer(function MenuLoadState({
  children,
  className = '',
}: {
  children: ReactNode;
  className?: string;
}) {
  const texts = useTexts();
  const { catalog } = useStores();
  if (catalog.loadFailed) {
    return (
      <div className={`alert alert--error load-error ${className}`} role="alert">
        <p>{texts.menuLoadFailed}</p>
        <button type="button" className="button button--primary" onClick={() => catalog.retry()}>
          {texts.retry}
        </button>
      </div>
    );
  }
  if (catalog.isLoading) {
    return (
      <p className={`loading menu-loading ${className}`} role="status">
        {texts.menuLoading}
      </p>
    );
  }
  return <>{children}</>;
});
