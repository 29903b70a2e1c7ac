import { courseContentContracts as cc } from '@kaopei/shared/contracts/course-content';
import { call, requestOf } from '../../lib/api';
import { http, unwrap } from '../../lib/http';
import type { UploadTransport } from '../../lib/resumable-upload';
import type { UploadState } from '@kaopei/shared/contracts/course-content';

/** The resumable upload's calls through the course-content contracts (chunks as raw bytes). */
export const courseUploadTransport: UploadTransport = {
  start: (body) => call(cc.uploadStart, { body }, { kpFieldErrors: true }),
  async chunk(uploadId, offset, data, onBytes, signal) {
    const request = requestOf(
      cc.uploadChunk,
      { params: { uploadId }, query: { offset } },
      {
        signal,
        kpSilent: true,
        timeout: 10 * 60_000,
        headers: { 'Content-Type': 'application/octet-stream' },
        onUploadProgress: (event) => onBytes(event.loaded),
      },
    );
    request.data = data;
    const response = await http.request(request);
    return unwrap(response.data as never).data as UploadState;
  },
  status: (uploadId) => call(cc.uploadStatus, { params: { uploadId } }, { kpSilent: true }),
  cancel: async (uploadId) => {
    await call(cc.uploadCancel, { params: { uploadId } }, { kpSilent: true });
  },
};
