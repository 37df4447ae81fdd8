import type { MessageKey } from '@portal/contract';

/** What the verification said: passed, or the message a refused call answers with (decision 141). */
export type CaptchaVerdict = { ok: true } | { ok: false; message: MessageKey; unavailable?: boolean };

/**
 * reCAPTCHA check, done only when RECAPTCHA_SECRET is set (docs/spec/05-validation.md: empty = captcha off). The token travels in
 * the `g-recaptcha-response` query parameter (docs/spec/07-calls.md) and is verified at RECAPTCHA_VERIFY_URL (Google's
 * siteverify by default). A v3 answer carries a score: below `minScore` the token is refused as a robot's.
 */
export async function verifyCaptcha(
  options: { secret: string; verifyUrl: string; minScore: number },
  token: unknown,
  ip: string,
): Promise<CaptchaVerdict> {
  if (typeof token !== 'string' || token === '') return { ok: false, message: 'error.captchaRequired' };
  if (token.length > 4096) return { ok: false, message: 'error.captchaInvalid' };
  let data: { success?: unknown; score?: unknown };
  try {
    const response = await fetch(options.verifyUrl, {
      method: 'POST',
      body: new URLSearchParams({ secret: options.secret, response: token, remoteip: ip }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    data = (await response.json()) as typeof data;
  } catch {
    // Google unreachable: the caller is not a robot for it, but nothing proves otherwise either.
    return { ok: false, message: 'error.captchaUnavailable', unavailable: true };
  }
  if (data.success !== true) return { ok: false, message: 'error.captchaInvalid' };
  if (typeof data.score === 'number' && data.score < options.minScore)
    return { ok: false, message: 'error.captchaInvalid' };
  return { ok: true };
}
