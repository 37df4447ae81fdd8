import {
  answerInShape,
  can,
  checkedInput,
  CONTROL_CHARACTERS,
  methods,
  type Access,
  type Language,
  type MethodDeclaration,
  type MethodName,
  wellFormedText,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import { signedInActor, type Actor, type UserRow } from '../modules/auth/actor.js';
import { keyCallerOf, type KeyCaller } from '../modules/keys/index.js';
import { restRateLimit } from '../modules/throttle/index.js';
import { jsonReplyOf } from './serialized.js';
import type { FileStorage } from '../storage/index.js';
import { SESSION_COOKIE, type Session, type SessionStore } from '../sessions/session-store.js';
import { AppError } from './app-error.js';
import type { RestContext, UploadedFile } from './context.js';
import { handlers } from './handlers.js';
import { verifyCaptcha } from './captcha.js';
import { describeFields, fieldsOf } from './zod-errors.js';

const methodTable = methods as Record<string, MethodDeclaration>;
const handlerTable = handlers as unknown as Record<string, (input: unknown, ctx: RestContext) => unknown>;

export interface RestDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  sessions: SessionStore;
  storage: FileStorage;
}

/**
 * The language of an answer: the one the page shows (the web app sends it with every call), else the
 * signed-in user's own, else Russian. E-mails use the user's own language.
 */
export function languageOf(request: FastifyRequest, actor: Actor | null): Language {
  const header = request.headers['x-language'];
  if (header === 'en' || header === 'ru') return header;
  return actor?.language ?? 'ru';
}

export function setSessionCookie(reply: FastifyReply, session: Session, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    // saveAuth: a long-lived cookie; otherwise it ends with the browser.
    ...(session.persistent ? { expires: session.expiresAt } : {}),
  });
}

/** The session of a request, created when the browser has none (the cookie goes out with the answer). */
export async function sessionOf(request: FastifyRequest, reply: FastifyReply, deps: RestDeps): Promise<Session> {
  return (await sessionAndUserOf(request, reply, deps)).session;
}

/** The session of a request and its user's row, read together (decision 220). */
async function sessionAndUserOf(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: RestDeps,
): Promise<{ session: Session; user: UserRow | null }> {
  const existing = await deps.sessions.findWithUser(request.cookies[SESSION_COOKIE]);
  if (existing) return existing;
  const created = await deps.sessions.create(null, false);
  setSessionCookie(reply, created, request.protocol === 'https');
  return { session: created, user: null };
}

/** A key call's stand-in session: never stored, no cookie; the methods open to keys never change it. */
const keySession = (caller: KeyCaller): Session => ({
  token: '',
  sessid: '',
  userId: caller.actor.id,
  persistent: false,
  expiresAt: new Date(0),
});

/** Default deny (docs/design.md §8): only a rule this function knows, and that passes, lets a call through. */
function checkAccess(access: Access | undefined, actor: Actor | null): void {
  if (access?.kind === 'public') return;
  if (!actor) throw new AppError('UNAUTHORIZED', 'error.unauthorized');
  let allowed = false;
  switch (access?.kind) {
    case 'auth':
      allowed = true;
      break;
    case 'permission':
      allowed = can(actor.roles, access.entity, access.action);
      break;
    case 'roles':
      allowed = typeof access.roles === 'number' && (actor.roles & access.roles) !== 0;
      break;
  }
  if (!allowed) throw new AppError('FORBIDDEN', 'error.forbidden');
}

async function readMultipart(
  request: FastifyRequest,
): Promise<{ body: Record<string, unknown>; files: UploadedFile[] }> {
  const body: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      files.push({
        fieldName: part.fieldname,
        // A file name is not typed text: control characters (decision 052) are dropped, not refused, and a
        // lone surrogate (RFC 5987 `filename*=utf-16le''%00%D8` decodes to one) becomes U+FFFD (decision 188).
        fileName: wellFormedText(part.filename.replace(new RegExp(CONTROL_CHARACTERS, 'g'), '')),
        mimeType: part.mimetype,
        data: await part.toBuffer(),
      });
    } else if (part.fieldname === 'payload' && typeof part.value === 'string') {
      // Structured input travels as one JSON field beside the files.
      try {
        Object.assign(body, JSON.parse(part.value) as Record<string, unknown>);
      } catch {
        throw new AppError('VALIDATION', 'error.malformed');
      }
    } else {
      body[part.fieldname] = part.value;
    }
  }
  return { body, files };
}

