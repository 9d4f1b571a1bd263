import { compareNatural, t } from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiRequestError, type ApiClient } from '../../../api/ApiClient';
import { errorMessageOf, type ErrorStore } from '../../ErrorStore';

export interface DiningTable {
  id: number;
  identifier: string;
  branch: { id: number };
}

export const TABLES_LOAD_FAILED = 'Tische konnten nicht geladen werden.';
export const TABLE_SAVE_FAILED = 'Tisch konnte nicht gespeichert werden.';
export const TABLE_DELETE_FAILED = 'Tisch konnte nicht gelöscht werden.';

/** The link a table's QR code opens: the branch's store with the table chosen. */
export function tableUrl(origin: string, branchIdentifier: string, tableIdentifier: string): string {
  return `${origin.replace(/\/+$/, '')}/store/${encodeURIComponent(branchIdentifier)}?table=${encodeURIComponent(tableIdentifier)}`;
}

/** Identifiers in natural order: "2" before "10", "Terrasse 2" before "Terrasse 10" (common's comparator). */
export function byIdentifier(a: DiningTable, b: DiningTable): number {
  return compareNatural(a.identifier, b.identifier);
}

/** The tables of one branch (`/api/tables?branch=`): list, add, remove; failures go to the error list. */
export class TablesStore {
  tables: DiningTable[] = [];
  loaded = false;
  draft = '';
  draftError: string | null = null;
  busy = false;

  constructor(
    private readonly api: ApiClient,
    private readonly errors: ErrorStore,
    readonly branchId: number,
  ) {
    makeAutoObservable<TablesStore, 'api' | 'errors'>(
      this,
      { api: false, errors: false },
      { autoBind: true },
    );
  }

  get sorted(): DiningTable[] {
    return [...this.tables].sort(byIdentifier);
  }

  setDraft(value: string): void {
    this.draft = value;
    this.draftError = null;
  }

  async load(): Promise<void> {
    const tables = await this.errors.run(
      TABLES_LOAD_FAILED,
      () => this.api.get<DiningTable[]>(`/api/tables?branch=${this.branchId}&limit=500`),
      { retry: () => this.load() },
    );
    runInAction(() => {
      if (tables) this.tables = tables;
      this.loaded = true;
    });
  }

  /** Adds the draft as a table; a blank or repeated identifier is refused at the field. */
  async add(): Promise<boolean> {
    const identifier = this.draft.trim();
    if (identifier === '') return this.refuse(t('validation.blank'));
    if (identifier.length > 50) return this.refuse(t('validation.tooLong', { max: 50 }));
    if (this.tables.some((table) => table.identifier.toLowerCase() === identifier.toLowerCase()))
      return this.refuse(t('validation.unique'));
    this.busy = true;
    try {
      const created = await this.api.post<DiningTable>('/api/tables', {
        identifier,
        branch: { id: this.branchId },
      });
      runInAction(() => {
        this.tables.push(created);
        this.draft = '';
      });
      return true;
    } catch (error) {
      runInAction(() => {
        this.draftError =
          error instanceof ApiRequestError
            ? (error.messageFor('identifier') ?? errorMessageOf(error, TABLE_SAVE_FAILED))
            : TABLE_SAVE_FAILED;
      });
      return false;
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
  }

  async remove(id: number): Promise<void> {
    const done = await this.errors.run(TABLE_DELETE_FAILED, async () => {
      await this.api.delete(`/api/tables/${id}`);
      return true;
    });
    if (done) runInAction(() => (this.tables = this.tables.filter((table) => table.id !== id)));
  }

  private refuse(message: string): false {
    this.draftError = message;
    return false;
  }
}
