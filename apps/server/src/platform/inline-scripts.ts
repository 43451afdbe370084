import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A classic script written out in the page: no attributes, so no `src` and no `type=module`. */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The Content-Security-Policy sources that allow the web shell's inline scripts and nothing else: one
 * `'sha256-…'` per script, over its exact text, as browsers compute it. The shell inlines the theme script
 * (apps/web/index.html) so a first paint waits for no extra request (decision 040); the policy still forbids
 * every other inline script. The prerendered pages are built from the same shell, so they carry the same
 * scripts. No web build, no sources.
 */
export function inlineScriptSources(webDistDir: string | undefined): string[] {
  const shell = webDistDir ? path.join(webDistDir, 'index.html') : undefined;
  if (!shell || !existsSync(shell)) return [];
  const html = readFileSync(shell, 'utf8');
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`,
  );
}
