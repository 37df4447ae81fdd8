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

/** Methods whose 401 is an answer to show, not a lost session (spec §4 names profile; sign-in is ours). */
const NO_RELOAD_ON_401 = new Set(['profile', 'user/login', 'user/GenerateAuthKey']);
let reloadScheduled = false;

export interface RestOptions {
  files?: File[];
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function urlOf(name: string): string {
  const params = new URLSearchParams({ sessid: getSessid() });
  const captcha = portalConfig.settings?.captchaMethods ?? [];
  if (captcha.includes(name)) params.set('g-recaptcha-response', captchaToken());
  return `/rest/${name}?${params.toString()}`;
}

// The captcha widget, when a site key is configured, stores its token here.
let lastCaptchaToken = '';
export const setCaptchaToken = (token: string) => {
  lastCaptchaToken = token;
};
const captchaToken = () => lastCaptchaToken;

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
  return fetch(urlOf(name), { method: 'POST', headers, body, credentials: 'same-origin', signal: options.signal });
}

/**
 * Calls a /rest/ method by its declared name, typed by its contract declaration (decision 005: the
 * schemas stay out of the bundle). A SESSION_FAILED answer carries a new sessid: it is stored and the
 * call repeated once (spec §4).
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
