import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Captcha in the web app (decision 141): with a site key, the configured method paths
 * carry a fresh reCAPTCHA v3 token; without one, nothing is loaded. Google's script is replaced by a stand-in
 * `grecaptcha` (the browser boundary); the request is read where it leaves for the server.
 */

function configure(settings: { captchaSiteKey: string; captchaMethods: string[] } | null) {
  document.getElementById('portal-config')?.remove();
  const node = document.createElement('script');
  node.id = 'portal-config';
  node.type = 'application/json';
  node.textContent = JSON.stringify({ sessid: 'sess-1', settings });
  document.body.appendChild(node);
}

/** The URLs the app sends its calls to. */
function captureFetch() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ result: { ok: true } }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return urls;
}

/** Google's script as far as the page sees it: once it "loads", `grecaptcha` executes actions into tokens. */
function answerScriptLoad(execute: (key: string, o: { action: string }) => Promise<string>) {
  const observer = new MutationObserver(() => {
    const script = document.head.querySelector<HTMLScriptElement>('script[src*="recaptcha/api.js"]');
    if (!script || script.dataset.answered) return;
    script.dataset.answered = '1';
    window.grecaptcha = { ready: (cb) => cb(), execute };
    script.onload?.(new Event('load'));
  });
  observer.observe(document.head, { childList: true });
  return observer;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  document.head.innerHTML = '';
  delete window.grecaptcha;
});

describe('captcha tokens on the configured methods', () => {
  it('loads Google’s script once, with the site key, and sends a fresh token for each configured call', async () => {
    configure({ captchaSiteKey: 'site-key-1', captchaMethods: ['user/register', 'user/restore-password'] });
    const urls = captureFetch();
    let n = 0;
    const execute = vi.fn(async () => `token-${++n}`);
    const observer = answerScriptLoad(execute);
    const { rest } = await import('./rest');
    await rest('user/restore-password', { login: 'dealer' });
    await rest('user/register', {} as never);
    await rest('news/list', {});
    observer.disconnect();

    const scripts = document.head.querySelectorAll<HTMLScriptElement>('script[src*="recaptcha/api.js"]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe('https://www.google.com/recaptcha/api.js?render=site-key-1');
    expect(document.head.textContent).toContain('.grecaptcha-badge { visibility: hidden; }');
    expect(execute).toHaveBeenNthCalledWith(1, 'site-key-1', { action: 'user/restore_password' });
    expect(execute).toHaveBeenNthCalledWith(2, 'site-key-1', { action: 'user/register' });
    const query = urls.map((u) => new URL(u, 'http://x').searchParams);
    expect(query.map((q) => q.get('g-recaptcha-response'))).toEqual(['token-1', 'token-2', null]);
    expect(query.every((q) => q.get('sessid') === 'sess-1')).toBe(true);
  });

  it('without a site key nothing is loaded and no token is sent', async () => {
    configure({ captchaSiteKey: '', captchaMethods: ['user/register'] });
    const urls = captureFetch();
    const { rest } = await import('./rest');
    await rest('user/register', {} as never);
    expect(document.head.querySelector('script[src*="recaptcha"]')).toBeNull();
    expect(new URL(urls[0]!, 'http://x').searchParams.has('g-recaptcha-response')).toBe(false);
  });

  it('when Google cannot be loaded the call still goes, without a token, for the server to refuse in words', async () => {
    configure({ captchaSiteKey: 'site-key-1', captchaMethods: ['user/register'] });
    const urls = captureFetch();
    const observer = new MutationObserver(() => {
      const script = document.head.querySelector<HTMLScriptElement>('script[src*="recaptcha/api.js"]');
      script?.onerror?.(new Event('error'));
    });
    observer.observe(document.head, { childList: true });
    const { rest } = await import('./rest');
    await rest('user/register', {} as never);
    observer.disconnect();
    expect(new URL(urls[0]!, 'http://x').searchParams.get('g-recaptcha-response')).toBe('');
  });
});
