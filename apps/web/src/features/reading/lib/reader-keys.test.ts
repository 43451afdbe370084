import { describe, expect, it } from 'vitest';
import { isTypingTarget, readerKeyAction } from './reader-keys';

const element = (html: string, selector: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root.querySelector(selector)!;
};

describe('readerKeyAction', () => {
  it('maps every key of core.md §2', () => {
    const body = document.body;
    const expected: Record<string, string> = {
      ArrowLeft: 'previous',
      ArrowUp: 'previous',
      ArrowRight: 'next',
      ArrowDown: 'next',
      ' ': 'next',
      Home: 'first',
      End: 'last',
      Escape: 'escape',
      '+': 'zoomIn',
      '=': 'zoomIn',
      '-': 'zoomOut',
      b: 'bookmark',
      f: 'fullscreen',
    };
    for (const [key, action] of Object.entries(expected)) expect(readerKeyAction({ key, target: body })).toBe(action);
    expect(readerKeyAction({ key: 'x', target: body })).toBeNull();
  });

  it('ignores keys while typing in an input, textarea, select or editable element', () => {
    for (const [html, selector] of [
      ['<input>', 'input'],
      ['<textarea></textarea>', 'textarea'],
      ['<select><option>a</option></select>', 'select'],
      ['<div contenteditable="true"><span>x</span></div>', 'span'],
    ] as const) {
      const target = element(html, selector);
      expect(isTypingTarget(target)).toBe(true);
      expect(readerKeyAction({ key: 'ArrowRight', target })).toBeNull();
      expect(readerKeyAction({ key: 'b', target })).toBeNull();
    }
  });

  it('leaves Ctrl, Cmd and Alt combinations to the browser', () => {
    expect(readerKeyAction({ key: '+', target: document.body, ctrlKey: true })).toBeNull();
    expect(readerKeyAction({ key: 'f', target: document.body, metaKey: true })).toBeNull();
    expect(readerKeyAction({ key: 'b', target: document.body, altKey: true })).toBeNull();
  });

  it('lets Space press a focused button rather than turn the page', () => {
    expect(readerKeyAction({ key: ' ', target: element('<button>x</button>', 'button') })).toBeNull();
    expect(readerKeyAction({ key: 'ArrowRight', target: element('<button>x</button>', 'button') })).toBe('next');
  });
});
