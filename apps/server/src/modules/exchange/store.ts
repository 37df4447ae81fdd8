import type { FileStorage } from '../../storage/index.js';

/**
 * Where the exchange keeps what 1C sent (file parts, unpacked archive entries) and the catalogue pictures:
 * the shared file storage (local disk or S3, decision 081), so the next call of an exchange may land on
 * another instance (docs/design.md §6). Objects are whole buffers of at most one part (EXCHANGE_FILE_LIMIT_MB),
 * never a whole document. Keys: `exchange/s<session>/f<file>/p<part>` and `catalog-pictures/<sha>.<ext>`.
 */
export type ExchangeStore = Pick<FileStorage, 'put' | 'get' | 'delete'>;

export const exchangeStore = (storage: FileStorage): ExchangeStore => storage;
