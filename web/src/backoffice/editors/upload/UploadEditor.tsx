import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { FieldError } from '../FieldError';
import type { CustomEditorProps } from '../types';
import { formatBytes } from '@ordering/common';
import { fileProblem, isPreviewable, type UploadKind } from './uploadFile';

interface Picked {
  name: string;
  size: number;
}

/** The file of a new upload (documents, images, videos, archives). */
export function UploadEditor(props: CustomEditorProps<string | null | undefined>) {
  return <FileEditor {...props} kind="file" />;
}

/** The file of a new image (JPG, PNG, GIF, WebP, SVG). */
export function ImageUploadEditor(props: CustomEditorProps<string | null | undefined>) {
  return <FileEditor {...props} kind="image" />;
}

/**
 * The file of a new image or upload: dropped onto the zone or chosen, checked (type, size) before it is
 * read, read into the API's data URL, previewed (images) and handed to the form; name and alt text are the
 * form's own fields. On saving, the bar shows the upload as the network reports it (the form's
 * `uploadProgress`, from XMLHttpRequest's upload events).
 */
function FileEditor(props: CustomEditorProps<string | null | undefined> & { kind: UploadKind }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const kind = props.kind;
  const [picked, setPicked] = useState<Picked | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const reading = progress !== null;
  // The form learns while the file is read (its "Speichern" waits); the latest callback, not a new effect
  // for each render's new function.
  const onBusy = useRef(props.onBusy);
  onBusy.current = props.onBusy;
  useEffect(() => {
    if (!reading) return;
    onBusy.current?.(true);
    return () => onBusy.current?.(false);
  }, [reading]);

  function take(file: File | undefined) {
    if (!file) return;
    const refused = fileProblem(file, kind);
    setProblem(refused);
    if (refused) return;
    setPicked({ name: file.name, size: file.size });
    setProgress(0);
    const reader = new FileReader();
    reader.onprogress = (e) => e.lengthComputable && setProgress(Math.round((e.loaded / e.total) * 100));
    reader.onload = () => {
      setProgress(null);
      props.onChange(String(reader.result));
    };
    reader.onerror = () => {
      setProgress(null);
      setProblem('Die Datei konnte nicht gelesen werden.');
    };
    reader.readAsDataURL(file);
  }

  function onDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault();
    setOver(false);
    if (!locked) take(e.dataTransfer.files[0]);
  }

  const value = props.value ?? null;
  // The network's progress while the form sends the file (XMLHttpRequest upload events), in per cent.
  const sending =
    typeof props.uploadProgress === 'number' ? Math.round(Math.min(1, props.uploadProgress) * 100) : null;
  // While the file is read or sent, no other file can be chosen, dropped or removed.
  const locked = Boolean(props.disabled) || reading || sending !== null;
  return (
    <fieldset className="ed-editor ed-upload" disabled={locked} aria-busy={reading || sending !== null}>
      <legend className="ed-editor__title">{props.label}</legend>
      <div
        className={`ed-drop${over ? ' ed-drop--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="upload-drop"
      >
        <p>{kind === 'image' ? 'Bild hierher ziehen' : 'Datei hierher ziehen'} oder</p>
        <label
          className={`button button--ghost${locked ? ' button--locked' : ''}`}
          htmlFor={inputId}
          aria-disabled={locked || undefined}
        >
          {value ? 'Andere Datei wählen' : 'Datei auswählen'}
        </label>
        <input
          id={inputId}
          ref={input}
          className="visually-hidden"
          type="file"
          accept={kind === 'image' ? 'image/png,image/jpeg,image/gif,image/webp,image/svg+xml' : undefined}
          onChange={(e) => take(e.target.files?.[0])}
        />
        <p className="ed-hint">
          {kind === 'image'
            ? 'JPG, PNG, GIF, WebP oder SVG'
            : 'Dokumente, Bilder, Videos, ZIP oder Schriftdateien'}
          , höchstens 15 MB.
        </p>
      </div>
      <FieldError message={problem ?? props.errors[''] ?? undefined} />
      {progress !== null && (
        <label className="ed-progress">
          <span>{picked?.name} wird gelesen …</span>
          <progress max={100} value={progress}>
            {progress} %
          </progress>
        </label>
      )}
      {sending !== null && (
        <label className="ed-progress ed-progress--upload" data-testid="upload-progress">
          <span>
            {picked?.name ?? 'Datei'} wird hochgeladen … {sending} %
          </span>
          <progress max={100} value={sending}>
            {sending} %
          </progress>
        </label>
      )}
      {value && progress === null && sending === null && (
        <div className="ed-upload__picked">
          {isPreviewable(value) ? (
            <img className="ed-upload__preview" src={value} alt="Vorschau der gewählten Datei" />
          ) : null}
          <p>
            {picked ? `${picked.name} (${formatBytes(picked.size)})` : 'Datei gewählt'} – wird beim Speichern
            hochgeladen.
          </p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              props.onChange(null);
              setPicked(null);
              if (input.current) input.current.value = '';
            }}
          >
            Datei entfernen
          </button>
        </div>
      )}
    </fieldset>
  );
}
