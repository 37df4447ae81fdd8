import {
  RELOAD_AFTER_UNAUTHORIZED_MS,
  type ErrorEnvelope,
  type InputOf,
  type MethodName,
  type Methods,
  type ResultOf,
} from '@portal/contract';
import { getSessid, portalConfig, setSessid } from './portal-config';
import { currentLanguage } from './i18n';

/** An error answer of a /rest/ call: the text to show is error_description, else error, else the status. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/**
 * Whether a failed query is tried again: once for a network or server failure, never when the server answered
 * the request itself was wrong (4xx) — a missing order or category shows its not-found state at once, with
 * one 404 in the console instead of two a second apart.
 */
export function retryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof RestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** docs/spec/07-calls.md: a create or update whose answer carries no id is logged with these words. */
export const NO_CREATED_ENTITY = 'The method did not return a created entity.';
/**
 * Creates and updates that answer something else than one entity by design (a list, the settings; a new API
 * key or price-list link with its token shown once beside it, decisions 210 and 212).
 */
export const NOT_ONE_ENTITY = new Set([
  'api-key/create',
  'application-empty-product/create',
  'basket-item/update',
  'notice-settings/update',
  'price-list-job/create',
  'price-list-mail/update',
  'price-list-link/create',
  'site-settings/update',
  'telegram-settings/update',
  'webhook/create',
]);
let refetchAfterUpdate: ((name: string) => void) | null = null;
/** The app's refetch of what is on screen, run when an update answers no entity (set once at the root). */
export const onUpdateWithoutEntity = (refetch: (name: string) => void) => {
  refetchAfterUpdate = refetch;
};

/**
 * docs/spec/07-calls.md: a create or update returning no id logs «The method did not return a created entity.» and, on
 * update, the detail is fetched again (decision 068).
 */
export function checkCreatedEntity(name: string, result: unknown): void {
  const kind = /\/(create|update)$/.exec(name)?.[1];
  if (!kind || NOT_ONE_ENTITY.has(name)) return;
  const id = result && typeof result === 'object' ? (result as { id?: unknown }).id : undefined;
  if ((typeof id === 'number' && id > 0) || (typeof id === 'string' && id !== '')) return;
  console.error(NO_CREATED_ENTITY, name);
  if (kind === 'update') refetchAfterUpdate?.(name);
}

/** Methods whose 401 is an answer to show, not a lost session (docs/spec/04-states.md names profile; sign-in is ours). */
const NO_RELOAD_ON_401 = new Set(['profile', 'user/login', 'user/GenerateAuthKey']);
let reloadScheduled = false;

export interface RestOptions {
  files?: File[];
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * The call's URL: the session id, and for the configured method paths a fresh captcha token when a site key
 * is set (docs/spec/05-validation.md, docs/spec/07-calls.md; decision 141). Without a site key nothing is loaded and no token is sent.
 */
async function urlOf(name: string): Promise<string> {
  const params = new URLSearchParams({ sessid: getSessid() });
  const siteKey = portalConfig.settings?.captchaSiteKey ?? '';
  if (siteKey && (portalConfig.settings?.captchaMethods ?? []).includes(name)) {
    const { captchaToken } = await import('./captcha');
    params.set('g-recaptcha-response', await captchaToken(siteKey, name));
  }
  return `/rest/${name}?${params.toString()}`;
}

async function send(name: string, input: unknown, options: RestOptions): Promise<Response> {
  const headers: Record<string, string> = { 'x-language': currentLanguage(), ...options.headers };
  let body: BodyInit;
  if (options.files?.length) {
    const form = new FormData();
    if (input !== undefined) form.set('payload', JSON.stringify(input));
    for (const file of options.files) form.append('file', file, file.name);
    body = form;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input ?? {});
  }
  return fetch(await urlOf(name), {
    method: 'POST',
    headers,
    body,
    credentials: 'same-origin',
    signal: options.signal,
  });
}

/**
 * Calls a /rest/ method by its declared name, typed by its contract declaration (decision 005: the
 * schemas stay out of the bundle). A SESSION_FAILED answer carries a new sessid: it is stored and the
 * call repeated once (docs/spec/04-states.md).
 */
export async function rest<N extends MethodName>(
  name: N,
  input?: InputOf<Methods[N]>,
  options: RestOptions = {},
): Promise<ResultOf<Methods[N]>> {
  type M = Methods[N];
  let response = await send(name, input, options);
  let payload = await readJson(response);
  if (payload && 'error' in payload && payload.error === 'SESSION_FAILED' && payload.sessid) {
    setSessid(payload.sessid);
    response = await send(name, input, options);
    payload = await readJson(response);
  }
  if (response.ok && payload && 'result' in payload) {
    const result = payload.result as ResultOf<M> & { sessid?: unknown };
    if (result && typeof result === 'object' && typeof result.sessid === 'string') setSessid(result.sessid);
    checkCreatedEntity(name, result);
    return result;
  }
  const envelope = (payload ?? {}) as Partial<ErrorEnvelope>;
  const message = envelope.error_description || envelope.error || String(response.status);
  if (response.status === 401 && envelope.error === 'UNAUTHORIZED' && !NO_RELOAD_ON_401.has(name) && !reloadScheduled) {
    reloadScheduled = true;
    setTimeout(() => window.location.reload(), RELOAD_AFTER_UNAUTHORIZED_MS);
  }
  throw new RestError(response.status, envelope.error ?? 'HTTP', message, envelope.fields ?? {}, envelope.retryAfter);
}

async function readJson(response: Response): Promise<({ result: unknown } | ErrorEnvelope) | null> {
  try {
    return (await response.json()) as { result: unknown } | ErrorEnvelope;
  } catch {
    return null;
  }
}
