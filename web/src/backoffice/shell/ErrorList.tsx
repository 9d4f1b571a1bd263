import { observer } from 'mobx-react-lite';
import type { ErrorStore } from '../ErrorStore';

/** The error list of spec section 8: each failed call with its German message, a retry and a close. */
export const ErrorList = observer(function ErrorList({ errors }: { errors: ErrorStore }) {
  if (errors.entries.length === 0) return null;
  return (
    // The alert role sits on a wrapper: on the list itself it would hide the list from screen readers.
    <div role="alert" aria-label="Fehler">
      <ul className="error-list">
        {errors.entries.map((entry) => (
          <li key={entry.id} className="error-list__entry">
            <span className="error-list__message">{entry.message}</span>
            {entry.retry && (
              <button
                type="button"
                className="button button--small"
                onClick={() => void errors.retry(entry.id)}
              >
                Erneut versuchen
              </button>
            )}
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => errors.dismiss(entry.id)}
              aria-label={`Meldung schließen: ${entry.message}`}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
});
