import { ApiError } from './http';

/** The server's own message of a failed call (without the toast's suffix), for showing on the page. */
export function serverMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { message?: unknown } | null | undefined;
    if (body && typeof body.message === 'string' && body.message) return body.message;
  }
  return error instanceof Error ? error.message : String(error);
}
