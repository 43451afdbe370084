import '../../../test/fake-network';
import { CloudDriveMessages, CloudDrivePaths, fileSizeLabel } from '@bookshelf/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getToasts } from '../../../lib/toast';
import { renderWithApp } from '../../../test/render-with-app';
import { CloudDrivesPage } from '../pages/cloud-drives-page';
import { answerDrives, cloudFile, preloadSchemas } from '../test/fixtures';

beforeAll(preloadSchemas);

/** Plays the server for XMLHttpRequest uploads: records each form, answers when the test says. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const realXhr = globalThis.XMLHttpRequest;
beforeEach(() => {
  FakeXhr.sent = [];
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
});
afterEach(() => {
  globalThis.XMLHttpRequest = realXhr;
});

const toast = (title: string) => getToasts().findLast((t) => t.title === title);
const book = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

describe('Upload books', () => {
  it('sends the files as field `file` with the CSRF header, shows progress, and toasts what was refused', async () => {
    answerDrives();
    renderWithApp(<CloudDrivesPage />, { route: '/cloud-drives' });
    await screen.findByRole('button', { name: 'Upload books' });
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [book('a.pdf'), book('b.exe')] } });

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect([xhr.method, xhr.url]).toEqual(['POST', CloudDrivePaths.uploads]);
    expect(xhr.headers['x-requested-with']).toBe('fetch');
    expect(xhr.body!.getAll('file').map((f) => (f as File).name)).toEqual(['a.pdf', 'b.exe']);
    expect(screen.getByRole('button', { name: 'Uploading…' })).toBeTruthy();

    act(() => xhr.upload.onprogress?.({ loaded: 10 }));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('50');

    const refused = CloudDriveMessages.unsupportedType('exe');
    act(() =>
      xhr.answer(201, {
        files: [cloudFile(1, { name: 'a.pdf', provider: 'uploads' })],
        rejected: [{ name: 'b.exe', error: refused }],
      }),
    );
    await waitFor(() => expect(toast('b.exe was not uploaded')?.message).toBe(refused));
    expect(toast('Files uploaded')?.message).toBe('1 file added to My Uploads');
    expect(await screen.findByRole('button', { name: 'Upload books' })).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
  });

  it('refuses a file over the server’s limit without sending it', async () => {
    answerDrives({ providers: { uploadMaxBytes: 100 } });
    renderWithApp(<CloudDrivesPage />, { route: '/cloud-drives' });
    // The limit is known once the providers have answered (the connect buttons come alive with them).
    const connect = await screen.findByRole('button', { name: 'Connect Google Drive' });
    await waitFor(() => expect((connect as HTMLButtonElement).disabled).toBe(false));
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [book('big.pdf', 500)] } });
    await waitFor(() =>
      expect(toast('big.pdf was not uploaded')?.message).toBe(CloudDriveMessages.uploadTooLarge(fileSizeLabel(100))),
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('shows the server’s message when the whole upload fails', async () => {
    answerDrives();
    renderWithApp(<CloudDrivesPage />, { route: '/cloud-drives' });
    await screen.findByRole('button', { name: 'Upload books' });
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [book('a.pdf')] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.answer(400, { error: { code: 'INVALID_FIELD', message: 'No file was sent.' } }));
    await waitFor(() => expect(toast('Failed to upload files')?.message).toBe('No file was sent.'));
  });
});
