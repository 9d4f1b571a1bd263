import { useEffect, useId, useRef } from 'react';

/**
 * The full-width bar that blocks the board until sound is on: a counter PC that reloaded after a glitch
 * must not stay silent. It covers the page (a modal dialog) until "Ton aktivieren" is clicked, or staff
 * choose "Ohne Ton weiter" on purpose (remembered on this device).
 */
export function SoundGate({ onEnable, onSilent }: { onEnable: () => void; onSilent: () => void }) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <div className="sound-gate" role="alertdialog" aria-modal="true" aria-labelledby={`${id}-title`}>
      <div className="sound-gate__bar">
        <p id={`${id}-title`} className="sound-gate__title">
          Der Ton ist aus – neue Bestellungen wären nicht zu hören.
        </p>
        <button
          ref={button}
          type="button"
          className="button button--primary sound-gate__enable"
          onClick={onEnable}
        >
          Ton aktivieren
        </button>
        <button type="button" className="button button--ghost sound-gate__silent" onClick={onSilent}>
          Ohne Ton weiter
        </button>
      </div>
    </div>
  );
}

/** The tab's icon with the number of new orders on it (the plain icon without any). */
export function TabIcon({ count }: { count: number }) {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    if (!link) return;
    const plain = link.href;
    if (count > 0) {
      const label = count > 99 ? '99+' : String(count);
      const svg =
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
        `<circle cx="32" cy="32" r="30" fill="#c2410c"/>` +
        `<text x="32" y="43" font-family="sans-serif" font-size="${label.length > 2 ? 22 : 32}" ` +
        `font-weight="700" text-anchor="middle" fill="#fff">${label}</text></svg>`;
      link.href = `data:image/svg+xml,${encodeURIComponent(svg)}`;
    }
    return () => {
      link.href = plain;
    };
  }, [count]);
  return null;
}
