import type { ContentImage } from '@portal/contract';

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

const PALETTE = ['#064C27', '#0b6b3a', '#1f5f8b', '#7a4b12', '#3d4f5c', '#8a2d2d', '#4b3d8f'];

/**
 * A small demo picture generated at seed time: a coloured SVG with a caption, as a data: URL (the CSP
 * allows data: images), so the demo needs no files on disk and the test template carries it too. Real
 * pictures would be URLs of uploaded files; the column holds either.
 */
export function demoImage(width: number, height: number, caption: string, seed: number, subtitle = ''): ContentImage {
  const bg = PALETTE[seed % PALETTE.length]!;
  const accent = '#f1a81b';
  // The caption fits the picture: the font shrinks for a long caption (about 0.7 em per bold Cyrillic character).
  const size = Math.round(Math.min(height / 9, (width * 0.86) / Math.max(1, caption.length * 0.7)));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="${bg}"/>` +
    `<circle cx="${width * 0.85}" cy="${height * 0.2}" r="${height * 0.35}" fill="${accent}" opacity="0.25"/>` +
    `<rect x="0" y="${height - 8}" width="${width}" height="8" fill="${accent}"/>` +
    (caption
      ? `<text x="${width * 0.06}" y="${height * 0.55}" fill="#fff" font-family="Arial, sans-serif" font-size="${size}" font-weight="700">${escapeXml(caption)}</text>`
      : `<path d="M0 ${height * 0.75} Q ${width * 0.3} ${height * 0.45} ${width * 0.6} ${height * 0.7} T ${width} ${height * 0.6} V ${height} H 0 Z" fill="#fff" opacity="0.08"/>`) +
    (subtitle && caption
      ? `<text x="${width * 0.06}" y="${height * 0.55 + size * 1.3}" fill="#fff" opacity="0.85" font-family="Arial, sans-serif" font-size="${Math.round(size * 0.6)}">${escapeXml(subtitle)}</text>`
      : '') +
    `</svg>`;
  return { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, width, height };
}

/** A warehouse plan: the building, the gate and the loading docks. */
export function demoScheme(seed: number, name: string): ContentImage {
  const w = 800;
  const h = 500;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<rect width="100%" height="100%" fill="#f4f6f4"/>` +
    `<rect x="120" y="80" width="${560 + (seed % 3) * 30}" height="260" fill="#cfd8d3" stroke="#064C27" stroke-width="4"/>` +
    `<text x="145" y="125" font-family="Arial" font-size="22" fill="#064C27">${escapeXml(name)}</text>` +
    [0, 1, 2, 3].map((i) => `<rect x="${200 + i * 90}" y="320" width="60" height="20" fill="#f1a81b"/>`).join('') +
    `<text x="330" y="385" font-family="Arial" font-size="18" fill="#333">Рампы погрузки 1–4</text>` +
    `<rect x="40" y="420" width="120" height="40" fill="#064C27"/>` +
    `<text x="60" y="447" font-family="Arial" font-size="18" fill="#fff">Въезд</text>` +
    `<path d="M160 440 L 230 440 L 230 345" stroke="#064C27" stroke-width="4" fill="none" stroke-dasharray="10 8"/>` +
    `</svg>`;
  return { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, width: w, height: h };
}

/** A portrait placeholder: initials on a coloured circle. */
export function demoPortrait(name: string, seed: number): ContentImage {
  const initials = name
    .split(' ')
    .slice(0, 2)
    .map((p) => p[0] ?? '')
    .join('');
  const bg = PALETTE[seed % PALETTE.length]!;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">` +
    `<circle cx="80" cy="80" r="80" fill="${bg}"/>` +
    `<text x="80" y="96" text-anchor="middle" font-family="Arial" font-size="48" fill="#fff">${escapeXml(initials)}</text>` +
    `</svg>`;
  return { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, width: 160, height: 160 };
}
