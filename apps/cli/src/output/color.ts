/** ANSI styling that is a no-op when colours are off. */
export interface Style {
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

/**
 * Whether to colour what goes to a stream: only a terminal, never with `--no-color`, a non-empty
 * `NO_COLOR` (no-color.org) or `TERM=dumb`.
 *
 * @example
 * ```ts
 * colorEnabled(process.stdout, process.env, false);
 * ```
 */
export function colorEnabled(
  stream: { isTTY?: boolean },
  env: Readonly<Record<string, string | undefined>>,
  noColorFlag: boolean,
): boolean {
  if (noColorFlag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

function wrap(open: number, close: number): (text: string) => string {
  return (text) => `\u001b[${open}m${text}\u001b[${close}m`;
}

const identity = (text: string): string => text;

/**
 * The styles for one stream.
 *
 * @example
 * ```ts
 * const style = createStyle(colorEnabled(process.stderr, process.env, false));
 * process.stderr.write(`${style.red('error:')} something failed\n`);
 * ```
 */
export function createStyle(enabled: boolean): Style {
  if (!enabled) {
    return {
      enabled,
      bold: identity,
      dim: identity,
      red: identity,
      green: identity,
      yellow: identity,
      cyan: identity,
    };
  }
  return {
    enabled,
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    cyan: wrap(36, 39),
  };
}
