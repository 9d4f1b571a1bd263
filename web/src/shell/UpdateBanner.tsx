import { observer } from 'mobx-react-lite';
import type { ShellStore } from './ShellStore';
import { shellTexts } from './texts';

/** Spec section 2: "update installed" with a restart button, while a new version waits. */
export const UpdateBanner = observer(function UpdateBanner({ shell }: { shell: ShellStore }) {
  if (!shell.updateWaiting) return null;
  return (
    <div className="shell-update" role="status">
      <p className="shell-update__text">{shellTexts.updateInstalled}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={shell.restart}
        disabled={shell.restarting}
      >
        {shell.restarting ? shellTexts.restarting : shellTexts.restart}
      </button>
    </div>
  );
});
