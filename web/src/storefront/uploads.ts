import type { ApiClient } from '../api/ApiClient';
import type { FileUploader, UploadedFile } from './stores/ProductEditor';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * Uploads a customer's file through `POST /api/uploads/public` (a data URL, as the media API takes it),
 * with the network's upload progress: the ApiClient sends it by XMLHttpRequest (`onUploadProgress`; fetch
 * reports none) and turns a refusal into an ApiRequestError with the server's messages.
 */
export function createPublicUploader(api: ApiClient): FileUploader {
  return async (file, onProgress) => {
    const data = await readAsDataUrl(file);
    return api.post<UploadedFile>(
      '/api/uploads/public',
      { data, name: file.name },
      // A public call: an answer 401 is not a lost staff session.
      { onUploadProgress: onProgress, redirectOnUnauthorized: false },
    );
  };
}
