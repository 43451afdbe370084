// The baselines bench/reader holds the app to: stock pdf.js (pdfjs-dist's getDocument with its defaults, as its
// own viewer opens a URL: ranges, streaming and auto-fetch on, 64 KiB chunks) and foliate-js's own demo
// (reader.html), served from node_modules by a small server that passes every /api request on to the app. The
// browser sends the app's session cookie here too (cookies ignore the port), so both open the very same content
// URL, and every byte crosses the same (emulated) line as the app's, gzipped as the app's static files are.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { freePort } from '../support/free-port.js';

const modules = fileURLToPath(new URL('../../node_modules/', import.meta.url));
const ROOTS: Record<string, string> = {
  pdfjs: path.join(modules, 'pdfjs-dist'),
  foliate: path.join(modules, 'foliate-js'),
};
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.mjs': 'text/javascript',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.bcmap': 'application/octet-stream',
  '.pfb': 'application/octet-stream',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/**
 * Stock pdf.js on one page: the document by URL with pdf.js's defaults, page 1 at the size the app shows it
 * (a letter page at its real size in a 1,280 px window), its canvas and text layer, as pdf.js's viewer draws a
 * page. `window.__painted` is when both are on screen, in ms from the navigation's start.
 */
const STOCK_PDF = `<!doctype html>
<meta charset="utf-8"><title>stock pdf.js</title>
<link rel="stylesheet" href="/stock/pdfjs/web/pdf_viewer.css">
<div id="page" class="page" style="position:relative;margin:12px auto"></div>
<script type="module">
import * as pdfjs from '/stock/pdfjs/build/pdf.min.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = '/stock/pdfjs/build/pdf.worker.min.mjs';
const url = new URLSearchParams(location.search).get('url');
const doc = await pdfjs.getDocument({
  url,
  cMapUrl: '/stock/pdfjs/cmaps/',
  cMapPacked: true,
  standardFontDataUrl: '/stock/pdfjs/standard_fonts/',
  wasmUrl: '/stock/pdfjs/wasm/',
}).promise;
const page = await doc.getPage(1);
const viewport = page.getViewport({ scale: 96 / 72 });
const host = document.getElementById('page');
host.style.width = Math.floor(viewport.width) + 'px';
host.style.height = Math.floor(viewport.height) + 'px';
host.style.setProperty('--scale-factor', String(viewport.scale));
const canvas = document.createElement('canvas');
canvas.width = Math.floor(viewport.width * devicePixelRatio);
canvas.height = Math.floor(viewport.height * devicePixelRatio);
canvas.style.width = '100%';
const text = document.createElement('div');
text.className = 'textLayer';
host.append(canvas, text);
const transform = devicePixelRatio === 1 ? undefined : [devicePixelRatio, 0, 0, devicePixelRatio, 0, 0];
await Promise.all([
  page.render({ canvas, viewport, transform }).promise,
  new pdfjs.TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport }).render(),
]);
host.dataset.renderedPage = '1';
window.__painted = performance.now();
</script>`;

/** foliate-js's demo, told when it has shown a place: its first `relocate`, on the frame after it. */
export const FOLIATE_PAINTED = `(() => {
  const dispatch = EventTarget.prototype.dispatchEvent;
  EventTarget.prototype.dispatchEvent = function (event) {
    if (event.type === 'relocate' && window.__painted === undefined)
      requestAnimationFrame(() => (window.__painted ??= performance.now()));
    return dispatch.call(this, event);
  };
})()`;

export interface BaselineServer {
  url: string;
  /** Stock pdf.js opening the app's content URL of `fileId`. */
  stockPdf(fileId: string): string;
  /** foliate-js's reader.html opening it. */
  foliateDemo(fileId: string): string;
  stop(): Promise<void>;
}

const contentPath = (fileId: string) => `/api/cloud-drives/files/${encodeURIComponent(fileId)}/content`;

export async function startBaselineServer(appUrl: string): Promise<BaselineServer> {
  const app = new URL(appUrl);
  const agent = new Agent({ keepAlive: true });
  const gzipped = new Map<string, Buffer>();

  const serveStatic = (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    if (pathname === '/stock/pdf.html') {
      res.writeHead(200, { 'content-type': TYPES['.html']!, 'cache-control': 'no-store' });
      res.end(STOCK_PDF);
      return;
    }
    const [, , rootName = '', ...rest] = pathname.split('/');
    const root = ROOTS[rootName];
    const file = root && path.join(root, ...rest.map(decodeURIComponent));
    if (!root || !file || !file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const compressible = /^(text\/|application\/json|image\/svg)/.test(type);
    if (compressible && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      let body = gzipped.get(file);
      if (!body) gzipped.set(file, (body = gzipSync(readFileSync(file))));
      res.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip', 'content-length': body.length });
      res.end(body);
      return;
    }
    res.writeHead(200, { 'content-type': type, 'content-length': statSync(file).size });
    createReadStream(file).pipe(res);
  };

  const proxy = (req: IncomingMessage, res: ServerResponse) => {
    const upstream = httpRequest(
      {
        host: app.hostname,
        port: app.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: app.host },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  };

  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (pathname.startsWith('/stock/')) serveStatic(req, res, pathname);
    else proxy(req, res);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    stockPdf: (fileId) => `${url}/stock/pdf.html?url=${encodeURIComponent(contentPath(fileId))}`,
    foliateDemo: (fileId) => `${url}/stock/foliate/reader.html?url=${encodeURIComponent(contentPath(fileId))}`,
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
