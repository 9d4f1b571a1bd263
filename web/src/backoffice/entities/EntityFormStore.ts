import {
  ENTITY_NAMES,
  entityFailureMessage,
  marketProfile,
  type MarketProfile,
  type EntityAction,
  type EntityCollection,
} from '@ordering/common';
import { SECRET_KEYS } from '@ordering/common/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiRequestError, type ApiClient } from '../../api/ApiClient';
import type { ErrorStore } from '../ErrorStore';
import { fieldOfPath } from './paths';
import { defaultsOf, labelOf, schemaFields, validate } from './schema';
import type { EntityDescription } from './types';

/** The German fallback of spec section 8 for a failed call of this screen. */
export function failureMessage(description: EntityDescription, action: EntityAction): string {
  if (description.singleton)
    return action === 'load' || action === 'loadOne'
      ? 'Konfiguration konnte nicht geladen werden.'
      : 'Konfiguration konnte nicht gespeichert werden.';
  if (description.collection in ENTITY_NAMES)
    return entityFailureMessage(description.collection as EntityCollection, action);
  return action === 'load'
    ? `${description.plural} konnten nicht geladen werden.`
    : `${description.singular} konnte nicht gespeichert werden.`;
}

/** The special editors whose field is a file sent with the form (a data URL). */
const FILE_EDITORS = new Set(['upload', 'imageUpload']);

export interface EntityFormStoreOptions {
  api: ApiClient;
  errors: ErrorStore;
  description: EntityDescription;
  /** The row being edited; absent for a new one (and for the configuration). */
  id?: number;
  /** The shop's market: a new row's defaults and the form's quick choices (default: the default market). */
  market?: MarketProfile;
}

/**
 * One row of a collection in a form: its values as the API's JSON, checked with the shared schema before
 * sending, the server's field errors at their fields, save (POST or PUT) and delete. Secrets of the
 * configuration are write-only: shown masked, sent only when a new value was typed.
 */
export class EntityFormStore {
  values: Record<string, unknown> = {};
  /** Field path → German message (client check or server answer). */
  fieldErrors: Record<string, string> = {};
  /** Field → German message of text an input could not read (a date as `31.02.2026`): blocks saving. */
  inputProblems: Record<string, string> = {};
  /** New secret values typed in (the masked ones are never sent back). */
  secrets: Record<string, string> = {};
  loaded = false;
  saving = false;
  /**
   * While a new image or upload is being saved: the share of its request the network has sent (0…1),
   * from XMLHttpRequest's upload progress; null otherwise.
   */
  uploadProgress: number | null = null;
  /** Fields whose editor is still reading a chosen file (the upload editors): saving waits for them. */
  readingFiles: readonly string[] = [];
  /** The id the server gave a new row (the page then moves to its address; later saves update it). */
  createdId: number | undefined = undefined;
  readonly id?: number;
  readonly description: EntityDescription;
  readonly market: MarketProfile;
  private readonly api: ApiClient;
  private readonly errors: ErrorStore;

  constructor({ api, errors, description, id, market }: EntityFormStoreOptions) {
    this.api = api;
    this.errors = errors;
    this.description = description;
    this.id = id;
    this.market = market ?? marketProfile(undefined);
    if (id === undefined && !description.singleton) {
      this.values = { ...defaultsOf(description.collection), ...description.newValues?.(this.market) };
      this.loaded = true;
    }
    makeAutoObservable<EntityFormStore, 'api' | 'errors'>(
      this,
      { api: false, errors: false, description: false, id: false, market: false },
      { autoBind: true },
    );
  }

  get isNew(): boolean {
    return this.id === undefined && this.createdId === undefined && !this.description.singleton;
  }

  private get url(): string {
    const base = `/api/${this.description.collection}`;
    const id = this.id ?? this.createdId;
    return id === undefined ? base : `${base}/${id}`;
  }

  async load(): Promise<void> {
    const row = await this.errors.run(failureMessage(this.description, 'loadOne'), () =>
      this.api.get<Record<string, unknown>>(this.url),
    );
    runInAction(() => {
      if (!row) return;
      this.values = row;
      this.secrets = {};
      this.loaded = true;
    });
  }

  setValue(name: string, value: unknown): void {
    if (value === undefined) {
      const { [name]: _removed, ...rest } = this.values;
      this.values = rest;
    } else this.values = { ...this.values, [name]: value };
    // A changed field's errors are the user's old ones: gone until the next check.
    this.fieldErrors = Object.fromEntries(
      Object.entries(this.fieldErrors).filter(([path]) => fieldOfPath(path) !== name),
    );
  }

  /** An input's verdict on its text: a German message naming the field, or null once it is readable. */
  setInputProblem(name: string, message: string | null): void {
    const { [name]: _old, ...rest } = this.inputProblems;
    this.inputProblems = message ? { ...rest, [name]: message } : rest;
    const { [name]: _shown, ...others } = this.fieldErrors;
    this.fieldErrors = message ? { ...others, [name]: message } : others;
  }

