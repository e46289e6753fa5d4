import type { ParamsOf, ResponseOf, RouteDef } from '@gomeum/contracts';
import { routeUrl } from '@gomeum/contracts';
import { networkError, parseReply } from './api-client.ts';

/** What an upload reports while it runs, and how it is stopped. */
export interface UploadOptions {
  /** Called with the share of the request body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Aborting it stops the upload; the call then fails with `UploadCancelled`. */
  signal?: AbortSignal;
}

/** The user stopped an upload: not an error to show, only a state to leave. */
export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelled';
  }
}

/**
 * Sends the multipart form of an `upload` route like `api`, with upload progress and a way to
 * cancel (fetch reports neither for request bodies, so this one call uses XMLHttpRequest). Errors
 * map the same way.
 */
export function uploadRequest<R extends RouteDef & { kind: 'upload' }>(
  route: R,
  params: ParamsOf<R>,
  form: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<ResponseOf<R>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadCancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, routeUrl(route, params));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = (work: () => void) => {
      signal?.removeEventListener('abort', abort);
      try {
        work();
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onload = () =>
      settle(() => {
        let payload: unknown;
        try {
          payload = JSON.parse(xhr.responseText) as unknown;
        } catch {
          payload = undefined;
        }
        resolve(parseReply(route, xhr.status, xhr.statusText, payload));
      });
    xhr.onerror = () => settle(() => reject(networkError()));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => settle(() => reject(new UploadCancelled()));
    xhr.send(form);
  });
}
