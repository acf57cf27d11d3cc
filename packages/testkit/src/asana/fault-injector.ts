import { faultChecks } from '../core/fault-checks';

/**
 * A failure to inject.
 * - `status`: answer with that status instead of serving. 500 carries a `phrase`; 504 answers an
 *   nginx-style **HTML** page (as Asana's edge does); 429 sends `Retry-After`; 502/503/451/403
 *   answer Asana's JSON error envelope.
 * - `delay`: wait `ms`, then serve normally (holding a concurrency slot meanwhile).
 * - `reset`: destroy the connection, before any byte or after `afterBytes` bytes of the body.
 * - `stall`: never finish: send nothing (or `afterBytes` bytes) and keep the socket open.
 *
 * @example
 * ```ts
 * sim.faults.inject({ kind: 'status', status: 503 }, { times: 2, path: '/tasks' });
 * sim.faults.inject({ kind: 'reset', afterBytes: 1024 }, { target: 'download' });
 * ```
 */
export type AsanaFault =
  | { kind: 'status'; status: number; message?: string; phrase?: string; retryAfterSeconds?: number }
  | { kind: 'delay'; ms: number }
  | { kind: 'reset'; afterBytes?: number }
  | { kind: 'stall'; afterBytes?: number };

/**
 * Which requests a fault applies to. `target` picks the host part: the REST API (default), the
 * OAuth endpoints, the download host, or any. `path` is relative to the target's root (`/tasks/1`
 * for the API, `/-/oauth_token`, the download host's path); a string ending in `*` matches as a
 * prefix, a RegExp is tested.
 *
 * @example
 * ```ts
 * const match: AsanaFaultMatch = { method: 'GET', path: '/projects/*' };
 * ```
 */
export interface AsanaFaultMatch {
  target?: AsanaRequestTarget | 'any';
  method?: string;
  path?: string | RegExp;
}

/**
 * The part of the simulator a request reached.
 *
 * @example
 * ```ts
 * sim.requests.count({ target: 'oauth' });
 * ```
 */
export type AsanaRequestTarget = 'api' | 'oauth' | 'download' | 'app';

/**
 * A handle on an injected fault.
 *
 * @example
 * ```ts
 * const handle = sim.faults.inject({ kind: 'status', status: 500 }, { times: 3 });
 * handle.remaining(); // 3 until requests consume it
 * handle.cancel();
 * ```
 */
export interface AsanaFaultHandle {
  remaining(): number;
  cancel(): void;
}

interface Rule {
  fault: AsanaFault;
  match: AsanaFaultMatch;
  remaining: number;
}

function pathMatches(pattern: string | RegExp | undefined, path: string): boolean {
  if (pattern === undefined) return true;
  if (pattern instanceof RegExp) return pattern.test(path);
  if (pattern.endsWith('*')) return path.startsWith(pattern.slice(0, -1));
  return path === pattern;
}

const TARGETS: ReadonlyArray<AsanaRequestTarget | 'any'> = ['api', 'oauth', 'download', 'app', 'any'];

/** Refuses a fault that would be served as something else, or a match that can never match. */
function checkAsanaFault(fault: AsanaFault, options: AsanaFaultMatch & { times?: number }): void {
  faultChecks.kind(fault?.kind, ['status', 'delay', 'reset', 'stall']);
  if (fault.kind === 'status') {
    faultChecks.status(fault.status);
    faultChecks.amount('retryAfterSeconds', fault.retryAfterSeconds, { optional: true });
  }
  if (fault.kind === 'delay') faultChecks.amount('ms', fault.ms);
  if (fault.kind === 'reset' || fault.kind === 'stall') {
    faultChecks.amount('afterBytes', fault.afterBytes, { optional: true });
  }
  faultChecks.times(options.times, { infinite: true });
  if (options.target !== undefined) faultChecks.oneOf('target', options.target, TARGETS);
  faultChecks.absolutePath(options.path);
}

/**
 * Queue of faults for the next matching requests. Rules are consulted in the order they were
 * injected; each matching request consumes one use of the first rule that matches it.
 *
 * @example
 * ```ts
 * sim.faults.inject({ kind: 'status', status: 500, phrase: '7 brave otters nap' });
 * sim.faults.inject({ kind: 'delay', ms: 200 }, { times: 10 });
 * sim.faults.clear();
 * ```
 */
export class AsanaFaultInjector {
  private rules: Rule[] = [];

  /** Applies `fault` to the next `times` (default 1; `Infinity` for all) matching requests. */
  inject(fault: AsanaFault, options: AsanaFaultMatch & { times?: number } = {}): AsanaFaultHandle {
    checkAsanaFault(fault, options);
    const { times = 1, ...match } = options;
    const rule: Rule = { fault, match, remaining: times };
    this.rules.push(rule);
    return {
      remaining: () => rule.remaining,
      cancel: () => {
        rule.remaining = 0;
        this.rules = this.rules.filter((other) => other !== rule);
      },
    };
  }

  /** Shorthand: the next `times` matching API requests answer `status`. */
  failNext(status: number, options: AsanaFaultMatch & { times?: number } = {}): AsanaFaultHandle {
    return this.inject({ kind: 'status', status }, options);
  }

  /** Removes every pending fault. */
  clear(): void {
    this.rules = [];
  }

  /** Faults not yet used up. */
  pending(): number {
    return this.rules.reduce((sum, rule) => sum + rule.remaining, 0);
  }

  /** @internal Takes the fault for a request, if one applies, consuming one use. */
  take(target: AsanaRequestTarget, method: string, path: string): AsanaFault | undefined {
    for (const rule of this.rules) {
      if (rule.remaining <= 0) continue;
      const wanted = rule.match.target ?? 'api';
      if (wanted !== 'any' && wanted !== target) continue;
      if (rule.match.method !== undefined && rule.match.method.toUpperCase() !== method) continue;
      if (!pathMatches(rule.match.path, path)) continue;
      rule.remaining -= 1;
      if (rule.remaining <= 0) this.rules = this.rules.filter((other) => other !== rule);
      return rule.fault;
    }
    return undefined;
  }
}
