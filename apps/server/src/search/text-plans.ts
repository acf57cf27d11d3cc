import type { SearchFieldTarget } from '@conduit/protocol';
import type { Bm25Constants } from './bm25';

/** One candidate word of a fuzzy query word, from the vocabulary, with its similarity. */
export interface FuzzyOption {
  /** The term-map key (`field:word`). */
  readonly key: string;
  /** The posting token (`collection:field:word`). */
  readonly token: string;
  readonly similarity: number;
}

/**
 * How one `keyword` or `fuzzy` condition is evaluated, decided before the SQL is built from the
 * collection's vocabulary and statistics (so both stores evaluate identical arithmetic):
 *
 * - `nothing`: no record can match (no query word occurs; an empty collection);
 * - `indexed-keyword` / `indexed-fuzzy`: the field has a word index; postings find the records,
 *   the stored term frequencies score them;
 * - `scanned-keyword` / `scanned-fuzzy`: any other path; words are computed row by row.
 */
export type TextPlan =
  | { readonly kind: 'nothing' }
  | {
      readonly kind: 'indexed-keyword';
      readonly field: string;
      readonly keys: readonly string[];
      readonly tokens: readonly string[];
      readonly bm25: Bm25Constants;
    }
  | {
      readonly kind: 'indexed-fuzzy';
      readonly field: string;
      /** Per query word, the vocabulary words within its tolerance (never empty). */
      readonly groups: readonly (readonly FuzzyOption[])[];
    }
  | {
      readonly kind: 'scanned-keyword';
      readonly target: SearchFieldTarget;
      readonly words: readonly string[];
      readonly bm25: Bm25Constants;
    }
  | {
      readonly kind: 'scanned-fuzzy';
      readonly target: SearchFieldTarget;
      readonly words: readonly {
        readonly word: string;
        readonly letters: number;
        readonly tolerance: number;
      }[];
    };
