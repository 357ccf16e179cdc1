import { config } from '../config';
import { LocalDiskStorage } from './localDiskStorage';
import type { FileStorage } from './fileStorage';

export * from './fileStorage';
export { LocalDiskStorage } from './localDiskStorage';

/** The process's file storage, rooted at UPLOAD_DIR. */
export const storage: FileStorage = new LocalDiskStorage(config.uploadDir);
