import { describe, expect, it } from 'vitest';
import { canHydrate, prerenderedDocument, prerenderedFileName } from './prerendered';

const SHELL = '<html><head><title>Bookshelf</title></head><body><div id="root"></div><script></script></body></html>';

describe('prerendered documents', () => {
  it('puts the markup inside #root, marked with its path', () => {
    expect(prerenderedDocument(SHELL, '/help', '<h1>Help</h1>')).toBe(
      '<html><head><title>Bookshelf</title></head><body><div id="root" data-prerendered="/help"><h1>Help</h1></div><script></script></body></html>',
    );
  });

  it('fetches the scripts of the app at low priority, after the HTML and CSS that paint the page', () => {
    const shell =
      '<head><script>/* theme */</script><script type="module" crossorigin src="/assets/index.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react.js"><link rel="stylesheet" href="/assets/index.css">' +
      '</head><body><div id="root"></div></body>';
    const doc = prerenderedDocument(shell, '/', '<h1>x</h1>');
    expect(doc).toContain('<script>/* theme */</script>');
    expect(doc).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index.js">');
    expect(doc).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react.js">');
    expect(doc).toContain('<link rel="stylesheet" href="/assets/index.css">');
  });

  it('moves the preloads React puts before the markup into <head>', () => {
    const doc = prerenderedDocument(SHELL, '/', '<link rel="preload" as="image" href="/favicon.svg"/><main>x</main>');
    expect(doc).toContain('<link rel="preload" as="image" href="/favicon.svg"/></head>');
    expect(doc).toContain('<div id="root" data-prerendered="/"><main>x</main></div>');
  });

  it('fails on a shell without exactly one empty #root', () => {
    expect(() => prerenderedDocument('<body></body>', '/', 'x')).toThrow(/exactly one/);
    expect(() => prerenderedDocument(SHELL + SHELL, '/', 'x')).toThrow(/exactly one/);
  });

  it('names the files after their paths', () => {
    expect(prerenderedFileName('/')).toBe('index.html');
    expect(prerenderedFileName('/help')).toBe('help.html');
  });
});

describe('whether the browser hydrates', () => {
  const root = (path?: string) => {
    const element = document.createElement('div');
    if (path !== undefined) element.setAttribute('data-prerendered', path);
    return element;
  };

  it('hydrates the page prerendered for this very address', () => {
    expect(canHydrate(root('/'), { pathname: '/', search: '' })).toBe(true);
    expect(canHydrate(root('/help'), { pathname: '/help', search: '' })).toBe(true);
  });

  it('renders afresh the shell, another address, or one with a query string', () => {
    expect(canHydrate(root(), { pathname: '/', search: '' })).toBe(false);
    expect(canHydrate(root('/'), { pathname: '/help', search: '' })).toBe(false);
    expect(canHydrate(root('/'), { pathname: '/', search: '?signin=1' })).toBe(false);
  });
});