export function registerRest(app: FastifyInstance, deps: RestDeps): void {
  app.all<{ Params: { '*': string }; Querystring: Record<string, string | undefined> }>(
    '/rest/*',
    // The general per-session and per-address limit (decision 051), counted before anything else.
    { config: { rateLimit: restRateLimit(deps.config) } },
    async (request, reply) => {
      const name = request.params['*'].replace(/\/+$/, '');
      const declaration = Object.hasOwn(methodTable, name) ? methodTable[name] : undefined;
      if (!declaration || request.method !== 'POST') throw new AppError('NOT_FOUND', 'error.methodNotFound');

      // A dealer system's call with `Authorization: Bearer <API key>`: no cookie, no sessid (decision 210).
      const keyCaller = await keyCallerOf(deps.db, deps.config, request, name);
      const { session, user } = keyCaller
        ? { session: keySession(keyCaller), user: null }
        : await sessionAndUserOf(request, reply, deps);
      request.portalUserId = session.userId;
      const sessid = request.query.sessid;
      if (!keyCaller && (typeof sessid !== 'string' || sessid !== session.sessid)) {
        throw new AppError('SESSION_FAILED', 'error.sessionFailed', { sessid: session.sessid });
      }
      const actor = keyCaller ? keyCaller.actor : signedInActor(user);
      const language = languageOf(request, actor);
      request.portalLanguage = language;
      checkAccess(declaration.access, actor);

      if (declaration.captcha && deps.config.recaptchaSecret) {
        const verdict = await verifyCaptcha(
          {
            secret: deps.config.recaptchaSecret,
            verifyUrl: deps.config.recaptchaVerifyUrl,
            minScore: deps.config.recaptchaMinScore,
          },
          request.query['g-recaptcha-response'],
          request.ip,
        );
        if (!verdict.ok) throw new AppError(verdict.unavailable ? 'UNAVAILABLE' : 'VALIDATION', verdict.message);
      }

      let body: unknown = request.body;
      let files: UploadedFile[] = [];
      if (request.isMultipart()) {
        if (!declaration.upload) throw new AppError('VALIDATION', 'error.malformed');
        ({ body, files } = await readMultipart(request));
      }
      const parsed = checkedInput(declaration).safeParse(body ?? undefined);
      if (!parsed.success) {
        const fields = fieldsOf(parsed.error, language);
        throw new AppError('VALIDATION', describeFields(fields, language), { fields });
      }

      const ctx: RestContext = {
        ...deps,
        log: request.log,
        request,
        reply,
        session,
        actor,
        language,
        ip: request.ip,
        files,
        setSession(next) {
          request.portalUserId = next.userId;
          setSessionCookie(reply, next, request.protocol === 'https');
        },
      };
      const handler = handlerTable[name as MethodName];
      if (!handler) throw new Error(`No handler bound for ${name}`);
      const result = await handler(parsed.data, ctx);
      // The catalogue's plain entities for dealers' systems (decision 213): asked for, or a key's default.
      if (declaration.entities) {
        const asked = (parsed.data as { shape?: 'dict' | 'entities' } | undefined)?.shape;
        const shape = asked ?? (keyCaller ? 'entities' : 'dict');
        if (shape === 'entities') return { result: answerInShape(name, result, shape, language) };
      }
      // A kept answer's own JSON (decision 250): the same bytes `{ result }` would serialise to.
      const kept = jsonReplyOf(result);
      if (kept !== undefined) return reply.type('application/json; charset=utf-8').send(kept);
      return { result };
    },
  );
}
