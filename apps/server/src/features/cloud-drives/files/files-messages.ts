import { CloudDriveLimits } from '@bookshelf/contract';

/** Texts of the files API the contract's CloudDriveMessages does not have yet (the lead moves them there). */
export const FilesMessages = {
  invalidConnectionIds: 'connectionId must be a comma-separated list of UUIDs.',
  tooManyTags: `A file can have at most ${CloudDriveLimits.tagsPerFileMax} tags.`,
  onlyUploadsDeleted: 'Only uploaded files can be deleted here.',
  noFile: 'Choose at least one book file to upload.',
  tooManyFiles: `At most ${CloudDriveLimits.uploadMaxFiles} files can be uploaded at once.`,
  storageFull: 'There is no room left to store the file.',
} as const;
