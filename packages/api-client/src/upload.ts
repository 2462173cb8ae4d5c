import type { ApiClients } from './clients';
import { unwrap } from './errors';
import type { UploadedFile } from './schema';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * A fetch that sends the request with XMLHttpRequest, so that the upload's progress can be reported
 * (fetch reports none). Used per request: the client's middleware (bearer, refresh on 401, 418) still applies.
 */
export function progressFetch(
  onProgress: (progress: UploadProgress) => void,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? null : await request.blob();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.responseType = 'blob';
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      };
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        const nullBody = xhr.status === 204 || xhr.status === 304;
        resolve(
          new Response(nullBody ? null : (xhr.response as Blob), { status: xhr.status, headers }),
        );
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
      request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
  };
}

export interface UploadOnboardingFileOptions {
  userId: number;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** POST /api/v1/users/{id}/onboarding/files with one file, reporting progress; rejects with ApiError (413, 415…). */
export async function uploadOnboardingFile(
  clients: ApiClients,
  options: UploadOnboardingFileOptions,
): Promise<UploadedFile> {
  const form = new FormData();
  form.append('files', options.file, options.file.name);
  const result = unwrap(
    await clients.api.POST('/api/v1/users/{id}/onboarding/files', {
      params: { path: { id: options.userId } },
      // The typed body is the JSON view of the parts; the serializer sends the real multipart body.
      body: { files: [options.file.name] },
      bodySerializer: () => form,
      ...(options.onProgress ? { fetch: progressFetch(options.onProgress) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    }),
  );
  const [stored] = result.files;
  if (!stored) throw new Error('The upload answered no file.');
  return stored;
}
