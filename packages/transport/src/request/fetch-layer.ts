/**
 * One layer of a transport's fetch: given the fetch below it, the fetch to call instead. The
 * transport stacks them once (rate limit, attempt bookkeeping, events) over the injected or
 * platform fetch; ky calls the top one once per attempt, with the call's state in its init
 * (`callStateOf(init)`, see call-state.ts). The security layers (an egress policy, a
 * response-size guard) fit here too, or as the injected `fetch` itself.
 *
 * @example
 * ```ts
 * const logged: FetchLayer = (next) => async (input, init) => {
 *   const response = await next(input, init);
 *   console.log(response.status);
 *   return response;
 * };
 * ```
 */
export type FetchLayer = (next: typeof globalThis.fetch) => typeof globalThis.fetch;
