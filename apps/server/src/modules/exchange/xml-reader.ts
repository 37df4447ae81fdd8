import iconv from 'iconv-lite';
import { SaxesParser } from 'saxes';

/**
 * A resumable streaming reader of a large XML document (decision 091). The document is read in slices of
 * its bytes, decoded (UTF-8 with the platform's strict decoder, single-byte code pages such as
 * windows-1251 with iconv-lite) and fed to a SAX parser (saxes): never the whole document in memory.
 *
 * The caller names the "items" (for CommerceML: a Товар, a Предложение, a Группа with its subgroups…);
 * each item is built into a small tree and handed over when it closes, then forgotten. After every item,
 * and after every other closing tag outside an item, the reader knows a checkpoint: the byte offset just
 * past that tag and the names of the elements still open. A later call, on any instance, resumes from a
 * saved checkpoint by feeding a new parser the open elements' start tags and then the bytes from the
 * offset. Entities are never expanded (saxes knows only XML's five; a DOCTYPE is refused outright), and
 * an item, a text and the nesting have limits.
 */

export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlNode[];
}

export interface ReaderCheckpoint {
  /** Bytes of the file consumed (the BOM included). */
  offset: number;
  /** Elements open at the offset, outermost first. */
  path: string[];
  encoding: string;
}

/** Where the bytes come from: the parts of a stored file. */
export interface ByteSource {
  size: number;
  /** Up to `length` bytes from `offset`; an empty buffer at the end. */
  read(offset: number, length: number): Promise<Buffer>;
}

export interface ReaderHandler {
  /** Whether an element at this path (its own name last) is an item. Called outside items only. */
  isItem(path: readonly string[]): boolean;
  /** A start tag outside any item (document and section headers: flags such as СодержитТолькоИзменения). */
  onOpen?(path: readonly string[], attrs: Record<string, string>): void;
  onItem(item: XmlNode, path: readonly string[]): void;
  /** Called with the newest checkpoint after each slice; persist what was handed over up to it. */
  flush(checkpoint: ReaderCheckpoint, force: boolean): Promise<void>;
}

export const XML_LIMITS = {
  slice: 64 * 1024,
  text: 4 * 1024 * 1024,
  itemChars: 16 * 1024 * 1024,
  itemNodes: 100_000,
  depth: 64,
};

export class XmlFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlFailure';
  }
}

const SINGLE_BYTE = new Set(['windows-1251', 'cp1251', 'windows-1252', 'koi8-r', 'cp866', 'iso-8859-1', 'iso-8859-5']);

/** The encoding of a document from its first bytes: a UTF-8 byte order mark, else the declaration, else UTF-8. */
export function sniffEncoding(head: Buffer): { encoding: string; bom: number } {
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf)
    return { encoding: 'utf-8', bom: 3 };
  if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))) {
    throw new XmlFailure('Кодировка UTF-16 не поддерживается: выгрузите файл в UTF-8 или windows-1251');
  }
  const declaration = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head.toString('latin1'));
  const named = (declaration?.[1] ?? 'utf-8').toLowerCase();
  if (named === 'utf-8' || named === 'utf8') return { encoding: 'utf-8', bom: 0 };
  if (SINGLE_BYTE.has(named) && iconv.encodingExists(named)) return { encoding: named, bom: 0 };
  throw new XmlFailure(`Кодировка ${named} не поддерживается: выгрузите файл в UTF-8 или windows-1251`);
}

interface Decoder {
  decode(bytes: Buffer): string;
  end(): string;
  /** Bytes of the source a piece of decoded text came from. */
  bytesOf(text: string): number;
}

function decoderFor(encoding: string): Decoder {
  if (encoding === 'utf-8') {
    const d = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    const wrap = (f: () => string) => {
      try {
        return f();
      } catch {
        throw new XmlFailure('Файл не в кодировке UTF-8, хотя так объявлен');
      }
    };
    return {
      decode: (bytes) => wrap(() => d.decode(bytes, { stream: true })),
      end: () => wrap(() => d.decode()),
      bytesOf: (text) => Buffer.byteLength(text, 'utf8'),
    };
  }
  const d = iconv.getDecoder(encoding);
  // A single-byte code page: one byte, one character.
  return { decode: (bytes) => d.write(bytes), end: () => d.end() ?? '', bytesOf: (text) => text.length };
}

interface OpenItem {
  node: XmlNode;
  chars: number;
  nodes: number;
}

export interface ReadResult {
  done: boolean;
}

/**
 * Reads from a checkpoint (or the start) until `stop()` says so at a checkpoint, or to the end. Malformed
 * XML, a DOCTYPE, an unknown entity or a broken limit throws `XmlFailure` with a reason for 1C.
 */
