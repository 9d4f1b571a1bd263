import { DEFAULT_KITCHEN_STAGES, type KitchenSettings } from '@ordering/common';
import {
  KITCHEN_STAGE_NAME_MAX,
  KITCHEN_STAGES_MAX,
  kitchenSettingsInput,
  toFieldErrors,
} from '@ordering/common/schemas';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiRequestError, type ApiClient } from '../../api/ApiClient';
import type { ErrorStore } from '../ErrorStore';

export const LOAD_FAILED = 'Küchen-Einstellungen konnten nicht geladen werden.';
export const SAVE_FAILED = 'Küchen-Einstellungen konnten nicht gespeichert werden.';

/** The German label of each field, at the field and before its message in the error list. */
export function kitchenFieldLabel(field: string): string {
  const stage = /^stages\.(\d+)$/.exec(field);
  if (stage) return `Stufe ${Number(stage[1]) + 1}`;
  if (field === 'stages') return 'Stufen';
  if (field === 'warnMinutes') return 'Gelb ab (Minuten)';
  if (field === 'lateMinutes') return 'Rot ab (Minuten)';
  if (field === 'readyWhenDone') return 'Abholbereit, wenn alle Stationen fertig sind';
  return field;
}

export interface KitchenSettingsStoreOptions {
  api: ApiClient;
  errors: ErrorStore;
}

/** A whole number from a field, NaN for anything else (the schema then names the field). */
const wholeNumber = (text: string): number => (/^\s*\d{1,4}\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * The kitchen's settings of one branch in the back office (docs/decisions/kitchen.md): its stages (default
 * "Neu → In Zubereitung → Fertig"), the minutes after which a ticket turns amber and red, and whether the
 * order becomes "Abholbereit" when every station is done. `GET`/`PUT /api/kitchen/{branchId}/settings`;
 * checked with the server's own schema before it is sent, the server's field errors at their fields.
 */
export class KitchenSettingsStore {
  branches: { id: number; name: string }[] = [];
  branchId: number | null = null;
  stages: string[] = [...DEFAULT_KITCHEN_STAGES];
  warnMinutes = '';
  lateMinutes = '';
  readyWhenDone = false;
  /** Field path (`stages.1`, `lateMinutes` …) → German message. */
  fieldErrors: Record<string, string> = {};
  loading = false;
  saving = false;
  saved = false;
  private readonly api: ApiClient;
  private readonly errors: ErrorStore;

  constructor({ api, errors }: KitchenSettingsStoreOptions) {
    this.api = api;
    this.errors = errors;
    makeAutoObservable<KitchenSettingsStore, 'api' | 'errors'>(
      this,
      { api: false, errors: false },
      { autoBind: true },
    );
  }

  get canAddStage(): boolean {
    return this.stages.length < KITCHEN_STAGES_MAX;
  }

  get stageNameMax(): number {
    return KITCHEN_STAGE_NAME_MAX;
  }

  /** The messages of the form, each with its field's label ("Stufe 3: …"). */
  get summary(): string[] {
    return Object.entries(this.fieldErrors).map(
      ([field, message]) => `${kitchenFieldLabel(field)}: ${message}`,
    );
  }

  /** The user's branches, then the first one's settings. */
  async load(): Promise<void> {
    const branches = await this.errors.run(LOAD_FAILED, () =>
      this.api.get<{ id: number; name: string }[]>('/api/branches?limit=1000'),
    );
    if (!branches) return;
    runInAction(() => (this.branches = branches.map((b) => ({ id: b.id, name: b.name }))));
    if (this.branchId === null && this.branches[0]) await this.select(this.branches[0].id);
  }

  async select(branchId: number): Promise<void> {
    this.branchId = branchId;
    this.fieldErrors = {};
    this.saved = false;
    this.loading = true;
    try {
      const settings = await this.errors.run(LOAD_FAILED, () =>
        this.api.get<KitchenSettings>(`/api/kitchen/${branchId}/settings`),
      );
      if (settings && this.branchId === branchId) runInAction(() => this.apply(settings));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  private apply(settings: KitchenSettings): void {
    this.stages = [...settings.stages];
    this.warnMinutes = String(settings.warnMinutes);
    this.lateMinutes = String(settings.lateMinutes);
    this.readyWhenDone = settings.readyWhenDone;
  }

  private touched(...fields: string[]): void {
    this.saved = false;
    this.fieldErrors = Object.fromEntries(
      Object.entries(this.fieldErrors).filter(([field]) => !fields.includes(field)),
    );
  }

  setStage(index: number, name: string): void {
    this.stages[index] = name;
    this.touched(`stages.${index}`, 'stages');
  }

  addStage(): void {
    if (!this.canAddStage) return;
    // A new stage goes before the last one: the last one stays the one that takes the ticket off.
    this.stages.splice(Math.max(this.stages.length - 1, 0), 0, '');
    this.fieldErrors = {};
    this.saved = false;
  }

  removeStage(index: number): void {
    this.stages.splice(index, 1);
    this.fieldErrors = {};
    this.saved = false;
  }

  /** Moves a stage one place up (-1) or down (+1). */
  moveStage(index: number, by: -1 | 1): void {
    const to = index + by;
    if (to < 0 || to >= this.stages.length) return;
    const [stage] = this.stages.splice(index, 1);
    this.stages.splice(to, 0, stage!);
    this.fieldErrors = {};
    this.saved = false;
  }

  setWarnMinutes(value: string): void {
    this.warnMinutes = value;
    this.touched('warnMinutes', 'lateMinutes');
  }

  setLateMinutes(value: string): void {
    this.lateMinutes = value;
    this.touched('lateMinutes');
  }

  setReadyWhenDone(value: boolean): void {
    this.readyWhenDone = value;
    this.touched('readyWhenDone');
  }

  get body() {
    return {
      stages: this.stages,
      warnMinutes: wholeNumber(this.warnMinutes),
      lateMinutes: wholeNumber(this.lateMinutes),
      readyWhenDone: this.readyWhenDone,
    };
  }

  /** The server's schema on the form: false and the messages at their fields when it does not hold. */
  check(): boolean {
    const result = kitchenSettingsInput.safeParse(this.body);
    const errors: Record<string, string> = {};
    if (!result.success)
      for (const error of toFieldErrors(result.error)) errors[error.field ?? 'stages'] ??= error.message;
    this.fieldErrors = errors;
    return result.success;
  }

  /** Saves the form; true when the server took it. */
  async save(): Promise<boolean> {
    const branchId = this.branchId;
    if (branchId === null || this.saving) return false;
    this.saved = false;
    if (!this.check()) return false;
    this.saving = true;
    try {
      const settings = await this.errors.run(
        SAVE_FAILED,
        () =>
          this.api
            .put<KitchenSettings>(`/api/kitchen/${branchId}/settings`, this.body)
            .catch((error: unknown) => {
              if (!(error instanceof ApiRequestError)) throw error;
              const byField: Record<string, string> = {};
              for (const entry of error.errors) if (entry.field) byField[entry.field] ??= entry.message;
              runInAction(() => (this.fieldErrors = byField));
              throw new ApiRequestError(
                error.status,
                error.errors.map((entry) =>
                  entry.field
                    ? { ...entry, message: `${kitchenFieldLabel(entry.field)}: ${entry.message}` }
                    : entry,
                ),
              );
            }),
        { retry: () => this.save() },
      );
      if (!settings) return false;
      runInAction(() => {
        this.apply(settings);
        this.saved = true;
      });
      return true;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
