/** What other modules use of the file module (routes files are not imported across modules). */
export { signedFileUrl, SIGNED_URL_TTL_SECONDS } from './file.signing';
export { storeLocalFile, cleanFileName, type StoredFile } from './file.store';
export { fileUrl } from './file.url';
