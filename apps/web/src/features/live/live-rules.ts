import type { LiveMessage } from './api';

/** Merges chat messages (from a page, the stream or a send) into one list in id order, each once. */
export function mergeMessages(
  current: readonly LiveMessage[],
  incoming: readonly LiveMessage[],
): LiveMessage[] {
  const byId = new Map<number, LiveMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
