import type { ReviewAverages } from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../../api/ApiClient';

/** The selection the card follows: the dashboard's shown range and branch. */
export interface ReviewRange {
  from: string;
  to: string;
  branchId: number | null;
}

/**
 * The customers' average ratings per branch for the Statistik card (`GET /api/orders/review-averages`),
 * for the range the dashboard shows. A failed load leaves the card empty with a note: the dashboard's
 * other figures and its error list are not held up by it.
 */
export class ReviewAveragesStore {
  result: ReviewAverages | null = null;
  failed = false;
  /** The query of the last answer, so the same range is not asked twice. */
  private asked: string | null = null;

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<ReviewAveragesStore, 'api' | 'asked'>(
      this,
      { api: false, asked: false },
      { autoBind: true },
    );
  }

  async load(range: ReviewRange): Promise<void> {
    const query = new URLSearchParams({ from: range.from, to: range.to });
    if (range.branchId !== null) query.set('branch', String(range.branchId));
    const key = query.toString();
    if (key === this.asked) return;
    this.asked = key;
    try {
      const result = await this.api.get<ReviewAverages>(`/api/orders/review-averages?${key}`);
      runInAction(() => {
        if (this.asked !== key) return; // a later range was asked meanwhile
        this.result = result;
        this.failed = false;
      });
    } catch {
      runInAction(() => {
        if (this.asked !== key) return;
        this.result = null;
        this.failed = true;
        this.asked = null;
      });
    }
  }
}
