import {
  CloudDriveLimits,
  CloudDriveMessages,
  CloudDrivePaths,
  fileSizeLabel,
  type UploadResult,
} from '@bookshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiRequestError, NETWORK_ERROR, VALIDATE_RESPONSES } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { cloudDriveKeys } from './query-keys';

const loadUploadSchema = () => import('./schemas').then((m) => m.UploadResultSchema);

export interface UploadProgress {
  loaded: number;
  total: number;
}

export type Rejected = UploadResult['rejected'][number];

type ErrorBody = { error?: { code?: unknown; message?: unknown } } | null;

function readBody(text: string): ErrorBody {
  try {
    return JSON.parse(text) as ErrorBody;
  } catch {
    return null;
  }
}

function failureOf(xhr: XMLHttpRequest): ApiRequestError {
  const body = readBody(xhr.responseText);
  const message = body?.error?.message;
  const code = body?.error?.code;
  return typeof message === 'string'
    ? new ApiRequestError(xhr.status, typeof code === 'string' ? code : 'HTTP_ERROR', message)
    : new ApiRequestError(xhr.status, 'HTTP_ERROR', `The server answered ${xhr.status} ${xhr.statusText}`.trim());
}

/**
 * POSTs files as one multipart form (field `file`, once per file) with XMLHttpRequest, whose upload events give
 * the progress that fetch cannot.
 */
export function postFiles(files: readonly File[], onProgress: (loaded: number) => void): Promise<UploadResult> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', CloudDrivePaths.uploads);
    xhr.setRequestHeader('accept', 'application/json');
    // The server's CSRF defence for cookie-authenticated writes (lib/api-client does the same).
    xhr.setRequestHeader('x-requested-with', 'fetch');
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onerror = () =>
      reject(new ApiRequestError(NETWORK_ERROR, 'NETWORK_ERROR', 'Could not reach the server. Check your connection.'));
    xhr.onload = async () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(failureOf(xhr));
      try {
        const json: unknown = JSON.parse(xhr.responseText);
        if (VALIDATE_RESPONSES) {
          const checked = await (await loadUploadSchema())['~standard'].validate(json);
          if (checked.issues) throw new Error('bad response');
        }
        resolve(json as UploadResult);
      } catch {
        reject(
          new ApiRequestError(xhr.status, 'BAD_RESPONSE', `Unexpected response from POST ${CloudDrivePaths.uploads}`),
        );
      }
    };
    xhr.send(form);
  });
}

/** Splits into forms the server takes (at most uploadMaxFiles files each). */
function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/**
 * Uploads book files into the reader's "My Uploads" (issue 14): a file over the server's cap is refused here
 * without sending it; the server checks each file's real type and says why it refused one, shown as a toast.
 */
export function useUploadFiles({ maxBytes = CloudDriveLimits.uploadMaxBytes }: { maxBytes?: number } = {}) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);

  const mutation = useMutation({
    mutationFn: async (files: readonly File[]) => {
      const tooLarge: Rejected[] = [];
      const sending = files.filter((file) => {
        if (maxBytes > 0 && file.size > maxBytes) {
          tooLarge.push({ name: file.name, error: CloudDriveMessages.uploadTooLarge(fileSizeLabel(maxBytes)) });
          return false;
        }
        return true;
      });
      const total = sending.reduce((sum, file) => sum + file.size, 0);
      const result: UploadResult = { files: [], rejected: tooLarge };
      let done = 0;
      setProgress({ loaded: 0, total });
      for (const batch of batchesOf(sending, CloudDriveLimits.uploadMaxFiles)) {
        const answer = await postFiles(batch, (loaded) => setProgress({ loaded: done + loaded, total }));
        done += batch.reduce((sum, file) => sum + file.size, 0);
        setProgress({ loaded: done, total });
        result.files.push(...answer.files);
        result.rejected.push(...answer.rejected);
      }
      return result;
    },
    onSuccess: ({ files, rejected }) => {
      if (files.length > 0) {
        toast.success('Files uploaded', `${files.length} ${files.length === 1 ? 'file' : 'files'} added to My Uploads`);
      }
      for (const { name, error } of rejected) toast.error(`${name} was not uploaded`, error);
    },
    onError: (error) => toast.error('Failed to upload files', errorMessage(error)),
    onSettled: () => {
      setProgress(null);
      return queryClient.invalidateQueries({ queryKey: cloudDriveKeys.all });
    },
  });

  const { mutate } = mutation;
  return {
    upload: (files: readonly File[] | FileList) => mutate([...files]),
    uploading: mutation.isPending,
    progress,
  };
}
