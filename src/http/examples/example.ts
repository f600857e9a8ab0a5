// Owns the form of an example of the OpenAPI document: a value for a named schema wherever a body is that schema,
// or for one body of one operation (docs/architecture.md "Examples in the OpenAPI document").
type Named = { name?: string; summary?: string };

export type Example =
  | ({ schema: string; value: unknown } & Named)
  | ({ op: string; status: number | 'body'; media?: string; value: unknown } & Named);

/** An example of the schema components/schemas/<schema>, shown wherever a request or response body is that schema. */
export const ofSchema = (schema: string, value: unknown, o: Named = {}): Example => ({ schema, value, ...o });

/**
 * An example of one body of one operation: `op` as 'GET /v1/things/{id}', `status` a response status or 'body' (the
 * request body), `media` when the body has several media types. It wins over the examples of the body's schema.
 */
export const ofOperation = (
  op: string,
  status: number | 'body',
  value: unknown,
  o: Named & { media?: string } = {},
): Example => ({ op, status, value, ...o });
