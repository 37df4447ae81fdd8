import { AppError } from '../../rest/app-error.js';

/** `Authorization: Basic base64(login:password)`; a header that is not that is a clear 400. */
export function parseBasicHeader(header: string | undefined): { login: string; password: string } | null {
  if (header === undefined || header === '') return null;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match) throw new AppError('VALIDATION', 'error.badBasicHeader');
  const encoded = match[1]!;
  const decoded = Buffer.from(encoded, 'base64');
  // Round-trip check: Node ignores garbage in base64, so re-encode and compare.
  if (
    decoded.toString('base64').replace(/=+$/, '') !== encoded.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '')
  ) {
    throw new AppError('VALIDATION', 'error.badBasicHeader');
  }
  const text = decoded.toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0) throw new AppError('VALIDATION', 'error.badBasicHeader');
  return { login: text.slice(0, colon), password: text.slice(colon + 1) };
}
