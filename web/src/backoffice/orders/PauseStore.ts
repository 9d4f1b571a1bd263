import {
  activeBusyMode,
  activePause,
  BUSY_EXTRA_MINUTES,
  type Branch,
  type BranchPauseEventPayload,
  type BusyMode,
  type OrderingPause,
} from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../../api/ApiClient';
import { errorMessageOf } from '../ErrorStore';

export const PAUSE_FAILED = 'Die Pause konnte nicht geändert werden.';

/** What the board knows of a branch for pausing: its name and its current pause and busy state. */
export interface PauseBranch {
  id: number;
  name: string;
  timeZone: string;
  orderingPause: OrderingPause | null;
  busyMode: BusyMode | null;
}

/** A branch's state after a change. */
export type PauseState = Pick<PauseBranch, 'orderingPause' | 'busyMode'>;

/** Where the pause row reads its branches and sends its changes. */
export interface PauseTransport {
  load(): Promise<PauseBranch[]>;
  /** The new state, or null when nothing was sent (the counter's PIN dialog was closed). */
  send(
    branchId: number,
    method: 'POST' | 'DELETE',
    what: 'pause' | 'busy',
    body?: unknown,
  ): Promise<PauseState | null>;
}

export type PauseStoreOptions = {
  /** Where a failed change is told (the back office's error bar). */
  errors: { add(message: string): unknown };
} & (
  | {
      /** The signed-in board: `/api/branches` and its pause routes. */
      api: ApiClient;
      /** Ids of the user's branches; empty: every branch (admins and managers). */
      branchIds: () => number[];
    }
  | { transport: PauseTransport }
);

/** The signed-in board's transport: the user's branches, `POST/DELETE /api/branches/{id}/pause|busy`. */
function staffTransport(api: ApiClient, branchIds: () => number[]): PauseTransport {
  return {
    async load() {
      const all = await api.get<Branch[]>('/api/branches?limit=1000');
      const mine = branchIds();
      return all.filter((b) => mine.length === 0 || mine.includes(b.id)).map(pauseBranchOf);
    },
    send(branchId, method, what, body) {
      const path = `/api/branches/${branchId}/${what}`;
      return method === 'POST' ? api.post<PauseState>(path, body) : api.delete<PauseState>(path);
    },
  };
}

/** A branch as the pause row needs it. */
export function pauseBranchOf(b: Branch): PauseBranch {
  return {
    id: b.id,
    name: b.name,
    timeZone: b.timeZone,
    orderingPause: b.orderingPause ?? null,
    busyMode: b.busyMode ?? null,
  };
}

/**
 * "Bestellungen pausieren" and "Viel los" on the board: the user's branches with their state, and the
 * one-tap actions (`POST/DELETE /api/branches/{id}/pause` and `/busy`). The state ends by itself, so the
 * board asks `activePause`/`activeBusyMode` with its ticking clock.
 */
export class PauseStore {
  branches: PauseBranch[] = [];
  selectedId: number | null = null;
  /** Options of the next pause. */
  deliveryOnly = false;
  allowPreorders = true;
  message = '';
  busy = false;

  private readonly transport: PauseTransport;

  constructor(private readonly options: PauseStoreOptions) {
    this.transport =
      'transport' in options ? options.transport : staffTransport(options.api, options.branchIds);
    makeAutoObservable<PauseStore, 'options' | 'transport'>(this, { options: false, transport: false });
  }

  get selected(): PauseBranch | null {
    return this.branches.find((b) => b.id === this.selectedId) ?? this.branches[0] ?? null;
  }

  pauseOf(branch: PauseBranch, now: Date): OrderingPause | null {
    return activePause(branch, now);
  }

  busyOf(branch: PauseBranch, now: Date): BusyMode | null {
    return activeBusyMode(branch, now);
  }

  select(id: number) {
    this.selectedId = id;
  }

  setDeliveryOnly(value: boolean) {
    this.deliveryOnly = value;
  }

  setAllowPreorders(value: boolean) {
    this.allowPreorders = value;
  }

  setMessage(value: string) {
    this.message = value;
  }

  async load(): Promise<void> {
    try {
      const branches = await this.transport.load();
      runInAction(() => {
        this.branches = branches;
      });
    } catch {
      // Without the list the board still works; the pause controls stay hidden.
    }
  }

  /** A `branch.pause` event of the stream: another board (or this one) changed a branch's state. */
  apply(data: string): void {
    let payload: Partial<BranchPauseEventPayload>;
    try {
      payload = JSON.parse(data) as typeof payload;
    } catch {
      return;
    }
    const branch = this.branches.find((b) => b.id === payload.branchId);
    if (!branch) return;
    branch.orderingPause = payload.orderingPause ?? null;
    branch.busyMode = payload.busyMode ?? null;
  }

  /** Pauses the selected branch for `minutes` or until its next opening. */
  pause(length: number | 'nextOpening'): Promise<boolean> {
    return this.send('POST', 'pause', {
      ...(length === 'nextOpening' ? { until: 'nextOpening' } : { minutes: length }),
      orderTypes: this.deliveryOnly ? ['delivery'] : null,
      message: this.message,
      allowPreorders: this.allowPreorders,
    });
  }

  resume(): Promise<boolean> {
    return this.send('DELETE', 'pause');
  }

  startBusy(): Promise<boolean> {
    return this.send('POST', 'busy', { extraMinutes: BUSY_EXTRA_MINUTES });
  }

  endBusy(): Promise<boolean> {
    return this.send('DELETE', 'busy');
  }

  private async send(method: 'POST' | 'DELETE', what: 'pause' | 'busy', body?: unknown): Promise<boolean> {
    const branch = this.selected;
    if (!branch || this.busy) return false;
    this.busy = true;
    try {
      const state = await this.transport.send(branch.id, method, what, body);
      if (!state) return false;
      runInAction(() => {
        branch.orderingPause = state.orderingPause;
        branch.busyMode = state.busyMode;
      });
      return true;
    } catch (err) {
      this.options.errors.add(errorMessageOf(err, PAUSE_FAILED));
      return false;
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
  }
}
