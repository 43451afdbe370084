import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BarcodeFormat, DecodeHintType, NotFoundException } from '@zxing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BarcodeScan } from './barcode-scan';

// ZXing stands in for a browser without BarcodeDetector; its reader is faked (jsdom draws no pictures).
const zxing = vi.hoisted(() => ({
  made: [] as { hints: Map<unknown, unknown>; options: unknown }[],
  decodeFromImageUrl: vi.fn<(url: string) => Promise<{ getText(): string }>>(),
  decodeFromVideoElement: vi.fn<
    (
      video: HTMLVideoElement,
      callback: (result: { getText(): string } | undefined) => void,
    ) => Promise<{
      stop(): void;
    }>
  >(),
}));
vi.mock('@zxing/browser', () => ({
  BrowserMultiFormatReader: class {
    constructor(hints: Map<unknown, unknown>, options: unknown) {
      zxing.made.push({ hints, options });
    }
    decodeFromImageUrl = zxing.decodeFromImageUrl;
    decodeFromVideoElement = zxing.decodeFromVideoElement;
  },
}));

const BOOK = '9780439023481';
const MAGAZINE = '9771234567003';

/** What the fake BarcodeDetector sees in every frame or picture. */
let inView: string[] = [];
class FakeBarcodeDetector {
  static getSupportedFormats = vi.fn(async () => ['ean_13', 'qr_code']);
  static made: unknown[] = [];
  constructor(options: unknown) {
    FakeBarcodeDetector.made.push(options);
  }
  detect = vi.fn(async () => inView.map((rawValue) => ({ rawValue })));
}

let track: { stop: ReturnType<typeof vi.fn> };
let getUserMedia: ReturnType<typeof vi.fn>;

function withCamera(answer?: () => Promise<unknown>) {
  track = { stop: vi.fn() };
  getUserMedia = vi.fn(answer ?? (async () => ({ getTracks: () => [track] })));
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
}

beforeEach(() => {
  inView = [];
  FakeBarcodeDetector.made = [];
  zxing.made = [];
  vi.stubGlobal('BarcodeDetector', FakeBarcodeDetector);
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ close: vi.fn() })),
  );
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  withCamera();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  zxing.decodeFromImageUrl.mockReset();
  zxing.decodeFromVideoElement.mockReset();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

function open() {
  const onIsbn = vi.fn();
  const view = render(<BarcodeScan onIsbn={onIsbn} />);
  return { onIsbn, ...view };
}
const status = () => screen.getByRole('status');
const startCamera = () => fireEvent.click(screen.getByRole('button', { name: 'Start camera' }));
const choosePhoto = () =>
  fireEvent.change(screen.getByLabelText('Scan from a photo'), {
    target: { files: [new File(['jpeg'], 'back-cover.jpg', { type: 'image/jpeg' })] },
  });