  setSecret(key: string, value: string): void {
    this.secrets = { ...this.secrets, [key]: value };
  }

  /** What is sent: the schema's fields of the values; of the secrets only the ones typed in. */
  get body(): Record<string, unknown> {
    const body: Record<string, unknown> = {};
    for (const name of schemaFields(this.description.collection)) {
      if (name === 'secrets') continue;
      if (this.values[name] !== undefined) body[name] = this.values[name];
    }
    if (this.description.singleton) {
      const typed = Object.fromEntries(
        SECRET_KEYS.filter((key) => (this.secrets[key] ?? '') !== '').map((key) => [key, this.secrets[key]]),
      );
      body.secrets = typed;
    }
    return body;
  }

  /** The first message of a field (its own or one below it). */
  errorOf(name: string): string | undefined {
    return (
      this.fieldErrors[name] ??
      Object.entries(this.fieldErrors).find(([path]) => fieldOfPath(path) === name)?.[1]
    );
  }

  /** An upload editor reading a chosen file (true) or done with it (false). */
  setReadingFile(name: string, reading: boolean): void {
    const others = this.readingFiles.filter((field) => field !== name);
    this.readingFiles = reading ? [...others, name] : others;
  }

  /** A file is being read or sent: "Speichern" and choosing another file wait. */
  get uploading(): boolean {
    return this.uploadProgress !== null || this.readingFiles.length > 0;
  }

  /** Checks with the shared schema; false and the messages at their fields when something is wrong. */
  check(): boolean {
    this.fieldErrors = { ...validate(this.description.collection, this.body), ...this.inputProblems };
    return Object.keys(this.fieldErrors).length === 0;
  }

  /**
   * Saves after the client check. Returns the saved row (with its id), or undefined when the check or the
   * server refused it; the server's field errors are then shown at their fields, its first message in the
   * error list.
   */
  async save(): Promise<Record<string, unknown> | undefined> {
    // Not while a file is still being read (it would be saved without it) or a save is under way.
    if (this.uploading || this.saving) return undefined;
    if (!this.check()) return undefined;
    this.saving = true;
    const action: EntityAction = this.isNew ? 'create' : 'update';
    const body = this.body;
    // A file (a data URL of up to 15 MB) is sent with its network progress for the upload editor's bar.
    const withFile = this.description.fields.some(
      (field) => field.editor && FILE_EDITORS.has(field.editor) && typeof body[field.name] === 'string',
    );
    const options = withFile
      ? { onUploadProgress: (fraction: number) => runInAction(() => (this.uploadProgress = fraction)) }
      : undefined;
    const request = () => {
      if (withFile) runInAction(() => (this.uploadProgress = 0));
      return this.isNew || this.description.singleton
        ? this.api.post<Record<string, unknown>>(this.url, body, options)
        : this.api.put<Record<string, unknown>>(this.url, body, options);
    };
    // The error list names the field ("Name: Dieser Wert wird bereits verwendet."); the field itself shows
    // the server's words.
    let original: ApiRequestError | undefined;
    const send = () =>
      request().catch((error: unknown) => {
        if (!(error instanceof ApiRequestError)) throw error;
        original = error;
        throw new ApiRequestError(
          error.status,
          error.errors.map((entry) =>
            entry.field
              ? {
                  ...entry,
                  message: `${labelOf(this.description, { name: fieldOfPath(entry.field) })}: ${entry.message}`,
                }
              : entry,
          ),
        );
      });
    try {
      // "Erneut versuchen" in the error list submits the form again, with what is in it then.
      const saved = await this.errors.run(failureMessage(this.description, action), send, {
        rethrow: true,
        retry: () => this.save(),
      });
      runInAction(() => {
        if (saved) {
          this.values = saved;
          this.secrets = {};
          if (action === 'create' && typeof saved.id === 'number') this.createdId = saved.id;
        }
      });
      return saved;
    } catch (error) {
      runInAction(() => {
        const source = original ?? (error instanceof ApiRequestError ? error : undefined);
        if (source) {
          const byField: Record<string, string> = {};
          for (const entry of source.errors) if (entry.field) byField[entry.field] ??= entry.message;
          this.fieldErrors = byField;
        }
      });
      return undefined;
    } finally {
      runInAction(() => {
        this.saving = false;
        this.uploadProgress = null;
      });
    }
  }

  /** Deletes the row; true when it is gone. */
  async remove(): Promise<boolean> {
    if (this.id === undefined) return false;
    try {
      await this.errors.run(failureMessage(this.description, 'delete'), () => this.api.delete(this.url), {
        rethrow: true,
      });
      return true;
    } catch {
      return false;
    }
  }
}
