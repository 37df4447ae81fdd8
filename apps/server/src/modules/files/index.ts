/** The files module's face: storing, reading and showing files for the other modules. */
export {
  allowFileReaders,
  assertOwnFiles,
  cleanName,
  contentDisposition,
  detectType,
  downloadPath,
  findOpenableFile,
  keepFilesInUse,
  loadFileViews,
  ownFile,
  pick,
  readStored,
  readStoredFile,
  reuseGenerated,
  saveGenerated,
  saveUploads,
  toFileView,
  type FileReader,
  type FileUse,
  type FileRow,
} from './storage.js';
export { countOwn as countOwnFiles, fileById, fileNameOf, filesByIds } from './queries.js';
export { moveFilesToStore } from './move.js';
