import { useEffect, useState } from 'react';
import { useStores } from '../../stores';
import { FieldError } from '../FieldError';
import type { CustomEditorProps } from '../types';
import { QrCard } from './TablesQrEditor';
import { tableUrl } from './TablesStore';

/**
 * A table's identifier (the text in the middle of its QR code, as the checkout's hint says) with the QR
 * code it gets, ready to print: it opens the branch's store with the table chosen.
 */
export function TableQrEditor(props: CustomEditorProps<string | null | undefined>) {
  const root = useStores();
  const branchId = (props.entity.branch as { id?: number } | null | undefined)?.id;
  const [branchIdentifier, setBranchIdentifier] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setBranchIdentifier(null);
    if (typeof branchId === 'number' && branchId > 0)
      void root.api.get<{ identifier: string }>(`/api/branches/${branchId}`).then(
        (branch) => live && setBranchIdentifier(branch.identifier),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [root, branchId]);
  const identifier = (props.value ?? '').trim();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <div className="ed-editor ed-table-qr">
      <input
        aria-label={props.label}
        value={props.value ?? ''}
        maxLength={50}
        disabled={props.disabled}
        aria-invalid={!!props.errors['']}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <FieldError message={props.errors['']} />
      {identifier && branchIdentifier ? (
        <ol className="ed-qr-sheet" aria-label="QR-Code des Tisches">
          <QrCard
            table={{ id: props.id ?? 0, identifier, branch: { id: branchId! } }}
            url={tableUrl(origin, branchIdentifier, identifier)}
          />
        </ol>
      ) : (
        <p className="ed-hint">Mit Nummer und Filiale erscheint hier der QR-Code des Tisches.</p>
      )}
    </div>
  );
}
