// The JSON envelope of every API response (DESIGN.md, "Contracts"), from the shared contract.
export type {
  ApiError as ApiErrorEntry,
  ApiErrorResponse as ApiErrorBody,
  ApiResponse as ApiSuccessBody,
} from '@ordering/common';
