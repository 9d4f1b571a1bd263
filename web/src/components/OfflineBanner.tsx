import { observer } from 'mobx-react-lite';
import { messages } from '../i18n/messages';
import type { UiStore } from '../stores/UiStore';

/** The specification's offline warning with its retry button; shown while the browser is offline. */
export const OfflineBanner = observer(function OfflineBanner({ ui }: { ui: UiStore }) {
  if (ui.online) return null;
  return (
    <div className="offline-banner" role="alert">
      <p className="offline-banner__text">{messages.offline}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => void ui.retryConnection()}
        disabled={ui.checkingConnection}
      >
        {ui.checkingConnection ? messages.retrying : messages.retry}
      </button>
    </div>
  );
});
