// Video-interview signalling at scale (issue 20): 200 interviews at once on one server instance, i.e.
// 400 browsers in rooms. Each opens the room's Server-Sent-Events stream (the realtime transport of
// apps/web features/interview: signals are POSTed, the room's stream delivers them), then every pair does
// what two RTCPeerConnections do: the interviewer sends a ~4 KB SDP offer, the applicant answers on
// receipt, and both trickle ICE candidates (BENCH_CANDIDATES each, 10–60 ms apart). Reports the delivery
// latency (POST sent → event read by the peer it is meant for) p50/p95/p99/max, the POST latency, and
// lost messages (sent and acknowledged but never delivered: must be 0).
//
// The server runs in this process on the demo organisation (database `kaopei_bench_interview` on
// BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/test, seeded once); its interviews are made
// through the API (starting now) and cancelled at the end. The 400 clients share this process's event
// loop with the server, so the latencies are an upper bound of a server on its own.
//
//   BENCH_INTERVIEWS=200 BENCH_CANDIDATES=10 npx tsx bench/run.ts interview-signalling
import os from 'node:os';
import crypto from 'node:crypto';
import pg from 'pg';
import { benchDatabase, signIn, summarize, startServer, type BenchServer } from './support';

const ROOM = '/recruit/api/v1/interview-room';
const INTERVIEW = '/recruit/api/v1/interview';
/** How long after the last send a message still counts as delivered. */
const DRAIN_MS = 10_000;

interface Sent {
  sentAt: number;
}
interface Peer {
  peer: string;
  ticket: string;
  /** Messages meant for this peer, by id: when they were sent. */
  expected: Map<string, Sent>;
  received: Set<string>;
  onSignal?: (type: string, from: string) => void;
  abort: AbortController;
}

const stats = { deliveries: [] as number[], posts: [] as number[], postErrors: 0, duplicates: 0 };

