import { StorageMessages } from '@bookshelf/contract';
import { AppError } from '../errors.js';

/** The disk (or the file system's quota) is full: nothing more can be stored until room is made. */
export const isDiskFull = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes((error as { code?: string }).code ?? '');

/** SECURITY.md: a full disk answers 507, having left nothing behind. */
export const diskFull = () => new AppError(507, 'INSUFFICIENT_STORAGE', StorageMessages.diskFull);
