/**
 * Let waiting I/O run before going on. PGlite answers without ever leaving the microtask queue, and a large
 * platform answer is parsed and mapped in one go: between such steps a sync yields, so it does not hold every
 * socket of the process (other syncs' answers, API requests) until a whole window is done.
 */
export const yieldToEventLoop = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
