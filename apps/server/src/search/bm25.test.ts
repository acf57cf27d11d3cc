import { describe, expect, it } from 'vitest';
import { BM25_B, BM25_K1, bm25Constants } from './bm25';

describe('BM25 constants', () => {
  it('weights rare terms above common ones, never below zero', () => {
    const { weights } = bm25Constants(100, 500, [1, 50, 100]);
    expect(weights[0]!).toBeGreaterThan(weights[1]!);
    expect(weights[1]!).toBeGreaterThan(weights[2]!);
    expect(weights[2]!).toBeGreaterThan(0);
  });

  it('gives the standard formula', () => {
    const { weights, k, lengthFactor } = bm25Constants(10, 40, [2]);
    const tf = 3;
    const dl = 6;
    const score = (weights[0]! * tf) / (tf + k + lengthFactor * dl);
    const idf = Math.log(1 + (10 - 2 + 0.5) / (2 + 0.5));
    const expected = (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * dl) / 4));
    expect(score).toBeCloseTo(expected, 12);
  });
});
