/** Downloads (Excel exports, templates, zips) through the app's HTTP client. */
import { httpErrorToastText } from '@kaopei/shared';
import type { Endpoint, HttpMethod } from '@kaopei/shared/contracts/common';
import { fillPath, type CallInput } from './api';
import { toast } from './feedback';
import { cancelPendingRequests, http, type HttpResponse } from './http';

/** File name from a Content-Disposition header (RFC 5987 `filename*` first). */
export function fileNameFromDisposition(header: string | undefined, fallback: string): string {
  if (!header) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header)?.[1];
  return plain?.trim() || fallback;
}

async function blobMessage(blob: Blob): Promise<string | null> {
  try {
    const body: unknown = JSON.parse(await blob.text());
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // Not JSON.
  }
  return null;
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Give the browser time to start the download before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file through the app's HTTP client (token, refresh, 401 flow). Client errors arrive as a
 * JSON body inside the blob; their message is shown like any other server message.
 */
export async function downloadUrl(
  url: string,
  options: { method?: HttpMethod; params?: unknown; data?: unknown; fileName: string },
): Promise<string> {
  const response: HttpResponse<Blob> = await http.request<Blob>({
    url,
    method: options.method ?? 'GET',
    params: options.params,
    data: options.data,
    responseType: 'blob',
    // 401 and server errors take the client's usual path; other client errors carry a JSON message.
    validateStatus: (status) => status < 500 && status !== 401,
  });
  if (response.status >= 400) {
    if (response.status === 400) cancelPendingRequests();
    const message = await blobMessage(response.data);
    const text = httpErrorToastText(response.status, message);
    toast.error(text);
    throw new Error(text);
  }
  const fileName = fileNameFromDisposition(response.headers['content-disposition'], options.fileName);
  saveBlob(response.data, fileName);
  return fileName;
}

/** Downloads what a `response: 'file'` contract serves; resolves to the saved file's name. */
export function download<E extends Endpoint>(
  contract: E,
  input: CallInput<E> | undefined,
  fileName: string,
): Promise<string> {
  const { query, body, params } = (input ?? {}) as { query?: unknown; body?: unknown; params?: unknown };
  return downloadUrl(fillPath(contract.path, params as Record<string, unknown> | undefined), {
    method: contract.method,
    params: query,
    data: body,
    fileName,
  });
}
