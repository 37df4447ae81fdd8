import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { enqueue, type DbOrTrx } from '../ops/jobs/queue.js';

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message, their bytes in base64 (the outbox's payload is JSON; decision 219). */
  attachments?: Array<{ filename: string; content: string; encoding: 'base64'; contentType: string }>;
}

/**
 * What handlers send mail with: the outbox (decision 080). `send` stores the message as a `mail` job, in the
 * transaction `db` when given (the message exists exactly when what caused it does); a worker delivers it,
 * retrying with backoff while the SMTP server is away.
 */
export interface Mailer {
  send(message: MailMessage, db?: DbOrTrx): Promise<void>;
}

/** The job kind of an outgoing message. */
export const MAIL_JOB = 'mail';

export function createOutbox(db: DbOrTrx): Mailer {
  return {
    async send(message, trx) {
      await enqueue(trx ?? db, MAIL_JOB, message, { maxAttempts: 20 });
    },
  };
}

/** Delivers one message now (the worker's side of the outbox). */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * nodemailer over SMTP_URL; without it every message is written to DATA_DIR/mail/*.eml (the outbox
 * that tests and a developer read). Only the recipient and subject are logged: bodies carry codes.
 */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): MailTransport {
  const outbox = path.join(options.dataDir, 'mail');
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = (await transport.sendMail({ from: options.from, ...message })) as { message?: Buffer };
      if (!options.smtpUrl && info.message) {
        await mkdir(outbox, { recursive: true });
        const name = `${Date.now()}-${randomBytes(4).toString('hex')}.eml`;
        await writeFile(path.join(outbox, name), info.message);
      }
      options.log.info({ mail: { to: message.to, subject: message.subject } }, 'mail sent');
    },
    close() {
      transport.close();
    },
  };
}
