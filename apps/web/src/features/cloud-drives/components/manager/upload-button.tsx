import { DRIVE_FILE_TYPE_INFO, DRIVE_FILE_TYPES, fileSizeLabel } from '@bookshelf/contract';
import { Upload } from 'lucide-react';
import { useRef } from 'react';
import { secondaryButton } from '../../../../components/ui/button-styles';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import type { UploadProgress } from '../../api/use-upload';
import { StorageUsageMeter } from './storage-usage';

const ACCEPT = DRIVE_FILE_TYPES.flatMap((t) => DRIVE_FILE_TYPE_INFO[t].extensions.map((e) => `.${e}`)).join(',');

interface UploadButtonProps {
  uploading: boolean;
  progress: UploadProgress | null;
  onFiles: (files: File[]) => void;
}

/** Upload books: picks several book files for My Uploads. */
export function UploadButton({ uploading, progress, onFiles }: UploadButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        className={`${secondaryButton} disabled:cursor-not-allowed disabled:opacity-60`}
        disabled={uploading}
        aria-busy={uploading}
        onClick={() => input.current?.click()}
      >
        <Upload aria-hidden className="size-4" />
        {uploading ? 'Uploading…' : 'Upload books'}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label="Book files to upload"
        data-testid="upload-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so that choosing the same file again uploads it again.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      {progress && (
        <div className="w-48">
          <ProgressBar
            value={progress.loaded}
            max={Math.max(progress.total, 1)}
            label="Upload progress"
            valueText={`${fileSizeLabel(progress.loaded)} of ${fileSizeLabel(progress.total)}`}
          />
        </div>
      )}
      <StorageUsageMeter />
    </div>
  );
}
