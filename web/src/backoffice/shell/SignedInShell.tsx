import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from '../../router/router';
import { visibleAreas } from '../areas';
import { loginPathFor } from '../redirect';
import { useStores } from '../stores';
import { ErrorList } from './ErrorList';

/**
 * Everything after sign-in: the area navigation (only what the roles may use), the error list with retry,
 * the loader. Without a session the user goes to /backend/login and comes back afterwards.
 */
export const SignedInShell = observer(function SignedInShell() {
  const { auth, errors } = useStores();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    if (auth.isSignedIn) return;
    let cancelled = false;
    void auth.loadSession().then((ok) => {
      if (!ok && !cancelled) void navigate(loginPathFor(location), { replace: true });
    });
    return () => {
      cancelled = true;
    };
    // Checked once per sign-in state; the location is only where to come back to.
  }, [auth, auth.isSignedIn, navigate]);

  if (!auth.isSignedIn) {
    return (
      <p className="backoffice-loading" role="status">
        <span className="backoffice-spinner" aria-hidden="true" /> Anmeldung wird geprüft …
      </p>
    );
  }

  const areas = visibleAreas(auth.roles);
  return (
    <div className="backoffice">
      <nav className="backoffice-nav" aria-label="Bereiche">
        <ul>
          {areas.map((area) => (
            <li key={area.path}>
              <NavLink
                to={`/backend/${area.path}`}
                // The board is also the start page (/backend).
                className={({ isActive }) =>
                  isActive || (area.path === 'orders' && location.pathname.replace(/\/$/, '') === '/backend')
                    ? 'backoffice-nav__link active'
                    : 'backoffice-nav__link'
                }
              >
                {area.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <ErrorList errors={errors} />
      {errors.loading && (
        <div className="backoffice-loader" role="status" aria-live="polite">
          <span className="backoffice-spinner" aria-hidden="true" /> Wird geladen …
        </div>
      )}
      <Outlet />
    </div>
  );
});
