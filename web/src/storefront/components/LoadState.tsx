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
