// The JSON envelope of every API response (see DESIGN.md, "Contracts"). When common/src/contract
// exports these types, this file re-exports them instead.

/** One error of an `{ errors: [...] }` body; `field` names the form field it belongs to, if any. */
export interface ApiErrorEntry {
  message: string;
  field?: string;
}

export interface ApiSuccessBody<T> {
  data: T;
}

export interface ApiErrorBody {
  errors: ApiErrorEntry[];
}
