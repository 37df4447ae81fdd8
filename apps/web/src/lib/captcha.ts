/**
 * reCAPTCHA v3 with the badge hidden (docs/spec/05-validation.md, decision 141): Google's script is added to the page only when
 * a site key is configured and a method that needs a token is first called, so the first load of a page does
 * not carry it (this module itself is a lazy chunk of rest.ts). Each call gets a fresh token: they are
 * single-use and live two minutes.
 */

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const SCRIPT = 'https://www.google.com/recaptcha/api.js';
const TIMEOUT_MS = 10_000;
let loading: Promise<Grecaptcha> | null = null;

function load(siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    // «Auto-hidden badge» (docs/spec/05-validation.md): the check stays invisible; docs/security.md names the notice it needs.
    const style = document.createElement('style');
    style.textContent = '.grecaptcha-badge { visibility: hidden; }';
    document.head.appendChild(style);
    const script = document.createElement('script');
    script.src = `${SCRIPT}?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const g = window.grecaptcha;
      if (g) g.ready(() => resolve(g));
      else reject(new Error('reCAPTCHA did not start'));
    };
    script.onerror = () => reject(new Error('reCAPTCHA could not be loaded'));
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = null; // the next call tries again
    throw err;
  });
  return loading;
}

/** reCAPTCHA actions take letters, digits, slashes and underscores: `user/restore-password` → `user/restore_password`. */
export const actionOf = (method: string) => method.replace(/[^A-Za-z0-9/_]/g, '_');

/** A fresh token for a call of `method`, or '' when Google cannot be reached (the server then says so). */
export async function captchaToken(siteKey: string, method: string): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const g = await Promise.race([
      load(siteKey),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('reCAPTCHA timed out')), TIMEOUT_MS);
      }),
    ]);
    return await g.execute(siteKey, { action: actionOf(method) });
  } catch {
    return '';
  } finally {
    clearTimeout(timer);
  }
}
