import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import type { ShellStore } from './ShellStore';
import { shellTexts } from './texts';

/**
 * The install prompt and the install instructions (spec sections 2 and 4): a non-modal card at the bottom
 * of the page, so the page stays usable; the question first, then the browser's own prompt or the steps
 * for this device (Android, iPhone, iPad, others).
 */
export const InstallPrompt = observer(function InstallPrompt({
  shell,
  shopName,
}: {
  shell: ShellStore;
  shopName: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const step = shell.promptStep;
  useEffect(() => {
    if (step !== 'hidden') heading.current?.focus();
  }, [step]);
  if (step === 'hidden') return null;
  return (
    <section className="shell-install" role="dialog" aria-modal="false" aria-labelledby="shell-install-title">
      <img className="shell-install__icon" src="/app-icon/192.png" alt="" width={56} height={56} />
      <div className="shell-install__body">
        {step === 'question' ? (
          <>
            <h2 id="shell-install-title" className="shell-install__title" tabIndex={-1} ref={heading}>
              {shellTexts.installTitle}
            </h2>
            <p className="shell-install__text">{shellTexts.installText(shopName)}</p>
            <div className="shell-install__actions">
              <button type="button" className="button button--secondary" onClick={shell.skip}>
                {shellTexts.notNow}
              </button>
              <button type="button" className="button button--primary" onClick={() => void shell.install()}>
                {shellTexts.install}
              </button>
            </div>
          </>
        ) : (
          <>
            <h2 id="shell-install-title" className="shell-install__title" tabIndex={-1} ref={heading}>
              {shellTexts.instructionsTitle}
            </h2>
            <ol className="shell-install__steps" data-platform={shell.platform}>
              {shellTexts.instructions[shell.platform].map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ol>
            <div className="shell-install__actions">
              <button type="button" className="button button--secondary" onClick={shell.cancelInstructions}>
                {shellTexts.back}
              </button>
              <button type="button" className="button button--primary" onClick={shell.closePrompt}>
                {shellTexts.done}
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
});
