import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * nodemailer over SMTP_URL; without it every message is written to DATA_DIR/mail/*.eml (the outbox
 * that tests and a developer read). Only the recipient and subject are logged: bodies carry codes.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
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
  };
}
