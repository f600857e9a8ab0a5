import {
  abytes,
  ahash,
  aexists,
  aoutput,
  clean,
  sha256,
  fromHex,
  equalBytes,
  checkDocument,
  resultOf
} from "./rules-7vgvf5dz.js";

// src/errors.ts
class ProofLedgerError extends Error {
  code;
  status;
  retryAfter;
  body;
  constructor(init) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "ProofLedgerError";
    this.code = init.code;
    this.status = init.status;
    this.retryAfter = init.retryAfter ?? null;
    this.body = init.body ?? null;
  }
}
function errorOfAnswer(status, body, retryAfter) {
  if (typeof body === "object" && body !== null && typeof body.error === "string") {
    const b = body;
    return new ProofLedgerError({ code: b.error, status, message: typeof b.message === "string" ? b.message : b.error, retryAfter, body });
  }
  const text = typeof body === "string" ? body.slice(0, 200) : "";
  const code = status === 429 ? "rate_limited" : status === 503 ? "overloaded" : status >= 500 ? "internal_error" : "bad_request";
  return new ProofLedgerError({ code, status, message: text || `HTTP ${status}`, retryAfter, body });
}

// src/transport.ts
class NoAnswer extends Error {
  timedOut;
  constructor(message, timedOut, cause) {
    super(message, cause === undefined ? undefined : { cause });
    this.timedOut = timedOut;
  }
}
var isBun = typeof globalThis.Bun !== "undefined";
var isNode = !isBun && typeof globalThis.process?.versions?.node === "string";
function exchange(x) {
  return x.ca && isNode ? nodeExchange(x) : fetchExchange(x);
}
async function fetchExchange(x) {
  const ctl = new AbortController;
  const timer = setTimeout(() => ctl.abort(), x.timeoutMs);
  try {
    const init = { method: x.method, headers: x.headers, body: x.body, signal: ctl.signal, ...x.ca && isBun ? { tls: { ca: x.ca } } : {} };
    const res = await fetch(x.url, init);
    return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
  } catch (e) {
    throw new NoAnswer(ctl.signal.aborted ? `no answer within ${x.timeoutMs} ms` : `no answer: ${e.message}`, ctl.signal.aborted, e);
  } finally {
    clearTimeout(timer);
  }
}
var https = null;
var NODE_HTTPS = "node:https";
async function nodeExchange(x) {
  https ??= import(NODE_HTTPS);
  const { request } = await https;
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const req = request(x.url, { method: x.method, headers: x.headers, ca: x.ca }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("error", (e) => reject(new NoAnswer(`no answer: ${e.message}`, timedOut, e)));
      res.on("end", () => {
        clearTimeout(timer);
        const headers = new Headers;
        for (const [k, v] of Object.entries(res.headers))
          if (v !== undefined)
            headers.set(k, Array.isArray(v) ? v.join(", ") : v);
        const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
        let o = 0;
        for (const c of chunks) {
          bytes.set(c, o);
          o += c.length;
        }
        resolve({ status: res.statusCode ?? 0, headers, bytes });
      });
    });
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy(new Error(`no answer within ${x.timeoutMs} ms`));
    }, x.timeoutMs);
    req.on("error", (e) => {
      clearTimeout(timer);
      reject(new NoAnswer(timedOut ? `no answer within ${x.timeoutMs} ms` : `no answer: ${e.message}`, timedOut, e));
    });
    req.end(x.body);
  });
}

