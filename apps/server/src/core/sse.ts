import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A comment line keeps proxies and browsers from timing the stream out. */
export const SSE_PING_MS = 20_000;

export interface EventStream {
  send(event: string, data: unknown): void;
  /** Runs once when the client goes away or the server closes. */
  onClose(listener: () => void): void;
  close(): void;
  readonly closed: boolean;
}

/**
 * Turns requests into Server-Sent-Events streams (text/event-stream). Authentication has run in the
 * preHandler hook already, so the browser reads a stream with fetch and its bearer token. Create one per
 * route plugin at registration: the server's close ends every open stream first (an open stream would
 * otherwise keep the server from closing).
 */
export class EventStreams {
  private readonly open = new Set<EventStream>();

  constructor(
    app: FastifyInstance,
    private readonly pingMs = SSE_PING_MS,
  ) {
    app.addHook('preClose', async () => {
      for (const stream of [...this.open]) stream.close();
    });
  }

  get size(): number {
    return this.open.size;
  }

  start(request: FastifyRequest, reply: FastifyReply): EventStream {
    return openEventStream(request, reply, this.open, this.pingMs);
  }
}

function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  all: Set<EventStream>,
  pingMs: number,
): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  raw.write(': connected\n\n');
  const listeners: (() => void)[] = [];
  let closed = false;
  const ping = setInterval(() => {
    if (!closed) raw.write(': ping\n\n');
  }, pingMs);
  ping.unref();
  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(ping);
    all.delete(stream);
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        request.log.error({ err: error }, 'event stream close listener failed');
      }
    }
  };
  const stream: EventStream = {
    send(event, data) {
      if (closed) return;
      raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    onClose(listener) {
      listeners.push(listener);
    },
    close() {
      finish();
      raw.end();
    },
    get closed() {
      return closed;
    },
  };
  all.add(stream);
  request.raw.on('close', finish);
  raw.on('close', finish);
  return stream;
}
