// Owns the examples of GET /openapi.json: one per request body and per response of every operation. Errors are made
// from the error table (one per code a response lists), framework rejections from their plain-text form, pages and
// binary bodies are described by kind; every other body takes its value from src/http/examples/ (docs/architecture.md
// "Examples in the OpenAPI document"), by operation first, then by the named schema the body is.
import { ERRORS, isErrorCode } from '../errors';
import { EXAMPLES, type Example } from './examples';

type Json = Record<string, any>;
type ExampleObject = { summary?: string; description?: string; value?: unknown };

/** The fields beyond {error, message} that some error bodies carry, as the appliance fills them in. */
const ERROR_EXTRAS: Record<string, Json> = {
  rate_limited: {
    retry_after: 1,
    plan_tier: 'builder',
    limit_per_sec: 50,
    upgrade_url: 'https://ledger.example.com/upgrade',
  },
  quota_exceeded: {
    resource: 'events_per_month',
    current_usage: 100000,
    plan_limit: 100000,
    plan_tier: 'builder',
    upgrade_url: 'https://ledger.example.com/upgrade',
  },
  duplicate_event: { event_id: 'aevt_01M8EMQGN79JBB11R7Z23A9JEN' },
  document_already_anchored: {
    event_id: '01a21d4e-4c5e-7e5c-8ac0-0a4f5a3b0d91',
    anchored_at: '2026-11-27T09:02:11.514Z',
  },
  leaf_pending: { leaf_index: 9, retry_after: 1 },
  internal_error: { request_id: 'm3x1k2-4f' },
};
/** The budgets without a plan (a client IP, a portal session) answer rate_limited with these fields only. */
const PLANLESS_RATE = ['retry_after', 'limit_per_sec'];

/** One example per code of an error response: the code's body as the table gives it (`keyed`: an API key route). */
export function errorExamples(codes: string[], keyed: boolean): Record<string, ExampleObject> {
  return Object.fromEntries(
    codes.map((code) => {
      let extra = ERROR_EXTRAS[code] ?? {};
      if (code === 'rate_limited' && !keyed)
        extra = Object.fromEntries(Object.entries(extra).filter(([k]) => PLANLESS_RATE.includes(k)));
      const message = isErrorCode(code) ? ERRORS[code].message : code;
      return [code, { summary: message, value: { error: code, message, ...extra } }];
    }),
  );
}

/**
 * One example per code of a concise problem details response (docs/scitt.md#errors): the CBOR map in diagnostic
 * notation, as the appliance sends it.
 */
export function problemExamples(codes: string[]): Record<string, ExampleObject> {
  return Object.fromEntries(
    codes.map((code) => {
      const message = isErrorCode(code) ? ERRORS[code].message : code;
      return [
        code,
        { summary: message, description: 'CBOR diagnostic notation', value: `{-1: "${code}", -2: "${message}"}` },
      ];
    }),
  );
}

/** The plain-text rejections of the framework layer (src/http/app.ts, src/params.ts), by status. */
export const FRAMEWORK_EXAMPLES: Record<number, Record<string, ExampleObject>> = {
  400: {
    not_an_integer: {
      summary: 'A paging parameter that is not an integer',
      value: 'Bad Request: limit must be an integer',
    },
    malformed_json: { summary: 'A body that is not JSON', value: 'Bad Request: malformed JSON body' },
  },
  415: {
    content_type: {
      summary: 'A body sent without Content-Type: application/json',
      value: 'Unsupported Media Type: send Content-Type: application/json',
    },
  },
  422: {
    schema: {
      summary: 'A body failing the route schema',
      value: 'Unprocessable Entity: body /payload Expected required property',
    },
  },
};

/** Bodies that are pages, scripts or bytes: described by kind, since no JSON value shows them. */
const BY_KIND: Record<string, ExampleObject> = {
  'text/html': { summary: 'An HTML page', description: 'The page shell; its script loads the data from the API.' },
  'text/javascript': { summary: 'A browser script', description: "The page's bundled ES module." },
  'text/css': { summary: 'A stylesheet', description: "The page's stylesheet." },
  'application/pdf': {
    summary: 'A PDF document',
    description: 'The certificate of the sealed trace (PDF 1.7), with its hashes, signatures and a QR code.',
  },
  'application/cose': {
    summary: 'A COSE receipt',
    description: 'Binary: a COSE_Sign1 (RFC 9052) signed by the log key, with the inclusion proof of the record.',
  },
  'application/cbor': {
    summary: 'A COSE key set',
    description: 'Binary: deterministic CBOR, the COSE keys (RFC 9052) that sign receipts, by RFC 9679 key id.',
  },
  'application/zip': {
    summary: 'An evidence pack',
    description:
      'Binary: a ZIP holding README.txt, proof.json, the COSE receipts and tlog-proofs, keys.json, platform-key.json, witness-policy.txt and tsa/<n>.tsr (docs/verification.md#22-evidence-packs).',
  },
  'application/octet-stream': {
    summary: 'A C2SP tile',
    description: 'Binary: up to 256 concatenated 32-byte hashes (a hash tile), or the log entries of a data tile.',
  },
};

const targetOf = (e: Example) => ('schema' in e ? `schema ${e.schema}` : `${e.op} ${e.status}`);

/** The examples of the list, grouped: `schema <Name>` or `<METHOD> <path> <status|body>`. */
function grouped(list: readonly Example[]): Map<string, Example[]> {
  const out = new Map<string, Example[]>();
  for (const e of list) out.set(targetOf(e), [...(out.get(targetOf(e)) ?? []), e]);
  return out;
}

const asObjects = (list: Example[]): Record<string, ExampleObject> =>
  Object.fromEntries(
    list.map((e, i) => [
      e.name ?? (list.length > 1 ? `example${i + 1}` : 'example'),
      { ...(e.summary ? { summary: e.summary } : {}), value: e.value },
    ]),
  );

/** The examples for one body of `op` (`status`: a response status, or 'body'), or undefined when none is known. */
function examplesFor(
  all: Map<string, Example[]>,
  op: string,
  status: string,
  mediaType: string,
  media: Json,
): Record<string, ExampleObject> | undefined {
  const own = (all.get(`${op} ${status}`) ?? []).filter((e) => !('media' in e) || !e.media || e.media === mediaType);
  if (own.length) return asObjects(own);
  const ref: string | undefined = media.schema?.$ref;
  if (ref) {
    const named = all.get(`schema ${ref.split('/').pop()}`);
    if (named?.length && mediaType === 'application/json') return asObjects(named);
  }
  const kind = BY_KIND[mediaType];
  return kind ? { [mediaType.split('/')[1]!]: kind } : undefined;
}

/**
 * Adds the examples of `list` (src/http/examples/ by default) to every request body and response of `document`
 * that has none yet (error responses carry theirs from errorExamples). A body with no example known stays without:
 * test/http/openapi-examples.test.ts names it.
 */
export function addExamples(document: Json, list: readonly Example[] = EXAMPLES): Json {
  const all = grouped(list);
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      const key = `${method.toUpperCase()} ${path}`;
      const bodies: [string, Json | undefined][] = [
        ['body', op.requestBody],
        ...Object.entries(op.responses as Json).map(([s, r]) => [s, r] as [string, Json]),
      ];
      for (const [status, body] of bodies) {
        for (const [mediaType, media] of Object.entries((body?.content ?? {}) as Json)) {
          if (media.examples || media.example !== undefined) continue;
          const found = examplesFor(all, key, status, mediaType, media);
          if (found) media.examples = found;
        }
      }
    }
  }
  return document;
}