// src/http.ts
var MAX_RETRY_AFTER_S = 60;
var MAX_PROCESSING_POLLS = 60;
var utf8 = new TextDecoder;
function retryAfterSeconds(v, now = Date.now()) {
  if (v === null || v.trim() === "")
    return null;
  if (/^\d+$/.test(v.trim()))
    return Number(v.trim());
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
var backoffMs = (attempt) => {
  const full = Math.min(8000, 500 * 2 ** attempt);
  return full / 2 + Math.random() * (full / 2);
};
var sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function parseBody(a) {
  if (a.bytes.length === 0)
    return null;
  const text = utf8.decode(a.bytes);
  if ((a.headers.get("content-type") ?? "").includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

class Http {
  baseUrl;
  apiKey;
  ca;
  maxRetries;
  timeoutMs;
  constructor(o) {
    if (!o || typeof o.baseUrl !== "string" || !/^https?:\/\//.test(o.baseUrl))
      throw new TypeError("baseUrl must be an absolute http(s) URL");
    this.baseUrl = o.baseUrl.replace(/\/+$/, "");
    this.apiKey = o.apiKey;
    this.ca = o.ca;
    this.maxRetries = Math.max(0, o.maxRetries ?? 3);
    this.timeoutMs = o.timeoutMs ?? 30000;
  }
  url(path, query) {
    const q = new URLSearchParams;
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v === undefined || v === null)
        continue;
      q.set(k, Array.isArray(v) ? v.join(",") : String(v));
    }
    const s = q.toString();
    return this.baseUrl + path + (s ? `?${s}` : "");
  }
  async call(method, path, o = {}) {
    const headers = { accept: o.bytes ? "*/*" : "application/json" };
    if (this.apiKey)
      headers.authorization = `Bearer ${this.apiKey}`;
    if (o.body !== undefined)
      headers["content-type"] = "application/json";
    if (o.idempotencyKey !== undefined)
      headers["idempotency-key"] = o.idempotencyKey;
    const body = o.body === undefined ? undefined : JSON.stringify(o.body);
    const repeatable = o.repeatable ?? (method === "GET" || o.idempotencyKey !== undefined);
    const url = this.url(path, o.query);
    let retries = 0;
    let polls = 0;
    let sentBefore = false;
    for (;; ) {
      let a;
      try {
        a = await exchange({ method, url, headers, body, timeoutMs: this.timeoutMs, ca: this.ca });
      } catch (e) {
        if (!(e instanceof NoAnswer))
          throw e;
        sentBefore = true;
        if (repeatable && retries < this.maxRetries) {
          await sleep(backoffMs(retries++));
          continue;
        }
        throw new ProofLedgerError({ code: e.timedOut ? "timeout" : "connection_error", status: 0, message: `${method} ${path}: ${e.message}`, cause: e.cause });
      }
      const retryAfter = retryAfterSeconds(a.headers.get("retry-after"));
      if (a.status >= 200 && a.status < 300) {
        if (o.bytes)
          return { status: a.status, headers: a.headers, body: a.bytes };
        const parsed = parseBody(a);
        if (a.status === 202 && o.idempotencyKey !== undefined && parsed?.status === "processing") {
          if (polls++ >= MAX_PROCESSING_POLLS)
            throw new ProofLedgerError({ code: "processing", status: 202, message: `${method} ${path}: still processing after ${polls - 1} polls`, retryAfter, body: parsed });
          await sleep(Math.min(retryAfter ?? 1, MAX_RETRY_AFTER_S) * 1000);
          continue;
        }
        return { status: a.status, headers: a.headers, body: parsed };
      }
      const parsed = parseBody(a);
      const err = errorOfAnswer(a.status, parsed, retryAfter);
      if (o.duplicateMeansStored && sentBefore && a.status === 409 && err.code === "duplicate_event") {
        const id = parsed.event_id;
        return { status: 201, headers: a.headers, body: { event_id: id, status: "accepted" } };
      }
      const retryable = a.status === 429 && err.code !== "quota_exceeded" || a.status === 503 || a.status >= 500 && repeatable;
      if (!retryable || retries >= this.maxRetries)
        throw err;
      sentBefore = true;
      await sleep(retryAfter !== null ? Math.min(retryAfter, MAX_RETRY_AFTER_S) * 1000 : backoffMs(retries));
      retries++;
    }
  }
}

// src/client.ts
var seg = (v) => encodeURIComponent(v);
var newKey = (o) => o?.idempotencyKey ?? globalThis.crypto.randomUUID();
var sleep2 = (ms) => new Promise((r) => setTimeout(r, ms));

class ProofLedger {
  http;
  events;
  ai;
  documents;
  traces;
  audit;
  proofs;
  log;
  head;
  keys;
  constructor(options) {
    this.http = new Http(options);
    this.events = new Events(this.http);
    this.ai = new Ai(this.http);
    this.documents = new Documents(this.http);
    this.traces = new Traces(this.http);
    this.audit = new Audit(this.http);
    this.proofs = new Proofs(this.http);
    this.log = new Log(this.http);
    this.head = new Head(this.http);
    this.keys = new Keys(this.http);
  }
}

class Resource {
  http;
  constructor(http) {
    this.http = http;
  }
  async read(path, query) {
    return (await this.http.call("GET", path, { query })).body;
  }
}

class Events extends Resource {
  async create(body, o) {
    const r = await this.http.call("POST", "/v1/events", { body, idempotencyKey: newKey(o) });
    return { ...r.body, replayed: r.headers.get("idempotent-replayed") === "true" };
  }
  get(id) {
    return this.read(`/v1/events/${seg(id)}`);
  }
  list(query = {}) {
    return this.read("/v1/events", query);
  }
  async* iterate(query = {}) {
    for (let page = 1;; page++) {
      const p = await this.list({ ...query, page });
      yield* p.events;
      if (!p.has_more || p.events.length === 0)
        return;
    }
  }
  verify(id, what) {
    const body = "payloadHash" in what ? { payload_hash: what.payloadHash } : { payload: what.payload };
    return this.http.call("POST", `/v1/events/${seg(id)}/verify`, { body, repeatable: true }).then((r) => r.body);
  }
}

class Ai extends Resource {
  async attest(body, o) {
    return (await this.http.call("POST", "/v1/ai/attestations", { body, idempotencyKey: newKey(o) })).body;
  }
  get(id) {
    return this.read(`/v1/ai/attestations/${seg(id)}`);
  }
  async verifyContent(id, contentHash) {
    return (await this.http.call("POST", `/v1/proof/ai/${seg(id)}/verify`, { body: { content_hash: contentHash }, repeatable: true })).body;
  }
}

class Documents extends Resource {
  async anchor(body) {
    return (await this.http.call("POST", "/v1/document/anchor", { body })).body;
  }
  get(id) {
    return this.read(`/v1/document/${seg(id)}`);
  }
  async original(id) {
    return (await this.http.call("GET", `/v1/document/${seg(id)}/original`, { bytes: true })).body;
  }
  async verify(id, documentHash) {
    return (await this.http.call("POST", `/v1/document/${seg(id)}/verify`, { body: { document_hash: documentHash }, repeatable: true })).body;
  }
  async verifyPublic(id, documentHash) {
    return (await this.http.call("POST", `/v1/proof/document/${seg(id)}/verify`, { body: { document_hash: documentHash }, repeatable: true })).body;
  }
}

class Traces extends Resource {
  async create(body) {
    return (await this.http.call("POST", "/v1/traces", { body })).body;
  }
  get(id) {
    return this.read(`/v1/traces/${seg(id)}`);
  }
  async seal(id) {
    return (await this.http.call("POST", `/v1/traces/${seg(id)}/seal`, { repeatable: true })).body;
  }
  async waitSealed(id, o = {}) {
    const deadline = Date.now() + (o.timeoutMs ?? 60000);
    for (let wait = o.intervalMs ?? 250;; wait = Math.min(wait * 2, 2000)) {
      const t = await this.get(id);
      if (t.status === "sealed")
        return t;
      if (Date.now() + wait > deadline)
        throw new ProofLedgerError({ code: "timeout", status: 0, message: `trace ${id} is still ${t.status}`, body: t });
      await sleep2(wait);
    }
  }
  async setPublic(id, enabled) {
    return (await this.http.call("POST", `/v1/traces/${seg(id)}/public`, { body: { enabled }, repeatable: true })).body;
  }
  proof(id) {
    return this.read(`/v1/traces/${seg(id)}/proof`);
  }
  async pdf(id) {
    return (await this.http.call("GET", `/v1/traces/${seg(id)}/proof.pdf`, { bytes: true })).body;
  }
}

class Audit extends Resource {
  async createOrg(body) {
    return (await this.http.call("POST", "/v1/audit/orgs", { body })).body;
  }
  listOrgs(query = {}) {
    return this.read("/v1/audit/orgs", query);
  }
  getOrg(id) {
    return this.read(`/v1/audit/orgs/${seg(id)}`);
  }
  async setArchived(id, archived) {
    return (await this.http.call("POST", `/v1/audit/orgs/${seg(id)}/${archived ? "archive" : "unarchive"}`, { repeatable: true })).body;
  }
  async deleteOrg(id) {
    return (await this.http.call("DELETE", `/v1/audit/orgs/${seg(id)}`)).body;
  }
  async setRetention(id, days) {
    return (await this.http.call("PUT", `/v1/audit/orgs/${seg(id)}/retention`, { body: { days }, repeatable: true })).body;
  }
  integrity(id) {
    return this.read(`/v1/audit/orgs/${seg(id)}/integrity`);
  }
  async createEvent(body, o) {
    return (await this.http.call("POST", "/v1/audit/events", { body, idempotencyKey: newKey(o), duplicateMeansStored: true })).body;
  }
  list(query) {
    return this.read("/v1/audit/events", query);
  }
  async* iterate(query) {
    let cursor;
    do {
      const p = await this.list({ ...query, ...cursor ? { cursor } : {} });
      yield* p.events;
      cursor = p.next_cursor ?? undefined;
    } while (cursor);
  }
  getEvent(id) {
    return this.read(`/v1/audit/events/${seg(id)}`);
  }
  verify(id) {
    return this.read(`/v1/audit/events/${seg(id)}/verify`);
  }
  async createStream(orgId, body) {
    return (await this.http.call("POST", `/v1/audit/orgs/${seg(orgId)}/streams`, { body })).body;
  }
  async listStreams(orgId) {
    return (await this.read(`/v1/audit/orgs/${seg(orgId)}/streams`)).streams;
  }
  async deleteStream(orgId, streamId) {
    return (await this.http.call("DELETE", `/v1/audit/orgs/${seg(orgId)}/streams/${seg(streamId)}`)).body;
  }
  async setStreamPaused(orgId, streamId, paused) {
    return (await this.http.call("POST", `/v1/audit/orgs/${seg(orgId)}/streams/${seg(streamId)}/${paused ? "pause" : "resume"}`, { repeatable: true })).body;
  }
  async createPortalSession(body) {
    return (await this.http.call("POST", "/v1/audit/portal_sessions", { body })).body;
  }
  async createExport(body) {
    return (await this.http.call("POST", "/v1/audit/exports", { body })).body;
  }
  getExport(id) {
    return this.read(`/v1/audit/exports/${seg(id)}`);
  }
  checkpoint(orgId) {
    return this.read(`/v1/audit/orgs/${seg(orgId)}/log/checkpoint`);
  }
  consistency(orgId, first, second) {
    return this.read(`/v1/audit/orgs/${seg(orgId)}/log/consistency`, { first, second });
  }
}

class Proofs extends Resource {
  event(id) {
    return this.read(`/v1/proof/event/${seg(id)}`);
  }
  ai(id) {
    return this.read(`/v1/proof/ai/${seg(id)}`);
  }
  document(id) {
    return this.read(`/v1/proof/document/${seg(id)}`);
  }
  trace(id) {
    return this.read(`/v1/proof/trace/${seg(id)}`);
  }
}

class Log extends Resource {
  checkpoint() {
    return this.read("/v1/log/checkpoint");
  }
  inclusion(query) {
    return this.read("/v1/log/inclusion", query);
  }
  consistency(first, second) {
    return this.read("/v1/log/consistency", { first, second });
  }
  integrity() {
    return this.read("/v1/log/integrity");
  }
  publicCheckpoint(domain) {
    return this.read(`/v1/proof/log/${seg(domain)}/checkpoint`);
  }
}

class Head extends Resource {
  checkpoint(query = {}) {
    return this.read("/v1/proof/head/checkpoint", query);
  }
  inclusion(query) {
    return this.read("/v1/proof/head/inclusion", query);
  }
  consistency(first, second) {
    return this.read("/v1/proof/head/consistency", { first, second });
  }
}

class Keys extends Resource {
  get(domain) {
    return this.read(`/keys/${seg(domain)}`);
  }
  platform() {
    return this.read("/.well-known/svc-platform-key");
  }
}
// src/verify.ts
async function verify(proof, trust = {}) {
  return resultOf(await checkDocument(proof, trust));
}
// ../../../main/node_modules/@noble/hashes/hmac.js
class _HMAC {
  oHash;
  iHash;
  blockLen;
  outputLen;
  canXOF = false;
  finished = false;
  destroyed = false;
  constructor(hash, key) {
    ahash(hash);
    abytes(key, undefined, "key");
    this.iHash = hash.create();
    if (typeof this.iHash.update !== "function")
      throw new Error("expected Hash instance");
    this.blockLen = this.iHash.blockLen;
    this.outputLen = this.iHash.outputLen;
    const blockLen = this.blockLen;
    const pad = new Uint8Array(blockLen);
    pad.set(key.length > blockLen ? hash.create().update(key).digest() : key);
    for (let i = 0;i < pad.length; i++)
      pad[i] ^= 54;
    this.iHash.update(pad);
    this.oHash = hash.create();
    for (let i = 0;i < pad.length; i++)
      pad[i] ^= 54 ^ 92;
    this.oHash.update(pad);
    clean(pad);
  }
  update(buf) {
    aexists(this);
    this.iHash.update(buf);
    return this;
  }
  digestInto(out) {
    aexists(this);
    aoutput(out, this);
    this.finished = true;
    const buf = out.subarray(0, this.outputLen);
    this.iHash.digestInto(buf);
    this.oHash.update(buf);
    this.oHash.digestInto(buf);
    this.destroy();
  }
  digest() {
    const out = new Uint8Array(this.oHash.outputLen);
    this.digestInto(out);
    return out;
  }
  _cloneInto(to) {
    to ||= Object.create(Object.getPrototypeOf(this), {});
    const { oHash, iHash, finished, destroyed, blockLen, outputLen, canXOF } = this;
    to = to;
    to.finished = finished;
    to.destroyed = destroyed;
    to.blockLen = blockLen;
    to.outputLen = outputLen;
    to.canXOF = canXOF;
    to.oHash = oHash._cloneInto(to.oHash);
    to.iHash = iHash._cloneInto(to.iHash);
    return to;
  }
  clone() {
    return this._cloneInto();
  }
  destroy() {
    this.destroyed = true;
    this.oHash.destroy();
    this.iHash.destroy();
  }
}
var hmac = /* @__PURE__ */ (() => {
  const hmac_ = (hash, key, message) => new _HMAC(hash, key).update(message).digest();
  hmac_.create = (hash, key) => new _HMAC(hash, key);
  return hmac_;
})();

// src/webhook.ts
var utf82 = new TextEncoder;
function verifyWebhook(rawBody, signatureHeader, secret, o = {}) {
  if (typeof signatureHeader !== "string" || typeof secret !== "string" || secret === "")
    return false;
  let t = null;
  const sigs = [];
  for (const part of signatureHeader.split(",")) {
    const i = part.indexOf("=");
    const k = part.slice(0, i).trim();
    const v = part.slice(i + 1).trim();
    if (k === "t" && /^\d{1,15}$/.test(v))
      t = Number(v);
    else if (k === "v1") {
      const b = fromHex(v.toLowerCase());
      if (b && b.length === 32)
        sigs.push(b);
    }
  }
  if (t === null || sigs.length === 0)
    return false;
  const tolerance = o.toleranceSeconds ?? 300;
  if (Math.abs((o.now ?? Date.now()) / 1000 - t) > tolerance)
    return false;
  const body = typeof rawBody === "string" ? utf82.encode(rawBody) : rawBody;
  const prefix = utf82.encode(`${t}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);
  const expected = hmac(sha256, utf82.encode(secret), signed);
  let ok = false;
  for (const s of sigs)
    ok = equalBytes(expected, s) || ok;
  return ok;
}
export {
  ProofLedger,
  ProofLedgerError,
  verify,
  verifyWebhook
};