async function api<T>(server: BenchServer, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(server.address + url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { code: number; res?: { data: T }; message?: string };
  if (res.status !== 200 || json.code !== 0) throw new Error(`${url}: ${res.status} ${json.message ?? ''}`);
  return json.res?.data as T;
}

/** Reads the room's event stream, calling `onEvent` per event; resolves once the stream is open. */
async function openStream(server: BenchServer, peer: Peer, onEvent: (event: string, data: string) => void) {
  const url = `${server.address}${ROOM}/events?ticket=${encodeURIComponent(peer.ticket)}&peer=${peer.peer}`;
  const res = await fetch(url, { signal: peer.abort.signal });
  if (res.status !== 200 || !res.body) throw new Error(`events: ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (data) onEvent(event, data);
        }
      }
    } catch {
      // Aborted at the end of the run.
    }
  })();
}

function receive(peer: Peer, data: string): void {
  const signal = JSON.parse(data) as { to?: string; from: string; type: string; payload: string };
  if (signal.to !== peer.peer) return; // the sender's own echo, or someone else's
  const { id } = JSON.parse(signal.payload) as { id: string };
  const sent = peer.expected.get(id);
  if (!sent) return;
  if (peer.received.has(id)) {
    stats.duplicates += 1;
    return;
  }
  peer.received.add(id);
  stats.deliveries.push(performance.now() - sent.sentAt);
  peer.onSignal?.(signal.type, signal.from);
}

async function send(server: BenchServer, from: Peer, to: Peer, type: string, padding: string) {
  const id = crypto.randomUUID();
  const sent = { sentAt: performance.now() };
  to.expected.set(id, sent);
  const res = await fetch(`${server.address}${ROOM}/signal`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ticket: from.ticket,
      from: from.peer,
      to: to.peer,
      type,
      payload: JSON.stringify({ id, sdp: padding }),
    }),
  });
  const json = (await res.json()) as { code: number };
  stats.posts.push(performance.now() - sent.sentAt);
  if (res.status !== 200 || json.code !== 0) {
    stats.postErrors += 1;
    to.expected.delete(id); // refused, so not a lost message
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SDP = 'v=0 '.repeat(1000); // an SDP offer/answer is a few kilobytes
const CANDIDATE =
  'candidate:842163049 1 udp 1677729535 192.0.2.10 46154 typ srflx raddr 10.0.0.2 rport 46154';

async function trickle(server: BenchServer, from: Peer, to: Peer, candidates: number) {
  for (let i = 0; i < candidates; i++) {
    await sleep(10 + Math.random() * 50);
    await send(server, from, to, 'candidate', CANDIDATE);
  }
}

/** One interview's negotiation: offer → answer on receipt, candidates both ways meanwhile. */
async function negotiate(server: BenchServer, interviewer: Peer, applicant: Peer, candidates: number) {
  const answered = new Promise<void>((resolve) => {
    applicant.onSignal = (type) => {
      if (type === 'offer') void send(server, applicant, interviewer, 'answer', SDP).then(resolve);
    };
  });
  await sleep(Math.random() * 1000); // the rooms do not all start in the same millisecond
  await send(server, interviewer, applicant, 'offer', SDP);
  await Promise.all([
    trickle(server, interviewer, applicant, candidates),
    trickle(server, applicant, interviewer, candidates),
    answered,
  ]);
}

async function setUpRooms(server: BenchServer, token: string, rooms: number, adminId: number) {
  const now = Date.now();
  const pairs: { id: number; interviewer: Peer; applicant: Peer }[] = [];
  for (let i = 0; i < rooms; i++) {
    const { id } = await api<{ id: number }>(server, token, 'POST', `${INTERVIEW}/add`, {
      title: `基准面试 ${i + 1}`,
      interviewerIds: [adminId],
      applicantName: `基准应聘者${i + 1}`,
      startAt: now - 60_000,
      endAt: now + 3600_000,
    });
    const detail = await api<{ invitePath: string }>(server, token, 'GET', `${INTERVIEW}/detail?id=${id}`);
    const invite = new URL(detail.invitePath, server.address).searchParams.get('token');
    const { ticket } = await api<{ ticket: string }>(server, token, 'POST', `${INTERVIEW}/ticket?id=${id}`);
    const peer = (t: string): Peer => ({
      peer: crypto.randomUUID(),
      ticket: t,
      expected: new Map(),
      received: new Set(),
      abort: new AbortController(),
    });
    pairs.push({ id, interviewer: peer(ticket), applicant: peer(invite!) });
  }
  return pairs;
}

export async function interviewSignalling() {
  const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const rooms = Number(process.env.BENCH_INTERVIEWS ?? 200);
  const candidates = Number(process.env.BENCH_CANDIDATES ?? 10);
  const databaseUrl = await benchDatabase(serverUrl, 'kaopei_bench_interview');
  const server = await startServer(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(`select id from users where account = 'admin'`);
    const adminId = Number(rows[0]?.id);
    const token = await signIn(server, 'admin');
    console.log(`  scheduling ${rooms} interviews…`);
    const pairs = await setUpRooms(server, token, rooms, adminId);
    const peers = pairs.flatMap((p) => [p.interviewer, p.applicant]);
    const t0 = performance.now();
    await Promise.all(
      peers.map((peer) =>
        openStream(server, peer, (event, data) => {
          if (event === 'signal') receive(peer, data);
        }),
      ),
    );
    const connectSeconds = (performance.now() - t0) / 1000;
    console.log(`  ${peers.length} streams open in ${connectSeconds.toFixed(1)} s; negotiating…`);
    const t1 = performance.now();
    await Promise.all(pairs.map((p) => negotiate(server, p.interviewer, p.applicant, candidates)));
    const exchangeSeconds = (performance.now() - t1) / 1000;
    const expectedCount = () => peers.reduce((n, p) => n + p.expected.size, 0);
    const receivedCount = () => peers.reduce((n, p) => n + p.received.size, 0);
    const deadline = performance.now() + DRAIN_MS;
    while (receivedCount() < expectedCount() && performance.now() < deadline) await sleep(50);
    const expected = expectedCount();
    const lost = expected - receivedCount();
    for (const peer of peers) peer.abort.abort();
    for (const p of pairs) await api(server, token, 'POST', `${INTERVIEW}/cancel?id=${p.id}`);
    const delivery = summarize(stats.deliveries);
    const post = summarize(stats.posts);
    const max = +Math.max(0, ...stats.deliveries).toFixed(2);
    console.log(
      `  delivered ${receivedCount()}/${expected} (lost ${lost}); delivery p50 ${delivery.p50ms} ms p95 ${delivery.p95ms} ms p99 ${delivery.p99ms} ms max ${max} ms`,
    );
    return {
      database: 'postgres',
      loadAverage: os.loadavg().map((n) => +n.toFixed(2)),
      interviews: rooms,
      clients: peers.length,
      candidatesPerPeer: candidates,
      connectSeconds: +connectSeconds.toFixed(2),
      exchangeSeconds: +exchangeSeconds.toFixed(2),
      signalsPerSecond: Math.round(expected / exchangeSeconds),
      messages: expected,
      lost,
      duplicates: stats.duplicates,
      postErrors: stats.postErrors,
      deliveryLatency: { ...delivery, maxMs: max },
      postLatency: post,
    };
  } finally {
    await client.end();
    await server.close();
  }
}
