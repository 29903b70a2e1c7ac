/** URL under which a stored file is served (public files as is; private ones with a token or a signature). */
export const fileUrl = (key: string) => `/api/files/${key}`;
