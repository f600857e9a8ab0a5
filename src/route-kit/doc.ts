// Owns how a route describes itself for the OpenAPI document: summary, success responses, the error codes (docs/api.md#errors) it
// answers, and the body, query and headers its service reads; written beside the route as its Elysia `detail`.
import type { DocumentDecoration, TSchema } from 'elysia';
import type { ErrorCode } from '../errors';
import { Processing } from './schemas';

/** A success body that is not JSON. */
export type Media =
  | 'html'
  | 'javascript'
  | 'css'
  | 'pdf'
  | 'bytes'
  | 'download'
  | 'text'
  | 'cose'
  | 'cbor'
  | 'zip'
  | 'tlog-size'
  | 'none';
const MEDIA: Record<Media, Record<string, { schema: Record<string, string> }>> = {
  html: { 'text/html': { schema: { type: 'string' } } },
  javascript: { 'text/javascript': { schema: { type: 'string' } } },
  css: { 'text/css': { schema: { type: 'string' } } },
  pdf: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
  bytes: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
  download: { 'text/csv': { schema: { type: 'string' } }, 'application/x-ndjson': { schema: { type: 'string' } } },
  text: { 'text/plain': { schema: { type: 'string' } } },
  cose: { 'application/cose': { schema: { type: 'string', contentMediaType: 'application/cose' } } },
  cbor: { 'application/cbor': { schema: { type: 'string', contentMediaType: 'application/cbor' } } },
  zip: { 'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } } },
  // C2SP tlog-witness: the size a witness last cosigned, answered with a 409.
  'tlog-size': { 'text/x.tlog.size': { schema: { type: 'string' } } },
  // A redirect: headers only.
  none: {},
};

/** A route's query string as Elysia hands it over before its own parsing (src/params.ts). */
export type QueryParams = Record<string, string | undefined>;

export type RouteDoc = {
  summary: string;
  tag: string;
  /** Said after the summary: what the schemas cannot (a rule, an order, a limit). */
  description?: string;
  /** Success status -> JSON schema, or a non-JSON media kind. */
  ok: Record<number, TSchema | Media>;
  /** Response headers of every success response: name -> description. */
  okHeaders?: Record<string, string>;
  /** Response headers of one success status only (e.g. the Retry-After of a 202): status -> name -> description. */
  statusHeaders?: Record<number, Record<string, string>>;
  /**
   * An idempotent create (set by idempotentDoc, src/route-kit/idempotent.ts): a request whose key's first request is still
   * being written is answered 202 {"status": "processing"}, documented here when `ok` does not list a 202 itself.
   */
  processing?: boolean;
  /** Error codes the route answers besides those of its guards (authentication, scope, limits, 402). */
  errors?: ErrorCode[];
  /** A JSON body the service validates (named error codes) rather than Elysia, a text or a COSE body; a route with a `body` schema omits it. */
  body?: TSchema | 'text' | 'cose';
  /** Its errors are RFC 9290 concise problem details in CBOR, {-1: code, -2: message}, not JSON (docs/scitt.md). */
  problems?: true;
  /**
   * Query parameters the service reads (a route with a `query` schema omits them, or names one here to document it
   * as the service reads it, e.g. an integer its schema keeps a string so that the framework answers plain text).
   */
  query?: Record<string, TSchema>;
  /** Request headers the route reads. */
  headers?: Record<string, { required?: boolean; schema: TSchema; description: string }>;
};

/** Headers of a known form, typed so that a generated client reads them as such (a number of seconds, a flag). */
const HEADER_SCHEMA: Record<string, Record<string, unknown>> = {
  'Retry-After': { type: 'integer', minimum: 0 },
  'Idempotent-Replayed': { type: 'string', const: 'true' },
};

const OPTIONAL = Symbol.for('TypeBox.Optional');
const isOptional = (s: TSchema) => (s as unknown as Record<symbol, unknown>)[OPTIONAL] === 'Optional';

/**
 * The route's OpenAPI operation, completed by src/http/openapi.ts (the guards' security and errors, the error
 * responses by status, path parameters and Elysia's own schemas). Codes travel in the `x-errors` extension.
 */
export function doc(d: RouteDoc): DocumentDecoration {
  const headersOf = (status: number) => {
    const all = { ...d.okHeaders, ...d.statusHeaders?.[status] };
    return Object.keys(all).length
      ? Object.fromEntries(
          Object.entries(all).map(([name, description]) => [
            name,
            { description, schema: HEADER_SCHEMA[name] ?? { type: 'string' } },
          ]),
        )
      : undefined;
  };
  const ok: Record<number, TSchema | Media> = d.processing && !d.ok[202] ? { ...d.ok, 202: Processing } : d.ok;
  const responses = Object.fromEntries(
    Object.entries(ok).map(([status, b]) => [
      status,
      {
        description: d.summary,
        ...(headersOf(Number(status)) ? { headers: headersOf(Number(status)) } : {}),
        content: typeof b === 'string' ? MEDIA[b] : { 'application/json': { schema: b } },
      },
    ]),
  );
  const parameters = [
    ...Object.entries(d.query ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: !isOptional(schema),
      schema,
    })),
    ...Object.entries(d.headers ?? {}).map(([name, h]) => ({
      name,
      in: 'header',
      required: !!h.required,
      description: h.description,
      schema: h.schema,
    })),
  ];
  return {
    summary: d.summary,
    ...(d.description ? { description: d.description } : {}),
    tags: [d.tag],
    responses,
    ...(parameters.length ? { parameters } : {}),
    ...(d.body
      ? {
          requestBody: {
            required: true,
            content:
              d.body === 'text' || d.body === 'cose' ? MEDIA[d.body] : { 'application/json': { schema: d.body } },
          },
        }
      : {}),
    'x-errors': d.errors ?? [],
    ...(d.problems ? { 'x-problems': true } : {}),
  } as DocumentDecoration;
}

/**
 * The options of a tenant's read of one record by its id in the path (scope read): its reply, and the errors of
 * finding it, a malformed id (docs/api.md#errors) or its kind's not-found code.
 */
export const readOneRoute = (tag: string, summary: string, reply: TSchema, notFound: ErrorCode) => ({
  auth: ['read'] satisfies ['read'],
  detail: doc({ summary, tag, ok: { 200: reply }, errors: ['invalid_path_parameter', notFound] }),
});

/** The options of a record's public JSON proof (docs/verification.md): the public rate limit, its reply, proof_not_found. */
export const publicProofRoute = (summary: string, reply: TSchema) => ({
  publicRate: true satisfies true,
  detail: doc({ summary, tag: 'proofs', ok: { 200: reply }, errors: ['invalid_path_parameter', 'proof_not_found'] }),
});
