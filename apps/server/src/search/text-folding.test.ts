import { describe, expect, it } from 'vitest';
import { distinctWordsOf, foldText, letterCount, wordsOf } from './text-folding';

describe('text folding', () => {
  it('removes case and accents', () => {
    expect(foldText('Crème BRÛLÉE à la Ñandú')).toBe('creme brulee a la nandu');
    expect(foldText('ÉCOLE')).toBe(foldText('ecole'));
  });

  it('splits words on anything but letters and digits, in any script', () => {
    expect(wordsOf('Re-launch the café (v2), 100%!')).toEqual(['re', 'launch', 'the', 'cafe', 'v2', '100']);
    expect(wordsOf('日本語 テスト')).toEqual(['日本語', 'テスト']);
    expect(wordsOf('Straße über')).toEqual(['straße', 'uber']);
    expect(wordsOf(' -- ')).toEqual([]);
  });

  it('keeps the first occurrence of repeated words', () => {
    expect(distinctWordsOf('to be or NOT to be')).toEqual(['to', 'be', 'or', 'not']);
  });

  it('counts letters as code points', () => {
    expect(letterCount('crème')).toBe(5);
    expect(letterCount('🚀ab')).toBe(3);
  });
});
