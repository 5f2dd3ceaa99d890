/**
 * A file sent as the request body with upload progress, which fetch cannot report: XMLHttpRequest, with the
 * same endpoint, session cookie, anti-CSRF and language headers as the shared client (renderer/api/client.ts),
 * and its failures as the same ApiRequestError. Used to restore a backup chosen from the disk.
 */
import { ApiRequestError, errorFromBody } from '../api/client.ts';
import { currentEndpoint, type Endpoint } from '../api/endpoint.ts';
import { useLanguage } from '../i18n/store.ts';

/** POSTs `file` to `path` (under /api/v1); resolves with the answer's `data`. `onProgress`: 0 to 1. */
export function uploadFile<T>(path: string, file: Blob, contentType: string, onProgress: (fraction: number) => void, endpoint: Endpoint = currentEndpoint()): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${endpoint.base}${path}`);
    xhr.withCredentials = endpoint.credentials !== 'omit';
    const headers: Record<string, string> = { accept: 'application/json', 'accept-language': useLanguage.getState().language, 'content-type': contentType, ...endpoint.headers('POST') };
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiRequestError(0, 'network_error', 'server_unreachable'));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText === '' ? undefined : JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve((body as { data: T }).data);
      else reject(errorFromBody(xhr.status, body));
    };
    xhr.send(file);
  });
}
