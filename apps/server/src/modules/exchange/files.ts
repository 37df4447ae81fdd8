import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import iconv from 'iconv-lite';
import sharp from 'sharp';
import yauzl from 'yauzl';
import type { Db } from '../../db/database.js';
import {
  deleteFile,
  fileParts,
  filePartKeys,
  filesFromArchive,
  insertFile,
  insertFilePart,
  putPicture,
  receivingFiles,
  sessionFileNamed,
  sessionFilesByBaseName,
  setFileSize,
  setFileState,
  unfinishedFiles,
} from './files-queries.js';
import type { ExchangeStore } from './store.js';
import type { ByteSource } from './xml-reader.js';

/**
 * What 1C sends with `mode=file`: the bytes of a file, possibly in several requests appended in order.
 * Each request's body is stored as one part object in the file storage (at most `file_limit` bytes), and
 * the parts are read back one at a time: a file is never whole in memory, and any instance can read it.
 */

export class ExchangeFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExchangeFailure';
  }
}

export const PICTURE = /\.(jpe?g|png|gif|webp)$/i;
export const ARCHIVE = /\.zip$/i;

/**
 * A name 1C gave (`import.xml`, `import_files/ab/ab12.jpg`, `webdata/000000001/goods/1/import___….xml`):
 * forward slashes, no empty, `.` or `..` segments, no control characters. A name that climbs out
 * (`../x`) is refused, never silently rewritten.
 */
export function cleanExchangeName(raw: string | undefined): string {
  const name = (raw ?? '')
    .replace(/\\/g, '/')
    // eslint-disable-next-line no-control-regex
    .replace(/[\x00-\x1f\x7f]/g, '')
    .trim();
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.length === 0) throw new ExchangeFailure('Не указано имя файла (filename)');
  if (parts.some((p) => p === '..')) throw new ExchangeFailure(`Недопустимое имя файла: ${name.slice(0, 200)}`);
  const clean = parts.join('/');
  if (clean.length > 500) throw new ExchangeFailure('Слишком длинное имя файла');
  return clean;
}

const partKey = (sessionId: number, fileId: number, no: number) => `exchange/s${sessionId}/f${fileId}/p${no}`;

/** Appends a piece to a file of the session (a new file when the name was already imported or is new). */
export async function appendPart(
  db: Db,
  store: ExchangeStore,
  sessionId: number,
  name: string,
  data: Buffer,
  maxFileBytes: number,
): Promise<{ fileId: number; size: number }> {
  let file = await sessionFileNamed(db, sessionId, name);
  if (file && file.state !== 'receiving') {
    // Sent again after it was imported or unpacked: a new file of the same name.
    await removeFile(db, store, file.id);
    file = undefined;
  }
  if (!file) {
    file = await insertFile(db, sessionId, name);
  }
  const size = Number(file.size) + data.length;
  if (size > maxFileBytes) {
    throw new ExchangeFailure(`Файл ${name} больше допустимого (${Math.round(maxFileBytes / 1024 / 1024)} МБ)`);
  }
  const no = file.parts + 1;
  const key = partKey(sessionId, file.id, no);
  await store.put(key, data);
  await db.transaction().execute(async (trx) => {
    await insertFilePart(trx, { file_id: file.id, no, start_at: Number(file.size), size: data.length, key });
    await setFileSize(trx, file.id, size, no);
  });
  return { fileId: file.id, size };
}

export async function removeFile(db: Db, store: ExchangeStore, fileId: number): Promise<void> {
  const parts = await filePartKeys(db, fileId);
  await deleteFile(db, fileId);
  await Promise.all(parts.map((p) => store.delete(p.key).catch(() => {})));
}

