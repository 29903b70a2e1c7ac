import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (the dev outbox keeps them base64-encoded). */
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * nodemailer over SMTP when SMTP_URL is set; otherwise (development and tests) every message is
 * rendered by nodemailer's JSON transport and appended to `<DATA_DIR>/outbox/mail.jsonl`.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
      },
    };
  }
  if (config.env === 'production') {
    return {
      async send(message) {
        log.warn({ to: message.to, subject: message.subject }, 'SMTP_URL not set; e-mail dropped');
      },
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  const file = path.join(config.dataDir, 'outbox', 'mail.jsonl');
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const rendered = JSON.parse(String(info.message)) as Record<string, unknown>;
      await fs.promises.appendFile(
        file,
        JSON.stringify({ ...rendered, to: message.to, sentAt: new Date().toISOString() }) + '\n',
      );
      log.info({ to: message.to, subject: message.subject }, 'e-mail written to outbox');
    },
  };
}

/** Reads the dev mail outbox (tests and e2e). */
export function readMailOutbox(dataDir: string): (MailMessage & { sentAt: string })[] {
  const file = path.join(dataDir, 'outbox', 'mail.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MailMessage & { sentAt: string });
}
