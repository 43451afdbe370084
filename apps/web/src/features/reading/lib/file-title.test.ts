import { describe, expect, it } from 'vitest';
import { engineKindOf, hasTextSettings } from './engine-kind';
import { titleFromFileName } from './file-title';

describe('titleFromFileName', () => {
  it('drops the extension only', () => {
    expect(titleFromFileName('Dune.epub')).toBe('Dune');
    expect(titleFromFileName('The.Left.Hand.of.Darkness.pdf')).toBe('The.Left.Hand.of.Darkness');
    expect(titleFromFileName('README')).toBe('README');
    expect(titleFromFileName('.hidden')).toBe('.hidden');
  });
});

describe('engineKindOf', () => {
  it('sends each format to its engine and the rest to Unsupported Format', () => {
    expect(engineKindOf('pdf')).toBe('pdf');
    for (const type of ['epub', 'mobi', 'azw3', 'fb2', 'cbz']) expect(engineKindOf(type)).toBe('foliate');
    expect(engineKindOf('txt')).toBe('text');
    expect(engineKindOf('docx')).toBe('text');
    expect(engineKindOf('doc')).toBeNull();
    expect(engineKindOf('exe')).toBeNull();
    expect(hasTextSettings('pdf')).toBe(false);
    expect(hasTextSettings('text')).toBe(true);
  });
});
