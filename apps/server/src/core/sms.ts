import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface SmsMessage {
  phone: string;
  content: string;
}

/** Sends text messages. Deployments plug in their carrier's provider here. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/**
 * Development provider: writes each message to the log and appends it to `<DATA_DIR>/outbox/sms.jsonl`,
 * which tests read. Never enabled in production (config forces 'log' there).
 */
export class OutboxSmsProvider implements SmsProvider {
  readonly file: string;
  constructor(
    dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.file = path.join(dataDir, 'outbox', 'sms.jsonl');
  }

  async send(message: SmsMessage): Promise<void> {
    await fs.promises.mkdir(path.dirname(this.file), { recursive: true });
    const line = JSON.stringify({ ...message, sentAt: new Date().toISOString() });
    await fs.promises.appendFile(this.file, line + '\n');
    this.log.info({ phone: message.phone, content: message.content }, 'sms written to outbox');
  }
}

/** Logs that a message went out without its content (codes must not reach production logs). */
export class LogSmsProvider implements SmsProvider {
  constructor(private readonly log: FastifyBaseLogger) {}
  async send(message: SmsMessage): Promise<void> {
    this.log.warn(
      { phone: message.phone.replace(/^(\d{3})\d+(\d{4})$/, '$1****$2') },
      'sms provider not configured; message dropped',
    );
  }
}

/** Reads the dev outbox (tests and e2e). */
export function readSmsOutbox(dataDir: string): (SmsMessage & { sentAt: string })[] {
  const file = path.join(dataDir, 'outbox', 'sms.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SmsMessage & { sentAt: string });
}
