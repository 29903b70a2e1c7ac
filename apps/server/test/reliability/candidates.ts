// Simulated candidates over real HTTP (fetch), as bench/exam-load.bench.ts drives them: start, save
// answers with a rising seq per question, submit. A client-side balancer sends each request to the
// instances in turn and, when one does not answer (refused, reset), to the next — as a proxy would.
import type { Instance } from './cluster';

interface Envelope<T> {
  code: number;
  message: string;
  res?: { data: T };
}

export interface Reply<T> {
  status: number;
  data?: T;
  message: string;
  instance: string;
}

/** An acknowledged save: the server answered 200 with this seq stored. */
export interface Ack {
  seq: number;
  answer: unknown;
  instance: string;
  at: number;
}

export class Balancer {
  private turn = 0;

  constructor(private readonly instances: Instance[]) {}

  /** POSTs to the next instance; on a network error tries the others, then again until `give up`. */
  async post<T>(
    url: string,
    token: string,
    body?: unknown,
    giveUpAt = Date.now() + 20_000,
  ): Promise<Reply<T>> {
    for (;;) {
      this.turn += 1;
      for (let i = 0; i < this.instances.length; i += 1) {
        const instance = this.instances[(this.turn + i) % this.instances.length] as Instance;
        try {
          const res = await fetch(instance.address + url, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
            signal: AbortSignal.timeout(10_000),
          });
          const json = (await res.json()) as Envelope<T>;
          return { status: res.status, data: json.res?.data, message: json.message, instance: instance.name };
        } catch {
          // Refused or cut: this instance is down, try the next.
        }
      }
      if (Date.now() > giveUpAt) throw new Error(`no instance answered ${url}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

interface StartReply {
  attemptId: number;
  sections: { questions: { questionId: number; type: number }[] }[];
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 40));

/** One candidate: its attempt, the seq of each question, and every acknowledged save. */
export class CandidateSession {
  attemptId = 0;
  codeQuestionId = 0;
  choiceQuestionIds: number[] = [];
  readonly acked = new Map<number, Ack>();
  /** Every acknowledgement: which instance, when. */
  readonly ackLog: { instance: string; at: number }[] = [];
  readonly errors: Record<string, number> = {};
  closed = false;
  private readonly seqs = new Map<number, number>();

  constructor(
    private readonly balancer: Balancer,
    private readonly token: string,
    readonly index: number,
  ) {}

  /** The program this candidate hands in (its own comment, so each judge run is known by its code). */
  program(sum: string): string {
    return `# 考生 ${this.index}\n${sum}`;
  }

  async start(examId: number): Promise<void> {
    const reply = await this.balancer.post<StartReply>(
      `/exam/api/v1/candidate/start?examId=${examId}`,
      this.token,
    );
    if (reply.status !== 200 || !reply.data)
      throw new Error(`start failed: ${reply.status} ${reply.message}`);
    this.attemptId = reply.data.attemptId;
    const all = reply.data.sections.flatMap((s) => s.questions);
    this.codeQuestionId = all.find((q) => q.type === 5)?.questionId ?? 0;
    this.choiceQuestionIds = all.filter((q) => q.type !== 5).map((q) => q.questionId);
  }

  /** Saves one answer; records it when acknowledged; marks the session closed on 409 (time up). */
  async save(questionId: number, answer: unknown): Promise<void> {
    const seq = (this.seqs.get(questionId) ?? 0) + 1;
    this.seqs.set(questionId, seq);
    const reply = await this.balancer.post<{ saved: { questionId: number; seq: number }[] }>(
      `/exam/api/v1/candidate/answers?attemptId=${this.attemptId}`,
      this.token,
      [{ questionId, answer, seq }],
    );
    if (reply.status === 200 && reply.data?.saved.some((s) => s.questionId === questionId && s.seq >= seq)) {
      this.acked.set(questionId, { seq, answer, instance: reply.instance, at: Date.now() });
      this.ackLog.push({ instance: reply.instance, at: Date.now() });
      return;
    }
    if (reply.status === 409) this.closed = true;
    else this.errors[reply.status] = (this.errors[reply.status] ?? 0) + 1;
  }

  /** Saves true/false answers in turn until `stop()` holds or the attempt is closed. */
  async storm(stop: () => boolean): Promise<void> {
    for (let round = 0; !stop() && !this.closed; round += 1) {
      const questionId = this.choiceQuestionIds[round % this.choiceQuestionIds.length] ?? 0;
      await this.save(questionId, (round + this.index) % 3 === 0);
      await pause();
    }
  }

  async submit(): Promise<void> {
    const reply = await this.balancer.post(
      `/exam/api/v1/candidate/submit?attemptId=${this.attemptId}`,
      this.token,
    );
    if (reply.status !== 200) throw new Error(`submit failed: ${reply.status} ${reply.message}`);
    this.closed = true;
  }
}