/** The stored parts of a file as one stream of bytes, read a part at a time. */
export async function fileSource(db: Db, store: ExchangeStore, fileId: number): Promise<ByteSource> {
  const parts = await fileParts(db, fileId);
  const size = parts.reduce((s, p) => s + p.size, 0);
  let cached: { no: number; data: Buffer } | null = null;
  return {
    size,
    async read(offset, length) {
      if (offset >= size) return Buffer.alloc(0);
      // Parts are few (a file / file_limit); a linear search is enough.
      const part = parts.find((p) => offset >= Number(p.start_at) && offset < Number(p.start_at) + p.size);
      if (!part) return Buffer.alloc(0);
      if (cached?.no !== part.no) cached = { no: part.no, data: await store.get(part.key) };
      const from = offset - Number(part.start_at);
      return cached.data.subarray(from, Math.min(from + length, cached.data.length));
    },
  };
}

/** The session's file by the name 1C asks to import: exact, else the only one with that base name. */
export async function findFile(db: Db, sessionId: number, name: string) {
  const exact = await sessionFileNamed(db, sessionId, name);
  if (exact) return exact;
  const base = name.split('/').pop()!;
  const candidates = await sessionFilesByBaseName(db, sessionId, base);
  return candidates.length === 1 ? candidates[0] : undefined;
}

// ——— archives ———

class PartsReader extends yauzl.RandomAccessReader {
  constructor(private readonly source: ByteSource) {
    super();
  }
  override _readStreamForRange(start: number, end: number): Readable {
    const source = this.source;
    return Readable.from(
      (async function* () {
        let at = start;
        while (at < end) {
          const chunk = await source.read(at, Math.min(end - at, 1024 * 1024));
          if (chunk.length === 0) break;
          at += chunk.length;
          yield chunk;
        }
      })(),
    );
  }
}

function entryName(entry: yauzl.Entry): string {
  const raw = entry.fileNameRaw;
  // Bit 11: the name is UTF-8; otherwise Windows archivers write the OEM code page (cp866).
  if (entry.generalPurposeBitFlag & 0x800) return raw.toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return iconv.decode(raw, 'cp866');
  }
}

/**
 * Unpacks the session's archives into ordinary files of the session (each entry in parts), entry by entry
 * until `stop()`; an entry already unpacked is skipped, so the next call goes on where this one stopped.
 * Sizes are checked against the archive's own directory and while inflating (yauzl), so a zip bomb stops
 * at the limit.
 */
export async function unpackArchives(
  db: Db,
  store: ExchangeStore,
  sessionId: number,
  limits: { partBytes: number; maxFileBytes: number },
  stop: () => boolean,
): Promise<{ done: boolean; entries: number }> {
  const archives = await receivingFiles(db, sessionId);
  let entries = 0;
  // An archive inside an archive is kept as a file, never unpacked (no nesting bombs).
  for (const archive of archives.filter((a) => ARCHIVE.test(a.name) && a.from_archive === null)) {
    const source = await fileSource(db, store, archive.id);
    const head = await source.read(0, 4);
    if (head.length < 4 || head.readUInt32LE(0) !== 0x04034b50) {
      throw new ExchangeFailure(`Файл ${archive.name} не является zip-архивом`);
    }
    let zip: yauzl.ZipFile;
    try {
      zip = await yauzl.fromRandomAccessReaderPromise(new PartsReader(source), source.size, {
        lazyEntries: true,
        decodeStrings: false,
        validateEntrySizes: true,
      });
    } catch (err) {
      throw new ExchangeFailure(`Архив ${archive.name} повреждён: ${(err as Error).message}`);
    }
    const done = new Set(
      (await filesFromArchive(db, sessionId, archive.id)).filter((f) => f.state !== 'receiving').map((f) => f.name),
    );
    let total = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        const raw = entryName(entry);
        if (raw.endsWith('/')) continue;
        const name = cleanExchangeName(raw);
        total += entry.uncompressedSize;
        if (entry.uncompressedSize > limits.maxFileBytes || total > limits.maxFileBytes * 4) {
          throw new ExchangeFailure(`Архив ${archive.name}: распакованные файлы больше допустимого`);
        }
        if (done.has(name)) continue;
        if (stop()) return { done: false, entries };
        await unpackEntry(db, store, sessionId, archive.id, zip, entry, name, limits);
        entries += 1;
      }
    } catch (err) {
      if (err instanceof ExchangeFailure) throw err;
      throw new ExchangeFailure(`Архив ${archive.name} повреждён: ${(err as Error).message}`);
    } finally {
      zip.close();
    }
    await setFileState(db, archive.id, 'done');
  }
  return { done: true, entries };
}

