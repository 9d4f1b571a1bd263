import { observer } from 'mobx-react-lite';
import { useNavigate } from '../../router/router';
import { ROLE_LABELS } from '../areas';
import { LOGIN_PATH } from '../redirect';
import { useStores } from '../stores';

/** Name and roles of the signed-in user and the sign-out button, in the header. */
export const UserMenu = observer(function UserMenu() {
  const root = useStores();
  const navigate = useNavigate();
  const { auth } = root;
  if (!auth.user) return <span className="badge">Backoffice</span>;
  const roles = auth.roles.map((r) => ROLE_LABELS[r] ?? r).join(', ');
  return (
    <div className="user-menu">
      <span className="user-menu__who">
        <span className="user-menu__name">{auth.displayName ?? auth.user.username}</span>
        {roles && <span className="user-menu__roles">{roles}</span>}
      </span>
      <button
        type="button"
        className="button button--small user-menu__logout"
        onClick={() => void root.signOut().then(() => navigate(LOGIN_PATH, { replace: true }))}
      >
        Abmelden
      </button>
    </div>
  );
});
