import type { Language, MethodDeclaration, ParsedInputOf, ResultOf } from '@portal/contract';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import type { Actor } from '../modules/auth/actor.js';
import type { Session, SessionStore } from '../sessions/session-store.js';
import type { FileStorage } from '../storage/index.js';

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  /** What the browser claimed; decide by the bytes, never by this. */
  mimeType: string;
  data: Buffer;
}

/** Everything a handler may use; handlers get nothing from globals. */
export interface RestContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  sessions: SessionStore;
  /** Uploaded and generated files (local disk or S3): use the files module's functions, not this directly. */
  storage: FileStorage;
  log: FastifyBaseLogger;
  request: FastifyRequest;
  reply: FastifyReply;
  session: Session;
  actor: Actor | null;
  language: Language;
  ip: string;
  files: UploadedFile[];
  /** Replace the caller's session (sign-in, sign-out): the new cookie goes out with the answer. */
  setSession(session: Session): void;
}

export type Handler<M extends MethodDeclaration> = (
  input: ParsedInputOf<M>,
  ctx: RestContext,
) => Promise<ResultOf<M>> | ResultOf<M>;

export type Handlers<T extends Record<string, MethodDeclaration>> = { [K in keyof T]: Handler<T[K]> };

/** The actor of a method whose access rule requires one (the dispatcher has checked it). */
export function requireActor(ctx: RestContext): Actor {
  if (!ctx.actor) throw new Error('requireActor on an anonymous call: the method must not be public');
  return ctx.actor;
}

/** Runs a handler's writes in one transaction; `Db` is what recordAudit and the queries take. */
export const inTransaction = <T>(ctx: RestContext, work: (db: Db) => Promise<T>) =>
  ctx.db.transaction().execute((trx) => work(trx as unknown as Db));
