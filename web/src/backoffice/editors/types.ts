import type { ComponentType } from 'react';

/**
 * The contract between the generic entity forms (one declarative description per entity) and the special
 * editors for what a row of fields cannot express: opening hours, delivery areas, product parts, the menu
 * catalogue, blocks, navigation trees, uploads, device pairing. A description names an editor by key
 * (`{ kind: 'custom', editor: 'openingHours' }`); the form renders it with these props.
 */
export interface CustomEditorProps<T = unknown> {
  /** The field's current value (the part of the entity this editor owns). */
  value: T;
  onChange(value: T): void;
  /**
   * Server or client field errors below this field, keyed by the path relative to it
   * (`[0].from` for `openingHours[0].from`); `''` is an error of the field itself.
   */
  errors: Readonly<Record<string, string>>;
  /** The whole entity being edited (read-only), for editors that depend on other fields. */
  entity: Readonly<Record<string, unknown>>;
  /** The entity's id, absent while creating. */
  id?: number;
  disabled?: boolean;
  /** The German label of the field, for headings and aria labels. */
  label: string;
  /**
   * While the form is being saved with a file: the share of the request sent so far (0…1), as the network
   * reports it; null otherwise. Read by the upload editors for their progress bar.
   */
  uploadProgress?: number | null;
  /**
   * An upload editor reports while it reads a chosen file (true) and when it is done (false): the form
   * keeps "Speichern" disabled meanwhile, so it never saves without the file or with the previous one.
   */
  onBusy?(busy: boolean): void;
}

export type CustomEditor<T = unknown> = ComponentType<CustomEditorProps<T>>;
