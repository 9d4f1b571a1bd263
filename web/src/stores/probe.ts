import { ApiRequestError, type ApiClient } from '../api/ApiClient';

/** True when the backend answers at all; a 503 from a sick database still means "online". */
export function serverProbe(api: ApiClient): () => Promise<boolean> {
  return async () => {
    try {
      await api.get('/api/health', { redirectOnUnauthorized: false });
      return true;
    } catch (error) {
      return error instanceof ApiRequestError && error.status !== 0;
    }
  };
}
