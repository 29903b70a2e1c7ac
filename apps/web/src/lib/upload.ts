/** Public images (avatars, logos, covers, pictures in rich text) stored through the upload contract. */
import { fileContracts } from '@kaopei/shared/contracts/file';
import { call, type DataOf } from './api';

export type UploadedFile = DataOf<typeof fileContracts.upload>;

/** Uploads an image as a public file (anyone with its URL may read it) and returns the stored file. */
export function uploadPublicImage(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(fileContracts.upload, { query: { public: '1' }, form });
}
