import type { SiteSettings } from '@portal/contract';

interface PortalConfig {
  sessid: string;
  settings: SiteSettings | null;
}

/** `{sessid, settings}` the server writes into the page (docs/spec/01-product.md: "a value the server supplies"). */
function readConfig(): PortalConfig {
  const node = typeof document === 'undefined' ? null : document.getElementById('portal-config');
  if (!node?.textContent) return { sessid: '', settings: null };
  try {
    return JSON.parse(node.textContent) as PortalConfig;
  } catch {
    return { sessid: '', settings: null };
  }
}

export const portalConfig = readConfig();

let sessid = portalConfig.sessid;
export const getSessid = () => sessid;
export const setSessid = (next: string) => {
  sessid = next;
};
