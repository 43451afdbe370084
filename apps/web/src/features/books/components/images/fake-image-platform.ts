/**
 * jsdom decodes and draws nothing, and has no object URLs of its own: these stand in for the browser's
 * createImageBitmap, OffscreenCanvas and URL.createObjectURL, so the widget's real compression code runs in a
 * component test. A picture is as many pixels wide as its file has bytes (and half again as tall), and a JPEG
 * of it takes width × height × quality / 10 bytes, so photos of different sizes compress to sizes that tell
 * them apart. `live()` lists the object URLs made and not yet revoked.
 */
export function installFakeImagePlatform() {
  const scope = globalThis as Record<string, unknown>;
  const original = {
    createImageBitmap: scope.createImageBitmap,
    OffscreenCanvas: scope.OffscreenCanvas,
    create: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'),
    revoke: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL'),
  };
  scope.createImageBitmap = (blob: Blob) =>
    Promise.resolve({ width: blob.size, height: Math.round(blob.size * 1.5), close: () => undefined });
  class FakeOffscreenCanvas {
    constructor(
      readonly width: number,
      readonly height: number,
    ) {}
    getContext() {
      return {
        fillStyle: '',
        imageSmoothingQuality: '',
        fillRect: () => undefined,
        drawImage: () => undefined,
        getImageData: (_x: number, _y: number, w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4) }),
        putImageData: () => undefined,
      };
    }
    convertToBlob({ quality }: { quality: number }) {
      const bytes = Math.round((this.width * this.height * quality) / 10);
      return Promise.resolve(new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }));
    }
  }
  scope.OffscreenCanvas = FakeOffscreenCanvas;

  const live = new Set<string>();
  let made = 0;
  URL.createObjectURL = () => {
    made += 1;
    const url = `blob:fake/${made}`;
    live.add(url);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void live.delete(url);
  return {
    live: () => [...live],
    uninstall: () => {
      scope.createImageBitmap = original.createImageBitmap;
      scope.OffscreenCanvas = original.OffscreenCanvas;
      for (const [name, descriptor] of [
        ['createObjectURL', original.create],
        ['revokeObjectURL', original.revoke],
      ] as const) {
        if (descriptor) Object.defineProperty(URL, name, descriptor);
        else delete (URL as unknown as Record<string, unknown>)[name];
      }
    },
  };
}
