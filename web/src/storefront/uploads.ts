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
 * Uploads a customer's file through `POST /api/uploads/public` (a data URL, as the media API takes it).
 * XMLHttpRequest rather than fetch: only it reports upload progress for the progress bar.
 */
export function createPublicUploader(baseUrl = ''): FileUploader {
  return async (file, onProgress) => {
    const data = await readAsDataUrl(file);
    return new Promise<UploadedFile>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${baseUrl}/api/uploads/public`);
      xhr.setRequestHeader('Content-Type', 'application/json');
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        try {
          const body = JSON.parse(xhr.responseText) as { data?: UploadedFile };
          if (xhr.status >= 200 && xhr.status < 300 && body.data) resolve(body.data);
          else reject(new Error(`upload failed: ${xhr.status}`));
        } catch (error) {
          reject(error instanceof Error ? error : new Error('upload failed'));
        }
      };
      xhr.onerror = () => reject(new Error('upload failed'));
      xhr.send(JSON.stringify({ data, name: file.name }));
    });
  };
}
