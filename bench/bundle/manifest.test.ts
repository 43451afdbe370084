import { describe, expect, it } from 'vitest';
import { initialFiles, type Manifest } from './manifest.js';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], css: ['assets/index.css'] },
  '_vendor.js': { file: 'assets/vendor.js' },
  'src/home.tsx': { file: 'assets/home.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'], imports: ['_vendor.js'] },
  'src/reader.tsx': { file: 'assets/reader.js' },
};

describe('initialFiles', () => {
  it('counts the entry, the route module and their static imports once each, not other lazy chunks', () => {
    const { js, css } = initialFiles(manifest, ['src/home.tsx']);
    expect([...js].sort()).toEqual(['assets/home.js', 'assets/index.js', 'assets/shared.js', 'assets/vendor.js']);
    expect([...css].sort()).toEqual(['assets/index.css', 'assets/shared.css']);
  });

  it('fails loudly when a route module is not in the manifest', () => {
    expect(() => initialFiles(manifest, ['src/gone.tsx'])).toThrow(/not in the build manifest/);
  });
});
