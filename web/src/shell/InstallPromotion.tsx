import { observer } from 'mobx-react-lite';
import { useShell } from './ShellContext';
import { shellTexts } from './texts';

/** The status page's promotion to install the app (spec section 2); nothing when installed or off. */
export const InstallPromotion = observer(function InstallPromotion() {
  const shell = useShell();
  if (!shell?.mayPromote) return null;
  return (
    <aside className="shell-promotion card" aria-labelledby="shell-promotion-title">
      <div>
        <h2 id="shell-promotion-title" className="shell-promotion__title">
          {shellTexts.promotionTitle}
        </h2>
        <p className="shell-promotion__text">{shellTexts.promotionText}</p>
      </div>
      <button type="button" className="button button--primary" onClick={shell.openPrompt}>
        {shellTexts.installTitle}
      </button>
    </aside>
  );
});
