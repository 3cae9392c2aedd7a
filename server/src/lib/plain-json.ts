/**
 * A route's answer as plain JSON, without the response schema's second pass. For answers that are large and
 * built by our own typed service (a two-year report: tens of thousands of figures), zod's encode of the answer
 * only copies it (the schemas have no transforms) and cost more than the query; the schema stays declared for
 * the docs and the web still parses the answer with it. Every route that uses this has a test holding its
 * answers to exactly what the schema lets through (valid, and no key it would strip), so nothing extra leaks.
 * Decision 014 has the measurements.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);
