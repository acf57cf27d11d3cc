import { pickAt, uniformAt } from '../core/seeded-random';
import { NOTE_OPENERS, NOTE_SENTENCES, TASK_OBJECTS, TASK_QUALIFIERS, TASK_VERBS } from './vocabulary';

/**
 * The generated name of task row `index`: derived, never stored, so 200,000 names cost nothing
 * until a page that shows them is served.
 *
 * @example
 * ```ts
 * generatedTaskName(1, 42); // e.g. 'Review pricing page for enterprise customers'
 * ```
 */
export function generatedTaskName(seed: number, index: number): string {
  const verb = pickAt(TASK_VERBS, seed, index, 1);
  const object = pickAt(TASK_OBJECTS, seed, index, 2);
  if (uniformAt(seed, index, 3) < 0.35) return `${verb} ${object} ${pickAt(TASK_QUALIFIERS, seed, index, 4)}`;
  return `${verb} ${object}`;
}

/**
 * The generated notes of task row `index` (empty for about a fifth of tasks, like real data).
 *
 * @example
 * ```ts
 * generatedTaskNotes(1, 42); // e.g. 'Context: design mockups are linked in the project brief.'
 * ```
 */
export function generatedTaskNotes(seed: number, index: number): string {
  if (uniformAt(seed, index, 5) < 0.2) return '';
  const sentences = 1 + Math.floor(uniformAt(seed, index, 6) * 3);
  const parts: string[] = [
    `${pickAt(NOTE_OPENERS, seed, index, 7)} ${pickAt(NOTE_SENTENCES, seed, index, 8)}.`,
  ];
  for (let s = 1; s < sentences; s += 1) {
    const sentence = pickAt(NOTE_SENTENCES, seed, index, 8 + s);
    parts.push(`${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`);
  }
  return parts.join(' ');
}
