/** The parts of Vite's build manifest (build.manifest: true) that say what loads with what. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The JS and CSS files a first visit downloads before the route renders: the entry chunk, the route's
 * lazy modules, and everything those import statically. Dynamic imports (other routes, reader engines)
 * are left out, which is the point of code splitting.
 */
export function initialFiles(manifest: Manifest, routeModules: string[]): { js: Set<string>; css: Set<string> } {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bench/bundle: ${key} is not in the build manifest; update ROUTES`);
    js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  [...entries, ...routeModules].forEach(visit);
  return { js, css };
}
