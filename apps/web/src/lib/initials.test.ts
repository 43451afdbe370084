import { describe, expect, it } from 'vitest';
import { firstGrapheme, graphemes, initials } from './initials';

const hasLoneSurrogate = (text: string) =>
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe('graphemes', () => {
  it('keeps emoji, flags, combining marks and joined sequences whole', () => {
    expect(graphemes('a📚🇫🇷e\u0301👩‍👩‍👧')).toEqual(['a', '📚', '🇫🇷', 'e\u0301', '👩‍👩‍👧']);
  });

  it('takes the whole first grapheme, never half of it', () => {
    expect(firstGrapheme('📚 Books')).toBe('📚');
    expect(firstGrapheme('🇯🇵 Tokyo')).toBe('🇯🇵');
    expect(firstGrapheme('e\u0301mile')).toBe('e\u0301');
    expect(firstGrapheme('')).toBe('');
  });
});

describe('initials', () => {
  it('draws no broken surrogate for "Ada 📚 Lovelace" and passes over the emoji', () => {
    const drawn = initials('Ada 📚 Lovelace');
    expect(drawn).toBe('AL');
    expect(hasLoneSurrogate(drawn)).toBe(false);
  });

  it('uses the first and last word', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('ada')).toBe('A');
    expect(initials('  Augusta Ada King Lovelace ')).toBe('AL');
  });

  it('keeps a combining mark with its letter', () => {
    expect(initials('e\u0301mile Zola')).toBe('E\u0301Z');
  });

  it('draws an emoji or a flag whole when the name has nothing else', () => {
    expect(initials('📚')).toBe('📚');
    expect(initials('🇫🇷 🇯🇵')).toBe('🇫🇷🇯🇵');
  });

  it('reads letters of any script and digits', () => {
    expect(initials('Łukasz Żuławski')).toBe('ŁŻ');
    expect(initials('山田 太郎')).toBe('山太');
    expect(initials('2001 Odyssey')).toBe('2O');
  });

  it('shows a question mark for an empty name', () => {
    expect(initials('   ')).toBe('?');
  });
});