describe('Barcode Scan', () => {
  it('is a labelled region that opens the camera only when asked, facing away from the reader', async () => {
    open();
    expect(screen.getByRole('region', { name: 'Barcode Scan' })).toBeTruthy();
    expect(screen.queryByLabelText('Camera preview')).toBeNull();
    await act(async () => undefined);
    expect(getUserMedia).not.toHaveBeenCalled();

    startCamera();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stop camera' })).toBeTruthy());
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: { ideal: 'environment' } }, audio: false });
    expect(screen.getByLabelText('Camera preview').tagName).toBe('VIDEO');
    expect(FakeBarcodeDetector.made).toEqual([{ formats: ['ean_13'] }]);

    fireEvent.click(screen.getByRole('button', { name: 'Stop camera' }));
    expect(track.stop).toHaveBeenCalledTimes(1);
    expect(screen.queryByLabelText('Camera preview')).toBeNull();
    expect(status().textContent).toBe('Camera off.');
  });

  it('hands on a book’s ISBN read by the camera and closes the camera', async () => {
    const { onIsbn } = open();
    inView = [BOOK];
    startCamera();
    await waitFor(() => expect(onIsbn).toHaveBeenCalledWith(BOOK));
    expect(onIsbn).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(track.stop).toHaveBeenCalledTimes(1));
    expect(screen.queryByLabelText('Camera preview')).toBeNull();
    expect(status().textContent).toContain(`Found ISBN ${BOOK}`);
  });

  it('says a barcode that is not a book’s is not an ISBN, and keeps scanning', async () => {
    const { onIsbn } = open();
    inView = [MAGAZINE];
    startCamera();
    await waitFor(() =>
      expect(status().textContent).toBe("That barcode is not a book's ISBN (it should start with 978 or 979)."),
    );
    expect(onIsbn).not.toHaveBeenCalled();
    expect(track.stop).not.toHaveBeenCalled();

    inView = [BOOK];
    await waitFor(() => expect(onIsbn).toHaveBeenCalledWith(BOOK));
    await waitFor(() => expect(track.stop).toHaveBeenCalled());
  });

  it('closes the camera when the panel goes away', async () => {
    const { unmount } = open();
    startCamera();
    await screen.findByRole('button', { name: 'Stop camera' });
    unmount();
    expect(track.stop).toHaveBeenCalledTimes(1);
  });

  it('says so when camera access is denied, there is no camera, or the page may not use one', async () => {
    withCamera(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    const { unmount } = open();
    startCamera();
    await waitFor(() =>
      expect(status().textContent).toBe(
        "Camera access was denied. Allow it in your browser's settings, or use a photo or type the ISBN.",
      ),
    );
    expect(screen.getByRole('button', { name: 'Start camera' })).toHaveProperty('disabled', false);
    unmount();

    withCamera(async () => {
      throw new DOMException('Requested device not found', 'NotFoundError');
    });
    const second = open();
    startCamera();
    await waitFor(() => expect(status().textContent).toBe('No camera was found. Use a photo or type the ISBN.'));
    second.unmount();

    // No navigator.mediaDevices: a page served over plain http.
    Reflect.deleteProperty(navigator, 'mediaDevices');
    open();
    startCamera();
    expect(status().textContent).toContain('cannot use the camera here');
  });

  it('reads the barcode in a photo, or says none was found', async () => {
    const { onIsbn } = open();
    choosePhoto();
    await waitFor(() =>
      expect(status().textContent).toBe('No barcode found in that photo. Try a sharper, closer picture.'),
    );
    expect(onIsbn).not.toHaveBeenCalled();

    inView = [MAGAZINE];
    choosePhoto();
    await waitFor(() => expect(status().textContent).toContain("not a book's ISBN"));

    inView = [MAGAZINE, BOOK];
    choosePhoto();
    await waitFor(() => expect(onIsbn).toHaveBeenCalledWith(BOOK));
    expect(createImageBitmap).toHaveBeenCalledTimes(3);
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('takes a typed ISBN, checked first, when scanning is not possible', () => {
    const { onIsbn } = open();
    const box = screen.getByRole('textbox', { name: 'ISBN' });
    const lookUp = screen.getByRole('button', { name: 'Look up' });
    expect(lookUp).toHaveProperty('disabled', true);

    fireEvent.change(box, { target: { value: '978-0-439-02348-2' } });
    fireEvent.click(lookUp);
    expect(screen.getByText('ISBN must be a valid ISBN-10 or ISBN-13.')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(onIsbn).not.toHaveBeenCalled();

    // An ISBN-10 is the same book as its ISBN-13.
    fireEvent.change(box, { target: { value: '0-439-02348-3' } });
    fireEvent.click(lookUp);
    expect(onIsbn).toHaveBeenCalledWith(BOOK);
    expect(screen.queryByText('ISBN must be a valid ISBN-10 or ISBN-13.')).toBeNull();
  });

  describe('without the browser’s BarcodeDetector (ZXing, loaded then)', () => {
    const objectUrls = { create: vi.fn(() => 'blob:photo'), revoke: vi.fn() };
    beforeEach(() => {
      Reflect.deleteProperty(globalThis, 'BarcodeDetector');
      // jsdom makes no blob: addresses.
      vi.stubGlobal(
        'URL',
        class extends URL {
          static override createObjectURL = objectUrls.create;
          static override revokeObjectURL = objectUrls.revoke;
        },
      );
    });

    it('reads EAN-13 alone, from a photo (freeing its address after) and from the camera', async () => {
      const { onIsbn } = open();
      zxing.decodeFromImageUrl.mockRejectedValueOnce(new NotFoundException());
      choosePhoto();
      await waitFor(() => expect(status().textContent).toContain('No barcode found in that photo'));
      expect(zxing.made).toHaveLength(1);
      expect(zxing.made[0]!.hints).toEqual(new Map([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13]]]));
      expect(zxing.decodeFromImageUrl).toHaveBeenCalledWith('blob:photo');
      expect(objectUrls.revoke).toHaveBeenCalledWith('blob:photo');

      const controls = { stop: vi.fn() };
      zxing.decodeFromVideoElement.mockImplementation(async (_video, callback) => {
        setTimeout(() => callback({ getText: () => BOOK }), 0);
        return controls;
      });
      startCamera();
      await waitFor(() => expect(onIsbn).toHaveBeenCalledWith(BOOK));
      await waitFor(() => expect(track.stop).toHaveBeenCalled());
      expect(controls.stop).toHaveBeenCalled();
      expect(zxing.made).toHaveLength(1);
    });

    it('is used too when the browser’s detector cannot read EAN-13', async () => {
      class QrOnly extends FakeBarcodeDetector {
        static override getSupportedFormats = vi.fn(async () => ['qr_code']);
      }
      vi.stubGlobal('BarcodeDetector', QrOnly);
      const { onIsbn } = open();
      zxing.decodeFromImageUrl.mockResolvedValueOnce({ getText: () => BOOK });
      choosePhoto();
      await waitFor(() => expect(onIsbn).toHaveBeenCalledWith(BOOK));
      expect(FakeBarcodeDetector.made).toEqual([]);
      expect(zxing.made).toHaveLength(1);
    });
  });
});
