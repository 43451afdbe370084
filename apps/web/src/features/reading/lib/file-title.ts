/** A book title from a file name: the name without its extension ("Dune.epub" → "Dune"). */
export function titleFromFileName(name: string): string {
  const trimmed = name.trim();
  const dot = trimmed.lastIndexOf('.');
  const base = dot > 0 ? trimmed.slice(0, dot) : trimmed;
  return base.trim() || trimmed;
}