export async function readXml(
  source: ByteSource,
  from: ReaderCheckpoint | null,
  handler: ReaderHandler,
  stop: () => boolean,
): Promise<ReadResult> {
  let offset: number;
  let encoding: string;
  if (from) {
    offset = from.offset;
    encoding = from.encoding;
  } else {
    const sniffed = sniffEncoding(await source.read(0, 512));
    offset = sniffed.bom;
    encoding = sniffed.encoding;
  }
  const decoder = decoderFor(encoding);
  const parser = new SaxesParser({ position: true });
  const path: string[] = [];
  let failure: XmlFailure | null = null;
  const fail = (message: string) => {
    failure ??= new XmlFailure(message);
  };

  // Items being built (a stack inside the current item) and the checkpoint of the last close outside one.
  let item: OpenItem | null = null;
  const stack: XmlNode[] = [];
  let itemDepth = -1;
  let checkpointChars = -1;
  let checkpointPath: string[] = [];
  const completed: Array<{ node: XmlNode; path: string[] }> = [];

  parser.on('doctype', () => fail('DOCTYPE в файле обмена не допускается (сущности не раскрываются)'));
  parser.on('error', (err) => fail(`Ошибка XML: ${err.message}`));
  let replaying = false;
  parser.on('opentag', (tag) => {
    path.push(tag.name);
    if (replaying) return;
    if (path.length > XML_LIMITS.depth) return fail(`Слишком глубокая вложенность элементов (${path.length})`);
    const attrs = tag.attributes as Record<string, string>;
    if (item) {
      const node: XmlNode = { name: tag.name, attrs, text: '', children: [] };
      stack[stack.length - 1]!.children.push(node);
      stack.push(node);
      if (++item.nodes > XML_LIMITS.itemNodes) fail(`Элемент ${item.node.name} слишком велик`);
      return;
    }
    if (handler.isItem(path)) {
      const node: XmlNode = { name: tag.name, attrs, text: '', children: [] };
      item = { node, chars: 0, nodes: 1 };
      stack.length = 0;
      stack.push(node);
      itemDepth = path.length;
      return;
    }
    handler.onOpen?.(path, attrs);
  });
  const onText = (text: string) => {
    if (!item) return;
    const node = stack[stack.length - 1]!;
    item.chars += text.length;
    if (node.text.length + text.length > XML_LIMITS.text || item.chars > XML_LIMITS.itemChars) {
      fail(`Элемент ${item.node.name} слишком велик`);
      return;
    }
    node.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    if (item) {
      stack.pop();
      if (path.length === itemDepth) {
        const done = item.node;
        item = null;
        path.pop();
        completed.push({ node: done, path: [...path, done.name] });
        checkpointChars = parser.position;
        checkpointPath = [...path];
        return;
      }
      path.pop();
      return;
    }
    path.pop();
    checkpointChars = parser.position;
    checkpointPath = [...path];
  });

  // Resuming: the open elements again, then the bytes from the offset.
  const prefix = from ? from.path.map((n) => `<${n}>`).join('') : '';
  let fedChars = prefix.length;
  if (prefix) {
    replaying = true;
    parser.write(prefix);
    replaying = false;
  }

  // Decoded texts are contiguous in the source: a text starts where the previous one's bytes ended (an
  // unfinished UTF-8 sequence at a slice's end is decoded with the next slice).
  let readAt = offset;
  let textStartByte = offset;
  let lastCheckpoint: ReaderCheckpoint | null = null;
  for (;;) {
    const bytes = await source.read(readAt, XML_LIMITS.slice);
    const text = bytes.length > 0 ? decoder.decode(bytes) : decoder.end();
    const sliceChars = fedChars;
    checkpointChars = -1;
    if (text) parser.write(text);
    if (bytes.length === 0) {
      // The end: every element must be closed.
      try {
        parser.close();
      } catch {
        /* reported through the error event */
      }
    }
    if (failure) throw failure;
    for (const c of completed) handler.onItem(c.node, c.path);
    completed.length = 0;
    if (checkpointChars >= 0) {
      lastCheckpoint = {
        offset: textStartByte + decoder.bytesOf(text.slice(0, checkpointChars - sliceChars)),
        path: checkpointPath,
        encoding,
      };
    }
    fedChars += text.length;
    textStartByte += decoder.bytesOf(text);
    readAt += bytes.length;
    if (bytes.length === 0) {
      await handler.flush({ offset: readAt, path: [], encoding }, true);
      return { done: true };
    }
    // After the root's end tag only the end of the file is left: read on to it rather than stop there.
    if (lastCheckpoint && lastCheckpoint.path.length > 0) {
      const halt = stop();
      await handler.flush(lastCheckpoint, halt);
      if (halt) return { done: false };
    }
    // Let other requests run between slices (the event loop is shared with dealers' requests).
    await new Promise((resolve) => setImmediate(resolve));
  }
}