async function unpackEntry(
  db: Db,
  store: ExchangeStore,
  sessionId: number,
  archiveId: number,
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  name: string,
  limits: { partBytes: number; maxFileBytes: number },
): Promise<void> {
  const old = await sessionFileNamed(db, sessionId, name);
  if (old) await removeFile(db, store, old.id);
  const stream = await zip.openReadStreamPromise(entry);
  let pending: Buffer[] = [];
  let pendingSize = 0;
  let written = 0;
  let fileId: number | null = null;
  const flush = async () => {
    if (pendingSize === 0 && fileId !== null) return;
    const data = Buffer.concat(pending, pendingSize);
    pending = [];
    pendingSize = 0;
    if (fileId === null) {
      const row = await insertFile(db, sessionId, name, archiveId);
      fileId = row.id;
    }
    const result = await appendPart(db, store, sessionId, name, data, limits.maxFileBytes);
    written = result.size;
  };
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    pending.push(chunk);
    pendingSize += chunk.length;
    if (written + pendingSize > limits.maxFileBytes)
      throw new ExchangeFailure(`Файл ${name} в архиве больше допустимого`);
    if (pendingSize >= limits.partBytes) await flush();
  }
  await flush();
  // Complete: a picture is registered next, an XML file waits for its import.
  await setFileState(db, fileId!, 'ready');
}

// ——— pictures ———

const PICTURE_TYPES = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
  ['image/gif', 'gif'],
]);
export const PICTURE_KEY_PREFIX = 'catalog-pictures';
export const PICTURE_CONTENT_TYPE = new Map([...PICTURE_TYPES].map(([type, ext]) => [ext, type]));

/**
 * Keeps the session's pictures (`import_files/…`) as catalogue pictures: the type is decided by the bytes
 * (an image or nothing), the size read by sharp, the object named by its content hash (the same picture
 * sent again is one object). A picture that is not an image is skipped and counted.
 */
export async function registerPictures(
  db: Db,
  store: ExchangeStore,
  sessionId: number,
  stop: () => boolean,
): Promise<{ done: boolean; registered: number; skipped: number }> {
  const files = await unfinishedFiles(db, sessionId);
  let registered = 0;
  let skipped = 0;
  for (const file of files.filter((f) => PICTURE.test(f.name))) {
    if (stop()) return { done: false, registered, skipped };
    const source = await fileSource(db, store, file.id);
    const parts: Buffer[] = [];
    for (let at = 0; at < source.size;) {
      const chunk = await source.read(at, source.size - at);
      if (chunk.length === 0) break;
      parts.push(chunk);
      at += chunk.length;
    }
    const data = Buffer.concat(parts);
    const type = (await fileTypeFromBuffer(data))?.mime ?? '';
    const ext = PICTURE_TYPES.get(type);
    let size: { width?: number; height?: number } = {};
    if (ext) {
      try {
        size = await sharp(data, { limitInputPixels: 50_000_000 }).metadata();
      } catch {
        size = {};
      }
    }
    if (!ext || !size.width || !size.height) {
      skipped += 1;
    } else {
      const key = `${PICTURE_KEY_PREFIX}/${createHash('sha256').update(data).digest('hex').slice(0, 40)}.${ext}`;
      await store.put(key, data, type);
      await putPicture(db, {
        source: file.name,
        key,
        content_type: type,
        width: size.width,
        height: size.height,
        size: data.length,
      });
      registered += 1;
    }
    await setFileState(db, file.id, 'done');
  }
  return { done: true, registered, skipped };
}
