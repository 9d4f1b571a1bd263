import type { MarketProfile } from '@ordering/common';
import type { Area } from '@ordering/common/schemas';

/**
 * How a field is edited. The CMS field types of spec section 3 (text, textarea, wysiwyg, markdown, number,
 * image, images, file, files, boolean, select, email, …) plus what the entities need besides: a reference
 * to another collection (`ref`, `refs`), dates, a password, a write-only secret, and `custom` for a special
 * editor (named by key, see ../editors/types.ts).
 */
export type FieldType =
  | 'text'
  | 'textarea'
  | 'wysiwyg'
  | 'markdown'
  | 'number'
  | 'email'
  | 'password'
  | 'boolean'
  | 'select'
  | 'multiselect'
  | 'date'
  | 'datetime'
  | 'image'
  | 'images'
  | 'file'
  | 'ref'
  | 'refs'
  | 'custom'
  | 'secrets';

export interface FieldOption {
  value: string;
  label: string;
}

/** One field of a form; its label comes from the shared labels unless given. */
export interface FieldDescription {
  /** The API field name (a key of the shared input schema). */
  name: string;
  type: FieldType;
  label?: string;
  /** Choices of select and multiselect. */
  options?: readonly FieldOption[];
  /**
   * The collection a ref, refs, image or images field points into (`branches`, `images` …); on a select, the
   * collection whose distinct row titles are the choices and the stored value (a font's family).
   */
  collection?: string;
  /** The key of the special editor for type `custom` (../editors/index.ts). */
  editor?: string;
  /** Where the value is edited while the editor is missing ("im Öffnungszeiten-Editor"). */
  editorHint?: string;
  /** Group heading in the form ("Bestellarten", "Zahlung" …). */
  group?: string;
  /** A short help text below the field. */
  hint?: string;
  /** Number step (0.01 for money). */
  step?: number;
  /**
   * A template of the shop's market for a long text (Impressum, AGB, Datenschutz), offered while the field is empty;
   * `values` are the form's (the business name goes into it).
   */
  template?: (market: MarketProfile, values: Record<string, unknown>) => string;
  /** Quick choices beside a number field, from the shop's market (the VAT presets: DE 7/19, AT 10/13/20). */
  presets?: (market: MarketProfile) => readonly number[];
  /** Visible lines of a textarea (a list with one entry per line shows all of them). */
  rows?: number;
  /** Shown only when creating (e.g. the file of an image). */
  createOnly?: boolean;
  /**
   * Not a field of the entity: a special editor with its own calls (a branch's tables with QR codes),
   * never sent with the form; needs its own `label`.
   */
  virtual?: boolean;
}

/** One column of the list. */
export interface ColumnDescription {
  field: string;
  label?: string;
  /** How the value is shown; default by the field's type. */
  format?:
    | 'text'
    | 'boolean'
    | 'date'
    | 'datetime'
    | 'ref'
    | 'money'
    | 'option'
    | 'collection'
    | 'bytes'
    | 'seconds';
  /** Choices for `option` when the column is no field of the form (e.g. the log's action). */
  options?: readonly FieldOption[];
}

/** One filter above the list, sent as a query parameter. */
export interface FilterDescription {
  /** The query parameter (`branch`, `status`, `isEnabled` …). */
  param: string;
  label: string;
  type: 'select' | 'ref' | 'boolean' | 'date';
  options?: readonly FieldOption[];
  /** For `ref`: the collection whose rows are the choices. */
  collection?: string;
}

/** Everything the generic list and form screens need to manage one REST collection. */
export interface EntityDescription {
  /** The API collection (`/api/{collection}`), the key of the shared schema and labels. */
  collection: string;
  /** The screen's path under /backend/{area}/. */
  path: string;
  /** The navigation area it belongs to (a path of ../areas.ts). */
  area: string;
  /** The permission area the API checks (`catalog`, `organisation` …): read shows it, write edits it. */
  permission: Area;
  /** German names. */
  plural: string;
  singular: string;
  /** The form's fields in order. */
  fields: readonly FieldDescription[];
  columns: readonly ColumnDescription[];
  filters?: readonly FilterDescription[];
  /** Whether the API searches with `?q=`. */
  searchable?: boolean;
  /** Columns the API sorts by (`?sort=name`, `-name` descending). */
  sortable?: readonly string[];
  defaultSort?: string;
  /** How a row is named in lists of other entities and in the delete question. */
  titleOf?: (row: Record<string, unknown>) => string;
  /** Rows are only read (logs). */
  readOnly?: boolean;
  /** One object rather than a collection (config): edit only, at GET/POST `/api/{collection}`. */
  singleton?: boolean;
  /** Schema fields the form leaves out on purpose, with the reason (e.g. a flag derived from another field). */
  notEdited?: Readonly<Record<string, string>>;
  /**
   * What a new row starts with in the shop's market, over the schema's defaults (a branch's time zone, a
   * product's VAT rates).
   */
  newValues?: (market: MarketProfile) => Record<string, unknown>;
  /** The description in the words of the shop's market (the absence word), for screens that have some. */
  inMarket?: (market: MarketProfile) => EntityDescription;
  /** Why a row cannot be created through the form (shown instead of the "Neu" button). */
  noCreate?: string;
  /**
   * Links of the list's toolbar to screens of their own (the tables' printable QR sheet), made from the
   * list's current filters; no fields of the form.
   */
  listLinks?: readonly { label: string; to: (filters: Readonly<Record<string, string>>) => string }[];
  /** A panel of its own above the list, by its key in `../timeclock/panels.tsx` (`timeSheets`). */
  listPanel?: string;
  /** A column with a panel of its own, by its key in `./rowCells.tsx` (`productSoldOut`). */
  rowCell?: string;
}
