import { observer } from 'mobx-react-lite';
import { Link } from '../../router/router';
import { useStores } from '../stores';

/** The toolbar under the header (spec section 2): open-branch count, or the selected branch and its state. */
export const Toolbar = observer(function Toolbar() {
  const { data, branches } = useStores();
  if (data.config?.enablePluginToolbar === false) return null;
  // Until the data is there, an empty bar of the same height: the page below must not jump down.
  if (!data.isLoaded)
    return (
      <div className="toolbar" aria-hidden="true">
        <div className="toolbar__inner container" />
      </div>
    );
  const branch = branches.selected;
  const info = branch ? branches.openInfo(branch) : null;
  return (
    <div className="toolbar" role="status" aria-live="polite">
      <div className="toolbar__inner container">
        {branch && info ? (
          <>
            <Link to="/" className="toolbar__branch">
              {branch.name}
            </Link>
            <span
              className={`status-pill ${info.isOpen ? (info.isClosingSoon ? 'status-pill--warning' : 'status-pill--open') : 'status-pill--closed'}`}
            >
              {info.label}
            </span>
          </>
        ) : (
          <span className="toolbar__count">{branches.openBranchesText}</span>
        )}
      </div>
    </div>
  );
});
