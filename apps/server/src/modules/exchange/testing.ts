import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import iconv from 'iconv-lite';

/**
 * A 1C «Обмен с сайтом» node as far as the portal can tell (tests and the bench): it signs in with
 * checkauth, keeps the cookie it was given, sends files in pieces of file_limit, and repeats `import`
 * while the portal answers `progress`.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

export type FixtureEncoding = 'utf-8' | 'utf-8-bom' | 'windows-1251';

/** A fixture of `fixtures/` (written in UTF-8) as 1C would send it in the given encoding. */
export function fixture(
  name: string,
  encoding: FixtureEncoding = 'utf-8',
  replace: Record<string, string> = {},
): Buffer {
  let text = readFileSync(path.join(here, 'fixtures', name), 'utf8');
  for (const [k, v] of Object.entries({ '{CANCELED}': 'false', ...replace })) text = text.split(k).join(v);
  return encodeXml(text, encoding);
}

export function encodeXml(text: string, encoding: FixtureEncoding): Buffer {
  if (encoding === 'windows-1251') {
    return iconv.encode(text.replace(/encoding="UTF-8"/i, 'encoding="windows-1251"'), 'windows-1251');
  }
  const bytes = Buffer.from(text, 'utf8');
  return encoding === 'utf-8-bom' ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]) : bytes;
}

/** A zip archive (deflated entries), as 1C makes with zip=yes. */
export function zip(entries: Array<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const packed = deflateRawSync(e.data);
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, packed);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x800, 8);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(packed.length, 20);
    dir.writeUInt32LE(e.data.length, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);
    offset += 30 + name.length + packed.length;
  }
  const dirSize = central.reduce((s, b) => s + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...central, end]);
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export interface OneCAnswer {
  status: number;
  lines: string[];
  body: string;
}

export class OneC {
  cookie = '';
  fileLimit = 0;
  calls = 0;

  constructor(
    readonly app: FastifyInstance,
    readonly type: 'catalog' | 'sale' = 'catalog',
  ) {}

  async call(mode: string, options: { filename?: string; body?: Buffer; auth?: string; method?: 'GET' | 'POST' } = {}) {
    this.calls += 1;
    const query = new URLSearchParams({
      type: this.type,
      mode,
      ...(options.filename ? { filename: options.filename } : {}),
    });
    const response = await this.app.inject({
      method: options.method ?? (options.body ? 'POST' : 'GET'),
      url: `/exchange/1c?${query}`,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(options.auth ? { authorization: options.auth } : {}),
        ...(options.body ? { 'content-type': 'application/octet-stream' } : {}),
      },
      ...(options.body ? { payload: options.body } : {}),
    });
    const body = response.body;
    return { status: response.statusCode, lines: body.split('\n').filter((l) => l !== ''), body } as OneCAnswer;
  }

  async checkauth(login: string, password: string): Promise<OneCAnswer> {
    const a = await this.call('checkauth', { auth: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` });
    if (a.lines[0] === 'success') this.cookie = `${a.lines[1]}=${a.lines[2]}`;
    return a;
  }

  async init(): Promise<OneCAnswer> {
    const a = await this.call('init');
    const limit = a.lines.find((l) => l.startsWith('file_limit='));
    if (limit) this.fileLimit = Number(limit.slice('file_limit='.length));
    return a;
  }

  /** Sends a file in pieces of file_limit bytes (or `piece`), as 1C does. */
  async file(filename: string, data: Buffer, piece = this.fileLimit || data.length): Promise<OneCAnswer> {
    let last: OneCAnswer | null = null;
    for (let at = 0; at < data.length || at === 0; at += piece) {
      last = await this.call('file', { filename, body: data.subarray(at, at + piece), method: 'POST' });
      if (last.lines[0] !== 'success') return last;
      if (data.length === 0) break;
    }
    return last!;
  }

  /** `import` until it is not `progress` any more; the answers on the way are kept. */
  async import(filename: string, maxCalls = 10_000): Promise<OneCAnswer & { progress: number }> {
    let progress = 0;
    for (let i = 0; i < maxCalls; i += 1) {
      const a = await this.call('import', { filename });
      if (a.lines[0] !== 'progress') return { ...a, progress };
      progress += 1;
    }
    throw new Error(`import of ${filename} did not finish in ${maxCalls} calls`);
  }
}
