import type { Config } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import { Markdown } from '../../components/Markdown';
import { useStores } from '../stores';
import { texts } from '../texts';

/** The config fields of a legal text the checkout links to: its Markdown text and its address. */
export interface LegalTextFields {
  text: Extract<keyof Config, `${string}Text`>;
  url: keyof Config;
}

/**
 * A link to a legal text from inside a form: a configured text opens in a dialog (the checkout keeps its
 * state), else the configured address opens in a new tab (also the shop's own pages).
 * `external: false` (the kiosk, which may not leave its face) shows only the dialog; null when nothing fits.
 */
export const LegalTextLink = observer(function LegalTextLink({
  fields,
  title,
  label,
  className = 'link-button',
  external = true,
  plainWhenMissing = false,
  fallbackText = null,
}: {
  fields: LegalTextFields;
  /** Heading of the dialog. */
  title: string;
  /** Text of the link. */
  label: string;
  className?: string;
  external?: boolean;
  /** Without a text or a usable address, show the label as plain text instead of nothing. */
  plainWhenMissing?: boolean;
  /** The text shown in the dialog when the shop configured neither a text nor an address. */
  fallbackText?: string | null;
}) {
  const { data } = useStores();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const href = stringField(data.config, fields.url);
  const body = stringField(data.config, fields.text) ?? (href ? null : fallbackText);
  if (body) {
    return (
      <>
        <button
          type="button"
          className={className}
          onClick={() => {
            setOpen(true);
            dialog.current?.showModal();
          }}
        >
          {label}
        </button>
        <dialog ref={dialog} className="text-dialog" aria-label={title} onClose={() => setOpen(false)}>
          <div className="text-dialog__header">
            <h2>{title}</h2>
            <button
              type="button"
              className="icon-button"
              aria-label={texts.close}
              onClick={() => dialog.current?.close()}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {open && <Markdown className="text-dialog__body" text={body} />}
        </dialog>
      </>
    );
  }
  if (!href || !external) return plainWhenMissing ? <span>{label}</span> : null;
  // A new tab, also for the shop's own pages: leaving the checkout would drop what was typed.
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
});

function stringField(config: Partial<Config> | null | undefined, key: keyof Config): string | null {
  const value = config?.[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}
