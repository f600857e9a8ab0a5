// ../../../main/node_modules/@noble/ed25519/index.js
/*! noble-ed25519 - MIT License (c) 2019 Paul Miller (paulmillr.com) */
var freeze = Object.freeze;
var P = 0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffedn;
var N = 0x1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3edn;
var _d = 0x52036cee2b6ffe738cc740797779e89800700a4d4141d8ab75eb4dca135978a3n;
var Gx = 0x216936d3cd6e53fec0a4e231fdd6dc5c692cc7609525a7b2c9562d608f25d51an;
var Gy = 0x6666666666666666666666666666666666666666666666666666666666666658n;
var _a = P - 1n;
var ed25519_CURVE = freeze({
  p: P,
  n: N,
  h: 8n,
  a: _a,
  d: _d,
  Gx,
  Gy
});
var LEN = 32;
var isBytes = (a) => {
  return a instanceof Uint8Array || ArrayBuffer.isView(a) && a.constructor.name === "Uint8Array" && a.BYTES_PER_ELEMENT === 1;
};
var abytes2 = (value, length, title = "") => {
  if (isBytes(value) && (length === undefined || value.length === length))
    return value;
  const bytes = isBytes(value);
  const ofLen = length !== undefined ? ` of length ${length}` : "";
  const got = bytes ? `length=${value.length}` : `type=${typeof value}`;
  const message = (title ? `"${title}" ` : "") + "expected Uint8Array" + ofLen + ", got " + got;
  if (!bytes)
    throw new TypeError(message);
  throw new RangeError(message);
};
var snapshotBytes = (value, title = "", length) => Uint8Array.from(abytes2(value, length, title));
var padh = (n, pad) => n.toString(16).padStart(pad, "0");
var bytesToHex = (bytes) => {
  let hex = "";
  for (const byte of abytes2(bytes))
    hex += padh(byte, 2);
  return hex;
};
var hexToBytes = (hex) => {
  const e = "hex invalid";
  if (typeof hex !== "string")
    throw new TypeError(e);
  if (hex.length % 2 || !/^[\da-f]*$/i.test(hex))
    throw new RangeError(e);
  const array = new Uint8Array(hex.length / 2);
  for (let ai = 0, hi = 0;ai < array.length; ai++, hi += 2) {
    const n1 = hex.charCodeAt(hi);
    const n2 = hex.charCodeAt(hi + 1);
    array[ai] = ((n1 & 15) + (n1 >> 6) * 9) * 16 + (n2 & 15) + (n2 >> 6) * 9;
  }
  return array;
};
var concatBytes = (...arrays) => {
  let sum = 0;
  for (const a of arrays)
    sum += abytes2(a).length;
  const res = new Uint8Array(sum);
  let pad = 0;
  for (const a of arrays) {
    res.set(a, pad);
    pad += a.length;
  }
  return res;
};
var arange = (n, min, max, msg = "bad number: out of range") => {
  if (typeof n !== "bigint")
    throw new TypeError(msg);
  if (min <= n && n < max)
    return n;
  throw new RangeError(msg);
};
var mod = (a, b = P) => (a %= b) >= 0n ? a : b + a;
var P_MASK = (1n << 255n) - 1n;
var modP = (num) => {
  if (num < 0n)
    throw new RangeError("negative coordinate");
  let r = (num >> 255n) * 19n + (num & P_MASK);
  r = (r >> 255n) * 19n + (r & P_MASK);
  return r % P;
};
var modN = (a) => mod(a, N);
var invert = (number, modulo) => {
  if (number === 0n)
    throw new Error("invert: expected non-zero number");
  if (modulo <= 1n)
    throw new Error("invert: expected modulus > 1, got " + modulo);
  let a = mod(number, modulo);
  let b = modulo;
  let x = 0n, u = 1n;
  while (a !== 0n) {
    const q = b / a;
    const r = b - a * q;
    const m = x - u * q;
    b = a, a = r, x = u, u = m;
  }
  const gcd = b;
  if (gcd !== 1n)
    throw new Error("invert: does not exist");
  return mod(x, modulo);
};
var _hash = (name) => {
  const fn = hashes[name];
  if (typeof fn !== "function")
    throw new Error("hashes." + name + " not set");
  return fn;
};
var callHash = (name, ...m) => abytes2(_hash(name)(concatBytes(...m)), 64, "digest");
var apoint = (p) => {
  if (p instanceof Point)
    return p;
  throw new TypeError("Point expected");
};
var B256 = 2n ** 256n;

class Point {
  static BASE;
  static ZERO;
  X;
  Y;
  Z;
  T;
  constructor(X, Y, Z, T) {
    const max = B256;
    this.X = arange(X, 0n, max);
    this.Y = arange(Y, 0n, max);
    this.Z = arange(Z, 1n, max);
    this.T = arange(T, 0n, max);
    freeze(this);
  }
  static CURVE() {
    return ed25519_CURVE;
  }
  static fromAffine(p) {
    return new Point(p.x, p.y, 1n, modP(p.x * p.y));
  }
  static fromBytes(bytes, zip215 = false) {
    const normed = snapshotBytes(bytes, "point", LEN);
    const lastByte = normed[31];
    normed[31] = lastByte & ~128;
    const y = bytesToNumberLE(normed);
    if (!zip215)
      arange(y, 0n, P);
    const y2 = modP(y * y);
    const u = mod(y2 - 1n);
    const v = modP(_d * y2 + 1n);
    let { isValid, value: x } = uvRatio(u, v);
    if (!isValid)
      throw new Error("bad point: y not sqrt");
    const isLastByteOdd = !!(lastByte & 128);
    if (!zip215 && x === 0n && isLastByteOdd)
      throw new Error("bad point: x==0, isLastByteOdd");
    if (isLastByteOdd !== !!(x & 1n))
      x = mod(-x);
    return new Point(x, y, 1n, modP(x * y));
  }
  static fromHex(hex, zip215) {
    return Point.fromBytes(hexToBytes(hex), zip215);
  }
  get x() {
    return this.toAffine().x;
  }
  get y() {
    return this.toAffine().y;
  }
  assertValidity() {
    const a = _a;
    const d = _d;
    const p = this;
    if (p.is0())
      throw new Error("bad point: ZERO");
    const { X, Y, Z, T } = p;
    const X2 = modP(X * X);
    const Y2 = modP(Y * Y);
    const Z2 = modP(Z * Z);
    const Z4 = modP(Z2 * Z2);
    const aX2 = modP(X2 * a);
    const left = modP(Z2 * (aX2 + Y2));
    const right = mod(Z4 + modP(d * modP(X2 * Y2)));
    if (left !== right)
      throw new Error("bad point: equation left != right (1)");
    const XY = modP(X * Y);
    const ZT = modP(Z * T);
    if (XY !== ZT)
      throw new Error("bad point: equation left != right (2)");
    return this;
  }
  equals(other) {
    const { X: X1, Y: Y1, Z: Z1 } = this;
    const { X: X2, Y: Y2, Z: Z2 } = apoint(other);
    return modP(X1 * Z2) === modP(X2 * Z1) && modP(Y1 * Z2) === modP(Y2 * Z1);
  }
  is0() {
    return this.equals(I);
  }
  negate() {
    return new Point(mod(-this.X), this.Y, this.Z, mod(-this.T));
  }
  double() {
    const { X: X1, Y: Y1, Z: Z1 } = this;
    const a = _a;
    const A = modP(X1 * X1);
    const B = modP(Y1 * Y1);
    const C = modP(2n * Z1 * Z1);
    const D = modP(a * A);
    const x1y1 = mod(X1 + Y1);
    const E = mod(modP(x1y1 * x1y1) - A - B);
    const G = mod(D + B);
    const F = mod(G - C);
    const H = mod(D - B);
    const X3 = modP(E * F);
    const Y3 = modP(G * H);
    const T3 = modP(E * H);
    const Z3 = modP(F * G);
    return new Point(X3, Y3, Z3, T3);
  }
  add(other) {
    const { X: X1, Y: Y1, Z: Z1, T: T1 } = this;
    const { X: X2, Y: Y2, Z: Z2, T: T2 } = apoint(other);
    const a = _a;
    const d = _d;
    const A = modP(X1 * X2);
    const B = modP(Y1 * Y2);
    const C = modP(modP(T1 * d) * T2);
    const D = modP(Z1 * Z2);
    const E = mod(modP(mod(X1 + Y1) * mod(X2 + Y2)) - A - B);
    const F = mod(D - C);
    const G = mod(D + C);
    const H = mod(B - modP(a * A));
    const X3 = modP(E * F);
    const Y3 = modP(G * H);
    const T3 = modP(E * H);
    const Z3 = modP(F * G);
    return new Point(X3, Y3, Z3, T3);
  }
  subtract(other) {
    return this.add(apoint(other).negate());
  }
  multiply(n, safe = true) {
    if (!safe && n === 0n)
      return I;
    arange(n, 1n, N);
    if (!safe && this.is0())
      return I;
    if (n === 1n)
      return this;
    if (this.equals(G))
      return wNAF(n).p;
    let p = I;
    let f = G;
    let d = this;
    for (let i = 0;safe ? i < 256 : n > 0n; i++) {
      if (n & 1n)
        p = p.add(d);
      else if (safe)
        f = f.add(d);
      d = d.double();
      n >>= 1n;
    }
    return p;
  }
  multiplyUnsafe(scalar) {
    return this.multiply(scalar, false);
  }
  toAffine() {
    const { X, Y, Z } = this;
    if (this.equals(I))
      return { x: 0n, y: 1n };
    const iz = invert(Z, P);
    if (modP(Z * iz) !== 1n)
      throw new Error("invalid inverse");
    return { x: modP(X * iz), y: modP(Y * iz) };
  }
  toBytes() {
    const { x, y } = this.toAffine();
    const b = numTo32bLE(y);
    b[31] |= x & 1n ? 128 : 0;
    return b;
  }
  toHex() {
    return bytesToHex(this.toBytes());
  }
  clearCofactor() {
    return this.multiply(8n, false);
  }
  isSmallOrder() {
    return this.clearCofactor().is0();
  }
  isTorsionFree() {
    return this.multiply(N / 2n, false).double().add(this).is0();
  }
}
var G = new Point(Gx, Gy, 1n, mod(Gx * Gy));
var I = new Point(0n, 1n, 1n, 0n);
Point.BASE = G;
Point.ZERO = I;
var numTo32bLE = (num) => hexToBytes(padh(arange(num, 0n, B256), 64)).reverse();
var bytesToNumberLE = (b) => BigInt("0x" + bytesToHex(Uint8Array.from(abytes2(b)).reverse()));
var pow2 = (x, power) => {
  let r = x;
  while (power-- > 0) {
    r = modP(r * r);
  }
  return r;
};
var pow_2_252_3 = (x) => {
  const x2 = modP(x * x);
  const b2 = modP(x2 * x);
  const b4 = modP(pow2(b2, 2) * b2);
  const b5 = modP(pow2(b4, 1) * x);
  const b10 = modP(pow2(b5, 5) * b5);
  const b20 = modP(pow2(b10, 10) * b10);
  const b40 = modP(pow2(b20, 20) * b20);
  const b80 = modP(pow2(b40, 40) * b40);
  const b160 = modP(pow2(b80, 80) * b80);
  const b240 = modP(pow2(b160, 80) * b80);
  const b250 = modP(pow2(b240, 10) * b10);
  return modP(pow2(b250, 2) * x);
};
var RM1 = 0x2b8324804fc1df0b2b4d00993dfbd7a72f431806ad2fe478c4ee1b274a0ea0b0n;
var uvRatio = (u, v) => {
  const v3 = modP(v * modP(v * v));
  const v7 = modP(modP(v3 * v3) * v);
  const pow = pow_2_252_3(modP(u * v7));
  let x = modP(u * modP(v3 * pow));
  const vx2 = modP(v * modP(x * x));
  const root1 = x;
  const root2 = modP(x * RM1);
  const useRoot1 = vx2 === u;
  const useRoot2 = vx2 === mod(-u);
  const noRoot = vx2 === mod(-u * RM1);
  if (useRoot1)
    x = root1;
  if (useRoot2 || noRoot)
    x = root2;
  if ((mod(x) & 1n) === 1n)
    x = mod(-x);
  return { isValid: useRoot1 || useRoot2, value: x };
};
var modL_LE = (hash) => modN(bytesToNumberLE(hash));
var hashFinishSync = (res) => res[1](callHash("sha512", res[0]));
var getZip215 = (options) => {
  if (options === null || typeof options !== "object")
    throw new TypeError("expected valid options object");
  return options.zip215 ?? true;
};
var _verify = (sig, msg, publicKey, options) => {
  sig = abytes2(sig, 64, "signature");
  msg = abytes2(msg, undefined, "message");
  publicKey = abytes2(publicKey, LEN, "publicKey");
  const zip215 = getZip215(options);
  const r = sig.subarray(0, LEN);
  const s = bytesToNumberLE(sig.subarray(LEN, 64));
  let A, R, SB;
  let hashable = Uint8Array.of();
  let finished = false;
  try {
    A = Point.fromBytes(publicKey, zip215);
    R = Point.fromBytes(r, zip215);
    SB = G.multiply(s, false);
    hashable = concatBytes(r, publicKey, msg);
    finished = true;
  } catch (error) {}
  const finish = (hashed) => {
    if (!finished)
      return false;
    if (!zip215 && A.isSmallOrder())
      return false;
    const k = modL_LE(hashed);
    const RkA = R.add(A.multiply(k, false));
    return RkA.subtract(SB).clearCofactor().is0();
  };
  return [hashable, finish];
};
var verify = (signature, message, publicKey, opts = {}) => hashFinishSync(_verify(signature, message, publicKey, opts));
var hashes = {
  sha512Async: async (message) => {
    const s = globalThis?.crypto?.subtle;
    if (!s)
      throw new Error("crypto.subtle must be defined, consider polyfill");
    return new Uint8Array(await s.digest("SHA-512", concatBytes(message)));
  },
  sha512: undefined
};
var precompute = () => {
  const points = [];
  let p = G;
  let b;
  for (let w = 0;w < 33; w++) {
    b = p;
    points.push(b);
    for (let i = 1;i < 128; i++) {
      b = b.add(p);
      points.push(b);
    }
    p = b.double();
  }
  return points;
};
var Gpows = undefined;
var ctneg = (cnd, p) => {
  const n = p.negate();
  return cnd ? n : p;
};
var wNAF = (n) => {
  const comp = Gpows || (Gpows = precompute());
  let p = I;
  let f = G;
  for (let w = 0;w < 33; w++) {
    let wbits = Number(n & 255n);
    n >>= 8n;
    if (wbits > 128) {
      wbits -= 256;
      n += 1n;
    }
    const off = w * 128;
    const offP = off + Math.abs(wbits) - 1;
    const isOddW = w % 2 !== 0;
    const isNeg = wbits < 0;
    if (wbits === 0) {
      f = f.add(ctneg(isOddW, comp[off]));
    } else {
      p = p.add(ctneg(isNeg, comp[offP]));
    }
  }
  if (n !== 0n)
    throw new Error("invalid wnaf");
  return { p, f };
};

// ../../../main/node_modules/@noble/hashes/_u64.js
var U32_MASK64 = /* @__PURE__ */ (() => BigInt(2 ** 32 - 1))();
var _32n = /* @__PURE__ */ BigInt(32);
function fromBig(n, le = false) {
  if (le)
    return { h: Number(n & U32_MASK64), l: Number(n >> _32n & U32_MASK64) };
  return { h: Number(n >> _32n & U32_MASK64) | 0, l: Number(n & U32_MASK64) | 0 };
}
function split(lst, le = false) {
  const len = lst.length;
  let Ah = new Uint32Array(len);
  let Al = new Uint32Array(len);
  for (let i = 0;i < len; i++) {
    const { h, l } = fromBig(lst[i], le);
    [Ah[i], Al[i]] = [h, l];
  }
  return [Ah, Al];
}
var fromNumH = (n) => n / 2 ** 32 | 0;
var fromNumL = (n) => n >>> 0;
function setU64FromNum(view, byteOffset, n, isLE) {
  const h = fromNumH(n);
  const l = fromNumL(n);
  view.setUint32(byteOffset, isLE ? l : h, isLE);
  view.setUint32(byteOffset + 4, isLE ? h : l, isLE);
}
var shrSH = (h, _l, s) => h >>> s;
var shrSL = (h, l, s) => h << 32 - s | l >>> s;
var rotrSH = (h, l, s) => h >>> s | l << 32 - s;
var rotrSL = (h, l, s) => h << 32 - s | l >>> s;
var rotrBH = (h, l, s) => h << 64 - s | l >>> s - 32;
var rotrBL = (h, l, s) => h >>> s - 32 | l << 64 - s;
function add(Ah, Al, Bh, Bl) {
  const l = (Al >>> 0) + (Bl >>> 0);
  return { h: Ah + Bh + (l / 2 ** 32 | 0) | 0, l: l | 0 };
}
var add3L = (Al, Bl, Cl) => (Al >>> 0) + (Bl >>> 0) + (Cl >>> 0);
var add3H = (low, Ah, Bh, Ch) => Ah + Bh + Ch + (low / 2 ** 32 | 0) | 0;
var add4L = (Al, Bl, Cl, Dl) => (Al >>> 0) + (Bl >>> 0) + (Cl >>> 0) + (Dl >>> 0);
var add4H = (low, Ah, Bh, Ch, Dh) => Ah + Bh + Ch + Dh + (low / 2 ** 32 | 0) | 0;
var add5L = (Al, Bl, Cl, Dl, El) => (Al >>> 0) + (Bl >>> 0) + (Cl >>> 0) + (Dl >>> 0) + (El >>> 0);
var add5H = (low, Ah, Bh, Ch, Dh, Eh) => Ah + Bh + Ch + Dh + Eh + (low / 2 ** 32 | 0) | 0;

// ../../../main/node_modules/@noble/hashes/utils.js
function isBytes2(a) {
  return a instanceof Uint8Array || ArrayBuffer.isView(a) && a.constructor.name === "Uint8Array" && "BYTES_PER_ELEMENT" in a && a.BYTES_PER_ELEMENT === 1;
}
var atitle = (title) => title ? `"${title}" ` : "";
function anumber(n, title = "") {
  if (typeof n !== "number")
    throw new TypeError(atitle(title) + "expected number, got " + typeof n);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new RangeError(atitle(title) + "expected integer >= 0, got " + n);
  return n;
}
function abytes(value, length, title = "") {
  if (isBytes2(value) && (length === undefined || value.length === length))
    return value;
  if (length !== undefined)
    anumber(length, "length");
  const bytes = isBytes2(value);
  const ofLen = length !== undefined ? ` of length ${length}` : "";
  const got = bytes ? `length=${value.length}` : `type=${typeof value}`;
  const message = atitle(title) + "expected Uint8Array" + ofLen + ", got " + got;
  if (!bytes)
    throw new TypeError(message);
  throw new RangeError(message);
}
function ahash(h) {
  if (typeof h !== "function" || typeof h.create !== "function")
    throw new TypeError("expected hash wrapped by utils.createHasher");
  anumber(h.outputLen);
  anumber(h.blockLen);
  if (h.outputLen < 1 || h.blockLen < 1)
    throw new Error("hash blockLen / outputLen must be >= 1");
}
var aobject = (value, label) => {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new TypeError((label === "object" ? "" : `"${label}" `) + "expected object, got type=" + typeof value);
};
var aopts = (value, label) => {
  aobject(value, label);
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null)
    throw new TypeError(`"${label}" expected plain object`);
  if (Object.hasOwn(value, "__proto__"))
    throw new TypeError(`"${label}.__proto__" is not allowed`);
};
function aexists(instance, checkFinished = true) {
  if (instance.destroyed)
    throw new Error("hash was destroyed");
  if (checkFinished && instance.finished)
    throw new Error("digest() was already called");
}
function aoutput(out, instance) {
  abytes(out, undefined, "output");
  const min = instance.outputLen;
  if (!(out.length >= min)) {
    throw new RangeError('"output" expected length >= ' + min);
  }
}
function clean(...arrays) {
  for (let i = 0;i < arrays.length; i++) {
    arrays[i].fill(0);
  }
}
function createView(arr) {
  return new DataView(arr.buffer, arr.byteOffset, arr.byteLength);
}
function rotr(word, shift) {
  return word << 32 - shift | word >>> shift;
}
function rotl(word, shift) {
  return word << shift | word >>> 32 - shift >>> 0;
}
function checkOpts(defaults, opts, title = "opts") {
  aopts(defaults, "defaults");
  if (opts !== undefined)
    aopts(opts, title);
  const merged = Object.assign(Object.create(null), defaults, opts);
  return merged;
}
function createHasher(hashCons, info = {}) {
  if (typeof hashCons !== "function")
    throw new TypeError('"hashCons" expected function, got type=' + typeof hashCons);
  info = checkOpts({}, info, "info");
  const hashC = (msg, opts) => hashCons(opts).update(msg).digest();
  const tmp = hashCons(undefined);
  hashC.outputLen = tmp.outputLen;
  hashC.blockLen = tmp.blockLen;
  hashC.canXOF = tmp.canXOF;
  hashC.create = (opts) => hashCons(opts);
  Object.assign(hashC, info);
  return Object.freeze(hashC);
}
var oidNist = (suffix) => ({
  oid: Uint8Array.from([6, 9, 96, 134, 72, 1, 101, 3, 4, 2, suffix])
});

// ../../../main/node_modules/@noble/hashes/_md.js
function Chi(a, b, c) {
  return a & b ^ ~a & c;
}
function Maj(a, b, c) {
  return a & b ^ a & c ^ b & c;
}

class HashMD {
  blockLen;
  outputLen;
  canXOF = false;
  padOffset;
  isLE;
  buffer;
  view;
  finished = false;
  length = 0;
  pos = 0;
  destroyed = false;
  constructor(blockLen, outputLen, padOffset, isLE) {
    this.blockLen = blockLen;
    this.outputLen = outputLen;
    this.padOffset = padOffset;
    this.isLE = isLE;
    this.buffer = new Uint8Array(blockLen);
    this.view = createView(this.buffer);
  }
  update(data) {
    aexists(this);
    abytes(data);
    const { view, buffer, blockLen } = this;
    const len = data.length;
    let processed = false;
    for (let pos = 0;pos < len; ) {
      const take = Math.min(blockLen - this.pos, len - pos);
      if (take === blockLen) {
        const dataView = createView(data);
        for (;blockLen <= len - pos; pos += blockLen)
          this.process(dataView, pos);
        processed = true;
        continue;
      }
      buffer.set(pos === 0 && take === len ? data : data.subarray(pos, pos + take), this.pos);
      this.pos += take;
      pos += take;
      if (this.pos === blockLen) {
        this.process(view, 0);
        this.pos = 0;
        processed = true;
      }
    }
    this.length += data.length;
    if (processed)
      this.roundClean();
    return this;
  }
  digestInto(out) {
    aexists(this);
    aoutput(out, this);
    this.finished = true;
    const { buffer, view, blockLen, isLE } = this;
    let { pos } = this;
    buffer[pos++] = 128;
    buffer.fill(0, pos);
    if (this.padOffset > blockLen - pos) {
      this.process(view, 0);
      buffer.fill(0);
    }
    setU64FromNum(view, blockLen - 8, this.length * 8, isLE);
    this.process(view, 0);
    this.roundClean();
    const oview = out === buffer ? view : createView(out);
    const len = this.outputLen;
    const outLen = len / 4;
    const state = this.get();
    if (len % 4 || outLen > state.length)
      throw new Error("invalid outputLen");
    for (let i = 0;i < outLen; i++)
      oview.setUint32(4 * i, state[i], isLE);
  }
  digest() {
    const { buffer, outputLen } = this;
    this.digestInto(buffer);
    const res = buffer.slice(0, outputLen);
    this.destroy();
    return res;
  }
  _cloneIntoMeta(to) {
    const { buffer, length, finished, destroyed, pos } = this;
    to.destroyed = destroyed;
    to.finished = finished;
    to.length = length;
    to.pos = pos;
    if (pos)
      to.buffer.set(buffer);
    return to;
  }
  clone() {
    return this._cloneInto();
  }
}
var SHA256_IV = /* @__PURE__ */ Uint32Array.from([
  1779033703,
  3144134277,
  1013904242,
  2773480762,
  1359893119,
  2600822924,
  528734635,
  1541459225
]);
var SHA384_IV = /* @__PURE__ */ Uint32Array.from([
  3418070365,
  3238371032,
  1654270250,
  914150663,
  2438529370,
  812702999,
  355462360,
  4144912697,
  1731405415,
  4290775857,
  2394180231,
  1750603025,
  3675008525,
  1694076839,
  1203062813,
  3204075428
]);
var SHA512_IV = /* @__PURE__ */ Uint32Array.from([
  1779033703,
  4089235720,
  3144134277,
  2227873595,
  1013904242,
  4271175723,
  2773480762,
  1595750129,
  1359893119,
  2917565137,
  2600822924,
  725511199,
  528734635,
  4215389547,
  1541459225,
  327033209
]);

// ../../../main/node_modules/@noble/hashes/sha2.js
var SHA256_K = /* @__PURE__ */ Uint32Array.from([
  1116352408,
  1899447441,
  3049323471,
  3921009573,
  961987163,
  1508970993,
  2453635748,
  2870763221,
  3624381080,
  310598401,
  607225278,
  1426881987,
  1925078388,
  2162078206,
  2614888103,
  3248222580,
  3835390401,
  4022224774,
  264347078,
  604807628,
  770255983,
  1249150122,
  1555081692,
  1996064986,
  2554220882,
  2821834349,
  2952996808,
  3210313671,
  3336571891,
  3584528711,
  113926993,
  338241895,
  666307205,
  773529912,
  1294757372,
  1396182291,
  1695183700,
  1986661051,
  2177026350,
  2456956037,
  2730485921,
  2820302411,
  3259730800,
  3345764771,
  3516065817,
  3600352804,
  4094571909,
  275423344,
  430227734,
  506948616,
  659060556,
  883997877,
  958139571,
  1322822218,
  1537002063,
  1747873779,
  1955562222,
  2024104815,
  2227730452,
  2361852424,
  2428436474,
  2756734187,
  3204031479,
  3329325298
]);
var SHA256_W = /* @__PURE__ */ new Uint32Array(64);

class SHA2_32B extends HashMD {
  A = 0;
  B = 0;
  C = 0;
  D = 0;
  E = 0;
  F = 0;
  G = 0;
  H = 0;
  constructor(outputLen, IV) {
    super(64, outputLen, 8, false);
    this.A = IV[0] | 0;
    this.B = IV[1] | 0;
    this.C = IV[2] | 0;
    this.D = IV[3] | 0;
    this.E = IV[4] | 0;
    this.F = IV[5] | 0;
    this.G = IV[6] | 0;
    this.H = IV[7] | 0;
  }
  get() {
    const { A, B, C, D, E, F, G, H } = this;
    return [A, B, C, D, E, F, G, H];
  }
  set(A, B, C, D, E, F, G, H) {
    this.A = A | 0;
    this.B = B | 0;
    this.C = C | 0;
    this.D = D | 0;
    this.E = E | 0;
    this.F = F | 0;
    this.G = G | 0;
    this.H = H | 0;
  }
  _cloneInto(to) {
    (to ||= new this.constructor).set(...this.get());
    return this._cloneIntoMeta(to);
  }
  process(view, offset) {
    for (let i = 0;i < 16; i++, offset += 4)
      SHA256_W[i] = view.getUint32(offset, false);
    for (let i = 16;i < 64; i++) {
      const W15 = SHA256_W[i - 15];
      const W2 = SHA256_W[i - 2];
      const s0 = rotr(W15, 7) ^ rotr(W15, 18) ^ W15 >>> 3;
      const s1 = rotr(W2, 17) ^ rotr(W2, 19) ^ W2 >>> 10;
      SHA256_W[i] = s1 + SHA256_W[i - 7] + s0 + SHA256_W[i - 16] | 0;
    }
    let { A, B, C, D, E, F, G, H } = this;
    for (let i = 0;i < 64; i++) {
      const sigma1 = rotr(E, 6) ^ rotr(E, 11) ^ rotr(E, 25);
      const T1 = H + sigma1 + Chi(E, F, G) + SHA256_K[i] + SHA256_W[i] | 0;
      const sigma0 = rotr(A, 2) ^ rotr(A, 13) ^ rotr(A, 22);
      const T2 = sigma0 + Maj(A, B, C) | 0;
      H = G;
      G = F;
      F = E;
      E = D + T1 | 0;
      D = C;
      C = B;
      B = A;
      A = T1 + T2 | 0;
    }
    A = A + this.A | 0;
    B = B + this.B | 0;
    C = C + this.C | 0;
    D = D + this.D | 0;
    E = E + this.E | 0;
    F = F + this.F | 0;
    G = G + this.G | 0;
    H = H + this.H | 0;
    this.set(A, B, C, D, E, F, G, H);
  }
  roundClean() {
    clean(SHA256_W);
  }
  destroy() {
    this.destroyed = true;
    this.set(0, 0, 0, 0, 0, 0, 0, 0);
    clean(this.buffer);
  }
}

class _SHA256 extends SHA2_32B {
  constructor() {
    super(32, SHA256_IV);
  }
}
var K512 = /* @__PURE__ */ (() => split([
  "0x428a2f98d728ae22",
  "0x7137449123ef65cd",
  "0xb5c0fbcfec4d3b2f",
  "0xe9b5dba58189dbbc",
  "0x3956c25bf348b538",
  "0x59f111f1b605d019",
  "0x923f82a4af194f9b",
  "0xab1c5ed5da6d8118",
  "0xd807aa98a3030242",
  "0x12835b0145706fbe",
  "0x243185be4ee4b28c",
  "0x550c7dc3d5ffb4e2",
  "0x72be5d74f27b896f",
  "0x80deb1fe3b1696b1",
  "0x9bdc06a725c71235",
  "0xc19bf174cf692694",
  "0xe49b69c19ef14ad2",
  "0xefbe4786384f25e3",
  "0x0fc19dc68b8cd5b5",
  "0x240ca1cc77ac9c65",
  "0x2de92c6f592b0275",
  "0x4a7484aa6ea6e483",
  "0x5cb0a9dcbd41fbd4",
  "0x76f988da831153b5",
  "0x983e5152ee66dfab",
  "0xa831c66d2db43210",
  "0xb00327c898fb213f",
  "0xbf597fc7beef0ee4",
  "0xc6e00bf33da88fc2",
  "0xd5a79147930aa725",
  "0x06ca6351e003826f",
  "0x142929670a0e6e70",
  "0x27b70a8546d22ffc",
  "0x2e1b21385c26c926",
  "0x4d2c6dfc5ac42aed",
  "0x53380d139d95b3df",
  "0x650a73548baf63de",
  "0x766a0abb3c77b2a8",
  "0x81c2c92e47edaee6",
  "0x92722c851482353b",
  "0xa2bfe8a14cf10364",
  "0xa81a664bbc423001",
  "0xc24b8b70d0f89791",
  "0xc76c51a30654be30",
  "0xd192e819d6ef5218",
  "0xd69906245565a910",
  "0xf40e35855771202a",
  "0x106aa07032bbd1b8",
  "0x19a4c116b8d2d0c8",
  "0x1e376c085141ab53",
  "0x2748774cdf8eeb99",
  "0x34b0bcb5e19b48a8",
  "0x391c0cb3c5c95a63",
  "0x4ed8aa4ae3418acb",
  "0x5b9cca4f7763e373",
  "0x682e6ff3d6b2b8a3",
  "0x748f82ee5defb2fc",
  "0x78a5636f43172f60",
  "0x84c87814a1f0ab72",
  "0x8cc702081a6439ec",
  "0x90befffa23631e28",
  "0xa4506cebde82bde9",
  "0xbef9a3f7b2c67915",
  "0xc67178f2e372532b",
  "0xca273eceea26619c",
  "0xd186b8c721c0c207",
  "0xeada7dd6cde0eb1e",
  "0xf57d4f7fee6ed178",
  "0x06f067aa72176fba",
  "0x0a637dc5a2c898a6",
  "0x113f9804bef90dae",
  "0x1b710b35131c471b",
  "0x28db77f523047d84",
  "0x32caab7b40c72493",
  "0x3c9ebe0a15c9bebc",
  "0x431d67c49c100d4c",
  "0x4cc5d4becb3e42b6",
  "0x597f299cfc657e2a",
  "0x5fcb6fab3ad6faec",
  "0x6c44198c4a475817"
].map((n) => BigInt(n))))();
var SHA512_Kh = /* @__PURE__ */ (() => K512[0])();
var SHA512_Kl = /* @__PURE__ */ (() => K512[1])();
var SHA512_W_H = /* @__PURE__ */ new Uint32Array(80);
var SHA512_W_L = /* @__PURE__ */ new Uint32Array(80);

class SHA2_64B extends HashMD {
  Ah = 0;
  Al = 0;
  Bh = 0;
  Bl = 0;
  Ch = 0;
  Cl = 0;
  Dh = 0;
  Dl = 0;
  Eh = 0;
  El = 0;
  Fh = 0;
  Fl = 0;
  Gh = 0;
  Gl = 0;
  Hh = 0;
  Hl = 0;
  constructor(outputLen, IV) {
    super(128, outputLen, 16, false);
    this.Ah = IV[0] | 0;
    this.Al = IV[1] | 0;
    this.Bh = IV[2] | 0;
    this.Bl = IV[3] | 0;
    this.Ch = IV[4] | 0;
    this.Cl = IV[5] | 0;
    this.Dh = IV[6] | 0;
    this.Dl = IV[7] | 0;
    this.Eh = IV[8] | 0;
    this.El = IV[9] | 0;
    this.Fh = IV[10] | 0;
    this.Fl = IV[11] | 0;
    this.Gh = IV[12] | 0;
    this.Gl = IV[13] | 0;
    this.Hh = IV[14] | 0;
    this.Hl = IV[15] | 0;
  }
  get() {
    const { Ah, Al, Bh, Bl, Ch, Cl, Dh, Dl, Eh, El, Fh, Fl, Gh, Gl, Hh, Hl } = this;
    return [Ah, Al, Bh, Bl, Ch, Cl, Dh, Dl, Eh, El, Fh, Fl, Gh, Gl, Hh, Hl];
  }
  set(Ah, Al, Bh, Bl, Ch, Cl, Dh, Dl, Eh, El, Fh, Fl, Gh, Gl, Hh, Hl) {
    this.Ah = Ah | 0;
    this.Al = Al | 0;
    this.Bh = Bh | 0;
    this.Bl = Bl | 0;
    this.Ch = Ch | 0;
    this.Cl = Cl | 0;
    this.Dh = Dh | 0;
    this.Dl = Dl | 0;
    this.Eh = Eh | 0;
    this.El = El | 0;
    this.Fh = Fh | 0;
    this.Fl = Fl | 0;
    this.Gh = Gh | 0;
    this.Gl = Gl | 0;
    this.Hh = Hh | 0;
    this.Hl = Hl | 0;
  }
  _cloneInto(to) {
    (to ||= new this.constructor).set(...this.get());
    return this._cloneIntoMeta(to);
  }
  process(view, offset) {
    for (let i = 0;i < 16; i++, offset += 4) {
      SHA512_W_H[i] = view.getUint32(offset);
      SHA512_W_L[i] = view.getUint32(offset += 4);
    }
    for (let i = 16;i < 80; i++) {
      const W15h = SHA512_W_H[i - 15] | 0;
      const W15l = SHA512_W_L[i - 15] | 0;
      const s0h = rotrSH(W15h, W15l, 1) ^ rotrSH(W15h, W15l, 8) ^ shrSH(W15h, W15l, 7);
      const s0l = rotrSL(W15h, W15l, 1) ^ rotrSL(W15h, W15l, 8) ^ shrSL(W15h, W15l, 7);
      const W2h = SHA512_W_H[i - 2] | 0;
      const W2l = SHA512_W_L[i - 2] | 0;
      const s1h = rotrSH(W2h, W2l, 19) ^ rotrBH(W2h, W2l, 61) ^ shrSH(W2h, W2l, 6);
      const s1l = rotrSL(W2h, W2l, 19) ^ rotrBL(W2h, W2l, 61) ^ shrSL(W2h, W2l, 6);
      const SUMl = add4L(s0l, s1l, SHA512_W_L[i - 7], SHA512_W_L[i - 16]);
      const SUMh = add4H(SUMl, s0h, s1h, SHA512_W_H[i - 7], SHA512_W_H[i - 16]);
      SHA512_W_H[i] = SUMh | 0;
      SHA512_W_L[i] = SUMl | 0;
    }
    let { Ah, Al, Bh, Bl, Ch, Cl, Dh, Dl, Eh, El, Fh, Fl, Gh, Gl, Hh, Hl } = this;
    for (let i = 0;i < 80; i++) {
      const sigma1h = rotrSH(Eh, El, 14) ^ rotrSH(Eh, El, 18) ^ rotrBH(Eh, El, 41);
      const sigma1l = rotrSL(Eh, El, 14) ^ rotrSL(Eh, El, 18) ^ rotrBL(Eh, El, 41);
      const CHIh = Eh & Fh ^ ~Eh & Gh;
      const CHIl = El & Fl ^ ~El & Gl;
      const T1ll = add5L(Hl, sigma1l, CHIl, SHA512_Kl[i], SHA512_W_L[i]);
      const T1h = add5H(T1ll, Hh, sigma1h, CHIh, SHA512_Kh[i], SHA512_W_H[i]);
      const T1l = T1ll | 0;
      const sigma0h = rotrSH(Ah, Al, 28) ^ rotrBH(Ah, Al, 34) ^ rotrBH(Ah, Al, 39);
      const sigma0l = rotrSL(Ah, Al, 28) ^ rotrBL(Ah, Al, 34) ^ rotrBL(Ah, Al, 39);
      const MAJh = Ah & Bh ^ Ah & Ch ^ Bh & Ch;
      const MAJl = Al & Bl ^ Al & Cl ^ Bl & Cl;
      Hh = Gh | 0;
      Hl = Gl | 0;
      Gh = Fh | 0;
      Gl = Fl | 0;
      Fh = Eh | 0;
      Fl = El | 0;
      ({ h: Eh, l: El } = add(Dh | 0, Dl | 0, T1h | 0, T1l | 0));
      Dh = Ch | 0;
      Dl = Cl | 0;
      Ch = Bh | 0;
      Cl = Bl | 0;
      Bh = Ah | 0;
      Bl = Al | 0;
      const All = add3L(T1l, sigma0l, MAJl);
      Ah = add3H(All, T1h, sigma0h, MAJh);
      Al = All | 0;
    }
    ({ h: Ah, l: Al } = add(this.Ah | 0, this.Al | 0, Ah | 0, Al | 0));
    ({ h: Bh, l: Bl } = add(this.Bh | 0, this.Bl | 0, Bh | 0, Bl | 0));
    ({ h: Ch, l: Cl } = add(this.Ch | 0, this.Cl | 0, Ch | 0, Cl | 0));
    ({ h: Dh, l: Dl } = add(this.Dh | 0, this.Dl | 0, Dh | 0, Dl | 0));
    ({ h: Eh, l: El } = add(this.Eh | 0, this.El | 0, Eh | 0, El | 0));
    ({ h: Fh, l: Fl } = add(this.Fh | 0, this.Fl | 0, Fh | 0, Fl | 0));
    ({ h: Gh, l: Gl } = add(this.Gh | 0, this.Gl | 0, Gh | 0, Gl | 0));
    ({ h: Hh, l: Hl } = add(this.Hh | 0, this.Hl | 0, Hh | 0, Hl | 0));
    this.set(Ah, Al, Bh, Bl, Ch, Cl, Dh, Dl, Eh, El, Fh, Fl, Gh, Gl, Hh, Hl);
  }
  roundClean() {
    clean(SHA512_W_H, SHA512_W_L);
  }
  destroy() {
    this.destroyed = true;
    clean(this.buffer);
    this.set(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  }
}

class _SHA512 extends SHA2_64B {
  constructor() {
    super(64, SHA512_IV);
  }
}

class _SHA384 extends SHA2_64B {
  constructor() {
    super(48, SHA384_IV);
  }
}
var sha256 = /* @__PURE__ */ createHasher(() => new _SHA256, /* @__PURE__ */ oidNist(1));
var sha512 = /* @__PURE__ */ createHasher(() => new _SHA512, /* @__PURE__ */ oidNist(3));
var sha384 = /* @__PURE__ */ createHasher(() => new _SHA384, /* @__PURE__ */ oidNist(2));

// ../../src/verify/browser-primitives.ts
hashes.sha512 = sha512;
var browserSha256 = (data) => sha256(data);
var browserVerify = (publicKey, message, signature) => {
  try {
    if (publicKey.length !== 32 || signature.length !== 64)
      return false;
    return verify(signature, message, publicKey, { zip215: false });
  } catch {
    return false;
  }
};
var browserPrimitives = { sha256: browserSha256, verify: browserVerify };

// ../../src/verify/primitives.ts
var HEX_DIGITS = "0123456789abcdef";
function toHex(b) {
  let s = "";
  for (let i = 0;i < b.length; i++)
    s += HEX_DIGITS[b[i] >> 4] + HEX_DIGITS[b[i] & 15];
  return s;
}
function fromHex(s) {
  if (s.length % 2 !== 0 || !/^[0-9a-f]*$/.test(s))
    return null;
  const out = new Uint8Array(s.length / 2);
  for (let i = 0;i < out.length; i++)
    out[i] = parseInt(s.slice(2 * i, 2 * i + 2), 16);
  return out;
}
function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
function equalBytes(a, b) {
  if (a.length !== b.length)
    return false;
  let d = 0;
  for (let i = 0;i < a.length; i++)
    d |= a[i] ^ b[i];
  return d === 0;
}
function fromBase64(s) {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s))
    return null;
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0;i < bin.length; i++)
    out[i] = bin.charCodeAt(i);
  return out;
}
function fromBase64Url(s) {
  if (!/^[A-Za-z0-9_-]*$/.test(s) || s.length % 4 === 1)
    return null;
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/");
  return fromBase64(b64 + "=".repeat((4 - b64.length % 4) % 4));
}

// ../../src/verify/note.ts
var utf8 = new TextEncoder;
var ED25519_ALG = 1;
var SIG_PREFIX = "— ";
var MAX_SIGNATURES = 100;
function typedKeyId(sha, name, type, publicKey) {
  return sha(concat(utf8.encode(name), new Uint8Array([10, type]), publicKey)).slice(0, 4);
}
function noteKeyId(sha, name, publicKey) {
  return typedKeyId(sha, name, ED25519_ALG, publicKey);
}
function parseVerifierKey(sha, vkey) {
  return parseTypedVerifierKey(sha, vkey, ED25519_ALG);
}
function parseTypedVerifierKey(sha, vkey, type) {
  const m = /^([^+\s]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/=]+)$/.exec(vkey);
  if (!m)
    return null;
  const raw = fromBase64(m[3]);
  if (raw?.length !== 33 || raw[0] !== type)
    return null;
  const publicKey = raw.slice(1);
  return toHex(typedKeyId(sha, m[1], type, publicKey)) === m[2] ? { name: m[1], publicKey } : null;
}
function hasControlCharacter(s) {
  for (let i = 0;i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 && c !== 10 || c === 127 || c === 65533)
      return true;
  }
  return false;
}
function parseNote(text) {
  if (!text.endsWith(`
`))
    return null;
  const split = text.lastIndexOf(`

`);
  if (split < 0)
    return null;
  const body = text.slice(0, split + 1);
  if (hasControlCharacter(body))
    return null;
  const lines = text.slice(split + 2, -1).split(`
`);
  if (lines.length > MAX_SIGNATURES)
    return null;
  const signatures = [];
  for (const line of lines) {
    if (!line.startsWith(SIG_PREFIX))
      return null;
    const rest = line.slice(SIG_PREFIX.length);
    const sp = rest.indexOf(" ");
    if (sp <= 0 || rest.slice(0, sp).includes("+"))
      return null;
    const raw = fromBase64(rest.slice(sp + 1));
    if (!raw || raw.length < 5)
      return null;
    signatures.push({ name: rest.slice(0, sp), keyId: raw.slice(0, 4), signature: raw.slice(4) });
  }
  return { body, signatures };
}
function verifyNote(p, text, name, publicKey) {
  const note = parseNote(text);
  if (!note)
    return false;
  const id = noteKeyId(p.sha256, name, publicKey);
  const msg = utf8.encode(note.body);
  return note.signatures.some((s) => s.name === name && equalBytes(s.keyId, id) && s.signature.length === 64 && p.verify(publicKey, msg, s.signature));
}
function parseCheckpoint(body) {
  const m = /^([^\n]+)\n(0|[1-9][0-9]{0,15})\n([A-Za-z0-9+/=]+)\n$/.exec(body);
  if (!m)
    return null;
  const treeSize = Number(m[2]);
  const root = fromBase64(m[3]);
  if (!Number.isSafeInteger(treeSize) || !root || root.length !== 32)
    return null;
  return { origin: m[1], treeSize, root };
}

// ../../src/verify/cosignature.ts
var utf82 = new TextEncoder;
var COSIGNATURE_ALG = 4;
var parseCosignerKey = (sha, vkey) => parseTypedVerifierKey(sha, vkey, COSIGNATURE_ALG);

// ../../src/verify/policy.ts
var NONE = "none";
function controlCharacter(line) {
  for (let i = 0;i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c < 32 && c !== 9 || c === 127)
      return c;
  }
  return -1;
}
function parsePolicy(sha, text) {
  const policy = { logs: [], witnesses: [], groups: [], quorum: null };
  const defined = new Set;
  let quorumLine = 0;
  const lines = text.split(`
`);
  if (lines.length > 1 && lines[lines.length - 1] === "")
    lines.pop();
  for (let i = 0;i < lines.length; i++) {
    const n = i + 1;
    const fail = (error) => ({ ok: false, line: n, error });
    const raw = lines[i];
    const bad = controlCharacter(raw);
    if (bad >= 0)
      return fail(bad === 13 ? "carriage return: the file must use newline (LF) line endings" : `control character 0x${bad.toString(16).padStart(2, "0")} is not allowed`);
    const words = raw.split(/[ \t]+/).filter((w) => w !== "");
    if (!words.length || words[0].startsWith("#"))
      continue;
    const [keyword, ...args] = words;
    const newName = (name) => name === NONE ? `the name "${NONE}" is reserved` : defined.has(name) ? `the name "${name}" is already defined` : null;
    switch (keyword) {
      case "log": {
        if (args.length < 1 || args.length > 2)
          return fail("expected: log <vkey> [<url>]");
        const key = parseVerifierKey(sha, args[0]);
        if (!key)
          return fail("the log key is not an Ed25519 signed-note vkey (<name>+<key id>+<base64 of 0x01 and 32 bytes>) with a matching key id");
        if (policy.logs.some((l) => equalBytes(l.publicKey, key.publicKey)))
          return fail("this log key is already listed");
        policy.logs.push({ origin: key.name, publicKey: key.publicKey, vkey: args[0], url: args[1] ?? null });
        break;
      }
      case "witness": {
        if (args.length < 2 || args.length > 3)
          return fail("expected: witness <name> <vkey> [<url>]");
        const clash = newName(args[0]);
        if (clash)
          return fail(clash);
        const key = parseCosignerKey(sha, args[1]);
        if (!key)
          return fail("the witness key is not an Ed25519 cosigner vkey (<name>+<key id>+<base64 of 0x04 and 32 bytes>) with a matching key id");
        if (policy.witnesses.some((w) => equalBytes(w.publicKey, key.publicKey)))
          return fail("this witness key is already listed");
        policy.witnesses.push({ name: args[0], keyName: key.name, publicKey: key.publicKey, vkey: args[1], url: args[2] ?? null });
        defined.add(args[0]);
        break;
      }
      case "group": {
        if (args.length < 3)
          return fail("expected: group <name> <k|all|any> <member>...");
        const [name, k, ...members] = args;
        const clash = newName(name);
        if (clash)
          return fail(clash);
        const seen = new Set;
        for (const m of members) {
          if (m === NONE)
            return fail(`"${NONE}" cannot be a group member`);
          if (!defined.has(m))
            return fail(`group ${name} names ${m}, which no earlier line defines`);
          if (seen.has(m))
            return fail(`group ${name} lists ${m} twice`);
          seen.add(m);
        }
        const threshold = k === "all" ? members.length : k === "any" ? 1 : /^[1-9][0-9]{0,5}$/.test(k) ? Number(k) : 0;
        if (threshold < 1 || threshold > members.length)
          return fail(`the threshold must be all, any or a number from 1 to ${members.length}`);
        policy.groups.push({ name, threshold, members });
        defined.add(name);
        break;
      }
      case "quorum": {
        if (args.length !== 1)
          return fail("expected: quorum <name|none>");
        if (quorumLine)
          return fail(`a second quorum line (the first is line ${quorumLine})`);
        if (args[0] !== NONE && !defined.has(args[0]))
          return fail(`the quorum names ${args[0]}, which no earlier line defines`);
        policy.quorum = args[0] === NONE ? null : args[0];
        quorumLine = n;
        break;
      }
      default:
        return fail(`unknown keyword "${keyword}" (expected log, witness, group or quorum)`);
    }
  }
  if (!quorumLine)
    return { ok: false, line: lines.length, error: 'no quorum line (write "quorum none" to require no cosignature)' };
  return { ok: true, policy };
}

// ../../../main/node_modules/asn1js/node_modules/@peculiar/utils/build/bytes/buffer-source.js
var ARRAY_BUFFER_TAG = "[object ArrayBuffer]";
var SHARED_ARRAY_BUFFER_TAG = "[object SharedArrayBuffer]";
function tagOf(value) {
  return Object.prototype.toString.call(value);
}
function isDataViewConstructor(type) {
  return type === DataView || type.prototype instanceof DataView;
}
function bytesPerElement(type) {
  if (isDataViewConstructor(type))
    return 1;
  return type.BYTES_PER_ELEMENT ?? 1;
}
function isArrayBufferViewLike(value) {
  if (ArrayBuffer.isView(value))
    return true;
  if (!value || typeof value !== "object")
    return false;
  const view = value;
  return typeof view.byteOffset === "number" && typeof view.byteLength === "number" && isArrayBufferLike(view.buffer);
}
function copyBytes(data) {
  const view = toUint8Array(data);
  const copy = new Uint8Array(view.byteLength);
  copy.set(view);
  return copy;
}
function isArrayBuffer(value) {
  return tagOf(value) === ARRAY_BUFFER_TAG;
}
function isSharedArrayBuffer(value) {
  return typeof SharedArrayBuffer !== "undefined" && tagOf(value) === SHARED_ARRAY_BUFFER_TAG;
}
function isArrayBufferLike(value) {
  return isArrayBuffer(value) || isSharedArrayBuffer(value);
}
function isArrayBufferView(value) {
  return isArrayBufferViewLike(value);
}
function isBufferSource(value) {
  return isArrayBufferLike(value) || isArrayBufferView(value);
}
function assertBufferSource(value) {
  if (!isBufferSource(value))
    throw new TypeError("Expected ArrayBuffer, SharedArrayBuffer, or ArrayBufferView");
}
function toUint8Array(data) {
  assertBufferSource(data);
  if (isArrayBufferLike(data))
    return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
function toUint8ArrayCopy(data) {
  return copyBytes(data);
}
function toArrayBuffer(data) {
  assertBufferSource(data);
  if (isArrayBuffer(data))
    return data;
  const buffer = new ArrayBuffer(data.byteLength);
  new Uint8Array(buffer).set(toUint8Array(data));
  return buffer;
}
function toArrayBufferLike(data) {
  assertBufferSource(data);
  if (isArrayBufferLike(data))
    return data;
  if (data.byteOffset === 0 && data.byteLength === data.buffer.byteLength)
    return data.buffer;
  return copyBytes(data).buffer;
}
function toView(data, type) {
  assertBufferSource(data);
  if (ArrayBuffer.isView(data) && data.constructor === type)
    return data;
  const view = toUint8Array(data);
  const elementSize = bytesPerElement(type);
  if (view.byteOffset % elementSize !== 0 || view.byteLength % elementSize !== 0)
    throw new RangeError(`Cannot create ${type.name} over unaligned byte range`);
  if (isDataViewConstructor(type))
    return new type(view.buffer, view.byteOffset, view.byteLength);
  return new type(view.buffer, view.byteOffset, view.byteLength / elementSize);
}
function toViewCopy(data, type) {
  return toView(toUint8ArrayCopy(data), type);
}
// ../../../main/node_modules/asn1js/node_modules/@peculiar/utils/build/_virtual/_rolldown/runtime.js
var __defProp = Object.defineProperty;
var __exportAll = (all, no_symbols) => {
  let target = {};
  for (var name in all)
    __defProp(target, name, {
      get: all[name],
      enumerable: true
    });
  if (!no_symbols)
    __defProp(target, Symbol.toStringTag, { value: "Module" });
  return target;
};

// ../../../main/node_modules/asn1js/node_modules/@peculiar/utils/build/bytes/concat.js
function concatToUint8Array(buffers) {
  const views = [];
  let length = 0;
  for (const buffer of buffers) {
    const view = toUint8Array(buffer);
    views.push(view);
    length += view.byteLength;
  }
  const result = new Uint8Array(length);
  let offset = 0;
  for (const view of views) {
    result.set(view, offset);
    offset += view.byteLength;
  }
  return result;
}
function concat2(first, second, ...rest) {
  let buffers;
  let type;
  if (typeof second === "function") {
    buffers = Array.from(first);
    type = second;
  } else if (isBufferSource(first))
    buffers = [
      first,
      second,
      ...rest
    ].filter(isBufferSource);
  else {
    buffers = Array.from(first);
    if (second)
      buffers.push(second);
    buffers.push(...rest);
  }
  const bytes = concatToUint8Array(buffers);
  return type ? toView(bytes, type) : bytes.buffer;
}

// ../../../main/node_modules/asn1js/node_modules/@peculiar/utils/build/bytes/equal.js
function equal(a, b, options = {}) {
  const left = toUint8Array(a);
  const right = toUint8Array(b);
  if (!options.constantTime && left.byteLength !== right.byteLength)
    return false;
  const length = Math.max(left.byteLength, right.byteLength);
  let diff = left.byteLength ^ right.byteLength;
  for (let i = 0;i < length; i++)
    diff |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return diff === 0;
}

// ../../../main/node_modules/asn1js/node_modules/@peculiar/utils/build/bytes/sequence.js
function clampIndex(value, fallback, length) {
  const normalized = Number.isFinite(value) ? Math.trunc(value) : fallback;
  if (normalized <= 0)
    return 0;
  if (normalized >= length)
    return length;
  return normalized;
}
function normalizeForwardRange(length, options) {
  const start = clampIndex(options?.start, 0, length);
  const end = clampIndex(options?.end, length, length);
  return end >= start ? [start, end] : [start, start];
}
function normalizeReverseRange(length, options) {
  const start = clampIndex(options?.start, length, length);
  const end = clampIndex(options?.end, 0, length);
  return start >= end ? [end, start] : [start, start];
}
function normalizeSliceIndex(value, fallback, length) {
  const normalized = Number.isFinite(value) ? Math.trunc(value) : fallback;
  if (normalized < 0)
    return Math.max(length + normalized, 0);
  if (normalized > length)
    return length;
  return normalized;
}
function encodeAscii(text) {
  const bytes = new Uint8Array(text.length);
  for (let i = 0;i < text.length; i++)
    bytes[i] = text.charCodeAt(i) & 255;
  return bytes;
}
function encodeUtf8(text) {
  return new TextEncoder().encode(text);
}
function toPatternBytes(pattern, options) {
  if (typeof pattern === "string")
    return options?.encoding === "utf8" ? encodeUtf8(pattern) : encodeAscii(pattern);
  return toUint8Array(pattern);
}
function bytesEqualAt(data, pattern, offset) {
  for (let index = 0;index < pattern.byteLength; index++)
    if (data[offset + index] !== pattern[index])
      return false;
  return true;
}
function indexOf(data, pattern, options) {
  const bytes = toUint8Array(data);
  const needle = toPatternBytes(pattern, options);
  const [start, end] = normalizeForwardRange(bytes.byteLength, options);
  if (needle.byteLength === 0)
    return start;
  const lastOffset = end - needle.byteLength;
  if (lastOffset < start)
    return -1;
  for (let offset = start;offset <= lastOffset; offset++)
    if (bytesEqualAt(bytes, needle, offset))
      return offset;
  return -1;
}
function lastIndexOf(data, pattern, options) {
  const bytes = toUint8Array(data);
  const needle = toPatternBytes(pattern, options);
  const [end, start] = normalizeReverseRange(bytes.byteLength, options);
  if (needle.byteLength === 0)
    return start;
  const firstOffset = start - needle.byteLength;
  if (firstOffset < end)
    return -1;
  for (let offset = firstOffset;offset >= end; offset--)
    if (bytesEqualAt(bytes, needle, offset))
      return offset;
  return -1;
}
function includes(data, pattern, options) {
  return indexOf(data, pattern, options) !== -1;
}
function startsWith(data, pattern, options) {
  const bytes = toUint8Array(data);
  const needle = toPatternBytes(pattern, options);
  if (needle.byteLength > bytes.byteLength)
    return false;
  return bytesEqualAt(bytes, needle, 0);
}
function endsWith(data, pattern, options) {
  const bytes = toUint8Array(data);
  const needle = toPatternBytes(pattern, options);
  if (needle.byteLength > bytes.byteLength)
    return false;
  return bytesEqualAt(bytes, needle, bytes.byteLength - needle.byteLength);
}
function slice(data, start, end) {
  const bytes = toUint8Array(data);
  const normalizedStart = normalizeSliceIndex(start, 0, bytes.byteLength);
  const normalizedEnd = normalizeSliceIndex(end, bytes.byteLength, bytes.byteLength);
  if (normalizedEnd <= normalizedStart)
    return bytes.subarray(normalizedStart, normalizedStart);
  return bytes.subarray(normalizedStart, normalizedEnd);
}
function tail(data, length) {
  const bytes = toUint8Array(data);
  const normalizedLength = Number.isFinite(length) ? Math.max(0, Math.trunc(length)) : 0;
  if (normalizedLength >= bytes.byteLength)
    return bytes;
  return bytes.subarray(bytes.byteLength - normalizedLength);
}
function copy(data) {
  return toUint8ArrayCopy(data);
}
function compare(a, b) {
  const left = toUint8Array(a);
  const right = toUint8Array(b);
  const limit = Math.min(left.byteLength, right.byteLength);
  for (let index = 0;index < limit; index++) {
    if (left[index] < right[index])
      return -1;
    if (left[index] > right[index])
      return 1;
  }
  if (left.byteLength < right.byteLength)
    return -1;
  if (left.byteLength > right.byteLength)
    return 1;
  return 0;
}

// ../../../main/node_modules/asn1js/node_modules/@peculiar/utils/build/bytes.js
var bytes_exports = /* @__PURE__ */ __exportAll({
  assertBufferSource: () => assertBufferSource,
  compare: () => compare,
  concat: () => concat2,
  concatToUint8Array: () => concatToUint8Array,
  copy: () => copy,
  endsWith: () => endsWith,
  equal: () => equal,
  includes: () => includes,
  indexOf: () => indexOf,
  isArrayBuffer: () => isArrayBuffer,
  isArrayBufferLike: () => isArrayBufferLike,
  isArrayBufferView: () => isArrayBufferView,
  isBufferSource: () => isBufferSource,
  isSharedArrayBuffer: () => isSharedArrayBuffer,
  lastIndexOf: () => lastIndexOf,
  slice: () => slice,
  startsWith: () => startsWith,
  tail: () => tail,
  toArrayBuffer: () => toArrayBuffer,
  toArrayBufferLike: () => toArrayBufferLike,
  toUint8Array: () => toUint8Array,
  toUint8ArrayCopy: () => toUint8ArrayCopy,
  toView: () => toView,
  toViewCopy: () => toViewCopy
});

// ../../../main/node_modules/asn1js/node_modules/@peculiar/utils/build/encoding/binary.js
var binary_exports = /* @__PURE__ */ __exportAll({
  binary: () => binary,
  decode: () => decode,
  encode: () => encode,
  is: () => is
});
function encode(data) {
  const bytes = toUint8Array(data);
  let result = "";
  for (const byte of bytes)
    result += String.fromCharCode(byte);
  return result;
}
function decode(text) {
  const result = new Uint8Array(text.length);
  for (let i = 0;i < text.length; i++)
    result[i] = text.charCodeAt(i) & 255;
  return result;
}
function is(text) {
  return typeof text === "string";
}
var binary = {
  encode,
  decode,
  is
};

// ../../../main/node_modules/asn1js/node_modules/@peculiar/utils/build/encoding/hex.js
var hex_exports = /* @__PURE__ */ __exportAll({
  decode: () => decode2,
  encode: () => encode2,
  format: () => format,
  formats: () => formats,
  hex: () => hex,
  is: () => is2,
  normalize: () => normalize,
  parse: () => parse
});
var HEX_CHARACTER_REGEX = /^[0-9a-f]$/i;
var COMMON_SEPARATORS = [
  " ",
  "\t",
  `
`,
  "\r",
  ":",
  "-",
  "."
];
function resolveSeparators(options) {
  if (options.separators === "none")
    return [];
  if (!options.separators || options.separators === "common")
    return COMMON_SEPARATORS;
  return options.separators;
}
function validateSeparator(separator) {
  if (!separator)
    throw new TypeError("Hex separators must be non-empty strings");
}
function matchSeparator(text, index, separators) {
  for (const separator of separators)
    if (text.startsWith(separator, index))
      return separator;
}
function detectCase(text) {
  const hasUpper = /[A-F]/.test(text);
  const hasLower = /[a-f]/.test(text);
  return hasUpper && !hasLower ? "upper" : "lower";
}
function detectLineSeparator(text) {
  const match = /\r\n|\n/.exec(text);
  if (!match)
    return;
  return match[0] === `\r
` ? `\r
` : `
`;
}
function compactForDetection(text) {
  return text.replace(/[^0-9a-f]/gi, "");
}
function detectGroup(text) {
  const segments = text.match(/[0-9A-Fa-f]+|[^0-9A-Fa-f]+/g) ?? [];
  if (segments.length < 3)
    return;
  const hexSegments = segments.filter((_, index) => index % 2 === 0);
  const separators = segments.filter((_, index) => index % 2 === 1);
  const separator = separators[0];
  if (!separator || separators.some((item) => item !== separator))
    return;
  if (hexSegments.some((segment) => segment.length === 0 || segment.length % 2 !== 0))
    return;
  const firstLength = hexSegments[0]?.length ?? 0;
  if (!firstLength)
    return;
  if (hexSegments.slice(0, -1).some((segment) => segment.length !== firstLength))
    return;
  if ((hexSegments[hexSegments.length - 1]?.length ?? 0) > firstLength)
    return;
  return {
    size: firstLength / 2,
    separator
  };
}
function detectFormat(text) {
  const trimmed = text.trim();
  const prefix = /^0x/i.test(trimmed) ? "0x" : "";
  const body = prefix ? trimmed.slice(2) : trimmed;
  const lineSeparator = detectLineSeparator(body);
  const lines = body.split(/\r\n|\n/).filter((line) => line.length > 0);
  const group = detectGroup(lines[0]?.trim() ?? "");
  const format = {
    case: detectCase(trimmed),
    prefix
  };
  if (group)
    format.group = group;
  if (lineSeparator && lines.length > 1) {
    const firstLineBytes = compactForDetection(lines[0] ?? "").length / 2;
    if (firstLineBytes > 0 && lines.slice(0, -1).every((line) => compactForDetection(line).length / 2 === firstLineBytes))
      format.line = {
        bytesPerLine: firstLineBytes,
        separator: lineSeparator
      };
  }
  return format;
}
function normalizeText(text, options) {
  const allowPrefix = options.allowPrefix ?? true;
  const separators = [...resolveSeparators(options)].sort((left, right) => right.length - left.length);
  for (const separator of separators)
    validateSeparator(separator);
  let working = text.trim();
  if (/^0x/i.test(working)) {
    if (!allowPrefix)
      throw new TypeError("Hexadecimal text must not include a 0x prefix");
    working = working.slice(2);
  }
  let normalized = "";
  let lastTokenWasSeparator = false;
  for (let index = 0;index < working.length; ) {
    const character = working[index] ?? "";
    if (HEX_CHARACTER_REGEX.test(character)) {
      normalized += character;
      lastTokenWasSeparator = false;
      index += 1;
      continue;
    }
    const separator = matchSeparator(working, index, separators);
    if (!separator)
      throw new TypeError("Input is not valid hexadecimal text");
    if (options.strict && (lastTokenWasSeparator || normalized.length === 0))
      throw new TypeError("Hexadecimal text contains misplaced separators");
    lastTokenWasSeparator = true;
    index += separator.length;
  }
  if (options.strict && lastTokenWasSeparator && normalized.length > 0)
    throw new TypeError("Hexadecimal text must not end with a separator");
  if (normalized.length % 2 !== 0) {
    if (!options.allowOddLength)
      throw new TypeError("Hexadecimal text must contain an even number of characters");
    normalized = `0${normalized}`;
  }
  return normalized.toLowerCase();
}
function groupPairs(pairs, group) {
  if (!group)
    return pairs.join("");
  if (!Number.isInteger(group.size) || group.size < 1)
    throw new RangeError("Hex group size must be a positive integer");
  const chunks = [];
  for (let index = 0;index < pairs.length; index += group.size)
    chunks.push(pairs.slice(index, index + group.size).join(""));
  return chunks.join(group.separator);
}
function normalize(text, options = {}) {
  return normalizeText(text, options);
}
function is2(text, options = {}) {
  if (typeof text !== "string")
    return false;
  try {
    normalize(text, options);
    return true;
  } catch {
    return false;
  }
}
function encode2(data, options = {}) {
  const bytes = toUint8Array(data);
  const casing = options.case ?? "lower";
  const pairs = Array.from(bytes, (byte) => {
    const text = byte.toString(16).padStart(2, "0");
    return casing === "upper" ? text.toUpperCase() : text;
  });
  let body = "";
  if (options.line) {
    const bytesPerLine = options.line.bytesPerLine;
    if (!Number.isInteger(bytesPerLine) || bytesPerLine < 1)
      throw new RangeError("Hex bytesPerLine must be a positive integer");
    const separator = options.line.separator ?? `
`;
    const lines = [];
    for (let index = 0;index < pairs.length; index += bytesPerLine)
      lines.push(groupPairs(pairs.slice(index, index + bytesPerLine), options.group));
    body = lines.join(separator);
  } else
    body = groupPairs(pairs, options.group);
  return `${options.prefix ?? ""}${body}`;
}
function decode2(text, options = {}) {
  const normalized = normalize(text, options);
  const result = new Uint8Array(normalized.length / 2);
  for (let i = 0;i < normalized.length; i += 2)
    result[i / 2] = Number.parseInt(normalized.slice(i, i + 2), 16);
  return result;
}
function parse(text, options = {}) {
  const normalized = normalize(text, options);
  return {
    bytes: decode2(normalized),
    format: detectFormat(text),
    normalized
  };
}
function format(data, value) {
  return encode2(data, value);
}
var formats = {
  compact: Object.freeze({}),
  upper: Object.freeze({ case: "upper" }),
  colon: Object.freeze({ group: {
    size: 1,
    separator: ":"
  } }),
  colonUpper: Object.freeze({
    case: "upper",
    group: {
      size: 1,
      separator: ":"
    }
  }),
  groupsOf4: Object.freeze({ group: {
    size: 4,
    separator: " "
  } }),
  prefixed: Object.freeze({ prefix: "0x" })
};
var hex = {
  encode: encode2,
  decode: decode2,
  format,
  formats,
  is: is2,
  normalize,
  parse
};

// ../../../main/node_modules/asn1js/node_modules/@peculiar/utils/build/encoding/utf8.js
var utf8_exports = /* @__PURE__ */ __exportAll({
  decode: () => decode3,
  encode: () => encode3,
  utf8: () => utf83
});
function encode3(text) {
  return new TextEncoder().encode(text);
}
function decode3(data) {
  return new TextDecoder("utf-8", { fatal: false }).decode(toUint8Array(data));
}
var utf83 = {
  encode: encode3,
  decode: decode3
};

// ../../../main/node_modules/asn1js/node_modules/@peculiar/utils/build/encoding/utf16.js
var utf16_exports = /* @__PURE__ */ __exportAll({
  decode: () => decode4,
  encode: () => encode4,
  utf16: () => utf16
});
function encode4(text, options = {}) {
  const result = /* @__PURE__ */ new ArrayBuffer(text.length * 2);
  const view = new DataView(result);
  for (let i = 0;i < text.length; i++)
    view.setUint16(i * 2, text.charCodeAt(i), options.littleEndian ?? false);
  return new Uint8Array(result);
}
function decode4(data, options = {}) {
  const buffer = toArrayBuffer(data);
  const view = new DataView(buffer);
  let result = "";
  for (let i = 0;i < buffer.byteLength; i += 2)
    result += String.fromCharCode(view.getUint16(i, options.littleEndian ?? false));
  return result;
}
var utf16 = {
  encode: encode4,
  decode: decode4
};
// ../../../main/node_modules/asn1js/node_modules/@peculiar/utils/build/integer/uint.js
var uint_exports = /* @__PURE__ */ __exportAll({
  decode: () => decode5,
  decodeBigInt: () => decodeBigInt,
  encode: () => encode5,
  uint: () => uint
});
function resolveBits(bitsPerByte = 8) {
  if (!Number.isInteger(bitsPerByte) || bitsPerByte < 1 || bitsPerByte > 8)
    throw new RangeError("bitsPerByte must be an integer from 1 to 8");
  return bitsPerByte;
}
function pad(digits, length) {
  if (length === undefined)
    return Uint8Array.from(digits);
  if (!Number.isInteger(length) || length < 0)
    throw new RangeError("length must be a non-negative integer");
  if (digits.length > length)
    throw new RangeError(`Value does not fit into ${length} byte(s)`);
  const result = new Uint8Array(length);
  result.set(digits, length - digits.length);
  return result;
}
function encode5(value, options = {}) {
  const bits = resolveBits(options.bitsPerByte);
  const digits = [];
  if (typeof value === "bigint") {
    if (value < 0n)
      throw new RangeError("Unsigned integer must not be negative");
    const shift = BigInt(bits);
    const mask = (1n << shift) - 1n;
    do {
      digits.push(Number(value & mask));
      value >>= shift;
    } while (value > 0n);
  } else {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new RangeError("Unsigned integer must be a non-negative safe integer; use bigint for larger values");
    const radix = 2 ** bits;
    do {
      digits.push(value % radix);
      value = Math.floor(value / radix);
    } while (value > 0);
  }
  return pad(digits.reverse(), options.length);
}
function decodeBigInt(data, options = {}) {
  const bits = resolveBits(options.bitsPerByte);
  const shift = BigInt(bits);
  const radix = 1 << bits;
  let result = 0n;
  for (const digit of toUint8Array(data)) {
    if (digit >= radix)
      throw new RangeError(`Byte 0x${digit.toString(16)} exceeds ${bits} bits`);
    result = result << shift | BigInt(digit);
  }
  return result;
}
function decode5(data, options = {}) {
  const bits = resolveBits(options.bitsPerByte);
  const radix = 2 ** bits;
  let result = 0;
  for (const digit of toUint8Array(data)) {
    if (digit >= radix)
      throw new RangeError(`Byte 0x${digit.toString(16)} exceeds ${bits} bits`);
    if (result > (Number.MAX_SAFE_INTEGER - digit) / radix)
      throw new RangeError("Value exceeds Number.MAX_SAFE_INTEGER; use decodeBigInt instead");
    result = result * radix + digit;
  }
  return result;
}
var uint = {
  encode: encode5,
  decode: decode5,
  decodeBigInt
};

// ../../../main/node_modules/asn1js/node_modules/@peculiar/utils/build/integer/int.js
var int_exports = /* @__PURE__ */ __exportAll({
  decode: () => decode6,
  decodeBigInt: () => decodeBigInt2,
  encode: () => encode6,
  int: () => int,
  isMinimal: () => isMinimal
});
function toBigInt(value) {
  if (typeof value === "bigint")
    return value;
  if (!Number.isSafeInteger(value))
    throw new RangeError("Integer must be a safe integer; use bigint for larger values");
  return BigInt(value);
}
function encode6(value, options = {}) {
  const integer = toBigInt(value);
  let size = 1;
  while (integer < -(1n << BigInt(size * 8 - 1)) || integer >= 1n << BigInt(size * 8 - 1))
    size++;
  const length = options.length ?? size;
  if (!Number.isInteger(length) || length < 1)
    throw new RangeError("length must be a positive integer");
  if (size > length)
    throw new RangeError(`Value does not fit into ${length} byte(s)`);
  const unsigned = integer < 0n ? integer + (1n << BigInt(length * 8)) : integer;
  return encode5(unsigned, { length });
}
function decodeBigInt2(data) {
  const bytes = toUint8Array(data);
  if (!bytes.byteLength)
    throw new RangeError("Two's complement input must not be empty");
  const unsigned = decodeBigInt(bytes);
  return bytes[0] & 128 ? unsigned - (1n << BigInt(bytes.byteLength * 8)) : unsigned;
}
function decode6(data) {
  const value = decodeBigInt2(data);
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER))
    throw new RangeError("Value is outside the safe integer range; use decodeBigInt instead");
  return Number(value);
}
function isMinimal(data) {
  const bytes = toUint8Array(data);
  if (bytes.byteLength < 2)
    return bytes.byteLength === 1;
  const redundantZero = bytes[0] === 0 && (bytes[1] & 128) === 0;
  const redundantOnes = bytes[0] === 255 && (bytes[1] & 128) !== 0;
  return !redundantZero && !redundantOnes;
}
var int = {
  encode: encode6,
  decode: decode6,
  decodeBigInt: decodeBigInt2,
  isMinimal
};
// ../../../main/node_modules/asn1js/build/index.js
/*!
 * Copyright (c) 2014, GMO GlobalSign
 * Copyright (c) 2015-2022, Peculiar Ventures
 * All rights reserved.
 * 
 * Author 2014-2019, Yury Strozhevsky
 * 
 * Redistribution and use in source and binary forms, with or without modification,
 * are permitted provided that the following conditions are met:
 * 
 * * Redistributions of source code must retain the above copyright notice, this
 *   list of conditions and the following disclaimer.
 * 
 * * Redistributions in binary form must reproduce the above copyright notice, this
 *   list of conditions and the following disclaimer in the documentation and/or
 *   other materials provided with the distribution.
 * 
 * * Neither the name of the copyright holder nor the names of its
 *   contributors may be used to endorse or promote products derived from
 *   this software without specific prior written permission.
 * 
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
 * ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
 * WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR
 * ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES
 * (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES;
 * LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON
 * ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
 * (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
 * SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 * 
 */
function concat4(buffers) {
  let outputLength = 0;
  let prevLength = 0;
  for (let i = 0;i < buffers.length; i++) {
    const buffer = buffers[i];
    outputLength += buffer.byteLength;
  }
  const retView = new Uint8Array(outputLength);
  for (let i = 0;i < buffers.length; i++) {
    const buffer = buffers[i];
    retView.set(buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer), prevLength);
    prevLength += buffer.byteLength;
  }
  return retView.buffer;
}
function checkBufferParams(baseBlock, inputBuffer, inputOffset, inputLength) {
  if (!(inputBuffer instanceof Uint8Array)) {
    baseBlock.error = "Wrong parameter: inputBuffer must be 'Uint8Array'";
    return false;
  }
  if (!inputBuffer.byteLength) {
    baseBlock.error = "Wrong parameter: inputBuffer has zero length";
    return false;
  }
  if (inputOffset < 0) {
    baseBlock.error = "Wrong parameter: inputOffset less than zero";
    return false;
  }
  if (inputLength < 0) {
    baseBlock.error = "Wrong parameter: inputLength less than zero";
    return false;
  }
  if (inputBuffer.byteLength - inputOffset - inputLength < 0) {
    baseBlock.error = "End of input reached before message was fully decoded (inconsistent offset and length values)";
    return false;
  }
  return true;
}
var ViewWriter = class {
  constructor() {
    this.items = [];
  }
  write(buf) {
    this.items.push(buf instanceof ArrayBuffer ? buf : concat4([buf]));
  }
  final() {
    return concat4(this.items);
  }
};
var ORIGINAL_VIEW_WRITER_WRITE = ViewWriter.prototype.write;
var ORIGINAL_VIEW_WRITER_FINAL = ViewWriter.prototype.final;
var EMPTY_BUFFER = /* @__PURE__ */ new ArrayBuffer(0);
var EMPTY_VIEW = /* @__PURE__ */ new Uint8Array(0);
var END_OF_CONTENT_NAME = "EndOfContent";
var OCTET_STRING_NAME = "OCTET STRING";
var BIT_STRING_NAME = "BIT STRING";
function HexBlock(BaseClass) {
  return class Some extends BaseClass {
    static {
      this.NAME = "hexBlock";
    }
    get valueHex() {
      return this.valueHexView.slice().buffer;
    }
    set valueHex(value) {
      this.valueHexView = new Uint8Array(value);
    }
    constructor(...args) {
      super(...args);
      const params = args[0] || {};
      this.isHexOnly = params.isHexOnly ?? false;
      this.valueHexView = params.valueHex ? toUint8Array(params.valueHex) : EMPTY_VIEW;
    }
    fromBER(inputBuffer, inputOffset, inputLength, _context) {
      const view = inputBuffer instanceof ArrayBuffer ? new Uint8Array(inputBuffer) : inputBuffer;
      if (!checkBufferParams(this, view, inputOffset, inputLength))
        return -1;
      const endLength = inputOffset + inputLength;
      this.valueHexView = view.subarray(inputOffset, endLength);
      if (!this.valueHexView.length) {
        this.warnings.push("Zero buffer length");
        return inputOffset;
      }
      this.blockLength = inputLength;
      return endLength;
    }
    toBER(sizeOnly = false) {
      if (!this.isHexOnly) {
        this.error = "Flag 'isHexOnly' is not set, abort";
        return EMPTY_BUFFER;
      }
      if (sizeOnly)
        return new ArrayBuffer(this.valueHexView.byteLength);
      if (this.valueHexView.buffer instanceof ArrayBuffer && this.valueHexView.byteLength === this.valueHexView.buffer.byteLength)
        return this.valueHexView.buffer;
      return toArrayBuffer(this.valueHexView);
    }
    toJSON() {
      return {
        ...super.toJSON(),
        isHexOnly: this.isHexOnly,
        valueHex: hex_exports.encode(this.valueHexView)
      };
    }
  };
}
var LocalBaseBlock = class {
  static {
    this.NAME = "baseBlock";
  }
  static blockName() {
    return this.NAME;
  }
  get valueBeforeDecode() {
    return this.valueBeforeDecodeView.slice().buffer;
  }
  set valueBeforeDecode(value) {
    this.valueBeforeDecodeView = new Uint8Array(value);
  }
  constructor({ blockLength = 0, error = "", warnings = [], valueBeforeDecode = EMPTY_VIEW } = {}) {
    this.blockLength = blockLength;
    this.error = error;
    this.warnings = warnings;
    this.valueBeforeDecodeView = toUint8Array(valueBeforeDecode);
  }
  toJSON() {
    return {
      blockName: this.constructor.NAME,
      blockLength: this.blockLength,
      error: this.error,
      warnings: this.warnings,
      valueBeforeDecode: hex_exports.encode(this.valueBeforeDecodeView)
    };
  }
};
var ValueBlock = class extends LocalBaseBlock {
  static {
    this.NAME = "valueBlock";
  }
  fromBER(_inputBuffer, _inputOffset, _inputLength, _context) {
    throw TypeError("User need to make a specific function in a class which extends 'ValueBlock'");
  }
  toBER(_sizeOnly, _writer) {
    throw TypeError("User need to make a specific function in a class which extends 'ValueBlock'");
  }
};
function decodeBase128(view) {
  try {
    return uint_exports.decode(view, { bitsPerByte: 7 });
  } catch {
    return;
  }
}
function encodeBase128(value) {
  try {
    return uint_exports.encode(value, { bitsPerByte: 7 });
  } catch {
    return;
  }
}
function bytesToSignedBigInt(view) {
  if (!view.byteLength)
    return BigInt(0);
  const value = BigInt(`0x${hex_exports.encode(view)}`);
  if (view[0] & 128)
    return value - (BigInt(1) << BigInt(view.byteLength * 8));
  return value;
}
function signedBigIntToBytes(value) {
  const byteLength = ((value < 0 ? -value - BigInt(1) : value).toString(2).length >> 3) + 1;
  const unsigned = value < 0 ? value + (BigInt(1) << BigInt(byteLength * 8)) : value;
  return hex_exports.decode(unsigned.toString(16).padStart(byteLength * 2, "0"));
}
var LocalIdentificationBlock = class extends HexBlock(LocalBaseBlock) {
  static {
    this.NAME = "identificationBlock";
  }
  constructor({ idBlock = {} } = {}) {
    super();
    if (idBlock) {
      this.isHexOnly = idBlock.isHexOnly ?? false;
      this.valueHexView = idBlock.valueHex ? toUint8Array(idBlock.valueHex) : EMPTY_VIEW;
      this.tagClass = idBlock.tagClass ?? -1;
      this.tagNumber = idBlock.tagNumber ?? -1;
      this.isConstructed = idBlock.isConstructed ?? false;
    } else {
      this.tagClass = -1;
      this.tagNumber = -1;
      this.isConstructed = false;
    }
  }
  toBER(sizeOnly = false) {
    let firstOctet = 0;
    switch (this.tagClass) {
      case 1:
        firstOctet |= 0;
        break;
      case 2:
        firstOctet |= 64;
        break;
      case 3:
        firstOctet |= 128;
        break;
      case 4:
        firstOctet |= 192;
        break;
      default:
        this.error = "Unknown tag class";
        return EMPTY_BUFFER;
    }
    if (this.isConstructed)
      firstOctet |= 32;
    if (this.tagNumber < 31 && !this.isHexOnly) {
      const retView = /* @__PURE__ */ new Uint8Array(1);
      if (!sizeOnly) {
        let number = this.tagNumber;
        number &= 31;
        firstOctet |= number;
        retView[0] = firstOctet;
      }
      return retView.buffer;
    }
    if (!this.isHexOnly) {
      const encodedView = encodeBase128(this.tagNumber);
      if (!encodedView) {
        this.error = "Error during encoding tag number";
        return EMPTY_BUFFER;
      }
      const size = encodedView.byteLength;
      const retView = new Uint8Array(size + 1);
      retView[0] = firstOctet | 31;
      if (!sizeOnly) {
        for (let i = 0;i < size - 1; i++)
          retView[i + 1] = encodedView[i] | 128;
        retView[size] = encodedView[size - 1];
      }
      return retView.buffer;
    }
    const retView = new Uint8Array(this.valueHexView.byteLength + 1);
    retView[0] = firstOctet | 31;
    if (!sizeOnly) {
      const curView = this.valueHexView;
      for (let i = 0;i < curView.length - 1; i++)
        retView[i + 1] = curView[i] | 128;
      retView[this.valueHexView.byteLength] = curView[curView.length - 1];
    }
    return retView.buffer;
  }
  fromBER(inputBuffer, inputOffset, inputLength) {
    const inputView = toUint8Array(inputBuffer);
    if (!checkBufferParams(this, inputView, inputOffset, inputLength))
      return -1;
    const fastArgs = Number.isInteger(inputOffset) && Number.isInteger(inputLength);
    const intBuffer = fastArgs ? inputView : inputView.subarray(inputOffset, inputOffset + inputLength);
    const baseIndex = fastArgs ? inputOffset : 0;
    const bufferLength = fastArgs ? inputLength : intBuffer.length;
    if (bufferLength === 0) {
      this.error = "Zero buffer length";
      return -1;
    }
    switch (intBuffer[baseIndex] & 192) {
      case 0:
        this.tagClass = 1;
        break;
      case 64:
        this.tagClass = 2;
        break;
      case 128:
        this.tagClass = 3;
        break;
      case 192:
        this.tagClass = 4;
        break;
      default:
        this.error = "Unknown tag class";
        return -1;
    }
    this.isConstructed = (intBuffer[baseIndex] & 32) === 32;
    this.isHexOnly = false;
    const tagNumberMask = intBuffer[baseIndex] & 31;
    if (tagNumberMask !== 31) {
      this.tagNumber = tagNumberMask;
      this.blockLength = 1;
    } else {
      let count = 0;
      while (true) {
        const tagByteIndex = count + 1;
        if (tagByteIndex >= bufferLength) {
          this.error = "End of input reached before message was fully decoded";
          return -1;
        }
        count++;
        if ((intBuffer[baseIndex + tagByteIndex] & 128) === 0)
          break;
      }
      this.blockLength = count + 1;
      const intTagNumberBuffer = this.valueHexView = new Uint8Array(count);
      for (let i = 0;i < count; i++)
        intTagNumberBuffer[i] = intBuffer[baseIndex + i + 1] & 127;
      const tagNumber = this.blockLength <= 9 ? decodeBase128(intTagNumberBuffer) : undefined;
      if (tagNumber !== undefined)
        this.tagNumber = tagNumber;
      else {
        this.isHexOnly = true;
        this.warnings.push("Tag too long, represented as hex-coded");
      }
    }
    if (this.tagClass === 1 && this.isConstructed)
      switch (this.tagNumber) {
        case 1:
        case 2:
        case 5:
        case 6:
        case 9:
        case 13:
        case 14:
        case 23:
        case 24:
        case 31:
        case 32:
        case 33:
        case 34:
          this.error = "Constructed encoding used for primitive type";
          return -1;
      }
    return inputOffset + this.blockLength;
  }
  toJSON() {
    return {
      ...super.toJSON(),
      tagClass: this.tagClass,
      tagNumber: this.tagNumber,
      isConstructed: this.isConstructed
    };
  }
};
var ORIGINAL_LOCAL_IDENTIFICATION_TO_BER = LocalIdentificationBlock.prototype.toBER;
var ORIGINAL_LOCAL_IDENTIFICATION_FROM_BER = LocalIdentificationBlock.prototype.fromBER;
var LocalLengthBlock = class extends LocalBaseBlock {
  static {
    this.NAME = "lengthBlock";
  }
  constructor({ lenBlock = {} } = {}) {
    super();
    this.isIndefiniteForm = lenBlock.isIndefiniteForm ?? false;
    this.longFormUsed = lenBlock.longFormUsed ?? false;
    this.length = lenBlock.length ?? 0;
  }
  fromBER(inputBuffer, inputOffset, inputLength) {
    const view = toUint8Array(inputBuffer);
    if (!checkBufferParams(this, view, inputOffset, inputLength))
      return -1;
    const fastArgs = Number.isInteger(inputOffset) && Number.isInteger(inputLength);
    const intBuffer = fastArgs ? view : view.subarray(inputOffset, inputOffset + inputLength);
    const baseIndex = fastArgs ? inputOffset : 0;
    const bufferLength = fastArgs ? inputLength : intBuffer.length;
    if (bufferLength === 0) {
      this.error = "Zero buffer length";
      return -1;
    }
    if (intBuffer[baseIndex] === 255) {
      this.error = "Length block 0xFF is reserved by standard";
      return -1;
    }
    this.isIndefiniteForm = intBuffer[baseIndex] === 128;
    if (this.isIndefiniteForm) {
      this.blockLength = 1;
      return inputOffset + this.blockLength;
    }
    this.longFormUsed = !!(intBuffer[baseIndex] & 128);
    if (this.longFormUsed === false) {
      this.length = intBuffer[baseIndex];
      this.blockLength = 1;
      return inputOffset + this.blockLength;
    }
    const count = intBuffer[baseIndex] & 127;
    if (count > 8) {
      this.error = "Too big integer";
      return -1;
    }
    if (count + 1 > bufferLength) {
      this.error = "End of input reached before message was fully decoded";
      return -1;
    }
    const lenOffset = inputOffset + 1;
    const lengthBufferView = view.subarray(lenOffset, lenOffset + count);
    if (lengthBufferView[0] === 0)
      this.warnings.push("Needlessly long encoded length");
    try {
      this.length = uint_exports.decode(lengthBufferView);
    } catch {
      this.error = "Too big integer";
      return -1;
    }
    if (this.longFormUsed && this.length <= 127)
      this.warnings.push("Unnecessary usage of long length form");
    this.blockLength = count + 1;
    return inputOffset + this.blockLength;
  }
  toBER(sizeOnly = false) {
    let retBuf;
    let retView;
    if (this.length > 127)
      this.longFormUsed = true;
    if (this.isIndefiniteForm) {
      retBuf = /* @__PURE__ */ new ArrayBuffer(1);
      if (sizeOnly === false) {
        retView = new Uint8Array(retBuf);
        retView[0] = 128;
      }
      return retBuf;
    }
    if (this.longFormUsed) {
      let encodedBuf;
      try {
        encodedBuf = uint_exports.encode(this.length);
      } catch {
        this.error = "Too big length";
        return EMPTY_BUFFER;
      }
      retBuf = new ArrayBuffer(encodedBuf.byteLength + 1);
      if (sizeOnly)
        return retBuf;
      retView = new Uint8Array(retBuf);
      retView[0] = encodedBuf.byteLength | 128;
      retView.set(encodedBuf, 1);
      return retBuf;
    }
    retBuf = /* @__PURE__ */ new ArrayBuffer(1);
    if (sizeOnly === false) {
      retView = new Uint8Array(retBuf);
      retView[0] = this.length;
    }
    return retBuf;
  }
  toJSON() {
    return {
      ...super.toJSON(),
      isIndefiniteForm: this.isIndefiniteForm,
      longFormUsed: this.longFormUsed,
      length: this.length
    };
  }
};
var ORIGINAL_LOCAL_LENGTH_TO_BER = LocalLengthBlock.prototype.toBER;
var ORIGINAL_LOCAL_LENGTH_FROM_BER = LocalLengthBlock.prototype.fromBER;
var typeStore = {};
var originalUint8ArraySliceInfo = findMethod(Uint8Array.prototype, "slice");
var originalUint8ArrayConstructor = Object.getOwnPropertyDescriptor(Uint8Array.prototype, "constructor")?.value;
var originalArrayIterator = Object.getOwnPropertyDescriptor(Array.prototype, Symbol.iterator)?.value;
var intrinsicTypedArrayByteLength = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), "byteLength")?.get;
var BUILTIN_DISPATCH_PAYLOAD_THRESHOLD = 16384;
var BUILTIN_DISPATCH_MAX_DEPTH = 64;
var builtinRegistry;
function registerBuiltinEncoder(builtinConstructors, internals) {
  const nextInternals = internals || builtinRegistry;
  if (!nextInternals) {
    builtinRegistry = undefined;
    return;
  }
  builtinRegistry = {
    ...nextInternals,
    ...builtinConstructors
  };
}
function dataProperty(object, name) {
  const descriptor = Object.getOwnPropertyDescriptor(object, name);
  if (!descriptor || !("value" in descriptor))
    return;
  return descriptor.value;
}
function intrinsicPayloadByteLength(value) {
  if (!intrinsicTypedArrayByteLength || !value || typeof value !== "object")
    return;
  try {
    const byteLength = intrinsicTypedArrayByteLength.call(value);
    return typeof byteLength === "number" ? byteLength : undefined;
  } catch {
    return;
  }
}
function largePayloadOrChain(block, depth) {
  if (depth > BUILTIN_DISPATCH_MAX_DEPTH || !block || typeof block !== "object")
    return false;
  const valueBlockDescriptor = Object.getOwnPropertyDescriptor(block, "valueBlock");
  if (!valueBlockDescriptor || !("value" in valueBlockDescriptor))
    return false;
  const valueBlock = valueBlockDescriptor.value;
  if (!valueBlock || typeof valueBlock !== "object")
    return false;
  const payloadDescriptor = Object.getOwnPropertyDescriptor(valueBlock, "valueHexView");
  if (payloadDescriptor) {
    if (!("value" in payloadDescriptor))
      return false;
    const byteLength = intrinsicPayloadByteLength(payloadDescriptor.value);
    return byteLength !== undefined && byteLength >= BUILTIN_DISPATCH_PAYLOAD_THRESHOLD;
  }
  const valuesDescriptor = Object.getOwnPropertyDescriptor(valueBlock, "value");
  if (!valuesDescriptor || !("value" in valuesDescriptor) || !Array.isArray(valuesDescriptor.value))
    return false;
  const values = valuesDescriptor.value;
  const lengthDescriptor = Object.getOwnPropertyDescriptor(values, "length");
  if (!lengthDescriptor || !("value" in lengthDescriptor) || lengthDescriptor.value !== 1)
    return false;
  const indexDescriptor = Object.getOwnPropertyDescriptor(values, "0");
  if (!indexDescriptor || !("value" in indexDescriptor))
    return false;
  return largePayloadOrChain(indexDescriptor.value, depth + 1);
}
function shouldUseBuiltinEncoder(block) {
  try {
    return largePayloadOrChain(block, 0);
  } catch {
    return false;
  }
}
function sameDataMethod(current, original) {
  return !!current && "value" in current && current.value === original && current.writable === true && current.enumerable === false && current.configurable === true;
}
function writerMethodsStable(registry) {
  return sameDataMethod(Object.getOwnPropertyDescriptor(registry.ViewWriter.prototype, "write"), registry.originalWriterWrite) && sameDataMethod(Object.getOwnPropertyDescriptor(registry.ViewWriter.prototype, "final"), registry.originalWriterFinal);
}
function findMethod(prototype, name) {
  let current = prototype;
  while (current) {
    const descriptor = Object.getOwnPropertyDescriptor(current, name);
    if (descriptor) {
      if ("value" in descriptor && typeof descriptor.value === "function")
        return {
          declaringPrototype: current,
          method: descriptor.value
        };
      return;
    }
    current = Object.getPrototypeOf(current);
  }
}
function stableInheritedMethod(prototype, name, original) {
  if (!original)
    return false;
  let current = prototype;
  while (current) {
    const descriptor = Object.getOwnPropertyDescriptor(current, name);
    if (current === original.declaringPrototype)
      return !!descriptor && "value" in descriptor && descriptor.value === original.method;
    if (descriptor)
      return false;
    current = Object.getPrototypeOf(current);
  }
  return false;
}
function prototypeMethod(object, prototype, name, expected) {
  if (Object.prototype.hasOwnProperty.call(object, name))
    return false;
  if (Object.getPrototypeOf(object) !== prototype)
    return false;
  const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
  return !!descriptor && "value" in descriptor && descriptor.value === expected;
}
function inheritedMethod(object, name, expected, primitiveConstructor) {
  if (Object.prototype.hasOwnProperty.call(object, name))
    return false;
  const prototype = Object.getPrototypeOf(object);
  const originalPrimitiveValuePrototype = Object.getPrototypeOf(primitiveConstructor.prototype);
  if (prototype !== primitiveConstructor.prototype || Object.getPrototypeOf(prototype) !== originalPrimitiveValuePrototype)
    return false;
  if (prototype && Object.getOwnPropertyDescriptor(prototype, name))
    return false;
  const parentDescriptor = Object.getOwnPropertyDescriptor(originalPrimitiveValuePrototype, name);
  return !!parentDescriptor && "value" in parentDescriptor && parentDescriptor.value === expected;
}
function plainPayload(value, allowEmpty = false) {
  if (!(value instanceof Uint8Array) || Object.getPrototypeOf(value) !== Uint8Array.prototype)
    return;
  for (const name of [
    "buffer",
    "byteOffset",
    "byteLength",
    "length",
    "slice",
    "constructor"
  ])
    if (Object.prototype.hasOwnProperty.call(value, name))
      return;
  const constructorDescriptor = Object.getOwnPropertyDescriptor(Uint8Array.prototype, "constructor");
  if (!constructorDescriptor || !("value" in constructorDescriptor) || constructorDescriptor.value !== originalUint8ArrayConstructor)
    return;
  if (!stableInheritedMethod(Uint8Array.prototype, "slice", originalUint8ArraySliceInfo))
    return;
  try {
    const buffer = value.buffer;
    if (!(buffer instanceof ArrayBuffer) || Object.getPrototypeOf(buffer) !== ArrayBuffer.prototype)
      return;
    if (Object.prototype.hasOwnProperty.call(buffer, "byteLength"))
      return;
    if (value.byteLength !== value.length || !allowEmpty && value.byteLength === 0)
      return;
    if (value.byteOffset < 0 || value.byteOffset + value.byteLength > buffer.byteLength)
      return;
  } catch {
    return;
  }
  return value;
}
function validIdBlock(block, constructed, registry) {
  if (Object.getPrototypeOf(block) !== registry.LocalIdentificationBlock.prototype)
    return false;
  if (!prototypeMethod(block, registry.LocalIdentificationBlock.prototype, "toBER", registry.originalIdentificationToBER))
    return false;
  const tagClass = dataProperty(block, "tagClass");
  const tagNumber = dataProperty(block, "tagNumber");
  const isConstructed = dataProperty(block, "isConstructed");
  const isHexOnly = dataProperty(block, "isHexOnly");
  const valueHexView = dataProperty(block, "valueHexView");
  if (typeof tagClass !== "number" || !Number.isInteger(tagClass) || tagClass < 1 || tagClass > 4)
    return false;
  if (typeof tagNumber !== "number" || !Number.isInteger(tagNumber) || tagNumber < 0)
    return false;
  if (isConstructed !== constructed || typeof isHexOnly !== "boolean")
    return false;
  if (isHexOnly)
    return !!plainPayload(valueHexView);
  return Number.isSafeInteger(tagNumber);
}
function validLengthBlock(block, allowIndefinite, registry) {
  if (Object.getPrototypeOf(block) !== registry.LocalLengthBlock.prototype)
    return false;
  if (!prototypeMethod(block, registry.LocalLengthBlock.prototype, "toBER", registry.originalLengthToBER))
    return false;
  const indefinite = dataProperty(block, "isIndefiniteForm");
  const longForm = dataProperty(block, "longFormUsed");
  const lengthDescriptor = Object.getOwnPropertyDescriptor(block, "length");
  const length = lengthDescriptor && "value" in lengthDescriptor ? lengthDescriptor.value : undefined;
  const longFormDescriptor = Object.getOwnPropertyDescriptor(block, "longFormUsed");
  return typeof indefinite === "boolean" && (indefinite === false || allowIndefinite) && typeof longForm === "boolean" && !!longFormDescriptor && "value" in longFormDescriptor && longFormDescriptor.writable === true && !!lengthDescriptor && "value" in lengthDescriptor && lengthDescriptor.writable === true && typeof length === "number" && Number.isSafeInteger(length) && length >= 0;
}
function validBaseBlock(block, isConstructed, registry) {
  const idBlock = dataProperty(block, "idBlock");
  const lenBlock = dataProperty(block, "lenBlock");
  return !!idBlock && !!lenBlock && validIdBlock(idBlock, isConstructed, registry) && validLengthBlock(lenBlock, isConstructed, registry);
}
function constructedChild(block, registry) {
  const valueBlock = dataProperty(block, "valueBlock");
  if (!valueBlock || Object.getPrototypeOf(valueBlock) !== registry.LocalConstructedValueBlock.prototype)
    return;
  if (!prototypeMethod(valueBlock, registry.LocalConstructedValueBlock.prototype, "toBER", registry.originalConstructedToBER))
    return;
  const values = dataProperty(valueBlock, "value");
  if (!Array.isArray(values) || Object.getPrototypeOf(values) !== Array.prototype)
    return;
  const lengthDescriptor = Object.getOwnPropertyDescriptor(values, "length");
  if (!lengthDescriptor || !("value" in lengthDescriptor) || lengthDescriptor.value !== 1)
    return;
  if (Object.prototype.hasOwnProperty.call(values, Symbol.iterator))
    return;
  const iteratorDescriptor = Object.getOwnPropertyDescriptor(Array.prototype, Symbol.iterator);
  if (!iteratorDescriptor || !("value" in iteratorDescriptor) || iteratorDescriptor.value !== originalArrayIterator)
    return;
  const indexDescriptor = Object.getOwnPropertyDescriptor(values, "0");
  if (!indexDescriptor || !("value" in indexDescriptor))
    return;
  if (Object.getOwnPropertyNames(values).length !== 2)
    return;
  return indexDescriptor.value;
}
function bitPayload(block, registry) {
  const valueBlock = dataProperty(block, "valueBlock");
  if (!valueBlock || Object.getPrototypeOf(valueBlock) !== registry.LocalBitStringValueBlock.prototype)
    return;
  if (!prototypeMethod(valueBlock, registry.LocalBitStringValueBlock.prototype, "toBER", registry.originalBitStringToBER))
    return;
  if (dataProperty(valueBlock, "isConstructed") !== false)
    return;
  const unusedBits = dataProperty(valueBlock, "unusedBits");
  if (typeof unusedBits !== "number" || !Number.isInteger(unusedBits) || unusedBits < 0 || unusedBits > 7)
    return;
  const payload = plainPayload(dataProperty(valueBlock, "valueHexView"), true);
  if (!payload)
    return;
  return {
    payload,
    prefix: Uint8Array.of(payload.byteLength ? unusedBits : 0)
  };
}
function primitivePayload(block, kind, registry) {
  const valueBlock = dataProperty(block, "valueBlock");
  if (!valueBlock)
    return;
  if (kind === "integer") {
    if (Object.getPrototypeOf(valueBlock) !== registry.LocalIntegerValueBlock.prototype)
      return;
    if (!prototypeMethod(valueBlock, registry.LocalIntegerValueBlock.prototype, "toBER", registry.originalIntegerToBER))
      return;
  } else if (kind === "octet") {
    if (Object.getPrototypeOf(valueBlock) !== registry.LocalOctetStringValueBlock.prototype)
      return;
    if (!prototypeMethod(valueBlock, registry.LocalOctetStringValueBlock.prototype, "toBER", registry.originalOctetStringToBER))
      return;
    if (dataProperty(valueBlock, "isConstructed") !== false)
      return;
  } else {
    if (Object.getPrototypeOf(valueBlock) !== registry.LocalPrimitiveValueBlock.prototype)
      return;
    if (!inheritedMethod(valueBlock, "toBER", registry.originalPrimitiveToBER, registry.LocalPrimitiveValueBlock))
      return;
  }
  if (kind === "primitive" && dataProperty(valueBlock, "isHexOnly") !== true)
    return;
  if (typeof dataProperty(valueBlock, "isHexOnly") !== "boolean")
    return;
  return plainPayload(dataProperty(valueBlock, "valueHexView"));
}
function validOuterMethod(block, registry) {
  if (Object.prototype.hasOwnProperty.call(block, "toBER"))
    return false;
  let prototype = block;
  while (prototype) {
    const descriptor = Object.getOwnPropertyDescriptor(prototype, "toBER");
    if (descriptor)
      return "value" in descriptor && descriptor.value === registry.originalBaseBlockToBER;
    prototype = Object.getPrototypeOf(prototype);
  }
  return false;
}
function isPrimitive(block, type, registry) {
  const constructor = registry[type];
  return !!constructor && Object.getPrototypeOf(block) === constructor.prototype;
}
function isConstructed(block, registry) {
  return Object.getPrototypeOf(block) === registry.Sequence.prototype || Object.getPrototypeOf(block) === registry.Set.prototype || Object.getPrototypeOf(block) === registry.Constructed.prototype;
}
function inspectNode(block, depth, registry) {
  if (depth > BUILTIN_DISPATCH_MAX_DEPTH || !block || typeof block !== "object")
    return;
  try {
    if (!validOuterMethod(block, registry))
      return;
    const primitiveKind = isPrimitive(block, "BitString", registry) ? "bit" : isPrimitive(block, "Integer", registry) ? "integer" : isPrimitive(block, "OctetString", registry) ? "octet" : isPrimitive(block, "Primitive", registry) ? "primitive" : undefined;
    const constructed = primitiveKind === undefined && isConstructed(block, registry);
    if (!primitiveKind && !constructed)
      return;
    if (!validBaseBlock(block, constructed, registry))
      return;
    const idBlock = dataProperty(block, "idBlock");
    const lenBlock = dataProperty(block, "lenBlock");
    if (!idBlock || !lenBlock)
      return;
    if (primitiveKind) {
      const bit = primitiveKind === "bit" ? bitPayload(block, registry) : undefined;
      const payload = primitiveKind === "bit" ? bit?.payload : primitivePayload(block, primitiveKind, registry);
      return payload ? {
        block,
        kind: primitiveKind,
        idBlock,
        lenBlock,
        indefinite: false,
        payload,
        prefix: bit?.prefix
      } : undefined;
    }
    const child = constructedChild(block, registry);
    const validatedChild = child && inspectNode(child, depth + 1, registry);
    const indefinite = dataProperty(lenBlock, "isIndefiniteForm");
    return validatedChild ? {
      block,
      kind: "constructed",
      idBlock,
      lenBlock,
      indefinite: indefinite === true,
      child: validatedChild
    } : undefined;
  } catch {
    return;
  }
}
function buildNode(node, sizeOnly, registry) {
  const id = Reflect.apply(registry.originalIdentificationToBER, node.idBlock, [sizeOnly]);
  if (!(id instanceof ArrayBuffer) || id.byteLength === 0)
    throw TypeError("Built-in identifier encoding failed");
  let payload;
  if (node.kind === "constructed")
    payload = buildNode(node.child, sizeOnly, registry);
  else
    payload = node.payload;
  const length = (payload instanceof Uint8Array ? payload.byteLength : payload.total) + (node.prefix?.byteLength ?? 0);
  let len;
  if (node.indefinite)
    len = Uint8Array.of(128).buffer;
  else {
    node.lenBlock.length = length;
    len = Reflect.apply(registry.originalLengthToBER, node.lenBlock, [sizeOnly]);
    if (!(len instanceof ArrayBuffer) || len.byteLength === 0)
      throw TypeError("Built-in length encoding failed");
  }
  const total = id.byteLength + len.byteLength + length + (node.indefinite ? 2 : 0);
  if (!Number.isSafeInteger(total))
    throw RangeError("Built-in encoding is too large");
  return {
    id,
    len,
    payload,
    length,
    total,
    indefinite: node.indefinite,
    prefix: node.prefix
  };
}
function flatten(node, output, offset, sizeOnly) {
  output.set(new Uint8Array(node.id), offset);
  offset += node.id.byteLength;
  output.set(new Uint8Array(node.len), offset);
  offset += node.len.byteLength;
  if (node.prefix) {
    if (!sizeOnly)
      output.set(node.prefix, offset);
    offset += node.prefix.byteLength;
  }
  if (node.payload instanceof Uint8Array) {
    if (!sizeOnly)
      output.set(node.payload, offset);
    offset += node.payload.byteLength;
  } else
    offset = flatten(node.payload, output, offset, sizeOnly);
  if (node.indefinite)
    offset += 2;
  return offset;
}
function tryEncodeBuiltin(block, sizeOnly = false) {
  const registry = builtinRegistry;
  if (!registry || !writerMethodsStable(registry))
    return;
  const validated = inspectNode(block, 0, registry);
  if (!validated)
    return;
  const node = buildNode(validated, sizeOnly, registry);
  const output = new Uint8Array(node.total);
  flatten(node, output, 0, sizeOnly);
  return output.buffer;
}
var BaseBlock = class extends LocalBaseBlock {
  static {
    this.NAME = "BaseBlock";
  }
  constructor({ name = "", optional = false, primitiveSchema, ...parameters } = {}, valueBlockType) {
    super(parameters);
    this.name = name;
    this.optional = optional;
    if (primitiveSchema)
      this.primitiveSchema = primitiveSchema;
    this.idBlock = new LocalIdentificationBlock(parameters);
    this.lenBlock = new LocalLengthBlock(parameters);
    this.valueBlock = valueBlockType ? new valueBlockType(parameters) : new ValueBlock(parameters);
  }
  fromBER(inputBuffer, inputOffset, inputLength, context) {
    const resultOffset = this.valueBlock.fromBER(inputBuffer, inputOffset, this.lenBlock.isIndefiniteForm ? inputLength : this.lenBlock.length, context);
    if (resultOffset === -1) {
      this.error = this.valueBlock.error;
      return resultOffset;
    }
    if (!this.idBlock.error.length)
      this.blockLength += this.idBlock.blockLength;
    if (!this.lenBlock.error.length)
      this.blockLength += this.lenBlock.blockLength;
    if (!this.valueBlock.error.length)
      this.blockLength += this.valueBlock.blockLength;
    return resultOffset;
  }
  toBER(sizeOnly, writer) {
    const _writer = writer || new ViewWriter;
    if (!writer) {
      prepareIndefiniteForm(this);
      if (sizeOnly === true || sizeOnly === false || sizeOnly === undefined) {
        if (shouldUseBuiltinEncoder(this)) {
          const encoded = tryEncodeBuiltin(this, sizeOnly === true);
          if (encoded)
            return encoded;
        }
      }
    }
    const idBlockBuf = this.idBlock.toBER(sizeOnly);
    _writer.write(idBlockBuf);
    if (this.lenBlock.isIndefiniteForm) {
      _writer.write(new Uint8Array([128]).buffer);
      this.valueBlock.toBER(sizeOnly, _writer);
      _writer.write(/* @__PURE__ */ new ArrayBuffer(2));
    } else {
      const valueBlockBuf = this.valueBlock.toBER(sizeOnly);
      this.lenBlock.length = valueBlockBuf.byteLength;
      const lenBlockBuf = this.lenBlock.toBER(sizeOnly);
      _writer.write(lenBlockBuf);
      _writer.write(valueBlockBuf);
    }
    if (!writer)
      return _writer.final();
    return EMPTY_BUFFER;
  }
  toJSON() {
    const object = {
      ...super.toJSON(),
      idBlock: this.idBlock.toJSON(),
      lenBlock: this.lenBlock.toJSON(),
      valueBlock: this.valueBlock.toJSON(),
      name: this.name,
      optional: this.optional
    };
    if (this.primitiveSchema)
      object.primitiveSchema = this.primitiveSchema.toJSON();
    return object;
  }
  toString(encoding = "ascii") {
    if (encoding === "ascii")
      return this.onAsciiEncoding();
    return hex_exports.encode(this.toBER());
  }
  onAsciiEncoding() {
    return `${this.constructor.NAME} : ${hex_exports.encode(this.valueBlock.valueBeforeDecodeView)}`;
  }
  isEqual(other) {
    if (this === other)
      return true;
    if (!(other instanceof this.constructor))
      return false;
    const thisRaw = this.toBER();
    const otherRaw = other.toBER();
    return bytes_exports.equal(thisRaw, otherRaw);
  }
};
var ORIGINAL_BASE_BLOCK_TO_BER = BaseBlock.prototype.toBER;
function prepareIndefiniteForm(baseBlock) {
  if (baseBlock instanceof typeStore.Constructed) {
    for (const value of baseBlock.valueBlock.value)
      if (prepareIndefiniteForm(value))
        baseBlock.lenBlock.isIndefiniteForm = true;
  }
  return !!baseBlock.lenBlock?.isIndefiniteForm;
}
var BaseStringBlock = class extends BaseBlock {
  static {
    this.NAME = "BaseStringBlock";
  }
  getValue() {
    return this.valueBlock.value;
  }
  setValue(value) {
    this.valueBlock.value = value;
  }
  constructor({ value = "", ...parameters } = {}, stringValueBlockType) {
    super(parameters, stringValueBlockType);
    if (value)
      this.fromString(value);
  }
  fromBER(inputBuffer, inputOffset, inputLength) {
    const resultOffset = this.valueBlock.fromBER(inputBuffer, inputOffset, this.lenBlock.isIndefiniteForm ? inputLength : this.lenBlock.length);
    if (resultOffset === -1) {
      this.error = this.valueBlock.error;
      return resultOffset;
    }
    const valueError = this.checkValue(this.valueBlock.valueHexView);
    if (valueError) {
      this.error = valueError;
      return -1;
    }
    this.fromBuffer(this.valueBlock.valueHexView);
    if (!this.idBlock.error.length)
      this.blockLength += this.idBlock.blockLength;
    if (!this.lenBlock.error.length)
      this.blockLength += this.lenBlock.blockLength;
    if (!this.valueBlock.error.length)
      this.blockLength += this.valueBlock.blockLength;
    return resultOffset;
  }
  checkValue(_view) {
    return "";
  }
  onAsciiEncoding() {
    return `${this.constructor.NAME} : '${this.valueBlock.value}'`;
  }
};
var LocalPrimitiveValueBlock = class extends HexBlock(ValueBlock) {
  static {
    this.NAME = "PrimitiveValueBlock";
  }
  constructor({ isHexOnly = true, ...parameters } = {}) {
    super(parameters);
    this.isHexOnly = isHexOnly;
  }
};
var ORIGINAL_LOCAL_PRIMITIVE_TO_BER = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(LocalPrimitiveValueBlock.prototype), "toBER")?.value;
var Primitive = class extends BaseBlock {
  static {
    typeStore.Primitive = this;
  }
  static {
    this.NAME = "PRIMITIVE";
  }
  constructor(parameters = {}) {
    super(parameters, LocalPrimitiveValueBlock);
    this.idBlock.isConstructed = false;
  }
};
var fastParserRegistry;
function registerFastParser(constructors) {
  fastParserRegistry = {
    Integer: constructors.Integer,
    Null: constructors.Null,
    Sequence: constructors.Sequence
  };
}
function fastParserContext(context) {
  const nodes = Object.getOwnPropertyDescriptor(context, "nodesCount");
  const maxNodes = Object.getOwnPropertyDescriptor(context, "maxNodes");
  const maxContentLength = Object.getOwnPropertyDescriptor(context, "maxContentLength");
  if (!nodes || !("value" in nodes) || nodes.writable !== true)
    return false;
  if (!maxNodes || !("value" in maxNodes) || !maxContentLength || !("value" in maxContentLength))
    return false;
  return typeof nodes.value === "number" && Number.isSafeInteger(nodes.value) && nodes.value >= 0 && typeof maxNodes.value === "number" && Number.isSafeInteger(maxNodes.value) && maxNodes.value >= 0 && typeof maxContentLength.value === "number" && Number.isSafeInteger(maxContentLength.value) && maxContentLength.value >= 0 && nodes.value < maxNodes.value;
}
function fastParserType(store, name, value) {
  const descriptor = Object.getOwnPropertyDescriptor(store, name);
  return !!descriptor && "value" in descriptor && descriptor.value === value;
}
function tryFastFromBER(inputBuffer, inputOffset, inputLength, context) {
  const registry = fastParserRegistry;
  if (!registry)
    return;
  let Constructor;
  let length = 0;
  try {
    if (Object.getPrototypeOf(inputBuffer) !== Uint8Array.prototype)
      return;
    if (!Number.isSafeInteger(inputOffset) || inputOffset < 0 || !Number.isSafeInteger(inputLength) || inputLength < 2)
      return;
    if (inputOffset > inputBuffer.byteLength || inputLength > inputBuffer.byteLength - inputOffset)
      return;
    const tag = inputBuffer[inputOffset];
    if (tag !== 2 && tag !== 5 && tag !== 48)
      return;
    length = inputBuffer[inputOffset + 1];
    if (length >= 128 || length > inputLength - 2)
      return;
    if (tag === 5 && length !== 0)
      return;
    if (!fastParserContext(context))
      return;
    if (length > Object.getOwnPropertyDescriptor(context, "maxContentLength").value)
      return;
    const constructorName = tag === 2 ? "Integer" : tag === 5 ? "Null" : "Sequence";
    Constructor = registry[constructorName];
    if (!fastParserType(typeStore, constructorName, Constructor))
      return;
    const identificationFromBER = Object.getOwnPropertyDescriptor(LocalIdentificationBlock.prototype, "fromBER");
    const lengthFromBER = Object.getOwnPropertyDescriptor(LocalLengthBlock.prototype, "fromBER");
    if (!identificationFromBER || !("value" in identificationFromBER) || identificationFromBER.value !== ORIGINAL_LOCAL_IDENTIFICATION_FROM_BER || !lengthFromBER || !("value" in lengthFromBER) || lengthFromBER.value !== ORIGINAL_LOCAL_LENGTH_FROM_BER)
      return;
  } catch {
    return;
  }
  if (!Constructor)
    return;
  const result = new Constructor;
  result.idBlock.tagClass = 1;
  result.idBlock.tagNumber = inputBuffer[inputOffset] & 31;
  result.idBlock.isConstructed = inputBuffer[inputOffset] === 48;
  result.idBlock.isHexOnly = false;
  result.idBlock.blockLength = 1;
  result.lenBlock.isIndefiniteForm = false;
  result.lenBlock.longFormUsed = false;
  result.lenBlock.length = length;
  result.lenBlock.blockLength = 1;
  context.nodesCount += 1;
  const resultOffset = result.fromBER(inputBuffer, inputOffset + 2, length, context);
  result.valueBeforeDecodeView = inputBuffer.subarray(inputOffset, inputOffset + result.blockLength);
  return {
    offset: resultOffset,
    result
  };
}
var MAX_DEPTH_EXCEEDED_ERROR = "Maximum ASN.1 nesting depth exceeded";
var MAX_NODES_EXCEEDED_ERROR = "Maximum ASN.1 node count exceeded";
var MAX_CONTENT_LENGTH_EXCEEDED_ERROR = "Maximum ASN.1 content length exceeded";
function createFromBerContext(options = {}) {
  return {
    depth: 0,
    maxDepth: options.maxDepth ?? 100,
    nodesCount: 0,
    maxNodes: options.maxNodes ?? 1e4,
    maxContentLength: options.maxContentLength ?? 16777216,
    parseEmbedded: options.parseEmbedded ?? true
  };
}
function createErrorResult(error) {
  const result = new BaseBlock({}, ValueBlock);
  result.error = error;
  return {
    offset: -1,
    result
  };
}
function checkNodesLimit(context) {
  context.nodesCount += 1;
  if (context.nodesCount > context.maxNodes)
    return MAX_NODES_EXCEEDED_ERROR;
}
function checkContentLengthLimit(inputLength, context) {
  if (inputLength > context.maxContentLength)
    return MAX_CONTENT_LENGTH_EXCEEDED_ERROR;
}
function localFromBERWithChildContext(inputBuffer, inputOffset, inputLength, context) {
  const childDepth = context.depth + 1;
  if (childDepth > context.maxDepth)
    return createErrorResult(MAX_DEPTH_EXCEEDED_ERROR);
  context.depth = childDepth;
  try {
    return localFromBER(inputBuffer, inputOffset, inputLength, context);
  } finally {
    context.depth -= 1;
  }
}
function localChangeType(inputObject, newType) {
  if (inputObject instanceof newType)
    return inputObject;
  const newObject = new newType;
  newObject.idBlock = inputObject.idBlock;
  newObject.lenBlock = inputObject.lenBlock;
  newObject.warnings = inputObject.warnings;
  newObject.valueBeforeDecodeView = inputObject.valueBeforeDecodeView;
  return newObject;
}
function localFromBER(inputBuffer, inputOffset = 0, inputLength = inputBuffer.length, context = createFromBerContext()) {
  const fastResult = tryFastFromBER(inputBuffer, inputOffset, inputLength, context);
  if (fastResult)
    return fastResult;
  const incomingOffset = inputOffset;
  let returnObject = new BaseBlock({}, ValueBlock);
  if (!checkBufferParams(returnObject, inputBuffer, inputOffset, inputLength))
    return {
      offset: -1,
      result: returnObject
    };
  if (Number.isInteger(inputOffset) && Number.isInteger(inputLength) ? inputLength === 0 : inputBuffer.subarray(inputOffset, inputOffset + inputLength).length === 0) {
    returnObject.error = "Zero buffer length";
    return {
      offset: -1,
      result: returnObject
    };
  }
  const nodesLimitError = checkNodesLimit(context);
  if (nodesLimitError) {
    returnObject.error = nodesLimitError;
    return {
      offset: -1,
      result: returnObject
    };
  }
  let resultOffset = returnObject.idBlock.fromBER(inputBuffer, inputOffset, inputLength);
  if (returnObject.idBlock.warnings.length)
    returnObject.warnings.concat(returnObject.idBlock.warnings);
  if (resultOffset === -1) {
    returnObject.error = returnObject.idBlock.error;
    return {
      offset: -1,
      result: returnObject
    };
  }
  inputOffset = resultOffset;
  inputLength -= returnObject.idBlock.blockLength;
  resultOffset = returnObject.lenBlock.fromBER(inputBuffer, inputOffset, inputLength);
  if (returnObject.lenBlock.warnings.length)
    returnObject.warnings.concat(returnObject.lenBlock.warnings);
  if (resultOffset === -1) {
    returnObject.error = returnObject.lenBlock.error;
    return {
      offset: -1,
      result: returnObject
    };
  }
  inputOffset = resultOffset;
  inputLength -= returnObject.lenBlock.blockLength;
  const valueLength = returnObject.lenBlock.isIndefiniteForm ? inputLength : returnObject.lenBlock.length;
  const contentLengthError = checkContentLengthLimit(valueLength, context);
  if (contentLengthError) {
    returnObject.error = contentLengthError;
    return {
      offset: -1,
      result: returnObject
    };
  }
  if (!returnObject.idBlock.isConstructed && returnObject.lenBlock.isIndefiniteForm) {
    returnObject.error = "Indefinite length form used for primitive encoding form";
    return {
      offset: -1,
      result: returnObject
    };
  }
  let newASN1Type = BaseBlock;
  switch (returnObject.idBlock.tagClass) {
    case 1:
      if (returnObject.idBlock.tagNumber >= 37 && returnObject.idBlock.isHexOnly === false) {
        returnObject.error = "UNIVERSAL 37 and upper tags are reserved by ASN.1 standard";
        return {
          offset: -1,
          result: returnObject
        };
      }
      switch (returnObject.idBlock.tagNumber) {
        case 0:
          if (returnObject.idBlock.isConstructed && returnObject.lenBlock.length > 0) {
            returnObject.error = "Type [UNIVERSAL 0] is reserved";
            return {
              offset: -1,
              result: returnObject
            };
          }
          newASN1Type = typeStore.EndOfContent;
          break;
        case 1:
          newASN1Type = typeStore.Boolean;
          break;
        case 2:
          newASN1Type = typeStore.Integer;
          break;
        case 3:
          newASN1Type = typeStore.BitString;
          break;
        case 4:
          newASN1Type = typeStore.OctetString;
          break;
        case 5:
          newASN1Type = typeStore.Null;
          break;
        case 6:
          newASN1Type = typeStore.ObjectIdentifier;
          break;
        case 10:
          newASN1Type = typeStore.Enumerated;
          break;
        case 12:
          newASN1Type = typeStore.Utf8String;
          break;
        case 13:
          newASN1Type = typeStore.RelativeObjectIdentifier;
          break;
        case 14:
          newASN1Type = typeStore.TIME;
          break;
        case 15:
          returnObject.error = "[UNIVERSAL 15] is reserved by ASN.1 standard";
          return {
            offset: -1,
            result: returnObject
          };
        case 16:
          newASN1Type = typeStore.Sequence;
          break;
        case 17:
          newASN1Type = typeStore.Set;
          break;
        case 18:
          newASN1Type = typeStore.NumericString;
          break;
        case 19:
          newASN1Type = typeStore.PrintableString;
          break;
        case 20:
          newASN1Type = typeStore.TeletexString;
          break;
        case 21:
          newASN1Type = typeStore.VideotexString;
          break;
        case 22:
          newASN1Type = typeStore.IA5String;
          break;
        case 23:
          newASN1Type = typeStore.UTCTime;
          break;
        case 24:
          newASN1Type = typeStore.GeneralizedTime;
          break;
        case 25:
          newASN1Type = typeStore.GraphicString;
          break;
        case 26:
          newASN1Type = typeStore.VisibleString;
          break;
        case 27:
          newASN1Type = typeStore.GeneralString;
          break;
        case 28:
          newASN1Type = typeStore.UniversalString;
          break;
        case 29:
          newASN1Type = typeStore.CharacterString;
          break;
        case 30:
          newASN1Type = typeStore.BmpString;
          break;
        case 31:
          newASN1Type = typeStore.DATE;
          break;
        case 32:
          newASN1Type = typeStore.TimeOfDay;
          break;
        case 33:
          newASN1Type = typeStore.DateTime;
          break;
        case 34:
          newASN1Type = typeStore.Duration;
          break;
        default: {
          const newObject = returnObject.idBlock.isConstructed ? new typeStore.Constructed : new typeStore.Primitive;
          newObject.idBlock = returnObject.idBlock;
          newObject.lenBlock = returnObject.lenBlock;
          newObject.warnings = returnObject.warnings;
          returnObject = newObject;
        }
      }
      break;
    default:
      newASN1Type = returnObject.idBlock.isConstructed ? typeStore.Constructed : typeStore.Primitive;
  }
  returnObject = localChangeType(returnObject, newASN1Type);
  resultOffset = returnObject.fromBER(inputBuffer, inputOffset, valueLength, context);
  returnObject.valueBeforeDecodeView = inputBuffer.subarray(incomingOffset, incomingOffset + returnObject.blockLength);
  return {
    offset: resultOffset,
    result: returnObject
  };
}
function fromBER(inputBuffer, options = {}) {
  if (!inputBuffer.byteLength) {
    const result = new BaseBlock({}, ValueBlock);
    result.error = "Input buffer has zero length";
    return {
      offset: -1,
      result
    };
  }
  const inputView = toUint8Array(inputBuffer);
  return localFromBER(options.copyInput === false ? inputView : inputView.slice(), 0, inputBuffer.byteLength, createFromBerContext(options));
}
function checkLen(indefiniteLength, length) {
  if (indefiniteLength)
    return 1;
  return length;
}
var LocalConstructedValueBlock = class extends ValueBlock {
  static {
    this.NAME = "ConstructedValueBlock";
  }
  constructor({ value = [], isIndefiniteForm = false, ...parameters } = {}) {
    super(parameters);
    this.value = value;
    this.isIndefiniteForm = isIndefiniteForm;
  }
  fromBER(inputBuffer, inputOffset, inputLength, context) {
    const view = toUint8Array(inputBuffer);
    const parseContext = context ?? createFromBerContext();
    if (!checkBufferParams(this, view, inputOffset, inputLength))
      return -1;
    this.valueBeforeDecodeView = view.subarray(inputOffset, inputOffset + inputLength);
    if (this.valueBeforeDecodeView.length === 0) {
      this.warnings.push("Zero buffer length");
      return inputOffset;
    }
    let currentOffset = inputOffset;
    while (checkLen(this.isIndefiniteForm, inputLength) > 0) {
      const returnObject = localFromBERWithChildContext(view, currentOffset, inputLength, parseContext);
      if (returnObject.offset === -1) {
        this.error = returnObject.result.error;
        this.warnings.concat(returnObject.result.warnings);
        return -1;
      }
      currentOffset = returnObject.offset;
      this.blockLength += returnObject.result.blockLength;
      inputLength -= returnObject.result.blockLength;
      this.value.push(returnObject.result);
      if (this.isIndefiniteForm && returnObject.result.constructor.NAME === "EndOfContent")
        break;
    }
    if (this.isIndefiniteForm) {
      if (this.value[this.value.length - 1].constructor.NAME === "EndOfContent")
        this.value.pop();
      else
        this.warnings.push("No EndOfContent block encoded");
    }
    return currentOffset;
  }
  toBER(sizeOnly, writer) {
    const _writer = writer || new ViewWriter;
    for (let i = 0;i < this.value.length; i++)
      this.value[i].toBER(sizeOnly, _writer);
    if (!writer)
      return _writer.final();
    return EMPTY_BUFFER;
  }
  toJSON() {
    const object = {
      ...super.toJSON(),
      isIndefiniteForm: this.isIndefiniteForm,
      value: []
    };
    for (const value of this.value)
      object.value.push(value.toJSON());
    return object;
  }
};
var ORIGINAL_LOCAL_CONSTRUCTED_TO_BER = LocalConstructedValueBlock.prototype.toBER;
var Constructed = class extends BaseBlock {
  static {
    typeStore.Constructed = this;
  }
  static {
    this.NAME = "CONSTRUCTED";
  }
  constructor(parameters = {}) {
    super(parameters, LocalConstructedValueBlock);
    this.idBlock.isConstructed = true;
  }
  fromBER(inputBuffer, inputOffset, inputLength, context) {
    this.valueBlock.isIndefiniteForm = this.lenBlock.isIndefiniteForm;
    const resultOffset = this.valueBlock.fromBER(inputBuffer, inputOffset, this.lenBlock.isIndefiniteForm ? inputLength : this.lenBlock.length, context);
    if (resultOffset === -1) {
      this.error = this.valueBlock.error;
      return resultOffset;
    }
    if (!this.idBlock.error.length)
      this.blockLength += this.idBlock.blockLength;
    if (!this.lenBlock.error.length)
      this.blockLength += this.lenBlock.blockLength;
    if (!this.valueBlock.error.length)
      this.blockLength += this.valueBlock.blockLength;
    return resultOffset;
  }
  onAsciiEncoding() {
    const values = [];
    for (const value of this.valueBlock.value)
      values.push(value.toString("ascii").split(`
`).map((o) => `  ${o}`).join(`
`));
    const blockName = this.idBlock.tagClass === 3 ? `[${this.idBlock.tagNumber}]` : this.constructor.NAME;
    return values.length ? `${blockName} :
${values.join(`
`)}` : `${blockName} :`;
  }
};
var LocalEndOfContentValueBlock = class extends ValueBlock {
  static {
    this.override = "EndOfContentValueBlock";
  }
  fromBER(inputBuffer, inputOffset, _inputLength) {
    return inputOffset;
  }
  toBER(_sizeOnly) {
    return EMPTY_BUFFER;
  }
};
var EndOfContent = class extends BaseBlock {
  static {
    typeStore.EndOfContent = this;
  }
  static {
    this.NAME = END_OF_CONTENT_NAME;
  }
  constructor(parameters = {}) {
    super(parameters, LocalEndOfContentValueBlock);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 0;
  }
};
var Null = class extends BaseBlock {
  static {
    typeStore.Null = this;
  }
  static {
    this.NAME = "NULL";
  }
  constructor(parameters = {}) {
    super(parameters, ValueBlock);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 5;
  }
  fromBER(inputBuffer, inputOffset, inputLength) {
    if (this.lenBlock.length > 0)
      this.warnings.push("Non-zero length of value block for Null type");
    if (!this.idBlock.error.length)
      this.blockLength += this.idBlock.blockLength;
    if (!this.lenBlock.error.length)
      this.blockLength += this.lenBlock.blockLength;
    this.blockLength += inputLength;
    if (inputOffset + inputLength > inputBuffer.byteLength) {
      this.error = "End of input reached before message was fully decoded (inconsistent offset and length values)";
      return -1;
    }
    return inputOffset + inputLength;
  }
  toBER(sizeOnly, writer) {
    const retBuf = /* @__PURE__ */ new ArrayBuffer(2);
    if (!sizeOnly) {
      const retView = new Uint8Array(retBuf);
      retView[0] = 5;
      retView[1] = 0;
    }
    if (writer)
      writer.write(retBuf);
    return retBuf;
  }
  onAsciiEncoding() {
    return `${this.constructor.NAME}`;
  }
};
var LocalBooleanValueBlock = class extends HexBlock(ValueBlock) {
  static {
    this.NAME = "BooleanValueBlock";
  }
  get value() {
    for (const octet of this.valueHexView)
      if (octet > 0)
        return true;
    return false;
  }
  set value(value) {
    this.valueHexView[0] = value ? 255 : 0;
  }
  constructor({ value, ...parameters } = {}) {
    super(parameters);
    if (parameters.valueHex)
      this.valueHexView = toUint8Array(parameters.valueHex);
    else
      this.valueHexView = /* @__PURE__ */ new Uint8Array(1);
    if (value)
      this.value = value;
  }
  fromBER(inputBuffer, inputOffset, inputLength) {
    const inputView = toUint8Array(inputBuffer);
    if (!checkBufferParams(this, inputView, inputOffset, inputLength))
      return -1;
    this.valueHexView = inputView.subarray(inputOffset, inputOffset + inputLength);
    if (inputLength > 1)
      this.warnings.push("Boolean value encoded in more then 1 octet");
    this.isHexOnly = true;
    if (inputLength > 1 && !int_exports.isMinimal(this.valueHexView))
      this.warnings.push("Needlessly long format");
    this.blockLength = inputLength;
    return inputOffset + inputLength;
  }
  toBER() {
    return this.valueHexView.slice().buffer;
  }
  toJSON() {
    return {
      ...super.toJSON(),
      value: this.value
    };
  }
};
var Boolean = class extends BaseBlock {
  static {
    typeStore.Boolean = this;
  }
  getValue() {
    return this.valueBlock.value;
  }
  setValue(value) {
    this.valueBlock.value = value;
  }
  static {
    this.NAME = "BOOLEAN";
  }
  constructor(parameters = {}) {
    super(parameters, LocalBooleanValueBlock);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 1;
  }
  onAsciiEncoding() {
    return `${this.constructor.NAME} : ${this.getValue}`;
  }
};
var LocalOctetStringValueBlock = class extends HexBlock(LocalConstructedValueBlock) {
  static {
    this.NAME = "OctetStringValueBlock";
  }
  constructor({ isConstructed = false, ...parameters } = {}) {
    super(parameters);
    this.isConstructed = isConstructed;
  }
  fromBER(inputBuffer, inputOffset, inputLength, context) {
    let resultOffset = 0;
    if (this.isConstructed) {
      this.isHexOnly = false;
      resultOffset = LocalConstructedValueBlock.prototype.fromBER.call(this, inputBuffer, inputOffset, inputLength, context);
      if (resultOffset === -1)
        return resultOffset;
      for (let i = 0;i < this.value.length; i++) {
        const currentBlockName = this.value[i].constructor.NAME;
        if (currentBlockName === "EndOfContent") {
          if (this.isIndefiniteForm)
            break;
          else {
            this.error = "EndOfContent is unexpected, OCTET STRING may consists of OCTET STRINGs only";
            return -1;
          }
        }
        if (currentBlockName !== "OCTET STRING") {
          this.error = "OCTET STRING may consists of OCTET STRINGs only";
          return -1;
        }
      }
    } else {
      this.isHexOnly = true;
      resultOffset = super.fromBER(inputBuffer, inputOffset, inputLength);
      this.blockLength = inputLength;
    }
    return resultOffset;
  }
  toBER(sizeOnly, writer) {
    if (this.isConstructed)
      return LocalConstructedValueBlock.prototype.toBER.call(this, sizeOnly, writer);
    return sizeOnly ? new ArrayBuffer(this.valueHexView.byteLength) : this.valueHexView.slice().buffer;
  }
  toJSON() {
    return {
      ...super.toJSON(),
      isConstructed: this.isConstructed
    };
  }
};
var ORIGINAL_LOCAL_OCTET_STRING_TO_BER = LocalOctetStringValueBlock.prototype.toBER;
var OctetString = class OctetString extends BaseBlock {
  static {
    typeStore.OctetString = this;
  }
  static {
    this.NAME = OCTET_STRING_NAME;
  }
  constructor({ idBlock = {}, lenBlock = {}, ...parameters } = {}) {
    parameters.isConstructed ??= !!parameters.value?.length;
    super({
      idBlock: {
        isConstructed: parameters.isConstructed,
        ...idBlock
      },
      lenBlock: {
        ...lenBlock,
        isIndefiniteForm: !!parameters.isIndefiniteForm
      },
      ...parameters
    }, LocalOctetStringValueBlock);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 4;
  }
  fromBER(inputBuffer, inputOffset, inputLength, context) {
    this.valueBlock.isConstructed = this.idBlock.isConstructed;
    this.valueBlock.isIndefiniteForm = this.lenBlock.isIndefiniteForm;
    if (inputLength === 0) {
      if (this.idBlock.error.length === 0)
        this.blockLength += this.idBlock.blockLength;
      if (this.lenBlock.error.length === 0)
        this.blockLength += this.lenBlock.blockLength;
      return inputOffset;
    }
    if (!this.valueBlock.isConstructed && context?.parseEmbedded !== false) {
      const buf = (inputBuffer instanceof ArrayBuffer ? new Uint8Array(inputBuffer) : inputBuffer).subarray(inputOffset, inputOffset + inputLength);
      try {
        if (buf.byteLength) {
          const parseContext = context ?? createFromBerContext();
          const asn = localFromBERWithChildContext(buf, 0, buf.byteLength, parseContext);
          if (asn.offset !== -1 && asn.offset === inputLength)
            this.valueBlock.value = [asn.result];
        }
      } catch {}
    }
    return super.fromBER(inputBuffer, inputOffset, inputLength, context);
  }
  onAsciiEncoding() {
    if (this.valueBlock.isConstructed || this.valueBlock.value && this.valueBlock.value.length)
      return Constructed.prototype.onAsciiEncoding.call(this);
    return `${this.constructor.NAME} : ${hex_exports.encode(this.valueBlock.valueHexView)}`;
  }
  getValue() {
    if (!this.idBlock.isConstructed)
      return this.valueBlock.valueHexView.slice().buffer;
    const array = [];
    for (const content of this.valueBlock.value)
      if (content instanceof OctetString)
        array.push(content.valueBlock.valueHexView);
    return concat4(array);
  }
};
var LocalBitStringValueBlock = class extends HexBlock(LocalConstructedValueBlock) {
  static {
    this.NAME = "BitStringValueBlock";
  }
  constructor({ unusedBits = 0, isConstructed = false, ...parameters } = {}) {
    super(parameters);
    this.unusedBits = unusedBits;
    this.isConstructed = isConstructed;
    this.blockLength = this.valueHexView.byteLength;
  }
  fromBER(inputBuffer, inputOffset, inputLength, context) {
    if (!inputLength)
      return inputOffset;
    let resultOffset = -1;
    if (this.isConstructed) {
      resultOffset = LocalConstructedValueBlock.prototype.fromBER.call(this, inputBuffer, inputOffset, inputLength, context);
      if (resultOffset === -1)
        return resultOffset;
      for (const value of this.value) {
        const currentBlockName = value.constructor.NAME;
        if (currentBlockName === "EndOfContent") {
          if (this.isIndefiniteForm)
            break;
          else {
            this.error = "EndOfContent is unexpected, BIT STRING may consists of BIT STRINGs only";
            return -1;
          }
        }
        if (currentBlockName !== "BIT STRING") {
          this.error = "BIT STRING may consists of BIT STRINGs only";
          return -1;
        }
        const valueBlock = value.valueBlock;
        if (this.unusedBits > 0 && valueBlock.unusedBits > 0) {
          this.error = 'Using of "unused bits" inside constructive BIT STRING allowed for least one only';
          return -1;
        }
        this.unusedBits = valueBlock.unusedBits;
      }
      return resultOffset;
    }
    const inputView = toUint8Array(inputBuffer);
    if (!checkBufferParams(this, inputView, inputOffset, inputLength))
      return -1;
    const intBuffer = inputView.subarray(inputOffset, inputOffset + inputLength);
    this.unusedBits = intBuffer[0];
    if (this.unusedBits > 7) {
      this.error = "Unused bits for BitString must be in range 0-7";
      return -1;
    }
    if (!this.unusedBits && context?.parseEmbedded !== false) {
      const buf = intBuffer.subarray(1);
      try {
        if (buf.byteLength) {
          const parseContext = context ?? createFromBerContext();
          const asn = localFromBERWithChildContext(buf, 0, buf.byteLength, parseContext);
          if (asn.offset !== -1 && asn.offset === inputLength - 1)
            this.value = [asn.result];
        }
      } catch {}
    }
    this.valueHexView = intBuffer.subarray(1);
    this.blockLength = intBuffer.length;
    return inputOffset + inputLength;
  }
  toBER(sizeOnly, writer) {
    if (this.isConstructed)
      return LocalConstructedValueBlock.prototype.toBER.call(this, sizeOnly, writer);
    if (sizeOnly)
      return new ArrayBuffer(this.valueHexView.byteLength + 1);
    if (!this.valueHexView.byteLength) {
      const empty = /* @__PURE__ */ new Uint8Array(1);
      empty[0] = 0;
      return empty.buffer;
    }
    const retView = new Uint8Array(this.valueHexView.length + 1);
    retView[0] = this.unusedBits;
    retView.set(this.valueHexView, 1);
    return retView.buffer;
  }
  toJSON() {
    return {
      ...super.toJSON(),
      unusedBits: this.unusedBits,
      isConstructed: this.isConstructed
    };
  }
};
var ORIGINAL_LOCAL_BIT_STRING_TO_BER = LocalBitStringValueBlock.prototype.toBER;
var BitString = class extends BaseBlock {
  static {
    typeStore.BitString = this;
  }
  static {
    this.NAME = BIT_STRING_NAME;
  }
  constructor({ idBlock = {}, lenBlock = {}, ...parameters } = {}) {
    parameters.isConstructed ??= !!parameters.value?.length;
    super({
      idBlock: {
        isConstructed: parameters.isConstructed,
        ...idBlock
      },
      lenBlock: {
        ...lenBlock,
        isIndefiniteForm: !!parameters.isIndefiniteForm
      },
      ...parameters
    }, LocalBitStringValueBlock);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 3;
  }
  fromBER(inputBuffer, inputOffset, inputLength, context) {
    this.valueBlock.isConstructed = this.idBlock.isConstructed;
    this.valueBlock.isIndefiniteForm = this.lenBlock.isIndefiniteForm;
    return super.fromBER(inputBuffer, inputOffset, inputLength, context);
  }
  onAsciiEncoding() {
    if (this.valueBlock.isConstructed || this.valueBlock.value && this.valueBlock.value.length)
      return Constructed.prototype.onAsciiEncoding.call(this);
    else {
      const bits = [];
      const valueHex = this.valueBlock.valueHexView;
      for (const byte of valueHex)
        bits.push(byte.toString(2).padStart(8, "0"));
      const bitsStr = bits.join("");
      return `${this.constructor.NAME} : ${bitsStr.substring(0, bitsStr.length - this.valueBlock.unusedBits)}`;
    }
  }
};
var LocalIntegerValueBlock = class extends HexBlock(ValueBlock) {
  setValueHex() {
    if (this.valueHexView.length >= 4) {
      this.warnings.push("Too big Integer for decoding, hex only");
      this.isHexOnly = true;
      this._valueDec = 0;
    } else {
      this.isHexOnly = false;
      if (this.valueHexView.length > 0) {
        if (!int_exports.isMinimal(this.valueHexView))
          this.warnings.push("Needlessly long format");
        this._valueDec = int_exports.decode(this.valueHexView);
      }
    }
  }
  static {
    this.NAME = "IntegerValueBlock";
  }
  static {
    Object.defineProperty(this.prototype, "valueHex", {
      set: function(v) {
        this.valueHexView = new Uint8Array(v);
        this.setValueHex();
      },
      get: function() {
        return this.valueHexView.slice().buffer;
      }
    });
  }
  constructor({ value, ...parameters } = {}) {
    super(parameters);
    this._valueDec = 0;
    if (parameters.valueHex)
      this.setValueHex();
    if (value !== undefined)
      this.valueDec = value;
  }
  set valueDec(v) {
    if (!Number.isInteger(v))
      throw new RangeError(`Integer value must be an integer, got ${v}`);
    this.valueHexView = int_exports.encode(BigInt(v));
    this.isHexOnly = false;
    this._valueDec = v;
  }
  get valueDec() {
    return this._valueDec;
  }
  fromDER(inputBuffer, inputOffset, inputLength, expectedLength = 0) {
    const offset = this.fromBER(inputBuffer, inputOffset, inputLength);
    if (offset === -1)
      return offset;
    const view = this.valueHexView;
    if (view[0] === 0 && (view[1] & 128) !== 0)
      this.valueHexView = view.subarray(1);
    else if (expectedLength !== 0) {
      if (view.length < expectedLength) {
        if (expectedLength - view.length > 1)
          expectedLength = view.length + 1;
        this.valueHexView = view.subarray(expectedLength - view.length);
      }
    }
    return offset;
  }
  toDER(sizeOnly = false) {
    const view = this.valueHexView;
    switch (true) {
      case (view[0] & 128) !== 0:
        {
          const updatedView = new Uint8Array(this.valueHexView.length + 1);
          updatedView[0] = 0;
          updatedView.set(view, 1);
          this.valueHexView = updatedView;
        }
        break;
      case (view[0] === 0 && (view[1] & 128) === 0):
        this.valueHexView = this.valueHexView.subarray(1);
    }
    return this.toBER(sizeOnly);
  }
  fromBER(inputBuffer, inputOffset, inputLength) {
    const resultOffset = super.fromBER(inputBuffer, inputOffset, inputLength);
    if (resultOffset === -1)
      return resultOffset;
    this.setValueHex();
    return resultOffset;
  }
  toBER(sizeOnly) {
    return sizeOnly ? new ArrayBuffer(this.valueHexView.length) : this.valueHexView.slice().buffer;
  }
  toJSON() {
    return {
      ...super.toJSON(),
      valueDec: this.valueDec
    };
  }
  toString() {
    return bytesToSignedBigInt(this.valueHexView).toString(10);
  }
};
var ORIGINAL_LOCAL_INTEGER_TO_BER = LocalIntegerValueBlock.prototype.toBER;
var ORIGINAL_LOCAL_INTEGER_TO_STRING = LocalIntegerValueBlock.prototype.toString;
var Integer = class Integer extends BaseBlock {
  static {
    typeStore.Integer = this;
  }
  static {
    this.NAME = "INTEGER";
  }
  constructor(parameters = {}) {
    super(parameters, LocalIntegerValueBlock);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 2;
  }
  toBigInt() {
    const valueBlock = this.valueBlock;
    const toString = valueBlock.toString;
    if (toString === ORIGINAL_LOCAL_INTEGER_TO_STRING)
      return bytesToSignedBigInt(valueBlock.valueHexView);
    return BigInt(Reflect.apply(toString, valueBlock, []));
  }
  static fromBigInt(value) {
    return new Integer({ valueHex: signedBigIntToBytes(BigInt(value)) });
  }
  convertToDER() {
    const integer = new Integer({ valueHex: this.valueBlock.valueHexView });
    integer.valueBlock.toDER();
    return integer;
  }
  convertFromDER() {
    return new Integer({ valueHex: this.valueBlock.valueHexView[0] === 0 ? this.valueBlock.valueHexView.subarray(1) : this.valueBlock.valueHexView });
  }
  onAsciiEncoding() {
    return `${this.constructor.NAME} : ${this.valueBlock.toString()}`;
  }
};
var Enumerated = class extends Integer {
  static {
    typeStore.Enumerated = this;
  }
  static {
    this.NAME = "ENUMERATED";
  }
  constructor(parameters = {}) {
    super(parameters);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 10;
  }
};
var LocalSidValueBlock = class extends HexBlock(ValueBlock) {
  static {
    this.NAME = "sidBlock";
  }
  constructor({ valueDec = -1, isFirstSid = false, ...parameters } = {}) {
    super(parameters);
    this.valueDec = valueDec;
    this.isFirstSid = isFirstSid;
  }
  fromBER(inputBuffer, inputOffset, inputLength) {
    if (!inputLength)
      return inputOffset;
    const inputView = toUint8Array(inputBuffer);
    if (!checkBufferParams(this, inputView, inputOffset, inputLength))
      return -1;
    const intBuffer = inputView.subarray(inputOffset, inputOffset + inputLength);
    if (this.blockLength === 0 && Number.isInteger(inputOffset) && Number.isInteger(inputLength)) {
      let sidLength = 0;
      while (sidLength < inputLength) {
        const octet = intBuffer[sidLength];
        sidLength++;
        if ((octet & 128) === 0)
          break;
      }
      this.blockLength = sidLength;
      this.valueHexView = new Uint8Array(sidLength);
      for (let i = 0;i < sidLength; i++)
        this.valueHexView[i] = intBuffer[i] & 127;
    } else {
      this.valueHexView = new Uint8Array(inputLength);
      for (let i = 0;i < inputLength; i++) {
        this.valueHexView[i] = intBuffer[i] & 127;
        this.blockLength++;
        if ((intBuffer[i] & 128) === 0)
          break;
      }
      const tempView = new Uint8Array(this.blockLength);
      for (let i = 0;i < this.blockLength; i++)
        tempView[i] = this.valueHexView[i];
      this.valueHexView = tempView;
    }
    if ((intBuffer[this.blockLength - 1] & 128) !== 0) {
      this.error = "End of input reached before message was fully decoded";
      return -1;
    }
    if (this.valueHexView[0] === 0)
      this.warnings.push("Needlessly long format of SID encoding");
    const valueDec = this.blockLength <= 8 ? decodeBase128(this.valueHexView) : undefined;
    if (valueDec !== undefined)
      this.valueDec = valueDec;
    else {
      this.isHexOnly = true;
      this.warnings.push("Too big SID for decoding, hex only");
    }
    return inputOffset + this.blockLength;
  }
  set valueBigInt(value) {
    const bytes = encodeBase128(BigInt(value));
    if (!bytes) {
      this.error = "Error during encoding SID value";
      return;
    }
    for (let i = 0;i < bytes.length - 1; i++)
      bytes[i] |= 128;
    this.fromBER(bytes, 0, bytes.length);
  }
  toBER(sizeOnly) {
    if (this.isHexOnly) {
      if (sizeOnly)
        return new ArrayBuffer(this.valueHexView.byteLength);
      const curView = this.valueHexView;
      const retView = new Uint8Array(this.blockLength);
      for (let i = 0;i < this.blockLength - 1; i++)
        retView[i] = curView[i] | 128;
      retView[this.blockLength - 1] = curView[this.blockLength - 1];
      return toArrayBuffer(retView);
    }
    const encodedBuf = encodeBase128(this.valueDec);
    if (!encodedBuf) {
      this.error = "Error during encoding SID value";
      return EMPTY_BUFFER;
    }
    const retView = new Uint8Array(encodedBuf.byteLength);
    if (!sizeOnly) {
      const len = encodedBuf.byteLength - 1;
      for (let i = 0;i < len; i++)
        retView[i] = encodedBuf[i] | 128;
      retView[len] = encodedBuf[len];
    }
    return toArrayBuffer(retView);
  }
  toString() {
    let result = "";
    if (this.isHexOnly)
      result = hex_exports.encode(this.valueHexView);
    else if (this.isFirstSid) {
      let sidValue = this.valueDec;
      if (this.valueDec <= 39)
        result = "0.";
      else if (this.valueDec <= 79) {
        result = "1.";
        sidValue -= 40;
      } else {
        result = "2.";
        sidValue -= 80;
      }
      result += sidValue.toString();
    } else
      result = this.valueDec.toString();
    return result;
  }
  toJSON() {
    return {
      ...super.toJSON(),
      valueDec: this.valueDec,
      isFirstSid: this.isFirstSid
    };
  }
};
var LocalObjectIdentifierValueBlock = class extends ValueBlock {
  static {
    this.NAME = "ObjectIdentifierValueBlock";
  }
  constructor({ value = "", ...parameters } = {}) {
    super(parameters);
    this.value = [];
    if (value)
      this.fromString(value);
  }
  fromBER(inputBuffer, inputOffset, inputLength) {
    let resultOffset = inputOffset;
    while (inputLength > 0) {
      const sidBlock = new LocalSidValueBlock;
      resultOffset = sidBlock.fromBER(inputBuffer, resultOffset, inputLength);
      if (resultOffset === -1) {
        this.blockLength = 0;
        this.error = sidBlock.error;
        return resultOffset;
      }
      if (this.value.length === 0)
        sidBlock.isFirstSid = true;
      this.blockLength += sidBlock.blockLength;
      inputLength -= sidBlock.blockLength;
      this.value.push(sidBlock);
    }
    return resultOffset;
  }
  toBER(sizeOnly) {
    const retBuffers = [];
    for (let i = 0;i < this.value.length; i++) {
      const valueBuf = this.value[i].toBER(sizeOnly);
      if (valueBuf.byteLength === 0) {
        this.error = this.value[i].error;
        return EMPTY_BUFFER;
      }
      retBuffers.push(valueBuf);
    }
    return concat4(retBuffers);
  }
  fromString(string) {
    this.value = [];
    let pos1 = 0;
    let pos2 = 0;
    let sid = "";
    let flag = false;
    do {
      pos2 = string.indexOf(".", pos1);
      if (pos2 === -1)
        sid = string.substring(pos1);
      else
        sid = string.substring(pos1, pos2);
      pos1 = pos2 + 1;
      if (flag) {
        const sidBlock = this.value[0];
        let plus = 0;
        switch (sidBlock.valueDec) {
          case 0:
            break;
          case 1:
            plus = 40;
            break;
          case 2:
            plus = 80;
            break;
          default:
            this.value = [];
            return;
        }
        const parsedSID = parseInt(sid, 10);
        if (isNaN(parsedSID))
          return;
        sidBlock.valueDec = parsedSID + plus;
        flag = false;
      } else {
        const sidBlock = new LocalSidValueBlock;
        if (sid > Number.MAX_SAFE_INTEGER)
          sidBlock.valueBigInt = BigInt(sid);
        else {
          sidBlock.valueDec = parseInt(sid, 10);
          if (isNaN(sidBlock.valueDec))
            return;
        }
        if (!this.value.length) {
          sidBlock.isFirstSid = true;
          flag = true;
        }
        this.value.push(sidBlock);
      }
    } while (pos2 !== -1);
  }
  toString() {
    let result = "";
    let isHexOnly = false;
    for (let i = 0;i < this.value.length; i++) {
      isHexOnly = this.value[i].isHexOnly;
      let sidStr = this.value[i].toString();
      if (i !== 0)
        result = `${result}.`;
      if (isHexOnly) {
        sidStr = `{${sidStr}}`;
        if (this.value[i].isFirstSid)
          result = `2.{${sidStr} - 80}`;
        else
          result += sidStr;
      } else
        result += sidStr;
    }
    return result;
  }
  toJSON() {
    const object = {
      ...super.toJSON(),
      value: this.toString(),
      sidArray: []
    };
    for (let i = 0;i < this.value.length; i++)
      object.sidArray.push(this.value[i].toJSON());
    return object;
  }
};
var ObjectIdentifier = class extends BaseBlock {
  static {
    typeStore.ObjectIdentifier = this;
  }
  static {
    this.NAME = "OBJECT IDENTIFIER";
  }
  getValue() {
    return this.valueBlock.toString();
  }
  setValue(value) {
    this.valueBlock.fromString(value);
  }
  constructor(parameters = {}) {
    super(parameters, LocalObjectIdentifierValueBlock);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 6;
  }
  onAsciiEncoding() {
    return `${this.constructor.NAME} : ${this.valueBlock.toString() || "empty"}`;
  }
  toJSON() {
    return {
      ...super.toJSON(),
      value: this.getValue()
    };
  }
};
var LocalRelativeSidValueBlock = class extends HexBlock(LocalBaseBlock) {
  static {
    this.NAME = "relativeSidBlock";
  }
  constructor({ valueDec = 0, ...parameters } = {}) {
    super(parameters);
    this.valueDec = valueDec;
  }
  fromBER(inputBuffer, inputOffset, inputLength) {
    if (inputLength === 0)
      return inputOffset;
    const inputView = toUint8Array(inputBuffer);
    if (!checkBufferParams(this, inputView, inputOffset, inputLength))
      return -1;
    const intBuffer = inputView.subarray(inputOffset, inputOffset + inputLength);
    if (this.blockLength === 0 && Number.isInteger(inputOffset) && Number.isInteger(inputLength)) {
      let sidLength = 0;
      while (sidLength < inputLength) {
        const octet = intBuffer[sidLength];
        sidLength++;
        if ((octet & 128) === 0)
          break;
      }
      this.blockLength = sidLength;
      this.valueHexView = new Uint8Array(sidLength);
      for (let i = 0;i < sidLength; i++)
        this.valueHexView[i] = intBuffer[i] & 127;
    } else {
      this.valueHexView = new Uint8Array(inputLength);
      for (let i = 0;i < inputLength; i++) {
        this.valueHexView[i] = intBuffer[i] & 127;
        this.blockLength++;
        if ((intBuffer[i] & 128) === 0)
          break;
      }
      const tempView = new Uint8Array(this.blockLength);
      for (let i = 0;i < this.blockLength; i++)
        tempView[i] = this.valueHexView[i];
      this.valueHexView = tempView;
    }
    if ((intBuffer[this.blockLength - 1] & 128) !== 0) {
      this.error = "End of input reached before message was fully decoded";
      return -1;
    }
    if (this.valueHexView[0] === 0)
      this.warnings.push("Needlessly long format of SID encoding");
    const valueDec = this.blockLength <= 8 ? decodeBase128(this.valueHexView) : undefined;
    if (valueDec !== undefined)
      this.valueDec = valueDec;
    else {
      this.isHexOnly = true;
      this.warnings.push("Too big SID for decoding, hex only");
    }
    return inputOffset + this.blockLength;
  }
  toBER(sizeOnly) {
    if (this.isHexOnly) {
      if (sizeOnly)
        return new ArrayBuffer(this.valueHexView.byteLength);
      const curView = this.valueHexView;
      const retView = new Uint8Array(this.blockLength);
      for (let i = 0;i < this.blockLength - 1; i++)
        retView[i] = curView[i] | 128;
      retView[this.blockLength - 1] = curView[this.blockLength - 1];
      return retView.buffer;
    }
    const encodedBuf = encodeBase128(this.valueDec);
    if (!encodedBuf) {
      this.error = "Error during encoding SID value";
      return EMPTY_BUFFER;
    }
    const retView = new Uint8Array(encodedBuf.byteLength);
    if (!sizeOnly) {
      const len = encodedBuf.byteLength - 1;
      for (let i = 0;i < len; i++)
        retView[i] = encodedBuf[i] | 128;
      retView[len] = encodedBuf[len];
    }
    return retView.buffer;
  }
  toString() {
    let result = "";
    if (this.isHexOnly)
      result = hex_exports.encode(this.valueHexView);
    else
      result = this.valueDec.toString();
    return result;
  }
  toJSON() {
    return {
      ...super.toJSON(),
      valueDec: this.valueDec
    };
  }
};
var LocalRelativeObjectIdentifierValueBlock = class extends ValueBlock {
  static {
    this.NAME = "RelativeObjectIdentifierValueBlock";
  }
  constructor({ value = "", ...parameters } = {}) {
    super(parameters);
    this.value = [];
    if (value)
      this.fromString(value);
  }
  fromBER(inputBuffer, inputOffset, inputLength) {
    let resultOffset = inputOffset;
    while (inputLength > 0) {
      const sidBlock = new LocalRelativeSidValueBlock;
      resultOffset = sidBlock.fromBER(inputBuffer, resultOffset, inputLength);
      if (resultOffset === -1) {
        this.blockLength = 0;
        this.error = sidBlock.error;
        return resultOffset;
      }
      this.blockLength += sidBlock.blockLength;
      inputLength -= sidBlock.blockLength;
      this.value.push(sidBlock);
    }
    return resultOffset;
  }
  toBER(sizeOnly, _writer) {
    const retBuffers = [];
    for (let i = 0;i < this.value.length; i++) {
      const valueBuf = this.value[i].toBER(sizeOnly);
      if (valueBuf.byteLength === 0) {
        this.error = this.value[i].error;
        return EMPTY_BUFFER;
      }
      retBuffers.push(valueBuf);
    }
    return concat4(retBuffers);
  }
  fromString(string) {
    this.value = [];
    let pos1 = 0;
    let pos2 = 0;
    let sid = "";
    do {
      pos2 = string.indexOf(".", pos1);
      if (pos2 === -1)
        sid = string.substring(pos1);
      else
        sid = string.substring(pos1, pos2);
      pos1 = pos2 + 1;
      const sidBlock = new LocalRelativeSidValueBlock;
      sidBlock.valueDec = parseInt(sid, 10);
      if (isNaN(sidBlock.valueDec))
        return true;
      this.value.push(sidBlock);
    } while (pos2 !== -1);
    return true;
  }
  toString() {
    let result = "";
    let isHexOnly = false;
    for (let i = 0;i < this.value.length; i++) {
      isHexOnly = this.value[i].isHexOnly;
      let sidStr = this.value[i].toString();
      if (i !== 0)
        result = `${result}.`;
      if (isHexOnly) {
        sidStr = `{${sidStr}}`;
        result += sidStr;
      } else
        result += sidStr;
    }
    return result;
  }
  toJSON() {
    const object = {
      ...super.toJSON(),
      value: this.toString(),
      sidArray: []
    };
    for (let i = 0;i < this.value.length; i++)
      object.sidArray.push(this.value[i].toJSON());
    return object;
  }
};
var RelativeObjectIdentifier = class extends BaseBlock {
  static {
    typeStore.RelativeObjectIdentifier = this;
  }
  getValue() {
    return this.valueBlock.toString();
  }
  setValue(value) {
    this.valueBlock.fromString(value);
  }
  static {
    this.NAME = "RelativeObjectIdentifier";
  }
  constructor(parameters = {}) {
    super(parameters, LocalRelativeObjectIdentifierValueBlock);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 13;
  }
  onAsciiEncoding() {
    return `${this.constructor.NAME} : ${this.valueBlock.toString() || "empty"}`;
  }
  toJSON() {
    return {
      ...super.toJSON(),
      value: this.getValue()
    };
  }
};
var Sequence = class extends Constructed {
  static {
    typeStore.Sequence = this;
  }
  static {
    this.NAME = "SEQUENCE";
  }
  constructor(parameters = {}) {
    super(parameters);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 16;
  }
};
var Set2 = class extends Constructed {
  static {
    typeStore.Set = this;
  }
  static {
    this.NAME = "SET";
  }
  constructor(parameters = {}) {
    super(parameters);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 17;
  }
};
var LocalStringValueBlock = class extends HexBlock(ValueBlock) {
  static {
    this.NAME = "StringValueBlock";
  }
  constructor({ ...parameters } = {}) {
    super(parameters);
    this.isHexOnly = true;
    this.value = "";
  }
  toJSON() {
    return {
      ...super.toJSON(),
      value: this.value
    };
  }
};
var LocalSimpleStringValueBlock = class extends LocalStringValueBlock {
  static {
    this.NAME = "SimpleStringValueBlock";
  }
};
var LocalSimpleStringBlock = class extends BaseStringBlock {
  static {
    this.NAME = "SIMPLE STRING";
  }
  constructor({ ...parameters } = {}) {
    super(parameters, LocalSimpleStringValueBlock);
  }
  fromBuffer(inputBuffer) {
    this.valueBlock.value = String.fromCharCode.apply(null, toUint8Array(inputBuffer));
  }
  fromString(inputString) {
    const strLen = inputString.length;
    const view = this.valueBlock.valueHexView = new Uint8Array(strLen);
    for (let i = 0;i < strLen; i++)
      view[i] = inputString.charCodeAt(i);
    this.valueBlock.value = inputString;
  }
};
var strictUtf8Decoder = new TextDecoder("utf-8", {
  fatal: true,
  ignoreBOM: true
});
var LONE_SURROGATE = /\p{Cs}/u;
var LocalUtf8StringValueBlock = class extends LocalSimpleStringBlock {
  static {
    this.NAME = "Utf8StringValueBlock";
  }
  fromBuffer(inputBuffer) {
    this.valueBlock.valueHexView = toUint8Array(inputBuffer);
    try {
      this.valueBlock.value = strictUtf8Decoder.decode(this.valueBlock.valueHexView);
    } catch (ex) {
      this.warnings.push(`Error during "decodeURIComponent": ${ex}, using raw string`);
      this.valueBlock.value = binary_exports.encode(inputBuffer);
    }
  }
  fromString(inputString) {
    if (LONE_SURROGATE.test(inputString))
      throw new TypeError("The string contains lone surrogates and cannot be encoded as UTF-8");
    this.valueBlock.valueHexView = utf8_exports.encode(inputString);
    this.valueBlock.value = inputString;
  }
};
var Utf8String = class extends LocalUtf8StringValueBlock {
  static {
    typeStore.Utf8String = this;
  }
  static {
    this.NAME = "UTF8String";
  }
  constructor(parameters = {}) {
    super(parameters);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 12;
  }
};
var LocalBmpStringValueBlock = class extends LocalSimpleStringBlock {
  static {
    this.NAME = "BmpStringValueBlock";
  }
  checkValue(view) {
    return view.length % 2 !== 0 ? "BMPString value length must be a multiple of 2" : "";
  }
  fromBuffer(inputBuffer) {
    this.valueBlock.value = utf16_exports.decode(inputBuffer);
    this.valueBlock.valueHexView = toUint8Array(inputBuffer);
  }
  fromString(inputString) {
    this.valueBlock.value = inputString;
    this.valueBlock.valueHexView = utf16_exports.encode(inputString);
  }
};
var BmpString = class extends LocalBmpStringValueBlock {
  static {
    typeStore.BmpString = this;
  }
  static {
    this.NAME = "BMPString";
  }
  constructor({ ...parameters } = {}) {
    super(parameters);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 30;
  }
};
var MAX_CODE_POINT = 1114111;
var REPLACEMENT_CODE_POINT = 65533;
var LocalUniversalStringValueBlock = class extends LocalSimpleStringBlock {
  static {
    this.NAME = "UniversalStringValueBlock";
  }
  checkValue(view) {
    return view.length % 4 !== 0 ? "UniversalString value length must be a multiple of 4" : "";
  }
  fromBuffer(inputBuffer) {
    const view = toUint8Array(inputBuffer);
    const data = new DataView(view.buffer, view.byteOffset, view.byteLength);
    const count = view.length >> 2;
    const codePoints = [];
    for (let i = 0;i < count; i++) {
      const codePoint = data.getUint32(i * 4);
      if (codePoint > MAX_CODE_POINT) {
        this.warnings.push(`Code point 0x${codePoint.toString(16)} is outside the Unicode range, using U+FFFD`);
        codePoints.push(REPLACEMENT_CODE_POINT);
      } else if (codePoint >= 55296 && codePoint <= 57343) {
        const next = i + 1 < count ? data.getUint32((i + 1) * 4) : 0;
        if (codePoint <= 56319 && next >= 56320 && next <= 57343) {
          codePoints.push(65536 + (codePoint - 55296 << 10) + (next - 56320));
          i++;
        } else {
          this.warnings.push(`Code point 0x${codePoint.toString(16)} is a lone surrogate, using U+FFFD`);
          codePoints.push(REPLACEMENT_CODE_POINT);
        }
      } else
        codePoints.push(codePoint);
    }
    let value = "";
    for (let i = 0;i < codePoints.length; i += 8192)
      value += String.fromCodePoint(...codePoints.slice(i, i + 8192));
    this.valueBlock.value = value;
  }
  fromString(inputString) {
    const codePoints = Array.from(inputString, (char) => char.codePointAt(0));
    const valueHexView = this.valueBlock.valueHexView = new Uint8Array(codePoints.length * 4);
    for (let i = 0;i < codePoints.length; i++)
      valueHexView.set(uint_exports.encode(codePoints[i], { length: 4 }), i * 4);
    this.valueBlock.value = inputString;
  }
};
var UniversalString = class extends LocalUniversalStringValueBlock {
  static {
    typeStore.UniversalString = this;
  }
  static {
    this.NAME = "UniversalString";
  }
  constructor({ ...parameters } = {}) {
    super(parameters);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 28;
  }
};
var NumericString = class extends LocalSimpleStringBlock {
  static {
    typeStore.NumericString = this;
  }
  static {
    this.NAME = "NumericString";
  }
  constructor(parameters = {}) {
    super(parameters);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 18;
  }
};
var PrintableString = class extends LocalSimpleStringBlock {
  static {
    typeStore.PrintableString = this;
  }
  static {
    this.NAME = "PrintableString";
  }
  constructor(parameters = {}) {
    super(parameters);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 19;
  }
};
var TeletexString = class extends LocalSimpleStringBlock {
  static {
    typeStore.TeletexString = this;
  }
  static {
    this.NAME = "TeletexString";
  }
  constructor(parameters = {}) {
    super(parameters);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 20;
  }
};
var VideotexString = class extends LocalSimpleStringBlock {
  static {
    typeStore.VideotexString = this;
  }
  static {
    this.NAME = "VideotexString";
  }
  constructor(parameters = {}) {
    super(parameters);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 21;
  }
};
var IA5String = class extends LocalSimpleStringBlock {
  static {
    typeStore.IA5String = this;
  }
  static {
    this.NAME = "IA5String";
  }
  constructor(parameters = {}) {
    super(parameters);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 22;
  }
};
var GraphicString = class extends LocalSimpleStringBlock {
  static {
    typeStore.GraphicString = this;
  }
  static {
    this.NAME = "GraphicString";
  }
  constructor(parameters = {}) {
    super(parameters);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 25;
  }
};
var VisibleString = class extends LocalSimpleStringBlock {
  static {
    typeStore.VisibleString = this;
  }
  static {
    this.NAME = "VisibleString";
  }
  constructor(parameters = {}) {
    super(parameters);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 26;
  }
};
var GeneralString = class extends LocalSimpleStringBlock {
  static {
    typeStore.GeneralString = this;
  }
  static {
    this.NAME = "GeneralString";
  }
  constructor(parameters = {}) {
    super(parameters);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 27;
  }
};
var CharacterString = class extends LocalSimpleStringBlock {
  static {
    typeStore.CharacterString = this;
  }
  static {
    this.NAME = "CharacterString";
  }
  constructor(parameters = {}) {
    super(parameters);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 29;
  }
};
var UTCTime = class extends VisibleString {
  static {
    typeStore.UTCTime = this;
  }
  static {
    this.NAME = "UTCTime";
  }
  constructor({ value, valueDate, ...parameters } = {}) {
    super(parameters);
    this.year = 0;
    this.month = 0;
    this.day = 0;
    this.hour = 0;
    this.minute = 0;
    this.second = 0;
    if (value) {
      this.fromString(value);
      this.valueBlock.valueHexView = new Uint8Array(value.length);
      for (let i = 0;i < value.length; i++)
        this.valueBlock.valueHexView[i] = value.charCodeAt(i);
    }
    if (valueDate) {
      this.fromDate(valueDate);
      this.valueBlock.valueHexView = new Uint8Array(this.toBuffer());
    }
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 23;
  }
  fromBuffer(inputBuffer) {
    this.fromString(String.fromCharCode.apply(null, toUint8Array(inputBuffer)));
  }
  toBuffer() {
    this.checkYear();
    const str = this.toString();
    const buffer = new ArrayBuffer(str.length);
    const view = new Uint8Array(buffer);
    for (let i = 0;i < str.length; i++)
      view[i] = str.charCodeAt(i);
    return buffer;
  }
  checkYear() {
    if (!(this.year >= 1950 && this.year <= 2049))
      throw new RangeError(`UTCTime year must be between 1950 and 2049, got ${this.year}; use GeneralizedTime instead`);
  }
  fromDate(inputDate) {
    this.year = inputDate.getUTCFullYear();
    this.month = inputDate.getUTCMonth() + 1;
    this.day = inputDate.getUTCDate();
    this.hour = inputDate.getUTCHours();
    this.minute = inputDate.getUTCMinutes();
    this.second = inputDate.getUTCSeconds();
  }
  toDate() {
    return new Date(Date.UTC(this.year, this.month - 1, this.day, this.hour, this.minute, this.second));
  }
  fromString(inputString) {
    const parserArray = /(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z/gi.exec(inputString);
    if (parserArray === null) {
      this.error = "Wrong input string for conversion";
      return;
    }
    const year = parseInt(parserArray[1], 10);
    if (year >= 50)
      this.year = 1900 + year;
    else
      this.year = 2000 + year;
    this.month = parseInt(parserArray[2], 10);
    this.day = parseInt(parserArray[3], 10);
    this.hour = parseInt(parserArray[4], 10);
    this.minute = parseInt(parserArray[5], 10);
    this.second = parseInt(parserArray[6], 10);
  }
  toString(encoding = "iso") {
    if (encoding === "iso") {
      const outputArray = Array.from({ length: 7 });
      outputArray[0] = String(this.year % 100).padStart(2, "0");
      outputArray[1] = String(this.month).padStart(2, "0");
      outputArray[2] = String(this.day).padStart(2, "0");
      outputArray[3] = String(this.hour).padStart(2, "0");
      outputArray[4] = String(this.minute).padStart(2, "0");
      outputArray[5] = String(this.second).padStart(2, "0");
      outputArray[6] = "Z";
      return outputArray.join("");
    }
    return super.toString(encoding);
  }
  onAsciiEncoding() {
    return `${this.constructor.NAME} : ${this.toDate().toISOString()}`;
  }
  toJSON() {
    return {
      ...super.toJSON(),
      year: this.year,
      month: this.month,
      day: this.day,
      hour: this.hour,
      minute: this.minute,
      second: this.second
    };
  }
};
var GeneralizedTime = class extends UTCTime {
  static {
    typeStore.GeneralizedTime = this;
  }
  static {
    this.NAME = "GeneralizedTime";
  }
  constructor(parameters = {}) {
    super(parameters);
    this.millisecond ??= 0;
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 24;
  }
  checkYear() {}
  fromDate(inputDate) {
    super.fromDate(inputDate);
    this.millisecond = inputDate.getUTCMilliseconds();
  }
  toDate() {
    const utcDate = Date.UTC(this.year, this.month - 1, this.day, this.hour, this.minute, this.second, this.millisecond);
    return new Date(utcDate);
  }
  fromString(inputString) {
    let isUTC = false;
    let timeString = "";
    let dateTimeString = "";
    let fractionPart = 0;
    let parser;
    let hourDifference = 0;
    let minuteDifference = 0;
    if (inputString[inputString.length - 1] === "Z") {
      timeString = inputString.substring(0, inputString.length - 1);
      isUTC = true;
    } else {
      const number = new Number(inputString[inputString.length - 1]);
      if (isNaN(number.valueOf()))
        throw new Error("Wrong input string for conversion");
      timeString = inputString;
    }
    if (isUTC) {
      if (timeString.indexOf("+") !== -1)
        throw new Error("Wrong input string for conversion");
      if (timeString.indexOf("-") !== -1)
        throw new Error("Wrong input string for conversion");
    } else {
      let multiplier = 1;
      let differencePosition = timeString.indexOf("+");
      let differenceString = "";
      if (differencePosition === -1) {
        differencePosition = timeString.indexOf("-");
        multiplier = -1;
      }
      if (differencePosition !== -1) {
        differenceString = timeString.substring(differencePosition + 1);
        timeString = timeString.substring(0, differencePosition);
        if (differenceString.length !== 2 && differenceString.length !== 4)
          throw new Error("Wrong input string for conversion");
        let number = parseInt(differenceString.substring(0, 2), 10);
        if (isNaN(number.valueOf()))
          throw new Error("Wrong input string for conversion");
        hourDifference = multiplier * number;
        if (differenceString.length === 4) {
          number = parseInt(differenceString.substring(2, 4), 10);
          if (isNaN(number.valueOf()))
            throw new Error("Wrong input string for conversion");
          minuteDifference = multiplier * number;
        }
      }
    }
    let fractionPointPosition = timeString.indexOf(".");
    if (fractionPointPosition === -1)
      fractionPointPosition = timeString.indexOf(",");
    if (fractionPointPosition !== -1) {
      const fractionPartCheck = /* @__PURE__ */ new Number(`0${timeString.substring(fractionPointPosition)}`);
      if (isNaN(fractionPartCheck.valueOf()))
        throw new Error("Wrong input string for conversion");
      fractionPart = fractionPartCheck.valueOf();
      dateTimeString = timeString.substring(0, fractionPointPosition);
    } else
      dateTimeString = timeString;
    switch (true) {
      case dateTimeString.length === 8:
        parser = /(\d{4})(\d{2})(\d{2})/gi;
        if (fractionPointPosition !== -1)
          throw new Error("Wrong input string for conversion");
        break;
      case dateTimeString.length === 10:
        parser = /(\d{4})(\d{2})(\d{2})(\d{2})/gi;
        if (fractionPointPosition !== -1) {
          let fractionResult = 60 * fractionPart;
          this.minute = Math.floor(fractionResult);
          fractionResult = 60 * (fractionResult - this.minute);
          this.second = Math.floor(fractionResult);
          fractionResult = 1000 * (fractionResult - this.second);
          this.millisecond = Math.floor(fractionResult);
        }
        break;
      case dateTimeString.length === 12:
        parser = /(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})/gi;
        if (fractionPointPosition !== -1) {
          let fractionResult = 60 * fractionPart;
          this.second = Math.floor(fractionResult);
          fractionResult = 1000 * (fractionResult - this.second);
          this.millisecond = Math.floor(fractionResult);
        }
        break;
      case dateTimeString.length === 14:
        parser = /(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/gi;
        if (fractionPointPosition !== -1) {
          const fractionResult = 1000 * fractionPart;
          this.millisecond = Math.floor(fractionResult);
        }
        break;
      default:
        throw new Error("Wrong input string for conversion");
    }
    const parserArray = parser.exec(dateTimeString);
    if (parserArray === null)
      throw new Error("Wrong input string for conversion");
    for (let j = 1;j < parserArray.length; j++)
      switch (j) {
        case 1:
          this.year = parseInt(parserArray[j], 10);
          break;
        case 2:
          this.month = parseInt(parserArray[j], 10);
          break;
        case 3:
          this.day = parseInt(parserArray[j], 10);
          break;
        case 4:
          this.hour = parseInt(parserArray[j], 10) + hourDifference;
          break;
        case 5:
          this.minute = parseInt(parserArray[j], 10) + minuteDifference;
          break;
        case 6:
          this.second = parseInt(parserArray[j], 10);
          break;
        default:
          throw new Error("Wrong input string for conversion");
      }
    if (isUTC === false) {
      const tempDate = new Date(this.year, this.month, this.day, this.hour, this.minute, this.second, this.millisecond);
      this.year = tempDate.getUTCFullYear();
      this.month = tempDate.getUTCMonth();
      this.day = tempDate.getUTCDay();
      this.hour = tempDate.getUTCHours();
      this.minute = tempDate.getUTCMinutes();
      this.second = tempDate.getUTCSeconds();
      this.millisecond = tempDate.getUTCMilliseconds();
    }
  }
  toString(encoding = "iso") {
    if (encoding === "iso") {
      const outputArray = [];
      outputArray.push(String(this.year).padStart(4, "0"));
      outputArray.push(String(this.month).padStart(2, "0"));
      outputArray.push(String(this.day).padStart(2, "0"));
      outputArray.push(String(this.hour).padStart(2, "0"));
      outputArray.push(String(this.minute).padStart(2, "0"));
      outputArray.push(String(this.second).padStart(2, "0"));
      if (this.millisecond !== 0) {
        outputArray.push(".");
        outputArray.push(String(this.millisecond).padStart(3, "0").replace(/0+$/, ""));
      }
      outputArray.push("Z");
      return outputArray.join("");
    }
    return super.toString(encoding);
  }
  toJSON() {
    return {
      ...super.toJSON(),
      millisecond: this.millisecond
    };
  }
};
var DATE = class extends Utf8String {
  static {
    typeStore.DATE = this;
  }
  static {
    this.NAME = "DATE";
  }
  constructor(parameters = {}) {
    super(parameters);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 31;
  }
};
var TimeOfDay = class extends Utf8String {
  static {
    typeStore.TimeOfDay = this;
  }
  static {
    this.NAME = "TimeOfDay";
  }
  constructor(parameters = {}) {
    super(parameters);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 32;
  }
};
var DateTime = class extends Utf8String {
  static {
    typeStore.DateTime = this;
  }
  static {
    this.NAME = "DateTime";
  }
  constructor(parameters = {}) {
    super(parameters);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 33;
  }
};
var Duration = class extends Utf8String {
  static {
    typeStore.Duration = this;
  }
  static {
    this.NAME = "Duration";
  }
  constructor(parameters = {}) {
    super(parameters);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 34;
  }
};
var TIME = class extends Utf8String {
  static {
    typeStore.TIME = this;
  }
  static {
    this.NAME = "TIME";
  }
  constructor(parameters = {}) {
    super(parameters);
    this.idBlock.tagClass = 1;
    this.idBlock.tagNumber = 14;
  }
};
var Any = class {
  constructor({ name = "", optional = false } = {}) {
    this.name = name;
    this.optional = optional;
  }
};
var Choice = class extends Any {
  constructor({ value = [], ...parameters } = {}) {
    super(parameters);
    this.value = value;
  }
};
var Repeated = class extends Any {
  constructor({ value = new Any, local = false, ...parameters } = {}) {
    super(parameters);
    this.value = value;
    this.local = local;
  }
};
var RawData = class {
  get data() {
    return this.dataView.slice().buffer;
  }
  set data(value) {
    this.dataView = toUint8Array(value);
  }
  constructor({ data = EMPTY_VIEW } = {}) {
    this.dataView = toUint8Array(data);
  }
  fromBER(inputBuffer, inputOffset, inputLength) {
    const endLength = inputOffset + inputLength;
    this.dataView = toUint8Array(inputBuffer).subarray(inputOffset, endLength);
    return endLength;
  }
  toBER(_sizeOnly) {
    return this.dataView.slice().buffer;
  }
};
function compareSchema(root, inputData, inputSchema) {
  if (inputSchema instanceof Choice) {
    for (const element of inputSchema.value)
      if (compareSchema(root, inputData, element).verified)
        return {
          verified: true,
          result: root
        };
    {
      const _result = {
        verified: false,
        result: { error: "Wrong values for Choice type" }
      };
      if (inputSchema.hasOwnProperty("name"))
        _result.name = inputSchema.name;
      return _result;
    }
  }
  if (inputSchema instanceof Any) {
    if (inputSchema.hasOwnProperty("name"))
      root[inputSchema.name] = inputData;
    return {
      verified: true,
      result: root
    };
  }
  if (root instanceof Object === false)
    return {
      verified: false,
      result: { error: "Wrong root object" }
    };
  if (inputData instanceof Object === false)
    return {
      verified: false,
      result: { error: "Wrong ASN.1 data" }
    };
  if (inputSchema instanceof Object === false)
    return {
      verified: false,
      result: { error: "Wrong ASN.1 schema" }
    };
  if ("idBlock" in inputSchema === false)
    return {
      verified: false,
      result: { error: "Wrong ASN.1 schema" }
    };
  if ("fromBER" in inputSchema.idBlock === false)
    return {
      verified: false,
      result: { error: "Wrong ASN.1 schema" }
    };
  if ("toBER" in inputSchema.idBlock === false)
    return {
      verified: false,
      result: { error: "Wrong ASN.1 schema" }
    };
  const encodedId = inputSchema.idBlock.toBER(false);
  if (encodedId.byteLength === 0)
    return {
      verified: false,
      result: { error: "Error encoding idBlock for ASN.1 schema" }
    };
  if (inputSchema.idBlock.fromBER(encodedId, 0, encodedId.byteLength) === -1)
    return {
      verified: false,
      result: { error: "Error decoding idBlock for ASN.1 schema" }
    };
  if (inputSchema.idBlock.hasOwnProperty("tagClass") === false)
    return {
      verified: false,
      result: { error: "Wrong ASN.1 schema" }
    };
  if (inputSchema.idBlock.tagClass !== inputData.idBlock.tagClass)
    return {
      verified: false,
      result: root
    };
  if (inputSchema.idBlock.hasOwnProperty("tagNumber") === false)
    return {
      verified: false,
      result: { error: "Wrong ASN.1 schema" }
    };
  if (inputSchema.idBlock.tagNumber !== inputData.idBlock.tagNumber)
    return {
      verified: false,
      result: root
    };
  if (inputSchema.idBlock.hasOwnProperty("isConstructed") === false)
    return {
      verified: false,
      result: { error: "Wrong ASN.1 schema" }
    };
  if (inputSchema.idBlock.isConstructed !== inputData.idBlock.isConstructed)
    return {
      verified: false,
      result: root
    };
  if (!("isHexOnly" in inputSchema.idBlock))
    return {
      verified: false,
      result: { error: "Wrong ASN.1 schema" }
    };
  if (inputSchema.idBlock.isHexOnly !== inputData.idBlock.isHexOnly)
    return {
      verified: false,
      result: root
    };
  if (inputSchema.idBlock.isHexOnly) {
    if ("valueHexView" in inputSchema.idBlock === false)
      return {
        verified: false,
        result: { error: "Wrong ASN.1 schema" }
      };
    const schemaView = inputSchema.idBlock.valueHexView;
    const asn1View = inputData.idBlock.valueHexView;
    if (schemaView.length !== asn1View.length)
      return {
        verified: false,
        result: root
      };
    for (let i = 0;i < schemaView.length; i++)
      if (schemaView[i] !== asn1View[1])
        return {
          verified: false,
          result: root
        };
  }
  if (inputSchema.name) {
    inputSchema.name = inputSchema.name.replace(/^\s+|\s+$/g, "");
    if (inputSchema.name)
      root[inputSchema.name] = inputData;
  }
  if (inputSchema instanceof typeStore.Constructed) {
    let admission = 0;
    let result = {
      verified: false,
      result: { error: "Unknown error" }
    };
    let maxLength = inputSchema.valueBlock.value.length;
    if (maxLength > 0) {
      if (inputSchema.valueBlock.value[0] instanceof Repeated)
        maxLength = inputData.valueBlock.value.length;
    }
    if (maxLength === 0)
      return {
        verified: true,
        result: root
      };
    if (inputData.valueBlock.value.length === 0 && inputSchema.valueBlock.value.length !== 0) {
      let _optional = true;
      for (let i = 0;i < inputSchema.valueBlock.value.length; i++)
        _optional = _optional && (inputSchema.valueBlock.value[i].optional || false);
      if (_optional)
        return {
          verified: true,
          result: root
        };
      if (inputSchema.name) {
        inputSchema.name = inputSchema.name.replace(/^\s+|\s+$/g, "");
        if (inputSchema.name)
          delete root[inputSchema.name];
      }
      root.error = "Inconsistent object length";
      return {
        verified: false,
        result: root
      };
    }
    for (let i = 0;i < maxLength; i++)
      if (i - admission >= inputData.valueBlock.value.length) {
        if (inputSchema.valueBlock.value[i].optional === false) {
          const _result = {
            verified: false,
            result: root
          };
          root.error = "Inconsistent length between ASN.1 data and schema";
          if (inputSchema.name) {
            inputSchema.name = inputSchema.name.replace(/^\s+|\s+$/g, "");
            if (inputSchema.name) {
              delete root[inputSchema.name];
              _result.name = inputSchema.name;
            }
          }
          return _result;
        }
      } else if (inputSchema.valueBlock.value[0] instanceof Repeated) {
        result = compareSchema(root, inputData.valueBlock.value[i], inputSchema.valueBlock.value[0].value);
        if (result.verified === false) {
          if (inputSchema.valueBlock.value[0].optional)
            admission++;
          else {
            if (inputSchema.name) {
              inputSchema.name = inputSchema.name.replace(/^\s+|\s+$/g, "");
              if (inputSchema.name)
                delete root[inputSchema.name];
            }
            return result;
          }
        }
        if ("name" in inputSchema.valueBlock.value[0] && inputSchema.valueBlock.value[0].name.length > 0) {
          let arrayRoot = {};
          if ("local" in inputSchema.valueBlock.value[0] && inputSchema.valueBlock.value[0].local)
            arrayRoot = inputData;
          else
            arrayRoot = root;
          if (typeof arrayRoot[inputSchema.valueBlock.value[0].name] === "undefined")
            arrayRoot[inputSchema.valueBlock.value[0].name] = [];
          arrayRoot[inputSchema.valueBlock.value[0].name].push(inputData.valueBlock.value[i]);
        }
      } else {
        result = compareSchema(root, inputData.valueBlock.value[i - admission], inputSchema.valueBlock.value[i]);
        if (result.verified === false) {
          if (inputSchema.valueBlock.value[i].optional)
            admission++;
          else {
            if (inputSchema.name) {
              inputSchema.name = inputSchema.name.replace(/^\s+|\s+$/g, "");
              if (inputSchema.name)
                delete root[inputSchema.name];
            }
            return result;
          }
        }
      }
    if (result.verified === false) {
      const _result = {
        verified: false,
        result: root
      };
      if (inputSchema.name) {
        inputSchema.name = inputSchema.name.replace(/^\s+|\s+$/g, "");
        if (inputSchema.name) {
          delete root[inputSchema.name];
          _result.name = inputSchema.name;
        }
      }
      return _result;
    }
    return {
      verified: true,
      result: root
    };
  }
  if (inputSchema.primitiveSchema && "valueHexView" in inputData.valueBlock) {
    const asn1 = localFromBER(inputData.valueBlock.valueHexView);
    if (asn1.offset === -1) {
      const _result = {
        verified: false,
        result: asn1.result
      };
      if (inputSchema.name) {
        inputSchema.name = inputSchema.name.replace(/^\s+|\s+$/g, "");
        if (inputSchema.name) {
          delete root[inputSchema.name];
          _result.name = inputSchema.name;
        }
      }
      return _result;
    }
    return compareSchema(root, asn1.result, inputSchema.primitiveSchema);
  }
  return {
    verified: true,
    result: root
  };
}
registerBuiltinEncoder({
  BitString,
  Integer,
  OctetString,
  Primitive,
  Constructed,
  Sequence,
  Set: Set2
}, {
  BaseBlock,
  ViewWriter,
  LocalIdentificationBlock,
  LocalLengthBlock,
  LocalIntegerValueBlock,
  LocalOctetStringValueBlock,
  LocalConstructedValueBlock,
  LocalBitStringValueBlock,
  LocalPrimitiveValueBlock,
  originalBaseBlockToBER: ORIGINAL_BASE_BLOCK_TO_BER,
  originalWriterWrite: ORIGINAL_VIEW_WRITER_WRITE,
  originalWriterFinal: ORIGINAL_VIEW_WRITER_FINAL,
  originalIdentificationToBER: ORIGINAL_LOCAL_IDENTIFICATION_TO_BER,
  originalLengthToBER: ORIGINAL_LOCAL_LENGTH_TO_BER,
  originalIntegerToBER: ORIGINAL_LOCAL_INTEGER_TO_BER,
  originalOctetStringToBER: ORIGINAL_LOCAL_OCTET_STRING_TO_BER,
  originalBitStringToBER: ORIGINAL_LOCAL_BIT_STRING_TO_BER,
  originalConstructedToBER: ORIGINAL_LOCAL_CONSTRUCTED_TO_BER,
  originalPrimitiveToBER: ORIGINAL_LOCAL_PRIMITIVE_TO_BER
});
registerFastParser({
  Integer,
  Null,
  Sequence
});

// ../../../main/node_modules/pkijs/node_modules/@peculiar/utils/build/bytes/buffer-source.js
var ARRAY_BUFFER_TAG2 = "[object ArrayBuffer]";
var SHARED_ARRAY_BUFFER_TAG2 = "[object SharedArrayBuffer]";
function tagOf2(value) {
  return Object.prototype.toString.call(value);
}
function isDataViewConstructor2(type) {
  return type === DataView || type.prototype instanceof DataView;
}
function bytesPerElement2(type) {
  if (isDataViewConstructor2(type))
    return 1;
  return type.BYTES_PER_ELEMENT ?? 1;
}
function isArrayBufferViewLike2(value) {
  if (ArrayBuffer.isView(value))
    return true;
  if (!value || typeof value !== "object")
    return false;
  const view = value;
  return typeof view.byteOffset === "number" && typeof view.byteLength === "number" && isArrayBufferLike2(view.buffer);
}
function copyBytes2(data) {
  const view = toUint8Array2(data);
  const copy = new Uint8Array(view.byteLength);
  copy.set(view);
  return copy;
}
function isArrayBuffer2(value) {
  return tagOf2(value) === ARRAY_BUFFER_TAG2;
}
function isSharedArrayBuffer2(value) {
  return typeof SharedArrayBuffer !== "undefined" && tagOf2(value) === SHARED_ARRAY_BUFFER_TAG2;
}
function isArrayBufferLike2(value) {
  return isArrayBuffer2(value) || isSharedArrayBuffer2(value);
}
function isArrayBufferView2(value) {
  return isArrayBufferViewLike2(value);
}
function isBufferSource2(value) {
  return isArrayBufferLike2(value) || isArrayBufferView2(value);
}
function assertBufferSource2(value) {
  if (!isBufferSource2(value))
    throw new TypeError("Expected ArrayBuffer, SharedArrayBuffer, or ArrayBufferView");
}
function toUint8Array2(data) {
  assertBufferSource2(data);
  if (isArrayBufferLike2(data))
    return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
function toUint8ArrayCopy2(data) {
  return copyBytes2(data);
}
function toArrayBuffer2(data) {
  assertBufferSource2(data);
  if (isArrayBuffer2(data))
    return data;
  const buffer = new ArrayBuffer(data.byteLength);
  new Uint8Array(buffer).set(toUint8Array2(data));
  return buffer;
}
function toArrayBufferLike2(data) {
  assertBufferSource2(data);
  if (isArrayBufferLike2(data))
    return data;
  if (data.byteOffset === 0 && data.byteLength === data.buffer.byteLength)
    return data.buffer;
  return copyBytes2(data).buffer;
}
function toView2(data, type) {
  assertBufferSource2(data);
  if (ArrayBuffer.isView(data) && data.constructor === type)
    return data;
  const view = toUint8Array2(data);
  const elementSize = bytesPerElement2(type);
  if (view.byteOffset % elementSize !== 0 || view.byteLength % elementSize !== 0)
    throw new RangeError(`Cannot create ${type.name} over unaligned byte range`);
  if (isDataViewConstructor2(type))
    return new type(view.buffer, view.byteOffset, view.byteLength);
  return new type(view.buffer, view.byteOffset, view.byteLength / elementSize);
}
function toViewCopy2(data, type) {
  return toView2(toUint8ArrayCopy2(data), type);
}
// ../../../main/node_modules/pkijs/node_modules/@peculiar/utils/build/_virtual/_rolldown/runtime.js
var __defProp2 = Object.defineProperty;
var __exportAll2 = (all, no_symbols) => {
  let target = {};
  for (var name in all)
    __defProp2(target, name, {
      get: all[name],
      enumerable: true
    });
  if (!no_symbols)
    __defProp2(target, Symbol.toStringTag, { value: "Module" });
  return target;
};

// ../../../main/node_modules/pkijs/node_modules/@peculiar/utils/build/bytes/concat.js
function concatToUint8Array3(buffers) {
  const views = [];
  let length = 0;
  for (const buffer of buffers) {
    const view = toUint8Array2(buffer);
    views.push(view);
    length += view.byteLength;
  }
  const result = new Uint8Array(length);
  let offset = 0;
  for (const view of views) {
    result.set(view, offset);
    offset += view.byteLength;
  }
  return result;
}
function concat5(first, second, ...rest) {
  let buffers;
  let type;
  if (typeof second === "function") {
    buffers = Array.from(first);
    type = second;
  } else if (isBufferSource2(first))
    buffers = [
      first,
      second,
      ...rest
    ].filter(isBufferSource2);
  else {
    buffers = Array.from(first);
    if (second)
      buffers.push(second);
    buffers.push(...rest);
  }
  const bytes = concatToUint8Array3(buffers);
  return type ? toView2(bytes, type) : bytes.buffer;
}

// ../../../main/node_modules/pkijs/node_modules/@peculiar/utils/build/bytes/equal.js
function equal3(a, b, options = {}) {
  const left = toUint8Array2(a);
  const right = toUint8Array2(b);
  if (!options.constantTime && left.byteLength !== right.byteLength)
    return false;
  const length = Math.max(left.byteLength, right.byteLength);
  let diff = left.byteLength ^ right.byteLength;
  for (let i = 0;i < length; i++)
    diff |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return diff === 0;
}

// ../../../main/node_modules/pkijs/node_modules/@peculiar/utils/build/bytes/sequence.js
function clampIndex2(value, fallback, length) {
  const normalized = Number.isFinite(value) ? Math.trunc(value) : fallback;
  if (normalized <= 0)
    return 0;
  if (normalized >= length)
    return length;
  return normalized;
}
function normalizeForwardRange2(length, options) {
  const start = clampIndex2(options?.start, 0, length);
  const end = clampIndex2(options?.end, length, length);
  return end >= start ? [start, end] : [start, start];
}
function normalizeReverseRange2(length, options) {
  const start = clampIndex2(options?.start, length, length);
  const end = clampIndex2(options?.end, 0, length);
  return start >= end ? [end, start] : [start, start];
}
function normalizeSliceIndex2(value, fallback, length) {
  const normalized = Number.isFinite(value) ? Math.trunc(value) : fallback;
  if (normalized < 0)
    return Math.max(length + normalized, 0);
  if (normalized > length)
    return length;
  return normalized;
}
function encodeAscii2(text) {
  const bytes = new Uint8Array(text.length);
  for (let i = 0;i < text.length; i++)
    bytes[i] = text.charCodeAt(i) & 255;
  return bytes;
}
function encodeUtf82(text) {
  return new TextEncoder().encode(text);
}
function toPatternBytes2(pattern, options) {
  if (typeof pattern === "string")
    return options?.encoding === "utf8" ? encodeUtf82(pattern) : encodeAscii2(pattern);
  return toUint8Array2(pattern);
}
function bytesEqualAt2(data, pattern, offset) {
  for (let index = 0;index < pattern.byteLength; index++)
    if (data[offset + index] !== pattern[index])
      return false;
  return true;
}
function indexOf3(data, pattern, options) {
  const bytes = toUint8Array2(data);
  const needle = toPatternBytes2(pattern, options);
  const [start, end] = normalizeForwardRange2(bytes.byteLength, options);
  if (needle.byteLength === 0)
    return start;
  const lastOffset = end - needle.byteLength;
  if (lastOffset < start)
    return -1;
  for (let offset = start;offset <= lastOffset; offset++)
    if (bytesEqualAt2(bytes, needle, offset))
      return offset;
  return -1;
}
function lastIndexOf3(data, pattern, options) {
  const bytes = toUint8Array2(data);
  const needle = toPatternBytes2(pattern, options);
  const [end, start] = normalizeReverseRange2(bytes.byteLength, options);
  if (needle.byteLength === 0)
    return start;
  const firstOffset = start - needle.byteLength;
  if (firstOffset < end)
    return -1;
  for (let offset = firstOffset;offset >= end; offset--)
    if (bytesEqualAt2(bytes, needle, offset))
      return offset;
  return -1;
}
function includes3(data, pattern, options) {
  return indexOf3(data, pattern, options) !== -1;
}
function startsWith3(data, pattern, options) {
  const bytes = toUint8Array2(data);
  const needle = toPatternBytes2(pattern, options);
  if (needle.byteLength > bytes.byteLength)
    return false;
  return bytesEqualAt2(bytes, needle, 0);
}
function endsWith3(data, pattern, options) {
  const bytes = toUint8Array2(data);
  const needle = toPatternBytes2(pattern, options);
  if (needle.byteLength > bytes.byteLength)
    return false;
  return bytesEqualAt2(bytes, needle, bytes.byteLength - needle.byteLength);
}
function slice3(data, start, end) {
  const bytes = toUint8Array2(data);
  const normalizedStart = normalizeSliceIndex2(start, 0, bytes.byteLength);
  const normalizedEnd = normalizeSliceIndex2(end, bytes.byteLength, bytes.byteLength);
  if (normalizedEnd <= normalizedStart)
    return bytes.subarray(normalizedStart, normalizedStart);
  return bytes.subarray(normalizedStart, normalizedEnd);
}
function tail3(data, length) {
  const bytes = toUint8Array2(data);
  const normalizedLength = Number.isFinite(length) ? Math.max(0, Math.trunc(length)) : 0;
  if (normalizedLength >= bytes.byteLength)
    return bytes;
  return bytes.subarray(bytes.byteLength - normalizedLength);
}
function copy3(data) {
  return toUint8ArrayCopy2(data);
}
function compare3(a, b) {
  const left = toUint8Array2(a);
  const right = toUint8Array2(b);
  const limit = Math.min(left.byteLength, right.byteLength);
  for (let index = 0;index < limit; index++) {
    if (left[index] < right[index])
      return -1;
    if (left[index] > right[index])
      return 1;
  }
  if (left.byteLength < right.byteLength)
    return -1;
  if (left.byteLength > right.byteLength)
    return 1;
  return 0;
}

// ../../../main/node_modules/pkijs/node_modules/@peculiar/utils/build/bytes.js
var bytes_exports2 = /* @__PURE__ */ __exportAll2({
  assertBufferSource: () => assertBufferSource2,
  compare: () => compare3,
  concat: () => concat5,
  concatToUint8Array: () => concatToUint8Array3,
  copy: () => copy3,
  endsWith: () => endsWith3,
  equal: () => equal3,
  includes: () => includes3,
  indexOf: () => indexOf3,
  isArrayBuffer: () => isArrayBuffer2,
  isArrayBufferLike: () => isArrayBufferLike2,
  isArrayBufferView: () => isArrayBufferView2,
  isBufferSource: () => isBufferSource2,
  isSharedArrayBuffer: () => isSharedArrayBuffer2,
  lastIndexOf: () => lastIndexOf3,
  slice: () => slice3,
  startsWith: () => startsWith3,
  tail: () => tail3,
  toArrayBuffer: () => toArrayBuffer2,
  toArrayBufferLike: () => toArrayBufferLike2,
  toUint8Array: () => toUint8Array2,
  toUint8ArrayCopy: () => toUint8ArrayCopy2,
  toView: () => toView2,
  toViewCopy: () => toViewCopy2
});

// ../../../main/node_modules/pkijs/node_modules/@peculiar/utils/build/encoding/binary.js
var binary_exports2 = /* @__PURE__ */ __exportAll2({
  binary: () => binary2,
  decode: () => decode8,
  encode: () => encode8,
  is: () => is3
});
function encode8(data) {
  const bytes = toUint8Array2(data);
  let result = "";
  for (const byte of bytes)
    result += String.fromCharCode(byte);
  return result;
}
function decode8(text) {
  const result = new Uint8Array(text.length);
  for (let i = 0;i < text.length; i++)
    result[i] = text.charCodeAt(i) & 255;
  return result;
}
function is3(text) {
  return typeof text === "string";
}
var binary2 = {
  encode: encode8,
  decode: decode8,
  is: is3
};

// ../../../main/node_modules/pkijs/node_modules/@peculiar/utils/build/encoding/hex.js
var hex_exports2 = /* @__PURE__ */ __exportAll2({
  decode: () => decode9,
  encode: () => encode9,
  format: () => format3,
  formats: () => formats2,
  hex: () => hex2,
  is: () => is4,
  normalize: () => normalize2,
  parse: () => parse3
});
var HEX_CHARACTER_REGEX2 = /^[0-9a-f]$/i;
var COMMON_SEPARATORS2 = [
  " ",
  "\t",
  `
`,
  "\r",
  ":",
  "-",
  "."
];
function resolveSeparators2(options) {
  if (options.separators === "none")
    return [];
  if (!options.separators || options.separators === "common")
    return COMMON_SEPARATORS2;
  return options.separators;
}
function validateSeparator2(separator) {
  if (!separator)
    throw new TypeError("Hex separators must be non-empty strings");
}
function matchSeparator2(text, index, separators) {
  for (const separator of separators)
    if (text.startsWith(separator, index))
      return separator;
}
function detectCase2(text) {
  const hasUpper = /[A-F]/.test(text);
  const hasLower = /[a-f]/.test(text);
  return hasUpper && !hasLower ? "upper" : "lower";
}
function detectLineSeparator2(text) {
  const match = /\r\n|\n/.exec(text);
  if (!match)
    return;
  return match[0] === `\r
` ? `\r
` : `
`;
}
function compactForDetection2(text) {
  return text.replace(/[^0-9a-f]/gi, "");
}
function detectGroup2(text) {
  const segments = text.match(/[0-9A-Fa-f]+|[^0-9A-Fa-f]+/g) ?? [];
  if (segments.length < 3)
    return;
  const hexSegments = segments.filter((_, index) => index % 2 === 0);
  const separators = segments.filter((_, index) => index % 2 === 1);
  const separator = separators[0];
  if (!separator || separators.some((item) => item !== separator))
    return;
  if (hexSegments.some((segment) => segment.length === 0 || segment.length % 2 !== 0))
    return;
  const firstLength = hexSegments[0]?.length ?? 0;
  if (!firstLength)
    return;
  if (hexSegments.slice(0, -1).some((segment) => segment.length !== firstLength))
    return;
  if ((hexSegments[hexSegments.length - 1]?.length ?? 0) > firstLength)
    return;
  return {
    size: firstLength / 2,
    separator
  };
}
function detectFormat2(text) {
  const trimmed = text.trim();
  const prefix = /^0x/i.test(trimmed) ? "0x" : "";
  const body = prefix ? trimmed.slice(2) : trimmed;
  const lineSeparator = detectLineSeparator2(body);
  const lines = body.split(/\r\n|\n/).filter((line) => line.length > 0);
  const group = detectGroup2(lines[0]?.trim() ?? "");
  const format = {
    case: detectCase2(trimmed),
    prefix
  };
  if (group)
    format.group = group;
  if (lineSeparator && lines.length > 1) {
    const firstLineBytes = compactForDetection2(lines[0] ?? "").length / 2;
    if (firstLineBytes > 0 && lines.slice(0, -1).every((line) => compactForDetection2(line).length / 2 === firstLineBytes))
      format.line = {
        bytesPerLine: firstLineBytes,
        separator: lineSeparator
      };
  }
  return format;
}
function normalizeText2(text, options) {
  const allowPrefix = options.allowPrefix ?? true;
  const separators = [...resolveSeparators2(options)].sort((left, right) => right.length - left.length);
  for (const separator of separators)
    validateSeparator2(separator);
  let working = text.trim();
  if (/^0x/i.test(working)) {
    if (!allowPrefix)
      throw new TypeError("Hexadecimal text must not include a 0x prefix");
    working = working.slice(2);
  }
  let normalized = "";
  let lastTokenWasSeparator = false;
  for (let index = 0;index < working.length; ) {
    const character = working[index] ?? "";
    if (HEX_CHARACTER_REGEX2.test(character)) {
      normalized += character;
      lastTokenWasSeparator = false;
      index += 1;
      continue;
    }
    const separator = matchSeparator2(working, index, separators);
    if (!separator)
      throw new TypeError("Input is not valid hexadecimal text");
    if (options.strict && (lastTokenWasSeparator || normalized.length === 0))
      throw new TypeError("Hexadecimal text contains misplaced separators");
    lastTokenWasSeparator = true;
    index += separator.length;
  }
  if (options.strict && lastTokenWasSeparator && normalized.length > 0)
    throw new TypeError("Hexadecimal text must not end with a separator");
  if (normalized.length % 2 !== 0) {
    if (!options.allowOddLength)
      throw new TypeError("Hexadecimal text must contain an even number of characters");
    normalized = `0${normalized}`;
  }
  return normalized.toLowerCase();
}
function groupPairs2(pairs, group) {
  if (!group)
    return pairs.join("");
  if (!Number.isInteger(group.size) || group.size < 1)
    throw new RangeError("Hex group size must be a positive integer");
  const chunks = [];
  for (let index = 0;index < pairs.length; index += group.size)
    chunks.push(pairs.slice(index, index + group.size).join(""));
  return chunks.join(group.separator);
}
function normalize2(text, options = {}) {
  return normalizeText2(text, options);
}
function is4(text, options = {}) {
  if (typeof text !== "string")
    return false;
  try {
    normalize2(text, options);
    return true;
  } catch {
    return false;
  }
}
function encode9(data, options = {}) {
  const bytes = toUint8Array2(data);
  const casing = options.case ?? "lower";
  const pairs = Array.from(bytes, (byte) => {
    const text = byte.toString(16).padStart(2, "0");
    return casing === "upper" ? text.toUpperCase() : text;
  });
  let body = "";
  if (options.line) {
    const bytesPerLine = options.line.bytesPerLine;
    if (!Number.isInteger(bytesPerLine) || bytesPerLine < 1)
      throw new RangeError("Hex bytesPerLine must be a positive integer");
    const separator = options.line.separator ?? `
`;
    const lines = [];
    for (let index = 0;index < pairs.length; index += bytesPerLine)
      lines.push(groupPairs2(pairs.slice(index, index + bytesPerLine), options.group));
    body = lines.join(separator);
  } else
    body = groupPairs2(pairs, options.group);
  return `${options.prefix ?? ""}${body}`;
}
function decode9(text, options = {}) {
  const normalized = normalize2(text, options);
  const result = new Uint8Array(normalized.length / 2);
  for (let i = 0;i < normalized.length; i += 2)
    result[i / 2] = Number.parseInt(normalized.slice(i, i + 2), 16);
  return result;
}
function parse3(text, options = {}) {
  const normalized = normalize2(text, options);
  return {
    bytes: decode9(normalized),
    format: detectFormat2(text),
    normalized
  };
}
function format3(data, value) {
  return encode9(data, value);
}
var formats2 = {
  compact: Object.freeze({}),
  upper: Object.freeze({ case: "upper" }),
  colon: Object.freeze({ group: {
    size: 1,
    separator: ":"
  } }),
  colonUpper: Object.freeze({
    case: "upper",
    group: {
      size: 1,
      separator: ":"
    }
  }),
  groupsOf4: Object.freeze({ group: {
    size: 4,
    separator: " "
  } }),
  prefixed: Object.freeze({ prefix: "0x" })
};
var hex2 = {
  encode: encode9,
  decode: decode9,
  format: format3,
  formats: formats2,
  is: is4,
  normalize: normalize2,
  parse: parse3
};
// ../../../main/node_modules/pkijs/node_modules/@peculiar/utils/build/encoding/base64.js
var base64_exports2 = /* @__PURE__ */ __exportAll2({
  base64: () => base64,
  decode: () => decode10,
  encode: () => encode10,
  is: () => is5,
  normalize: () => normalize3,
  pad: () => pad2
});
var BASE64_REGEX = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
function nodeBuffer() {
  return globalThis.Buffer;
}
function normalize3(text) {
  return text.replace(/[\n\r\t ]/g, "");
}
function pad2(text) {
  const remainder = text.length % 4;
  return remainder ? text + "=".repeat(4 - remainder) : text;
}
function is5(text) {
  if (typeof text !== "string")
    return false;
  const normalized = normalize3(text);
  return normalized === "" || BASE64_REGEX.test(normalized);
}
function encode10(data, _options) {
  const bytes = toUint8Array2(data);
  const buffer = nodeBuffer();
  if (buffer)
    return buffer.from(bytes).toString("base64");
  return btoa(encode8(bytes));
}
function decode10(text, _options) {
  const normalized = normalize3(text);
  if (!is5(normalized))
    throw new TypeError("Input is not valid Base64 text");
  const buffer = nodeBuffer();
  if (buffer)
    return new Uint8Array(buffer.from(normalized, "base64"));
  return decode8(atob(normalized));
}
var base64 = {
  encode: encode10,
  decode: decode10,
  is: is5,
  normalize: normalize3,
  pad: pad2
};

// ../../../main/node_modules/pkijs/node_modules/@peculiar/utils/build/encoding/base64url.js
var base64url_exports2 = /* @__PURE__ */ __exportAll2({
  base64url: () => base64url,
  decode: () => decode11,
  encode: () => encode11,
  is: () => is6,
  normalize: () => normalize4
});
var BASE64URL_REGEX = /^[A-Za-z0-9_-]*$/;
var PADDED_BASE64URL_REGEX = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2}==|[A-Za-z0-9_-]{3}=)?$/;
function normalize4(text) {
  return text.replace(/[\n\r\t ]/g, "");
}
function is6(text, options = {}) {
  if (typeof text !== "string")
    return false;
  const normalized = normalize4(text);
  return BASE64URL_REGEX.test(normalized) || !!options.allowPadding && PADDED_BASE64URL_REGEX.test(normalized);
}
function encode11(data, _options) {
  return base64.encode(data).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/g, "");
}
function decode11(text, options = {}) {
  const normalized = normalize4(text);
  if (!is6(normalized, options))
    throw new TypeError("Input is not valid Base64Url text");
  return base64.decode(base64.pad(normalized.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/")));
}
var base64url = {
  encode: encode11,
  decode: decode11,
  is: is6,
  normalize: normalize4
};

// ../../../main/node_modules/pkijs/node_modules/@peculiar/utils/build/integer/uint.js
var uint_exports2 = /* @__PURE__ */ __exportAll2({
  decode: () => decode12,
  decodeBigInt: () => decodeBigInt3,
  encode: () => encode12,
  uint: () => uint2
});
function resolveBits2(bitsPerByte = 8) {
  if (!Number.isInteger(bitsPerByte) || bitsPerByte < 1 || bitsPerByte > 8)
    throw new RangeError("bitsPerByte must be an integer from 1 to 8");
  return bitsPerByte;
}
function pad3(digits, length) {
  if (length === undefined)
    return Uint8Array.from(digits);
  if (!Number.isInteger(length) || length < 0)
    throw new RangeError("length must be a non-negative integer");
  if (digits.length > length)
    throw new RangeError(`Value does not fit into ${length} byte(s)`);
  const result = new Uint8Array(length);
  result.set(digits, length - digits.length);
  return result;
}
function encode12(value, options = {}) {
  const bits = resolveBits2(options.bitsPerByte);
  const digits = [];
  if (typeof value === "bigint") {
    if (value < 0n)
      throw new RangeError("Unsigned integer must not be negative");
    const shift = BigInt(bits);
    const mask = (1n << shift) - 1n;
    do {
      digits.push(Number(value & mask));
      value >>= shift;
    } while (value > 0n);
  } else {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new RangeError("Unsigned integer must be a non-negative safe integer; use bigint for larger values");
    const radix = 2 ** bits;
    do {
      digits.push(value % radix);
      value = Math.floor(value / radix);
    } while (value > 0);
  }
  return pad3(digits.reverse(), options.length);
}
function decodeBigInt3(data, options = {}) {
  const bits = resolveBits2(options.bitsPerByte);
  const shift = BigInt(bits);
  const radix = 1 << bits;
  let result = 0n;
  for (const digit of toUint8Array2(data)) {
    if (digit >= radix)
      throw new RangeError(`Byte 0x${digit.toString(16)} exceeds ${bits} bits`);
    result = result << shift | BigInt(digit);
  }
  return result;
}
function decode12(data, options = {}) {
  const bits = resolveBits2(options.bitsPerByte);
  const radix = 2 ** bits;
  let result = 0;
  for (const digit of toUint8Array2(data)) {
    if (digit >= radix)
      throw new RangeError(`Byte 0x${digit.toString(16)} exceeds ${bits} bits`);
    if (result > (Number.MAX_SAFE_INTEGER - digit) / radix)
      throw new RangeError("Value exceeds Number.MAX_SAFE_INTEGER; use decodeBigInt instead");
    result = result * radix + digit;
  }
  return result;
}
var uint2 = {
  encode: encode12,
  decode: decode12,
  decodeBigInt: decodeBigInt3
};
// ../../../main/node_modules/bytestreamjs/build/byte_stream.js
var ByteStream = class ByteStream {
  _buffer;
  _view;
  constructor(parameters = {}) {
    if ("view" in parameters)
      this.fromUint8Array(parameters.view);
    else if ("buffer" in parameters)
      this.fromArrayBuffer(parameters.buffer);
    else if ("string" in parameters)
      this.fromString(parameters.string);
    else if ("hexstring" in parameters)
      this.fromHexString(parameters.hexstring);
    else if ("length" in parameters && parameters.length > 0) {
      this.length = parameters.length;
      if (parameters.stub)
        for (let i = 0;i < this._view.length; i++)
          this._view[i] = parameters.stub;
    } else
      this.length = 0;
  }
  set buffer(value) {
    this._buffer = value;
    this._view = new Uint8Array(this._buffer);
  }
  get buffer() {
    return this._buffer;
  }
  set view(value) {
    this._buffer = new ArrayBuffer(value.length);
    this._view = new Uint8Array(this._buffer);
    this._view.set(value);
  }
  get view() {
    return this._view;
  }
  get length() {
    return this.view.byteLength;
  }
  set length(value) {
    this._buffer = new ArrayBuffer(value);
    this._view = new Uint8Array(this._buffer);
  }
  clear() {
    this._buffer = /* @__PURE__ */ new ArrayBuffer(0);
    this._view = new Uint8Array(this._buffer);
  }
  fromArrayBuffer(array) {
    this._buffer = array;
    this._view = new Uint8Array(this._buffer);
  }
  fromUint8Array(array) {
    this.fromArrayBuffer(new Uint8Array(array).buffer);
  }
  fromString(string) {
    const stringLength = string.length;
    this.length = stringLength;
    for (let i = 0;i < stringLength; i++)
      this.view[i] = string.charCodeAt(i);
  }
  toString(start = 0, length = this.view.length - start) {
    let result = "";
    if (start >= this.view.length || start < 0)
      start = 0;
    if (length >= this.view.length || length < 0)
      length = this.view.length - start;
    for (let i = start;i < start + length; i++)
      result += String.fromCharCode(this.view[i]);
    return result;
  }
  fromHexString(hexString) {
    const stringLength = hexString.length;
    this.buffer = /* @__PURE__ */ new ArrayBuffer(stringLength >> 1);
    this.view = new Uint8Array(this.buffer);
    const hexMap = /* @__PURE__ */ new Map;
    hexMap.set("0", 0);
    hexMap.set("1", 1);
    hexMap.set("2", 2);
    hexMap.set("3", 3);
    hexMap.set("4", 4);
    hexMap.set("5", 5);
    hexMap.set("6", 6);
    hexMap.set("7", 7);
    hexMap.set("8", 8);
    hexMap.set("9", 9);
    hexMap.set("A", 10);
    hexMap.set("a", 10);
    hexMap.set("B", 11);
    hexMap.set("b", 11);
    hexMap.set("C", 12);
    hexMap.set("c", 12);
    hexMap.set("D", 13);
    hexMap.set("d", 13);
    hexMap.set("E", 14);
    hexMap.set("e", 14);
    hexMap.set("F", 15);
    hexMap.set("f", 15);
    let j = 0;
    let temp = 0;
    for (let i = 0;i < stringLength; i++)
      if (!(i % 2))
        temp = hexMap.get(hexString.charAt(i)) << 4;
      else {
        temp |= hexMap.get(hexString.charAt(i));
        this.view[j] = temp;
        j++;
      }
  }
  toHexString(start = 0, length = this.view.length - start) {
    let result = "";
    if (start >= this.view.length || start < 0)
      start = 0;
    if (length >= this.view.length || length < 0)
      length = this.view.length - start;
    for (let i = start;i < start + length; i++) {
      const str = this.view[i].toString(16).toUpperCase();
      result = result + (str.length == 1 ? "0" : "") + str;
    }
    return result;
  }
  copy(start = 0, length = this.length - start) {
    if (!start && !this.length)
      return new ByteStream;
    if (start < 0 || start > this.length - 1)
      throw new Error(`Wrong start position: ${start}`);
    return new ByteStream({ buffer: this._buffer.slice(start, start + length) });
  }
  slice(start = 0, end = this.length) {
    if (!start && !this.length)
      return new ByteStream;
    if (start < 0 || start > this.length - 1)
      throw new Error(`Wrong start position: ${start}`);
    return new ByteStream({ buffer: this._buffer.slice(start, end) });
  }
  realloc(size) {
    const buffer = new ArrayBuffer(size);
    const view = new Uint8Array(buffer);
    if (size > this._view.length)
      view.set(this._view);
    else
      view.set(new Uint8Array(this._buffer, 0, size));
    this._buffer = buffer;
    this._view = new Uint8Array(this._buffer);
  }
  append(stream) {
    const initialSize = this.length;
    const streamViewLength = stream.length;
    const subarrayView = stream._view.subarray();
    this.realloc(initialSize + streamViewLength);
    this._view.set(subarrayView, initialSize);
  }
  insert(stream, start = 0, length = this.length - start) {
    if (start > this.length - 1)
      return false;
    if (length > this.length - start)
      length = this.length - start;
    if (length > stream.length)
      length = stream.length;
    if (length == stream.length)
      this._view.set(stream._view, start);
    else
      this._view.set(stream._view.subarray(0, length), start);
    return true;
  }
  isEqual(stream) {
    if (this.length != stream.length)
      return false;
    for (let i = 0;i < stream.length; i++)
      if (this.view[i] != stream.view[i])
        return false;
    return true;
  }
  isEqualView(view) {
    if (view.length != this.view.length)
      return false;
    for (let i = 0;i < view.length; i++)
      if (this.view[i] != view[i])
        return false;
    return true;
  }
  findPattern(pattern, start_, length_, backward_) {
    const { start, length, backward } = this.prepareFindParameters(start_, length_, backward_);
    const patternLength = pattern.length;
    if (patternLength > length)
      return -1;
    const patternArray = [];
    for (let i = 0;i < patternLength; i++)
      patternArray.push(pattern.view[i]);
    for (let i = 0;i <= length - patternLength; i++) {
      let equal = true;
      const equalStart = backward ? start - patternLength - i : start + i;
      for (let j = 0;j < patternLength; j++)
        if (this.view[j + equalStart] != patternArray[j]) {
          equal = false;
          break;
        }
      if (equal)
        return backward ? start - patternLength - i : start + patternLength + i;
    }
    return -1;
  }
  findFirstIn(patterns, start_, length_, backward_) {
    const { start, length, backward } = this.prepareFindParameters(start_, length_, backward_);
    const result = {
      id: -1,
      position: backward ? 0 : start + length,
      length: 0
    };
    for (let i = 0;i < patterns.length; i++) {
      const position = this.findPattern(patterns[i], start, length, backward);
      if (position != -1) {
        let valid = false;
        const patternLength = patterns[i].length;
        if (backward) {
          if (position - patternLength >= result.position - result.length)
            valid = true;
        } else if (position - patternLength <= result.position - result.length)
          valid = true;
        if (valid) {
          result.position = position;
          result.id = i;
          result.length = patternLength;
        }
      }
    }
    return result;
  }
  findAllIn(patterns, start_, length_) {
    let { start, length } = this.prepareFindParameters(start_, length_);
    const result = [];
    let patternFound = {
      id: -1,
      position: start
    };
    do {
      const position = patternFound.position;
      patternFound = this.findFirstIn(patterns, patternFound.position, length);
      if (patternFound.id == -1)
        break;
      length -= patternFound.position - position;
      result.push({
        id: patternFound.id,
        position: patternFound.position
      });
    } while (true);
    return result;
  }
  findAllPatternIn(pattern, start_, length_) {
    const { start, length } = this.prepareFindParameters(start_, length_);
    const result = [];
    const patternLength = pattern.length;
    if (patternLength > length)
      return -1;
    const patternArray = Array.from(pattern.view);
    for (let i = 0;i <= length - patternLength; i++) {
      let equal = true;
      const equalStart = start + i;
      for (let j = 0;j < patternLength; j++)
        if (this.view[j + equalStart] != patternArray[j]) {
          equal = false;
          break;
        }
      if (equal) {
        result.push(start + patternLength + i);
        i += patternLength - 1;
      }
    }
    return result;
  }
  findFirstNotIn(patterns, start_, length_, backward_) {
    let { start, length, backward } = this.prepareFindParameters(start_, length_, backward_);
    const result = {
      left: {
        id: -1,
        position: start
      },
      right: {
        id: -1,
        position: 0
      },
      value: new ByteStream
    };
    let currentLength = length;
    while (currentLength > 0) {
      result.right = this.findFirstIn(patterns, backward ? start - length + currentLength : start + length - currentLength, currentLength, backward);
      if (result.right.id == -1) {
        length = currentLength;
        if (backward)
          start -= length;
        else
          start = result.left.position;
        result.value = new ByteStream({ buffer: this._buffer.slice(start, start + length) });
        break;
      }
      if (result.right.position != (backward ? result.left.position - patterns[result.right.id].length : result.left.position + patterns[result.right.id].length)) {
        if (backward) {
          start = result.right.position + patterns[result.right.id].length;
          length = result.left.position - result.right.position - patterns[result.right.id].length;
        } else {
          start = result.left.position;
          length = result.right.position - result.left.position - patterns[result.right.id].length;
        }
        result.value = new ByteStream({ buffer: this._buffer.slice(start, start + length) });
        break;
      }
      result.left = result.right;
      currentLength -= patterns[result.right.id].length;
    }
    if (backward) {
      const temp = result.right;
      result.right = result.left;
      result.left = temp;
    }
    return result;
  }
  findAllNotIn(patterns, start_, length_) {
    let { start, length } = this.prepareFindParameters(start_, length_);
    const result = [];
    let patternFound = {
      left: {
        id: -1,
        position: start
      },
      right: {
        id: -1,
        position: start
      },
      value: new ByteStream
    };
    do {
      const position = patternFound.right.position;
      patternFound = this.findFirstNotIn(patterns, patternFound.right.position, length);
      length -= patternFound.right.position - position;
      result.push({
        left: {
          id: patternFound.left.id,
          position: patternFound.left.position
        },
        right: {
          id: patternFound.right.id,
          position: patternFound.right.position
        },
        value: patternFound.value
      });
    } while (patternFound.right.id != -1);
    return result;
  }
  findFirstSequence(patterns, start_, length_, backward_) {
    let { start, length, backward } = this.prepareFindParameters(start_, length_, backward_);
    const firstIn = this.skipNotPatterns(patterns, start, length, backward);
    if (firstIn == -1)
      return {
        position: -1,
        value: new ByteStream
      };
    const firstNotIn = this.skipPatterns(patterns, firstIn, length - (backward ? start - firstIn : firstIn - start), backward);
    if (backward) {
      start = firstNotIn;
      length = firstIn - firstNotIn;
    } else {
      start = firstIn;
      length = firstNotIn - firstIn;
    }
    return {
      position: firstNotIn,
      value: new ByteStream({ buffer: this._buffer.slice(start, start + length) })
    };
  }
  findAllSequences(patterns, start_, length_) {
    let { start, length } = this.prepareFindParameters(start_, length_);
    const result = [];
    let patternFound = {
      position: start,
      value: new ByteStream
    };
    do {
      const position = patternFound.position;
      patternFound = this.findFirstSequence(patterns, patternFound.position, length);
      if (patternFound.position != -1) {
        length -= patternFound.position - position;
        result.push({
          position: patternFound.position,
          value: patternFound.value
        });
      }
    } while (patternFound.position != -1);
    return result;
  }
  findPairedPatterns(leftPattern, rightPattern, start_, length_) {
    const result = [];
    if (leftPattern.isEqual(rightPattern))
      return result;
    const { start, length } = this.prepareFindParameters(start_, length_);
    let currentPositionLeft = 0;
    const leftPatterns = this.findAllPatternIn(leftPattern, start, length);
    if (!Array.isArray(leftPatterns) || leftPatterns.length == 0)
      return result;
    const rightPatterns = this.findAllPatternIn(rightPattern, start, length);
    if (!Array.isArray(rightPatterns) || rightPatterns.length == 0)
      return result;
    while (currentPositionLeft < leftPatterns.length) {
      if (rightPatterns.length == 0)
        break;
      if (leftPatterns[0] == rightPatterns[0]) {
        result.push({
          left: leftPatterns[0],
          right: rightPatterns[0]
        });
        leftPatterns.splice(0, 1);
        rightPatterns.splice(0, 1);
        continue;
      }
      if (leftPatterns[currentPositionLeft] > rightPatterns[0])
        break;
      while (leftPatterns[currentPositionLeft] < rightPatterns[0]) {
        currentPositionLeft++;
        if (currentPositionLeft >= leftPatterns.length)
          break;
      }
      result.push({
        left: leftPatterns[currentPositionLeft - 1],
        right: rightPatterns[0]
      });
      leftPatterns.splice(currentPositionLeft - 1, 1);
      rightPatterns.splice(0, 1);
      currentPositionLeft = 0;
    }
    result.sort((a, b) => a.left - b.left);
    return result;
  }
  findPairedArrays(inputLeftPatterns, inputRightPatterns, start_, length_) {
    const { start, length } = this.prepareFindParameters(start_, length_);
    const result = [];
    let currentPositionLeft = 0;
    const leftPatterns = this.findAllIn(inputLeftPatterns, start, length);
    if (leftPatterns.length == 0)
      return result;
    const rightPatterns = this.findAllIn(inputRightPatterns, start, length);
    if (rightPatterns.length == 0)
      return result;
    while (currentPositionLeft < leftPatterns.length) {
      if (rightPatterns.length == 0)
        break;
      if (leftPatterns[0].position == rightPatterns[0].position) {
        result.push({
          left: leftPatterns[0],
          right: rightPatterns[0]
        });
        leftPatterns.splice(0, 1);
        rightPatterns.splice(0, 1);
        continue;
      }
      if (leftPatterns[currentPositionLeft].position > rightPatterns[0].position)
        break;
      while (leftPatterns[currentPositionLeft].position < rightPatterns[0].position) {
        currentPositionLeft++;
        if (currentPositionLeft >= leftPatterns.length)
          break;
      }
      result.push({
        left: leftPatterns[currentPositionLeft - 1],
        right: rightPatterns[0]
      });
      leftPatterns.splice(currentPositionLeft - 1, 1);
      rightPatterns.splice(0, 1);
      currentPositionLeft = 0;
    }
    result.sort((a, b) => a.left.position - b.left.position);
    return result;
  }
  replacePattern(searchPattern, replacePattern, start_, length_, findAllResult = null) {
    let result = [];
    let i;
    const output = {
      status: -1,
      searchPatternPositions: [],
      replacePatternPositions: []
    };
    const { start, length } = this.prepareFindParameters(start_, length_);
    if (findAllResult == null) {
      result = this.findAllIn([searchPattern], start, length);
      if (result.length == 0)
        return output;
    } else
      result = findAllResult;
    output.searchPatternPositions.push(...Array.from(result, (element) => element.position));
    const patternDifference = searchPattern.length - replacePattern.length;
    const changedBuffer = new ArrayBuffer(this.view.length - result.length * patternDifference);
    const changedView = new Uint8Array(changedBuffer);
    changedView.set(new Uint8Array(this.buffer, 0, start));
    for (i = 0;i < result.length; i++) {
      const currentPosition = i == 0 ? start : result[i - 1].position;
      changedView.set(new Uint8Array(this.buffer, currentPosition, result[i].position - searchPattern.length - currentPosition), currentPosition - i * patternDifference);
      changedView.set(replacePattern.view, result[i].position - searchPattern.length - i * patternDifference);
      output.replacePatternPositions.push(result[i].position - searchPattern.length - i * patternDifference);
    }
    i--;
    changedView.set(new Uint8Array(this.buffer, result[i].position, this.length - result[i].position), result[i].position - searchPattern.length + replacePattern.length - i * patternDifference);
    this.buffer = changedBuffer;
    this.view = new Uint8Array(this.buffer);
    output.status = 1;
    return output;
  }
  skipPatterns(patterns, start_, length_, backward_) {
    const { start, length, backward } = this.prepareFindParameters(start_, length_, backward_);
    let result = start;
    for (let k = 0;k < patterns.length; k++) {
      const patternLength = patterns[k].length;
      const equalStart = backward ? result - patternLength : result;
      let equal = true;
      for (let j = 0;j < patternLength; j++)
        if (this.view[j + equalStart] != patterns[k].view[j]) {
          equal = false;
          break;
        }
      if (equal) {
        k = -1;
        if (backward) {
          result -= patternLength;
          if (result <= 0)
            return result;
        } else {
          result += patternLength;
          if (result >= start + length)
            return result;
        }
      }
    }
    return result;
  }
  skipNotPatterns(patterns, start_, length_, backward_) {
    const { start, length, backward } = this.prepareFindParameters(start_, length_, backward_);
    let result = -1;
    for (let i = 0;i < length; i++) {
      for (let k = 0;k < patterns.length; k++) {
        const patternLength = patterns[k].length;
        const equalStart = backward ? start - i - patternLength : start + i;
        let equal = true;
        for (let j = 0;j < patternLength; j++)
          if (this.view[j + equalStart] != patterns[k].view[j]) {
            equal = false;
            break;
          }
        if (equal) {
          result = backward ? start - i : start + i;
          break;
        }
      }
      if (result != -1)
        break;
    }
    return result;
  }
  prepareFindParameters(start = null, length = null, backward = false) {
    if (start === null)
      start = backward ? this.length : 0;
    if (start > this.length)
      start = this.length;
    if (backward) {
      if (length === null)
        length = start;
      if (length > start)
        length = start;
    } else {
      if (length === null)
        length = this.length - start;
      if (length > this.length - start)
        length = this.length - start;
    }
    return {
      start,
      length,
      backward
    };
  }
};

// ../../../main/node_modules/bytestreamjs/build/seq_stream.js
var pow2_24 = 16777216;
var SeqStream = class SeqStream {
  static APPEND_BLOCK = 1000;
  _stream = new ByteStream;
  _length = 0;
  _start = 0;
  backward = false;
  appendBlock = 0;
  prevLength = 0;
  prevStart = 0;
  constructor(parameters = {}) {
    if ("view" in parameters)
      this.stream = new ByteStream({ view: parameters.view });
    else if ("buffer" in parameters)
      this.stream = new ByteStream({ buffer: parameters.buffer });
    else if ("string" in parameters)
      this.stream = new ByteStream({ string: parameters.string });
    else if ("hexstring" in parameters)
      this.stream = new ByteStream({ hexstring: parameters.hexstring });
    else if ("stream" in parameters)
      this.stream = parameters.stream.slice();
    else
      this.stream = new ByteStream;
    if ("backward" in parameters && parameters.backward) {
      this.backward = parameters.backward;
      this._start = this.stream.length;
    }
    if ("length" in parameters && parameters.length > 0)
      this._length = parameters.length;
    if ("start" in parameters && parameters.start && parameters.start > 0)
      this._start = parameters.start;
    if ("appendBlock" in parameters && parameters.appendBlock && parameters.appendBlock > 0)
      this.appendBlock = parameters.appendBlock;
  }
  set stream(value) {
    this._stream = value;
    this.prevLength = this._length;
    this._length = value.length;
    this.prevStart = this._start;
    this._start = 0;
  }
  get stream() {
    return this._stream;
  }
  set length(value) {
    this.prevLength = this._length;
    this._length = value;
  }
  get length() {
    if (this.appendBlock)
      return this.start;
    return this._length;
  }
  set start(value) {
    if (value > this.stream.length)
      return;
    this.prevStart = this._start;
    this.prevLength = this._length;
    this._length -= this.backward ? this._start - value : value - this._start;
    this._start = value;
  }
  get start() {
    return this._start;
  }
  get buffer() {
    return this._stream.buffer.slice(0, this._length);
  }
  resetPosition() {
    this._start = this.prevStart;
    this._length = this.prevLength;
  }
  findPattern(pattern, gap = null) {
    if (gap == null || gap > this.length)
      gap = this.length;
    const result = this.stream.findPattern(pattern, this.start, this.length, this.backward);
    if (result == -1)
      return result;
    if (this.backward) {
      if (result < this.start - pattern.length - gap)
        return -1;
    } else if (result > this.start + pattern.length + gap)
      return -1;
    this.start = result;
    return result;
  }
  findFirstIn(patterns, gap = null) {
    if (gap == null || gap > this.length)
      gap = this.length;
    const result = this.stream.findFirstIn(patterns, this.start, this.length, this.backward);
    if (result.id == -1)
      return result;
    if (this.backward) {
      if (result.position < this.start - patterns[result.id].length - gap)
        return {
          id: -1,
          position: this.backward ? 0 : this.start + this.length
        };
    } else if (result.position > this.start + patterns[result.id].length + gap)
      return {
        id: -1,
        position: this.backward ? 0 : this.start + this.length
      };
    this.start = result.position;
    return result;
  }
  findAllIn(patterns) {
    const start = this.backward ? this.start - this.length : this.start;
    return this.stream.findAllIn(patterns, start, this.length);
  }
  findFirstNotIn(patterns, gap = null) {
    if (gap == null || gap > this._length)
      gap = this._length;
    const result = this._stream.findFirstNotIn(patterns, this._start, this._length, this.backward);
    if (result.left.id == -1 && result.right.id == -1)
      return result;
    if (this.backward) {
      if (result.right.id != -1) {
        if (result.right.position < this._start - patterns[result.right.id].length - gap)
          return {
            left: {
              id: -1,
              position: this._start
            },
            right: {
              id: -1,
              position: 0
            },
            value: new ByteStream
          };
      }
    } else if (result.left.id != -1) {
      if (result.left.position > this._start + patterns[result.left.id].length + gap)
        return {
          left: {
            id: -1,
            position: this._start
          },
          right: {
            id: -1,
            position: 0
          },
          value: new ByteStream
        };
    }
    if (this.backward) {
      if (result.left.id == -1)
        this.start = 0;
      else
        this.start = result.left.position;
    } else if (result.right.id == -1)
      this.start = this._start + this._length;
    else
      this.start = result.right.position;
    return result;
  }
  findAllNotIn(patterns) {
    const start = this.backward ? this._start - this._length : this._start;
    return this._stream.findAllNotIn(patterns, start, this._length);
  }
  findFirstSequence(patterns, length = null, gap = null) {
    if (length == null || length > this._length)
      length = this._length;
    if (gap == null || gap > length)
      gap = length;
    const result = this._stream.findFirstSequence(patterns, this._start, length, this.backward);
    if (result.value.length == 0)
      return result;
    if (this.backward) {
      if (result.position < this._start - result.value.length - gap)
        return {
          position: -1,
          value: new ByteStream
        };
    } else if (result.position > this._start + result.value.length + gap)
      return {
        position: -1,
        value: new ByteStream
      };
    this.start = result.position;
    return result;
  }
  findAllSequences(patterns) {
    const start = this.backward ? this.start - this.length : this.start;
    return this.stream.findAllSequences(patterns, start, this.length);
  }
  findPairedPatterns(leftPattern, rightPattern, gap = null) {
    if (gap == null || gap > this.length)
      gap = this.length;
    const start = this.backward ? this.start - this.length : this.start;
    const result = this.stream.findPairedPatterns(leftPattern, rightPattern, start, this.length);
    if (result.length) {
      if (this.backward) {
        if (result[0].right < this.start - rightPattern.length - gap)
          return [];
      } else if (result[0].left > this.start + leftPattern.length + gap)
        return [];
    }
    return result;
  }
  findPairedArrays(leftPatterns, rightPatterns, gap = null) {
    if (gap == null || gap > this.length)
      gap = this.length;
    const start = this.backward ? this.start - this.length : this.start;
    const result = this.stream.findPairedArrays(leftPatterns, rightPatterns, start, this.length);
    if (result.length) {
      if (this.backward) {
        if (result[0].right.position < this.start - rightPatterns[result[0].right.id].length - gap)
          return [];
      } else if (result[0].left.position > this.start + leftPatterns[result[0].left.id].length + gap)
        return [];
    }
    return result;
  }
  replacePattern(searchPattern, replacePattern) {
    const start = this.backward ? this.start - this.length : this.start;
    return this.stream.replacePattern(searchPattern, replacePattern, start, this.length);
  }
  skipPatterns(patterns) {
    const result = this.stream.skipPatterns(patterns, this.start, this.length, this.backward);
    this.start = result;
    return result;
  }
  skipNotPatterns(patterns) {
    const result = this.stream.skipNotPatterns(patterns, this.start, this.length, this.backward);
    if (result == -1)
      return -1;
    this.start = result;
    return result;
  }
  append(stream) {
    this.beforeAppend(stream.length);
    this._stream.view.set(stream.view, this._start);
    this._length += stream.length * 2;
    this.start = this._start + stream.length;
    this.prevLength -= stream.length * 2;
  }
  appendView(view) {
    this.beforeAppend(view.length);
    this._stream.view.set(view, this._start);
    this._length += view.length * 2;
    this.start = this._start + view.length;
    this.prevLength -= view.length * 2;
  }
  appendChar(char) {
    this.beforeAppend(1);
    this._stream.view[this._start] = char;
    this._length += 2;
    this.start = this._start + 1;
    this.prevLength -= 2;
  }
  appendUint16(number) {
    this.beforeAppend(2);
    const value = new Uint16Array([number]);
    const view = new Uint8Array(value.buffer);
    this.stream.view[this._start] = view[1];
    this._stream.view[this._start + 1] = view[0];
    this._length += 4;
    this.start = this._start + 2;
    this.prevLength -= 4;
  }
  appendUint24(number) {
    this.beforeAppend(3);
    const value = new Uint32Array([number]);
    const view = new Uint8Array(value.buffer);
    this._stream.view[this._start] = view[2];
    this._stream.view[this._start + 1] = view[1];
    this._stream.view[this._start + 2] = view[0];
    this._length += 6;
    this.start = this._start + 3;
    this.prevLength -= 6;
  }
  appendUint32(number) {
    this.beforeAppend(4);
    const value = new Uint32Array([number]);
    const view = new Uint8Array(value.buffer);
    this._stream.view[this._start] = view[3];
    this._stream.view[this._start + 1] = view[2];
    this._stream.view[this._start + 2] = view[1];
    this._stream.view[this._start + 3] = view[0];
    this._length += 8;
    this.start = this._start + 4;
    this.prevLength -= 8;
  }
  appendInt16(number) {
    this.beforeAppend(2);
    const value = new Int16Array([number]);
    const view = new Uint8Array(value.buffer);
    this._stream.view[this._start] = view[1];
    this._stream.view[this._start + 1] = view[0];
    this._length += 4;
    this.start = this._start + 2;
    this.prevLength -= 4;
  }
  appendInt32(number) {
    this.beforeAppend(4);
    const value = new Int32Array([number]);
    const view = new Uint8Array(value.buffer);
    this._stream.view[this._start] = view[3];
    this._stream.view[this._start + 1] = view[2];
    this._stream.view[this._start + 2] = view[1];
    this._stream.view[this._start + 3] = view[0];
    this._length += 8;
    this.start = this._start + 4;
    this.prevLength -= 8;
  }
  getBlock(size, changeLength = true) {
    if (this._length <= 0)
      return /* @__PURE__ */ new Uint8Array(0);
    if (this._length < size)
      size = this._length;
    let result;
    if (this.backward) {
      const view = this._stream.view.subarray(this._length - size, this._length);
      result = new Uint8Array(size);
      for (let i = 0;i < size; i++)
        result[size - 1 - i] = view[i];
    } else
      result = this._stream.view.subarray(this._start, this._start + size);
    if (changeLength)
      this.start += this.backward ? -1 * size : size;
    return result;
  }
  getUint16(changeLength = true) {
    const block = this.getBlock(2, changeLength);
    if (block.length < 2)
      return 0;
    return block[0] << 8 | block[1];
  }
  getInt16(changeLength = true) {
    const num = this.getUint16(changeLength);
    const negative = 32768;
    if (num & negative)
      return -(negative - (num ^ negative));
    return num;
  }
  getUint24(changeLength = true) {
    const block = this.getBlock(4, changeLength);
    if (block.length < 3)
      return 0;
    return block[0] << 16 | block[1] << 8 | block[2];
  }
  getUint32(changeLength = true) {
    const block = this.getBlock(4, changeLength);
    if (block.length < 4)
      return 0;
    return block[0] * pow2_24 + (block[1] << 16) + (block[2] << 8) + block[3];
  }
  getInt32(changeLength = true) {
    const num = this.getUint32(changeLength);
    const negative = 2147483648;
    if (num & negative)
      return -(negative - (num ^ negative));
    return num;
  }
  beforeAppend(size) {
    if (this._start + size > this._stream.length) {
      if (size > this.appendBlock)
        this.appendBlock = size + SeqStream.APPEND_BLOCK;
      this._stream.realloc(this._stream.length + this.appendBlock);
    }
  }
};

// ../../../main/node_modules/@noble/hashes/legacy.js
var SHA1_IV = /* @__PURE__ */ Uint32Array.from([
  1732584193,
  4023233417,
  2562383102,
  271733878,
  3285377520
]);
var SHA1_W = /* @__PURE__ */ new Uint32Array(80);

class _SHA1 extends HashMD {
  A = SHA1_IV[0] | 0;
  B = SHA1_IV[1] | 0;
  C = SHA1_IV[2] | 0;
  D = SHA1_IV[3] | 0;
  E = SHA1_IV[4] | 0;
  constructor() {
    super(64, 20, 8, false);
  }
  get() {
    const { A, B, C, D, E } = this;
    return [A, B, C, D, E];
  }
  set(A, B, C, D, E) {
    this.A = A | 0;
    this.B = B | 0;
    this.C = C | 0;
    this.D = D | 0;
    this.E = E | 0;
  }
  _cloneInto(to) {
    (to ||= new this.constructor).set(...this.get());
    return this._cloneIntoMeta(to);
  }
  process(view, offset) {
    for (let i = 0;i < 16; i++, offset += 4)
      SHA1_W[i] = view.getUint32(offset, false);
    for (let i = 16;i < 80; i++)
      SHA1_W[i] = rotl(SHA1_W[i - 3] ^ SHA1_W[i - 8] ^ SHA1_W[i - 14] ^ SHA1_W[i - 16], 1);
    let { A, B, C, D, E } = this;
    for (let i = 0;i < 80; i++) {
      let F, K;
      if (i < 20) {
        F = Chi(B, C, D);
        K = 1518500249;
      } else if (i < 40) {
        F = B ^ C ^ D;
        K = 1859775393;
      } else if (i < 60) {
        F = Maj(B, C, D);
        K = 2400959708;
      } else {
        F = B ^ C ^ D;
        K = 3395469782;
      }
      const T = rotl(A, 5) + F + E + K + SHA1_W[i] | 0;
      E = D;
      D = C;
      C = rotl(B, 30);
      B = A;
      A = T;
    }
    A = A + this.A | 0;
    B = B + this.B | 0;
    C = C + this.C | 0;
    D = D + this.D | 0;
    E = E + this.E | 0;
    this.set(A, B, C, D, E);
  }
  roundClean() {
    clean(SHA1_W);
  }
  destroy() {
    this.destroyed = true;
    this.set(0, 0, 0, 0, 0);
    clean(this.buffer);
  }
}
var sha1 = /* @__PURE__ */ createHasher(() => new _SHA1);

// ../../../main/node_modules/pkijs/build/index.js
/*!
 * Copyright (c) 2014, GlobalSign
 * Copyright (c) 2015-2019, Peculiar Ventures
 * All rights reserved.
 * 
 * Author 2014-2019, Yury Strozhevsky
 * 
 * Redistribution and use in source and binary forms, with or without modification,
 * are permitted provided that the following conditions are met:
 * 
 * * Redistributions of source code must retain the above copyright notice, this
 *   list of conditions and the following disclaimer.
 * 
 * * Redistributions in binary form must reproduce the above copyright notice, this
 *   list of conditions and the following disclaimer in the documentation and/or
 *   other materials provided with the distribution.
 * 
 * * Neither the name of the {organization} nor the names of its
 *   contributors may be used to endorse or promote products derived from
 *   this software without specific prior written permission.
 * 
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
 * ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
 * WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR
 * ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES
 * (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES;
 * LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON
 * ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
 * (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
 * SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 * 
 */
var EMPTY_BUFFER2 = /* @__PURE__ */ new ArrayBuffer(0);
var ArgumentError = class ArgumentError extends TypeError {
  constructor(..._args) {
    super(..._args);
    this.name = ArgumentError.NAME;
  }
  static {
    this.NAME = "ArgumentError";
  }
  static isType(value, type) {
    if (typeof type === "string") {
      if (type === "Array" && Array.isArray(value))
        return true;
      else if (type === "ArrayBuffer" && value instanceof ArrayBuffer)
        return true;
      else if (type === "ArrayBufferView" && ArrayBuffer.isView(value))
        return true;
      else if (typeof value === type)
        return true;
    } else if (value instanceof type)
      return true;
    return false;
  }
  static assert(value, name, ...types) {
    for (const type of types)
      if (this.isType(value, type))
        return;
    const typeNames = types.map((o) => o instanceof Function && ("name" in o) ? o.name : `${o}`);
    throw new ArgumentError(`Parameter '${name}' is not of type ${typeNames.length > 1 ? `(${typeNames.join(" or ")})` : typeNames[0]}`);
  }
};
var ParameterError = class ParameterError extends TypeError {
  static {
    this.NAME = "ParameterError";
  }
  static assert(...args) {
    let target = null;
    let params;
    let fields;
    if (typeof args[0] === "string") {
      target = args[0];
      params = args[1];
      fields = args.slice(2);
    } else {
      params = args[0];
      fields = args.slice(1);
    }
    ArgumentError.assert(params, "parameters", "object");
    for (const field of fields) {
      const value = params[field];
      if (value === undefined || value === null)
        throw new ParameterError(field, target);
    }
  }
  static assertEmpty(value, name, target) {
    if (value === undefined || value === null)
      throw new ParameterError(name, target);
  }
  constructor(field, target = null, message) {
    super();
    this.name = ParameterError.NAME;
    this.field = field;
    if (target)
      this.target = target;
    if (message)
      this.message = message;
    else
      this.message = `Absent mandatory parameter '${field}' ${target ? ` in '${target}'` : ""}`;
  }
};
var AsnError = class AsnError extends Error {
  static assertSchema(asn1, target) {
    if (!asn1.verified)
      throw new Error(`Object's schema was not verified against input data for ${target}`);
  }
  static assert(asn, target) {
    if (asn.offset === -1)
      throw new AsnError(`Error during parsing of ASN.1 data. Data is not correct for '${target}'.`);
  }
  constructor(message) {
    super(message);
    this.name = "AsnError";
  }
};
var PkiObject = class {
  static {
    this.CLASS_NAME = "PkiObject";
  }
  static blockName() {
    return this.CLASS_NAME;
  }
  static fromBER(raw) {
    const asn1 = fromBER(raw);
    AsnError.assert(asn1, this.name);
    try {
      return new this({ schema: asn1.result });
    } catch (e) {
      throw new AsnError(`Cannot create '${this.CLASS_NAME}' from ASN.1 object`);
    }
  }
  static defaultValues(memberName) {
    throw new Error(`Invalid member name for ${this.CLASS_NAME} class: ${memberName}`);
  }
  static schema(parameters = {}) {
    throw new Error(`Method '${this.CLASS_NAME}.schema' should be overridden`);
  }
  get className() {
    return this.constructor.CLASS_NAME;
  }
  toString(encoding = "hex") {
    let schema;
    try {
      schema = this.toSchema();
    } catch {
      schema = this.toSchema(true);
    }
    const ber = schema.toBER();
    switch (encoding.toLowerCase()) {
      case "hex":
        return hex_exports2.encode(ber);
      case "base64":
        return base64_exports2.encode(ber);
      case "base64url":
        return base64url_exports2.encode(ber);
      default:
        throw new Error(`Unknown type of encoding '${encoding}'`);
    }
  }
};
function stringPrep(inputString) {
  let isSpace = false;
  let cutResult = "";
  const result = inputString.trim();
  for (let i = 0;i < result.length; i++)
    if (result.charCodeAt(i) === 32) {
      if (isSpace === false)
        isSpace = true;
    } else {
      if (isSpace) {
        cutResult += " ";
        isSpace = false;
      }
      cutResult += result[i];
    }
  return cutResult.toLowerCase();
}
var TYPE$5 = "type";
var VALUE$6 = "value";
var AttributeTypeAndValue = class AttributeTypeAndValue extends PkiObject {
  static {
    this.CLASS_NAME = "AttributeTypeAndValue";
  }
  constructor(parameters = {}) {
    super();
    this.type = parameters[TYPE$5] ?? AttributeTypeAndValue.defaultValues(TYPE$5);
    this.value = parameters[VALUE$6] ?? AttributeTypeAndValue.defaultValues(VALUE$6);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case TYPE$5:
        return "";
      case VALUE$6:
        return {};
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new ObjectIdentifier({ name: names.type || "" }), new Any({ name: names.value || "" })]
    });
  }
  fromSchema(schema) {
    for (const prop of [TYPE$5, "typeValue"])
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, AttributeTypeAndValue.schema({ names: {
      type: TYPE$5,
      value: "typeValue"
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.type = asn1.result.type.valueBlock.toString();
    this.value = asn1.result.typeValue;
  }
  toSchema() {
    return new Sequence({ value: [new ObjectIdentifier({ value: this.type }), this.value] });
  }
  toJSON() {
    const _object = { type: this.type };
    if (Object.keys(this.value).length !== 0)
      _object.value = this.value.toJSON();
    else
      _object.value = this.value;
    return _object;
  }
  isEqual(compareTo) {
    const stringBlockNames = [
      Utf8String.blockName(),
      BmpString.blockName(),
      UniversalString.blockName(),
      NumericString.blockName(),
      PrintableString.blockName(),
      TeletexString.blockName(),
      VideotexString.blockName(),
      IA5String.blockName(),
      GraphicString.blockName(),
      VisibleString.blockName(),
      GeneralString.blockName(),
      CharacterString.blockName()
    ];
    if (compareTo instanceof ArrayBuffer)
      return bytes_exports2.equal(this.value.valueBeforeDecodeView, compareTo);
    if (compareTo.constructor.blockName() === AttributeTypeAndValue.blockName()) {
      if (this.type !== compareTo.type)
        return false;
      const isStringPair = [false, false];
      const thisName = this.value.constructor.blockName();
      for (const name of stringBlockNames) {
        if (thisName === name)
          isStringPair[0] = true;
        if (compareTo.value.constructor.blockName() === name)
          isStringPair[1] = true;
      }
      if (isStringPair[0] !== isStringPair[1])
        return false;
      if (isStringPair[0] && isStringPair[1]) {
        const value1 = stringPrep(this.value.valueBlock.value);
        const value2 = stringPrep(compareTo.value.valueBlock.value);
        if (value1.localeCompare(value2) !== 0)
          return false;
      } else if (!bytes_exports2.equal(this.value.valueBeforeDecodeView, compareTo.value.valueBeforeDecodeView))
        return false;
      return true;
    }
    return false;
  }
};
var TYPE_AND_VALUES = "typesAndValues";
var VALUE_BEFORE_DECODE = "valueBeforeDecode";
var RelativeDistinguishedNames = class RelativeDistinguishedNames extends PkiObject {
  static {
    this.CLASS_NAME = "RelativeDistinguishedNames";
  }
  constructor(parameters = {}) {
    super();
    this.typesAndValues = parameters["typesAndValues"] ?? RelativeDistinguishedNames.defaultValues("typesAndValues");
    this.valueBeforeDecode = parameters["valueBeforeDecode"] ?? RelativeDistinguishedNames.defaultValues("valueBeforeDecode");
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case TYPE_AND_VALUES:
        return [];
      case VALUE_BEFORE_DECODE:
        return EMPTY_BUFFER2;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case TYPE_AND_VALUES:
        return memberValue.length === 0;
      case VALUE_BEFORE_DECODE:
        return memberValue.byteLength === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new Repeated({
        name: names.repeatedSequence || "",
        value: new Set2({ value: [new Repeated({
          name: names.repeatedSet || "",
          value: AttributeTypeAndValue.schema(names.typeAndValue || {})
        })] })
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of ["RDN", TYPE_AND_VALUES])
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, RelativeDistinguishedNames.schema({ names: {
      blockName: "RDN",
      repeatedSet: TYPE_AND_VALUES
    } }));
    AsnError.assertSchema(asn1, this.className);
    if ("typesAndValues" in asn1.result)
      this.typesAndValues = Array.from(asn1.result.typesAndValues, (element) => new AttributeTypeAndValue({ schema: element }));
    this.valueBeforeDecode = asn1.result.RDN.valueBeforeDecodeView.slice().buffer;
  }
  toSchema() {
    if (this.valueBeforeDecode.byteLength === 0)
      return new Sequence({ value: [new Set2({ value: Array.from(this.typesAndValues, (o) => o.toSchema()) })] });
    const asn1 = fromBER(this.valueBeforeDecode);
    AsnError.assert(asn1, "RelativeDistinguishedNames");
    if (!(asn1.result instanceof Sequence))
      throw new Error("ASN.1 result should be SEQUENCE");
    return asn1.result;
  }
  toJSON() {
    return { typesAndValues: Array.from(this.typesAndValues, (o) => o.toJSON()) };
  }
  isEqual(compareTo) {
    if (compareTo instanceof RelativeDistinguishedNames) {
      if (this.typesAndValues.length !== compareTo.typesAndValues.length)
        return false;
      for (const [index, typeAndValue] of this.typesAndValues.entries())
        if (typeAndValue.isEqual(compareTo.typesAndValues[index]) === false)
          return false;
      return true;
    }
    if (compareTo instanceof ArrayBuffer)
      return bytes_exports2.equal(this.valueBeforeDecode, compareTo);
    return false;
  }
};
var TYPE = "type";
var VALUE = "value";
function builtInStandardAttributes(parameters = {}, optional = false) {
  const names = parameters.names ?? {};
  return new Sequence({
    optional,
    value: [
      new Constructed({
        optional: true,
        idBlock: {
          tagClass: 2,
          tagNumber: 1
        },
        name: names.country_name || "",
        value: [new Choice({ value: [new NumericString, new PrintableString] })]
      }),
      new Constructed({
        optional: true,
        idBlock: {
          tagClass: 2,
          tagNumber: 2
        },
        name: names.administration_domain_name || "",
        value: [new Choice({ value: [new NumericString, new PrintableString] })]
      }),
      new Primitive({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        name: names.network_address || "",
        isHexOnly: true
      }),
      new Primitive({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        name: names.terminal_identifier || "",
        isHexOnly: true
      }),
      new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 2
        },
        name: names.private_domain_name || "",
        value: [new Choice({ value: [new NumericString, new PrintableString] })]
      }),
      new Primitive({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 3
        },
        name: names.organization_name || "",
        isHexOnly: true
      }),
      new Primitive({
        optional: true,
        name: names.numeric_user_identifier || "",
        idBlock: {
          tagClass: 3,
          tagNumber: 4
        },
        isHexOnly: true
      }),
      new Constructed({
        optional: true,
        name: names.personal_name || "",
        idBlock: {
          tagClass: 3,
          tagNumber: 5
        },
        value: [
          new Primitive({
            idBlock: {
              tagClass: 3,
              tagNumber: 0
            },
            isHexOnly: true
          }),
          new Primitive({
            optional: true,
            idBlock: {
              tagClass: 3,
              tagNumber: 1
            },
            isHexOnly: true
          }),
          new Primitive({
            optional: true,
            idBlock: {
              tagClass: 3,
              tagNumber: 2
            },
            isHexOnly: true
          }),
          new Primitive({
            optional: true,
            idBlock: {
              tagClass: 3,
              tagNumber: 3
            },
            isHexOnly: true
          })
        ]
      }),
      new Constructed({
        optional: true,
        name: names.organizational_unit_names || "",
        idBlock: {
          tagClass: 3,
          tagNumber: 6
        },
        value: [new Repeated({ value: new PrintableString })]
      })
    ]
  });
}
function builtInDomainDefinedAttributes(optional = false) {
  return new Sequence({
    optional,
    value: [new PrintableString, new PrintableString]
  });
}
function extensionAttributes(optional = false) {
  return new Set2({
    optional,
    value: [new Primitive({
      optional: true,
      idBlock: {
        tagClass: 3,
        tagNumber: 0
      },
      isHexOnly: true
    }), new Constructed({
      optional: true,
      idBlock: {
        tagClass: 3,
        tagNumber: 1
      },
      value: [new Any]
    })]
  });
}
var GeneralName = class GeneralName extends PkiObject {
  static {
    this.CLASS_NAME = "GeneralName";
  }
  constructor(parameters = {}) {
    super();
    this.type = parameters["type"] ?? GeneralName.defaultValues("type");
    this.value = parameters["value"] ?? GeneralName.defaultValues("value");
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case TYPE:
        return 9;
      case VALUE:
        return {};
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case TYPE:
        return memberValue === GeneralName.defaultValues(memberName);
      case VALUE:
        return Object.keys(memberValue).length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Choice({ value: [
      new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        name: names.blockName || "",
        value: [new ObjectIdentifier, new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [new Any]
        })]
      }),
      new Primitive({
        name: names.blockName || "",
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        }
      }),
      new Primitive({
        name: names.blockName || "",
        idBlock: {
          tagClass: 3,
          tagNumber: 2
        }
      }),
      new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 3
        },
        name: names.blockName || "",
        value: [
          builtInStandardAttributes(names.builtInStandardAttributes || {}, false),
          builtInDomainDefinedAttributes(true),
          extensionAttributes(true)
        ]
      }),
      new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 4
        },
        name: names.blockName || "",
        value: [RelativeDistinguishedNames.schema(names.directoryName || {})]
      }),
      new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 5
        },
        name: names.blockName || "",
        value: [new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [new Choice({ value: [
            new TeletexString,
            new PrintableString,
            new UniversalString,
            new Utf8String,
            new BmpString
          ] })]
        }), new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: [new Choice({ value: [
            new TeletexString,
            new PrintableString,
            new UniversalString,
            new Utf8String,
            new BmpString
          ] })]
        })]
      }),
      new Primitive({
        name: names.blockName || "",
        idBlock: {
          tagClass: 3,
          tagNumber: 6
        }
      }),
      new Primitive({
        name: names.blockName || "",
        idBlock: {
          tagClass: 3,
          tagNumber: 7
        }
      }),
      new Primitive({
        name: names.blockName || "",
        idBlock: {
          tagClass: 3,
          tagNumber: 8
        }
      })
    ] });
  }
  fromSchema(schema) {
    for (const prop of [
      "blockName",
      "otherName",
      "rfc822Name",
      "dNSName",
      "x400Address",
      "directoryName",
      "ediPartyName",
      "uniformResourceIdentifier",
      "iPAddress",
      "registeredID"
    ])
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, GeneralName.schema({ names: {
      blockName: "blockName",
      otherName: "otherName",
      rfc822Name: "rfc822Name",
      dNSName: "dNSName",
      x400Address: "x400Address",
      directoryName: { names: { blockName: "directoryName" } },
      ediPartyName: "ediPartyName",
      uniformResourceIdentifier: "uniformResourceIdentifier",
      iPAddress: "iPAddress",
      registeredID: "registeredID"
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.type = asn1.result.blockName.idBlock.tagNumber;
    switch (this.type) {
      case 0:
        this.value = asn1.result.blockName;
        break;
      case 1:
      case 2:
      case 6:
        {
          const value = asn1.result.blockName;
          value.idBlock.tagClass = 1;
          value.idBlock.tagNumber = 22;
          const valueBER = value.toBER(false);
          const asnValue = fromBER(valueBER);
          AsnError.assert(asnValue, "GeneralName value");
          this.value = asnValue.result.valueBlock.value;
        }
        break;
      case 3:
        this.value = asn1.result.blockName;
        break;
      case 4:
        this.value = new RelativeDistinguishedNames({ schema: asn1.result.directoryName });
        break;
      case 5:
        this.value = asn1.result.ediPartyName;
        break;
      case 7:
        this.value = new OctetString({ valueHex: asn1.result.blockName.valueBlock.valueHex });
        break;
      case 8: {
        const value = asn1.result.blockName;
        value.idBlock.tagClass = 1;
        value.idBlock.tagNumber = 6;
        const valueBER = value.toBER(false);
        const asnValue = fromBER(valueBER);
        AsnError.assert(asnValue, "GeneralName registeredID");
        this.value = asnValue.result.valueBlock.toString();
      }
    }
  }
  toSchema() {
    switch (this.type) {
      case 0:
      case 3:
      case 5:
        return new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: this.type
          },
          value: [this.value]
        });
      case 1:
      case 2:
      case 6: {
        const value = new IA5String({ value: this.value });
        value.idBlock.tagClass = 3;
        value.idBlock.tagNumber = this.type;
        return value;
      }
      case 4:
        return new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 4
          },
          value: [this.value.toSchema()]
        });
      case 7: {
        const value = this.value;
        value.idBlock.tagClass = 3;
        value.idBlock.tagNumber = this.type;
        return value;
      }
      case 8: {
        const value = new ObjectIdentifier({ value: this.value });
        value.idBlock.tagClass = 3;
        value.idBlock.tagNumber = this.type;
        return value;
      }
      default:
        return GeneralName.schema();
    }
  }
  toJSON() {
    const _object = {
      type: this.type,
      value: ""
    };
    if (typeof this.value === "string")
      _object.value = this.value;
    else
      try {
        _object.value = this.value.toJSON();
      } catch {}
    return _object;
  }
};
var ACCESS_METHOD = "accessMethod";
var ACCESS_LOCATION = "accessLocation";
var CLEAR_PROPS$95 = [ACCESS_METHOD, ACCESS_LOCATION];
var AccessDescription = class AccessDescription extends PkiObject {
  static {
    this.CLASS_NAME = "AccessDescription";
  }
  constructor(parameters = {}) {
    super();
    this.accessMethod = parameters[ACCESS_METHOD] ?? AccessDescription.defaultValues(ACCESS_METHOD);
    this.accessLocation = parameters[ACCESS_LOCATION] ?? AccessDescription.defaultValues(ACCESS_LOCATION);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case ACCESS_METHOD:
        return "";
      case ACCESS_LOCATION:
        return new GeneralName;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new ObjectIdentifier({ name: names.accessMethod || "" }), GeneralName.schema(names.accessLocation || {})]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$95)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, AccessDescription.schema({ names: {
      accessMethod: ACCESS_METHOD,
      accessLocation: { names: { blockName: ACCESS_LOCATION } }
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.accessMethod = asn1.result.accessMethod.valueBlock.toString();
    this.accessLocation = new GeneralName({ schema: asn1.result.accessLocation });
  }
  toSchema() {
    return new Sequence({ value: [new ObjectIdentifier({ value: this.accessMethod }), this.accessLocation.toSchema()] });
  }
  toJSON() {
    return {
      accessMethod: this.accessMethod,
      accessLocation: this.accessLocation.toJSON()
    };
  }
};
var SECONDS = "seconds";
var MILLIS = "millis";
var MICROS = "micros";
var Accuracy = class Accuracy extends PkiObject {
  static {
    this.CLASS_NAME = "Accuracy";
  }
  constructor(parameters = {}) {
    super();
    if ("seconds" in parameters)
      this.seconds = parameters["seconds"] ?? Accuracy.defaultValues("seconds");
    if ("millis" in parameters)
      this.millis = parameters["millis"] ?? Accuracy.defaultValues("millis");
    if ("micros" in parameters)
      this.micros = parameters["micros"] ?? Accuracy.defaultValues("micros");
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case SECONDS:
      case MILLIS:
      case MICROS:
        return 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case SECONDS:
      case MILLIS:
      case MICROS:
        return memberValue === Accuracy.defaultValues(memberName);
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      optional: true,
      value: [
        new Integer({
          optional: true,
          name: names.seconds || ""
        }),
        new Primitive({
          name: names.millis || "",
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          }
        }),
        new Primitive({
          name: names.micros || "",
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          }
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of [
      SECONDS,
      MILLIS,
      MICROS
    ])
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, Accuracy.schema({ names: {
      seconds: SECONDS,
      millis: MILLIS,
      micros: MICROS
    } }));
    AsnError.assertSchema(asn1, this.className);
    if ("seconds" in asn1.result)
      this.seconds = asn1.result.seconds.valueBlock.valueDec;
    if ("millis" in asn1.result) {
      const intMillis = new Integer({ valueHex: asn1.result.millis.valueBlock.valueHex });
      this.millis = intMillis.valueBlock.valueDec;
    }
    if ("micros" in asn1.result) {
      const intMicros = new Integer({ valueHex: asn1.result.micros.valueBlock.valueHex });
      this.micros = intMicros.valueBlock.valueDec;
    }
  }
  toSchema() {
    const outputArray = [];
    if (this.seconds !== undefined)
      outputArray.push(new Integer({ value: this.seconds }));
    if (this.millis !== undefined) {
      const intMillis = new Integer({ value: this.millis });
      outputArray.push(new Primitive({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        valueHex: intMillis.valueBlock.valueHexView
      }));
    }
    if (this.micros !== undefined) {
      const intMicros = new Integer({ value: this.micros });
      outputArray.push(new Primitive({
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        valueHex: intMicros.valueBlock.valueHexView
      }));
    }
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const _object = {};
    if (this.seconds !== undefined)
      _object.seconds = this.seconds;
    if (this.millis !== undefined)
      _object.millis = this.millis;
    if (this.micros !== undefined)
      _object.micros = this.micros;
    return _object;
  }
};
var ALGORITHM_ID = "algorithmId";
var ALGORITHM_PARAMS = "algorithmParams";
var ALGORITHM$2 = "algorithm";
var PARAMS = "params";
var CLEAR_PROPS$94 = [ALGORITHM$2, PARAMS];
var AlgorithmIdentifier = class AlgorithmIdentifier extends PkiObject {
  static {
    this.CLASS_NAME = "AlgorithmIdentifier";
  }
  constructor(parameters = {}) {
    super();
    this.algorithmId = parameters[ALGORITHM_ID] ?? AlgorithmIdentifier.defaultValues(ALGORITHM_ID);
    if (ALGORITHM_PARAMS in parameters)
      this.algorithmParams = parameters[ALGORITHM_PARAMS] ?? AlgorithmIdentifier.defaultValues(ALGORITHM_PARAMS);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case ALGORITHM_ID:
        return "";
      case ALGORITHM_PARAMS:
        return new Any;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case ALGORITHM_ID:
        return memberValue === "";
      case ALGORITHM_PARAMS:
        return memberValue instanceof Any;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      optional: names.optional || false,
      value: [new ObjectIdentifier({ name: names.algorithmIdentifier || "" }), new Any({
        name: names.algorithmParams || "",
        optional: true
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$94)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, AlgorithmIdentifier.schema({ names: {
      algorithmIdentifier: ALGORITHM$2,
      algorithmParams: PARAMS
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.algorithmId = asn1.result.algorithm.valueBlock.toString();
    if (PARAMS in asn1.result)
      this.algorithmParams = asn1.result.params;
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(new ObjectIdentifier({ value: this.algorithmId }));
    if (this.algorithmParams && !(this.algorithmParams instanceof Any))
      outputArray.push(this.algorithmParams);
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const object = { algorithmId: this.algorithmId };
    if (this.algorithmParams && !(this.algorithmParams instanceof Any))
      object.algorithmParams = this.algorithmParams.toJSON();
    return object;
  }
  isEqual(algorithmIdentifier) {
    if (!(algorithmIdentifier instanceof AlgorithmIdentifier))
      return false;
    if (this.algorithmId !== algorithmIdentifier.algorithmId)
      return false;
    if (this.algorithmParams) {
      if (algorithmIdentifier.algorithmParams)
        return JSON.stringify(this.algorithmParams) === JSON.stringify(algorithmIdentifier.algorithmParams);
      return false;
    }
    if (algorithmIdentifier.algorithmParams)
      return false;
    return true;
  }
};
var ALT_NAMES = "altNames";
var CLEAR_PROPS$93 = [ALT_NAMES];
var AltName = class AltName extends PkiObject {
  static {
    this.CLASS_NAME = "AltName";
  }
  constructor(parameters = {}) {
    super();
    this.altNames = parameters[ALT_NAMES] ?? AltName.defaultValues(ALT_NAMES);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case ALT_NAMES:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new Repeated({
        name: names.altNames || "",
        value: GeneralName.schema()
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$93)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, AltName.schema({ names: { altNames: ALT_NAMES } }));
    AsnError.assertSchema(asn1, this.className);
    if (ALT_NAMES in asn1.result)
      this.altNames = Array.from(asn1.result.altNames, (element) => new GeneralName({ schema: element }));
  }
  toSchema() {
    return new Sequence({ value: Array.from(this.altNames, (o) => o.toSchema()) });
  }
  toJSON() {
    return { altNames: Array.from(this.altNames, (o) => o.toJSON()) };
  }
};
var TYPE$4 = "type";
var VALUES$1 = "values";
var CLEAR_PROPS$92 = [TYPE$4, VALUES$1];
var Attribute = class Attribute extends PkiObject {
  static {
    this.CLASS_NAME = "Attribute";
  }
  constructor(parameters = {}) {
    super();
    this.type = parameters[TYPE$4] ?? Attribute.defaultValues(TYPE$4);
    this.values = parameters[VALUES$1] ?? Attribute.defaultValues(VALUES$1);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case TYPE$4:
        return "";
      case VALUES$1:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case TYPE$4:
        return memberValue === "";
      case VALUES$1:
        return memberValue.length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new ObjectIdentifier({ name: names.type || "" }), new Set2({
        name: names.setName || "",
        value: [new Repeated({
          name: names.values || "",
          value: new Any
        })]
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$92)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, Attribute.schema({ names: {
      type: TYPE$4,
      values: VALUES$1
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.type = asn1.result.type.valueBlock.toString();
    this.values = asn1.result.values;
  }
  toSchema() {
    return new Sequence({ value: [new ObjectIdentifier({ value: this.type }), new Set2({ value: this.values })] });
  }
  toJSON() {
    return {
      type: this.type,
      values: Array.from(this.values, (o) => o.toJSON())
    };
  }
};
var NOT_BEFORE_TIME = "notBeforeTime";
var NOT_AFTER_TIME = "notAfterTime";
var CLEAR_PROPS$91 = [NOT_BEFORE_TIME, NOT_AFTER_TIME];
var AttCertValidityPeriod = class AttCertValidityPeriod extends PkiObject {
  static {
    this.CLASS_NAME = "AttCertValidityPeriod";
  }
  constructor(parameters = {}) {
    super();
    this.notBeforeTime = parameters[NOT_BEFORE_TIME] ?? AttCertValidityPeriod.defaultValues(NOT_BEFORE_TIME);
    this.notAfterTime = parameters[NOT_AFTER_TIME] ?? AttCertValidityPeriod.defaultValues(NOT_AFTER_TIME);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case NOT_BEFORE_TIME:
      case NOT_AFTER_TIME:
        return new Date(0, 0, 0);
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new GeneralizedTime({ name: names.notBeforeTime || "" }), new GeneralizedTime({ name: names.notAfterTime || "" })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$91)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, AttCertValidityPeriod.schema({ names: {
      notBeforeTime: NOT_BEFORE_TIME,
      notAfterTime: NOT_AFTER_TIME
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.notBeforeTime = asn1.result.notBeforeTime.toDate();
    this.notAfterTime = asn1.result.notAfterTime.toDate();
  }
  toSchema() {
    return new Sequence({ value: [new GeneralizedTime({ valueDate: this.notBeforeTime }), new GeneralizedTime({ valueDate: this.notAfterTime })] });
  }
  toJSON() {
    return {
      notBeforeTime: this.notBeforeTime,
      notAfterTime: this.notAfterTime
    };
  }
};
var NAMES = "names";
var GENERAL_NAMES = "generalNames";
var GeneralNames = class GeneralNames extends PkiObject {
  static {
    this.CLASS_NAME = "GeneralNames";
  }
  constructor(parameters = {}) {
    super();
    this.names = parameters[NAMES] ?? GeneralNames.defaultValues(NAMES);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case "names":
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}, optional = false) {
    const names = parameters[NAMES] ?? {};
    return new Sequence({
      optional,
      name: names.blockName || "",
      value: [new Repeated({
        name: names.generalNames || "",
        value: GeneralName.schema()
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of [NAMES, GENERAL_NAMES])
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, GeneralNames.schema({ names: {
      blockName: NAMES,
      generalNames: GENERAL_NAMES
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.names = Array.from(asn1.result.generalNames, (element) => new GeneralName({ schema: element }));
  }
  toSchema() {
    return new Sequence({ value: Array.from(this.names, (o) => o.toSchema()) });
  }
  toJSON() {
    return { names: Array.from(this.names, (o) => o.toJSON()) };
  }
};
var id_SubjectDirectoryAttributes = "2.5.29.9";
var id_PrivateKeyUsagePeriod = "2.5.29.16";
var id_SubjectAltName = "2.5.29.17";
var id_IssuerAltName = "2.5.29.18";
var id_BasicConstraints = "2.5.29.19";
var id_CRLNumber = "2.5.29.20";
var id_BaseCRLNumber = "2.5.29.27";
var id_CRLReason = "2.5.29.21";
var id_InvalidityDate = "2.5.29.24";
var id_IssuingDistributionPoint = "2.5.29.28";
var id_CertificateIssuer = "2.5.29.29";
var id_NameConstraints = "2.5.29.30";
var id_CRLDistributionPoints = "2.5.29.31";
var id_FreshestCRL = "2.5.29.46";
var id_CertificatePolicies = "2.5.29.32";
var id_AnyPolicy = "2.5.29.32.0";
var id_MicrosoftAppPolicies = "1.3.6.1.4.1.311.21.10";
var id_PolicyMappings = "2.5.29.33";
var id_AuthorityKeyIdentifier = "2.5.29.35";
var id_PolicyConstraints = "2.5.29.36";
var id_ExtKeyUsage = "2.5.29.37";
var id_AuthorityInfoAccess = "1.3.6.1.5.5.7.1.1";
var id_SubjectInfoAccess = "1.3.6.1.5.5.7.1.11";
var id_SignedCertificateTimestampList = "1.3.6.1.4.1.11129.2.4.2";
var id_MicrosoftCertTemplateV2 = "1.3.6.1.4.1.311.21.7";
var id_MicrosoftCaVersion = "1.3.6.1.4.1.311.21.1";
var id_QCStatements = "1.3.6.1.5.5.7.1.3";
var id_ContentType_Data = "1.2.840.113549.1.7.1";
var id_ContentType_SignedData = "1.2.840.113549.1.7.2";
var id_ContentType_EnvelopedData = "1.2.840.113549.1.7.3";
var id_ContentType_EncryptedData = "1.2.840.113549.1.7.6";
var id_CertBag_X509Certificate = "1.2.840.113549.1.9.22.1";
var id_CertBag_SDSICertificate = "1.2.840.113549.1.9.22.2";
var id_CertBag_AttributeCertificate = "1.2.840.113549.1.9.22.3";
var id_CRLBag_X509CRL = "1.2.840.113549.1.9.23.1";
var id_pkix = "1.3.6.1.5.5.7";
var id_ad = `${id_pkix}.48`;
var id_PKIX_OCSP_Basic = `${id_ad}.1.1`;
var id_ad_caIssuers = `${id_ad}.2`;
var id_ad_ocsp = `${id_ad}.1`;
var KEY_IDENTIFIER$1 = "keyIdentifier";
var AUTHORITY_CERT_ISSUER = "authorityCertIssuer";
var AUTHORITY_CERT_SERIAL_NUMBER = "authorityCertSerialNumber";
var CLEAR_PROPS$90 = [
  KEY_IDENTIFIER$1,
  AUTHORITY_CERT_ISSUER,
  AUTHORITY_CERT_SERIAL_NUMBER
];
var AuthorityKeyIdentifier = class AuthorityKeyIdentifier extends PkiObject {
  static {
    this.CLASS_NAME = "AuthorityKeyIdentifier";
  }
  constructor(parameters = {}) {
    super();
    if (KEY_IDENTIFIER$1 in parameters)
      this.keyIdentifier = parameters[KEY_IDENTIFIER$1] ?? AuthorityKeyIdentifier.defaultValues(KEY_IDENTIFIER$1);
    if (AUTHORITY_CERT_ISSUER in parameters)
      this.authorityCertIssuer = parameters[AUTHORITY_CERT_ISSUER] ?? AuthorityKeyIdentifier.defaultValues(AUTHORITY_CERT_ISSUER);
    if (AUTHORITY_CERT_SERIAL_NUMBER in parameters)
      this.authorityCertSerialNumber = parameters[AUTHORITY_CERT_SERIAL_NUMBER] ?? AuthorityKeyIdentifier.defaultValues(AUTHORITY_CERT_SERIAL_NUMBER);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case KEY_IDENTIFIER$1:
        return new OctetString;
      case AUTHORITY_CERT_ISSUER:
        return [];
      case AUTHORITY_CERT_SERIAL_NUMBER:
        return new Integer;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Primitive({
          name: names.keyIdentifier || "",
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          }
        }),
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: [new Repeated({
            name: names.authorityCertIssuer || "",
            value: GeneralName.schema()
          })]
        }),
        new Primitive({
          name: names.authorityCertSerialNumber || "",
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 2
          }
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$90)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, AuthorityKeyIdentifier.schema({ names: {
      keyIdentifier: KEY_IDENTIFIER$1,
      authorityCertIssuer: AUTHORITY_CERT_ISSUER,
      authorityCertSerialNumber: AUTHORITY_CERT_SERIAL_NUMBER
    } }));
    AsnError.assertSchema(asn1, this.className);
    if (KEY_IDENTIFIER$1 in asn1.result)
      this.keyIdentifier = new OctetString({ valueHex: asn1.result.keyIdentifier.valueBlock.valueHex });
    if (AUTHORITY_CERT_ISSUER in asn1.result)
      this.authorityCertIssuer = Array.from(asn1.result.authorityCertIssuer, (o) => new GeneralName({ schema: o }));
    if (AUTHORITY_CERT_SERIAL_NUMBER in asn1.result)
      this.authorityCertSerialNumber = new Integer({ valueHex: asn1.result.authorityCertSerialNumber.valueBlock.valueHex });
  }
  toSchema() {
    const outputArray = [];
    if (this.keyIdentifier)
      outputArray.push(new Primitive({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        valueHex: this.keyIdentifier.valueBlock.valueHexView
      }));
    if (this.authorityCertIssuer)
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        value: Array.from(this.authorityCertIssuer, (o) => o.toSchema())
      }));
    if (this.authorityCertSerialNumber)
      outputArray.push(new Primitive({
        idBlock: {
          tagClass: 3,
          tagNumber: 2
        },
        valueHex: this.authorityCertSerialNumber.valueBlock.valueHexView
      }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const object = {};
    if (this.keyIdentifier)
      object.keyIdentifier = this.keyIdentifier.toJSON();
    if (this.authorityCertIssuer)
      object.authorityCertIssuer = Array.from(this.authorityCertIssuer, (o) => o.toJSON());
    if (this.authorityCertSerialNumber)
      object.authorityCertSerialNumber = this.authorityCertSerialNumber.toJSON();
    return object;
  }
};
var PATH_LENGTH_CONSTRAINT = "pathLenConstraint";
var CA = "cA";
var BasicConstraints = class BasicConstraints extends PkiObject {
  static {
    this.CLASS_NAME = "BasicConstraints";
  }
  constructor(parameters = {}) {
    super();
    this.cA = parameters[CA] ?? false;
    if (PATH_LENGTH_CONSTRAINT in parameters)
      this.pathLenConstraint = parameters[PATH_LENGTH_CONSTRAINT] ?? 0;
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case CA:
        return false;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new Boolean({
        optional: true,
        name: names.cA || ""
      }), new Integer({
        optional: true,
        name: names.pathLenConstraint || ""
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of [CA, PATH_LENGTH_CONSTRAINT])
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, BasicConstraints.schema({ names: {
      cA: CA,
      pathLenConstraint: PATH_LENGTH_CONSTRAINT
    } }));
    AsnError.assertSchema(asn1, this.className);
    if (CA in asn1.result)
      this.cA = asn1.result.cA.valueBlock.value;
    if (PATH_LENGTH_CONSTRAINT in asn1.result) {
      if (asn1.result.pathLenConstraint.valueBlock.isHexOnly)
        this.pathLenConstraint = asn1.result.pathLenConstraint;
      else
        this.pathLenConstraint = asn1.result.pathLenConstraint.valueBlock.valueDec;
    }
  }
  toSchema() {
    const outputArray = [];
    if (this.cA !== BasicConstraints.defaultValues(CA))
      outputArray.push(new Boolean({ value: this.cA }));
    if (PATH_LENGTH_CONSTRAINT in this) {
      if (this.pathLenConstraint instanceof Integer)
        outputArray.push(this.pathLenConstraint);
      else
        outputArray.push(new Integer({ value: this.pathLenConstraint }));
    }
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const object = {};
    if (this.cA !== BasicConstraints.defaultValues(CA))
      object.cA = this.cA;
    if (PATH_LENGTH_CONSTRAINT in this) {
      if (this.pathLenConstraint instanceof Integer)
        object.pathLenConstraint = this.pathLenConstraint.toJSON();
      else
        object.pathLenConstraint = this.pathLenConstraint;
    }
    return object;
  }
};
var CERTIFICATE_INDEX = "certificateIndex";
var KEY_INDEX = "keyIndex";
var CAVersion = class CAVersion extends PkiObject {
  static {
    this.CLASS_NAME = "CAVersion";
  }
  constructor(parameters = {}) {
    super();
    this.certificateIndex = parameters[CERTIFICATE_INDEX] ?? CAVersion.defaultValues(CERTIFICATE_INDEX);
    this.keyIndex = parameters[KEY_INDEX] ?? CAVersion.defaultValues(KEY_INDEX);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case CERTIFICATE_INDEX:
      case KEY_INDEX:
        return 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema() {
    return new Integer;
  }
  fromSchema(schema) {
    if (schema.constructor.blockName() !== Integer.blockName())
      throw new Error("Object's schema was not verified against input data for CAVersion");
    let value = schema.valueBlock.valueHex.slice(0);
    const valueView = new Uint8Array(value);
    switch (true) {
      case value.byteLength < 4:
        {
          const tempValue = /* @__PURE__ */ new ArrayBuffer(4);
          new Uint8Array(tempValue).set(valueView, 4 - value.byteLength);
          value = tempValue.slice(0);
        }
        break;
      case value.byteLength > 4: {
        const tempValue = /* @__PURE__ */ new ArrayBuffer(4);
        new Uint8Array(tempValue).set(valueView.slice(0, 4));
        value = tempValue.slice(0);
      }
    }
    const keyIndexBuffer = value.slice(0, 2);
    const keyIndexView8 = new Uint8Array(keyIndexBuffer);
    let temp = keyIndexView8[0];
    keyIndexView8[0] = keyIndexView8[1];
    keyIndexView8[1] = temp;
    const keyIndexView16 = new Uint16Array(keyIndexBuffer);
    this.keyIndex = keyIndexView16[0];
    const certificateIndexBuffer = value.slice(2);
    const certificateIndexView8 = new Uint8Array(certificateIndexBuffer);
    temp = certificateIndexView8[0];
    certificateIndexView8[0] = certificateIndexView8[1];
    certificateIndexView8[1] = temp;
    const certificateIndexView16 = new Uint16Array(certificateIndexBuffer);
    this.certificateIndex = certificateIndexView16[0];
  }
  toSchema() {
    const certificateIndexBuffer = /* @__PURE__ */ new ArrayBuffer(2);
    const certificateIndexView = new Uint16Array(certificateIndexBuffer);
    certificateIndexView[0] = this.certificateIndex;
    const certificateIndexView8 = new Uint8Array(certificateIndexBuffer);
    let temp = certificateIndexView8[0];
    certificateIndexView8[0] = certificateIndexView8[1];
    certificateIndexView8[1] = temp;
    const keyIndexBuffer = /* @__PURE__ */ new ArrayBuffer(2);
    const keyIndexView = new Uint16Array(keyIndexBuffer);
    keyIndexView[0] = this.keyIndex;
    const keyIndexView8 = new Uint8Array(keyIndexBuffer);
    temp = keyIndexView8[0];
    keyIndexView8[0] = keyIndexView8[1];
    keyIndexView8[1] = temp;
    return new Integer({ valueHex: bytes_exports2.concat(keyIndexBuffer, certificateIndexBuffer) });
  }
  toJSON() {
    return {
      certificateIndex: this.certificateIndex,
      keyIndex: this.keyIndex
    };
  }
};
var POLICY_QUALIFIER_ID = "policyQualifierId";
var QUALIFIER = "qualifier";
var CLEAR_PROPS$89 = [POLICY_QUALIFIER_ID, QUALIFIER];
var PolicyQualifierInfo = class PolicyQualifierInfo extends PkiObject {
  static {
    this.CLASS_NAME = "PolicyQualifierInfo";
  }
  constructor(parameters = {}) {
    super();
    this.policyQualifierId = parameters[POLICY_QUALIFIER_ID] ?? PolicyQualifierInfo.defaultValues(POLICY_QUALIFIER_ID);
    this.qualifier = parameters[QUALIFIER] ?? PolicyQualifierInfo.defaultValues(QUALIFIER);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case POLICY_QUALIFIER_ID:
        return "";
      case QUALIFIER:
        return new Any;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new ObjectIdentifier({ name: names.policyQualifierId || "" }), new Any({ name: names.qualifier || "" })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$89)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, PolicyQualifierInfo.schema({ names: {
      policyQualifierId: POLICY_QUALIFIER_ID,
      qualifier: QUALIFIER
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.policyQualifierId = asn1.result.policyQualifierId.valueBlock.toString();
    this.qualifier = asn1.result.qualifier;
  }
  toSchema() {
    return new Sequence({ value: [new ObjectIdentifier({ value: this.policyQualifierId }), this.qualifier] });
  }
  toJSON() {
    return {
      policyQualifierId: this.policyQualifierId,
      qualifier: this.qualifier.toJSON()
    };
  }
};
var POLICY_IDENTIFIER = "policyIdentifier";
var POLICY_QUALIFIERS = "policyQualifiers";
var CLEAR_PROPS$88 = [POLICY_IDENTIFIER, POLICY_QUALIFIERS];
var PolicyInformation = class PolicyInformation extends PkiObject {
  static {
    this.CLASS_NAME = "PolicyInformation";
  }
  constructor(parameters = {}) {
    super();
    this.policyIdentifier = parameters["policyIdentifier"] ?? PolicyInformation.defaultValues("policyIdentifier");
    if ("policyQualifiers" in parameters)
      this.policyQualifiers = parameters["policyQualifiers"] ?? PolicyInformation.defaultValues("policyQualifiers");
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case POLICY_IDENTIFIER:
        return "";
      case POLICY_QUALIFIERS:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new ObjectIdentifier({ name: names.policyIdentifier || "" }), new Sequence({
        optional: true,
        value: [new Repeated({
          name: names.policyQualifiers || "",
          value: PolicyQualifierInfo.schema()
        })]
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$88)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, PolicyInformation.schema({ names: {
      policyIdentifier: POLICY_IDENTIFIER,
      policyQualifiers: POLICY_QUALIFIERS
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.policyIdentifier = asn1.result.policyIdentifier.valueBlock.toString();
    if ("policyQualifiers" in asn1.result)
      this.policyQualifiers = Array.from(asn1.result.policyQualifiers, (element) => new PolicyQualifierInfo({ schema: element }));
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(new ObjectIdentifier({ value: this.policyIdentifier }));
    if (this.policyQualifiers)
      outputArray.push(new Sequence({ value: Array.from(this.policyQualifiers, (o) => o.toSchema()) }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = { policyIdentifier: this.policyIdentifier };
    if (this.policyQualifiers)
      res.policyQualifiers = Array.from(this.policyQualifiers, (o) => o.toJSON());
    return res;
  }
};
var CERTIFICATE_POLICIES = "certificatePolicies";
var CLEAR_PROPS$87 = [CERTIFICATE_POLICIES];
var CertificatePolicies = class CertificatePolicies extends PkiObject {
  static {
    this.CLASS_NAME = "CertificatePolicies";
  }
  constructor(parameters = {}) {
    super();
    this.certificatePolicies = parameters[CERTIFICATE_POLICIES] ?? CertificatePolicies.defaultValues(CERTIFICATE_POLICIES);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case CERTIFICATE_POLICIES:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new Repeated({
        name: names.certificatePolicies || "",
        value: PolicyInformation.schema()
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$87)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, CertificatePolicies.schema({ names: { certificatePolicies: CERTIFICATE_POLICIES } }));
    AsnError.assertSchema(asn1, this.className);
    this.certificatePolicies = Array.from(asn1.result.certificatePolicies, (element) => new PolicyInformation({ schema: element }));
  }
  toSchema() {
    return new Sequence({ value: Array.from(this.certificatePolicies, (o) => o.toSchema()) });
  }
  toJSON() {
    return { certificatePolicies: Array.from(this.certificatePolicies, (o) => o.toJSON()) };
  }
};
var TEMPLATE_ID = "templateID";
var TEMPLATE_MAJOR_VERSION = "templateMajorVersion";
var TEMPLATE_MINOR_VERSION = "templateMinorVersion";
var CLEAR_PROPS$86 = [
  TEMPLATE_ID,
  TEMPLATE_MAJOR_VERSION,
  TEMPLATE_MINOR_VERSION
];
var CertificateTemplate = class CertificateTemplate extends PkiObject {
  constructor(parameters = {}) {
    super();
    this.templateID = parameters[TEMPLATE_ID] ?? CertificateTemplate.defaultValues(TEMPLATE_ID);
    if (TEMPLATE_MAJOR_VERSION in parameters)
      this.templateMajorVersion = parameters[TEMPLATE_MAJOR_VERSION] ?? CertificateTemplate.defaultValues(TEMPLATE_MAJOR_VERSION);
    if (TEMPLATE_MINOR_VERSION in parameters)
      this.templateMinorVersion = parameters[TEMPLATE_MINOR_VERSION] ?? CertificateTemplate.defaultValues(TEMPLATE_MINOR_VERSION);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case TEMPLATE_ID:
        return "";
      case TEMPLATE_MAJOR_VERSION:
      case TEMPLATE_MINOR_VERSION:
        return 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new ObjectIdentifier({ name: names.templateID || "" }),
        new Integer({
          name: names.templateMajorVersion || "",
          optional: true
        }),
        new Integer({
          name: names.templateMinorVersion || "",
          optional: true
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$86)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, CertificateTemplate.schema({ names: {
      templateID: TEMPLATE_ID,
      templateMajorVersion: TEMPLATE_MAJOR_VERSION,
      templateMinorVersion: TEMPLATE_MINOR_VERSION
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.templateID = asn1.result.templateID.valueBlock.toString();
    if (TEMPLATE_MAJOR_VERSION in asn1.result)
      this.templateMajorVersion = asn1.result.templateMajorVersion.valueBlock.valueDec;
    if (TEMPLATE_MINOR_VERSION in asn1.result)
      this.templateMinorVersion = asn1.result.templateMinorVersion.valueBlock.valueDec;
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(new ObjectIdentifier({ value: this.templateID }));
    if (TEMPLATE_MAJOR_VERSION in this)
      outputArray.push(new Integer({ value: this.templateMajorVersion }));
    if (TEMPLATE_MINOR_VERSION in this)
      outputArray.push(new Integer({ value: this.templateMinorVersion }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = { templateID: this.templateID };
    if (TEMPLATE_MAJOR_VERSION in this)
      res.templateMajorVersion = this.templateMajorVersion;
    if (TEMPLATE_MINOR_VERSION in this)
      res.templateMinorVersion = this.templateMinorVersion;
    return res;
  }
};
var DISTRIBUTION_POINT$1 = "distributionPoint";
var DISTRIBUTION_POINT_NAMES$1 = "distributionPointNames";
var REASONS = "reasons";
var CRL_ISSUER = "cRLIssuer";
var CRL_ISSUER_NAMES = "cRLIssuerNames";
var CLEAR_PROPS$85 = [
  DISTRIBUTION_POINT$1,
  DISTRIBUTION_POINT_NAMES$1,
  REASONS,
  CRL_ISSUER,
  CRL_ISSUER_NAMES
];
var DistributionPoint = class DistributionPoint extends PkiObject {
  static {
    this.CLASS_NAME = "DistributionPoint";
  }
  constructor(parameters = {}) {
    super();
    if (DISTRIBUTION_POINT$1 in parameters)
      this.distributionPoint = parameters[DISTRIBUTION_POINT$1] ?? DistributionPoint.defaultValues(DISTRIBUTION_POINT$1);
    if (REASONS in parameters)
      this.reasons = parameters[REASONS] ?? DistributionPoint.defaultValues(REASONS);
    if (CRL_ISSUER in parameters)
      this.cRLIssuer = parameters[CRL_ISSUER] ?? DistributionPoint.defaultValues(CRL_ISSUER);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case DISTRIBUTION_POINT$1:
        return [];
      case REASONS:
        return new BitString;
      case CRL_ISSUER:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [new Choice({ value: [new Constructed({
            name: names.distributionPoint || "",
            optional: true,
            idBlock: {
              tagClass: 3,
              tagNumber: 0
            },
            value: [new Repeated({
              name: names.distributionPointNames || "",
              value: GeneralName.schema()
            })]
          }), new Constructed({
            name: names.distributionPoint || "",
            optional: true,
            idBlock: {
              tagClass: 3,
              tagNumber: 1
            },
            value: RelativeDistinguishedNames.schema().valueBlock.value
          })] })]
        }),
        new Primitive({
          name: names.reasons || "",
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          }
        }),
        new Constructed({
          name: names.cRLIssuer || "",
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 2
          },
          value: [new Repeated({
            name: names.cRLIssuerNames || "",
            value: GeneralName.schema()
          })]
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$85)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, DistributionPoint.schema({ names: {
      distributionPoint: DISTRIBUTION_POINT$1,
      distributionPointNames: DISTRIBUTION_POINT_NAMES$1,
      reasons: REASONS,
      cRLIssuer: CRL_ISSUER,
      cRLIssuerNames: CRL_ISSUER_NAMES
    } }));
    AsnError.assertSchema(asn1, this.className);
    if (DISTRIBUTION_POINT$1 in asn1.result) {
      if (asn1.result.distributionPoint.idBlock.tagNumber === 0)
        this.distributionPoint = Array.from(asn1.result.distributionPointNames, (element) => new GeneralName({ schema: element }));
      if (asn1.result.distributionPoint.idBlock.tagNumber === 1)
        this.distributionPoint = new RelativeDistinguishedNames({ schema: new Sequence({ value: asn1.result.distributionPoint.valueBlock.value }) });
    }
    if (REASONS in asn1.result)
      this.reasons = new BitString({ valueHex: asn1.result.reasons.valueBlock.valueHex });
    if (CRL_ISSUER in asn1.result)
      this.cRLIssuer = Array.from(asn1.result.cRLIssuerNames, (element) => new GeneralName({ schema: element }));
  }
  toSchema() {
    const outputArray = [];
    if (this.distributionPoint) {
      let internalValue;
      if (this.distributionPoint instanceof Array)
        internalValue = new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: Array.from(this.distributionPoint, (o) => o.toSchema())
        });
      else
        internalValue = new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: [this.distributionPoint.toSchema()]
        });
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [internalValue]
      }));
    }
    if (this.reasons)
      outputArray.push(new Primitive({
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        valueHex: this.reasons.valueBlock.valueHexView
      }));
    if (this.cRLIssuer)
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 2
        },
        value: Array.from(this.cRLIssuer, (o) => o.toSchema())
      }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const object = {};
    if (this.distributionPoint) {
      if (this.distributionPoint instanceof Array)
        object.distributionPoint = Array.from(this.distributionPoint, (o) => o.toJSON());
      else
        object.distributionPoint = this.distributionPoint.toJSON();
    }
    if (this.reasons)
      object.reasons = this.reasons.toJSON();
    if (this.cRLIssuer)
      object.cRLIssuer = Array.from(this.cRLIssuer, (o) => o.toJSON());
    return object;
  }
};
var DISTRIBUTION_POINTS = "distributionPoints";
var CLEAR_PROPS$84 = [DISTRIBUTION_POINTS];
var CRLDistributionPoints = class CRLDistributionPoints extends PkiObject {
  static {
    this.CLASS_NAME = "CRLDistributionPoints";
  }
  constructor(parameters = {}) {
    super();
    this.distributionPoints = parameters[DISTRIBUTION_POINTS] ?? CRLDistributionPoints.defaultValues(DISTRIBUTION_POINTS);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case DISTRIBUTION_POINTS:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new Repeated({
        name: names.distributionPoints || "",
        value: DistributionPoint.schema()
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$84)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, CRLDistributionPoints.schema({ names: { distributionPoints: DISTRIBUTION_POINTS } }));
    AsnError.assertSchema(asn1, this.className);
    this.distributionPoints = Array.from(asn1.result.distributionPoints, (element) => new DistributionPoint({ schema: element }));
  }
  toSchema() {
    return new Sequence({ value: Array.from(this.distributionPoints, (o) => o.toSchema()) });
  }
  toJSON() {
    return { distributionPoints: Array.from(this.distributionPoints, (o) => o.toJSON()) };
  }
};
var KEY_PURPOSES = "keyPurposes";
var CLEAR_PROPS$83 = [KEY_PURPOSES];
var ExtKeyUsage = class ExtKeyUsage extends PkiObject {
  static {
    this.CLASS_NAME = "ExtKeyUsage";
  }
  constructor(parameters = {}) {
    super();
    this.keyPurposes = parameters[KEY_PURPOSES] ?? ExtKeyUsage.defaultValues(KEY_PURPOSES);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case KEY_PURPOSES:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new Repeated({
        name: names.keyPurposes || "",
        value: new ObjectIdentifier
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$83)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, ExtKeyUsage.schema({ names: { keyPurposes: KEY_PURPOSES } }));
    AsnError.assertSchema(asn1, this.className);
    this.keyPurposes = Array.from(asn1.result.keyPurposes, (element) => element.valueBlock.toString());
  }
  toSchema() {
    return new Sequence({ value: Array.from(this.keyPurposes, (element) => new ObjectIdentifier({ value: element })) });
  }
  toJSON() {
    return { keyPurposes: Array.from(this.keyPurposes) };
  }
};
var ACCESS_DESCRIPTIONS = "accessDescriptions";
var InfoAccess = class InfoAccess extends PkiObject {
  static {
    this.CLASS_NAME = "InfoAccess";
  }
  constructor(parameters = {}) {
    super();
    this.accessDescriptions = parameters[ACCESS_DESCRIPTIONS] ?? InfoAccess.defaultValues(ACCESS_DESCRIPTIONS);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case ACCESS_DESCRIPTIONS:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new Repeated({
        name: names.accessDescriptions || "",
        value: AccessDescription.schema()
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of [ACCESS_DESCRIPTIONS])
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, InfoAccess.schema({ names: { accessDescriptions: ACCESS_DESCRIPTIONS } }));
    AsnError.assertSchema(asn1, this.className);
    this.accessDescriptions = Array.from(asn1.result.accessDescriptions, (element) => new AccessDescription({ schema: element }));
  }
  toSchema() {
    return new Sequence({ value: Array.from(this.accessDescriptions, (o) => o.toSchema()) });
  }
  toJSON() {
    return { accessDescriptions: Array.from(this.accessDescriptions, (o) => o.toJSON()) };
  }
};
var DISTRIBUTION_POINT = "distributionPoint";
var DISTRIBUTION_POINT_NAMES = "distributionPointNames";
var ONLY_CONTAINS_USER_CERTS = "onlyContainsUserCerts";
var ONLY_CONTAINS_CA_CERTS = "onlyContainsCACerts";
var ONLY_SOME_REASON = "onlySomeReasons";
var INDIRECT_CRL = "indirectCRL";
var ONLY_CONTAINS_ATTRIBUTE_CERTS = "onlyContainsAttributeCerts";
var CLEAR_PROPS$82 = [
  DISTRIBUTION_POINT,
  DISTRIBUTION_POINT_NAMES,
  ONLY_CONTAINS_USER_CERTS,
  ONLY_CONTAINS_CA_CERTS,
  ONLY_SOME_REASON,
  INDIRECT_CRL,
  ONLY_CONTAINS_ATTRIBUTE_CERTS
];
var IssuingDistributionPoint = class IssuingDistributionPoint extends PkiObject {
  static {
    this.CLASS_NAME = "IssuingDistributionPoint";
  }
  constructor(parameters = {}) {
    super();
    if (DISTRIBUTION_POINT in parameters)
      this.distributionPoint = parameters[DISTRIBUTION_POINT] ?? IssuingDistributionPoint.defaultValues(DISTRIBUTION_POINT);
    this.onlyContainsUserCerts = parameters[ONLY_CONTAINS_USER_CERTS] ?? IssuingDistributionPoint.defaultValues(ONLY_CONTAINS_USER_CERTS);
    this.onlyContainsCACerts = parameters[ONLY_CONTAINS_CA_CERTS] ?? IssuingDistributionPoint.defaultValues(ONLY_CONTAINS_CA_CERTS);
    if (ONLY_SOME_REASON in parameters)
      this.onlySomeReasons = parameters[ONLY_SOME_REASON] ?? IssuingDistributionPoint.defaultValues(ONLY_SOME_REASON);
    this.indirectCRL = parameters[INDIRECT_CRL] ?? IssuingDistributionPoint.defaultValues(INDIRECT_CRL);
    this.onlyContainsAttributeCerts = parameters[ONLY_CONTAINS_ATTRIBUTE_CERTS] ?? IssuingDistributionPoint.defaultValues(ONLY_CONTAINS_ATTRIBUTE_CERTS);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case DISTRIBUTION_POINT:
        return [];
      case ONLY_CONTAINS_USER_CERTS:
        return false;
      case ONLY_CONTAINS_CA_CERTS:
        return false;
      case ONLY_SOME_REASON:
        return 0;
      case INDIRECT_CRL:
        return false;
      case ONLY_CONTAINS_ATTRIBUTE_CERTS:
        return false;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [new Choice({ value: [new Constructed({
            name: names.distributionPoint || "",
            idBlock: {
              tagClass: 3,
              tagNumber: 0
            },
            value: [new Repeated({
              name: names.distributionPointNames || "",
              value: GeneralName.schema()
            })]
          }), new Constructed({
            name: names.distributionPoint || "",
            idBlock: {
              tagClass: 3,
              tagNumber: 1
            },
            value: RelativeDistinguishedNames.schema().valueBlock.value
          })] })]
        }),
        new Primitive({
          name: names.onlyContainsUserCerts || "",
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          }
        }),
        new Primitive({
          name: names.onlyContainsCACerts || "",
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 2
          }
        }),
        new Primitive({
          name: names.onlySomeReasons || "",
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 3
          }
        }),
        new Primitive({
          name: names.indirectCRL || "",
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 4
          }
        }),
        new Primitive({
          name: names.onlyContainsAttributeCerts || "",
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 5
          }
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$82)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, IssuingDistributionPoint.schema({ names: {
      distributionPoint: DISTRIBUTION_POINT,
      distributionPointNames: DISTRIBUTION_POINT_NAMES,
      onlyContainsUserCerts: ONLY_CONTAINS_USER_CERTS,
      onlyContainsCACerts: ONLY_CONTAINS_CA_CERTS,
      onlySomeReasons: ONLY_SOME_REASON,
      indirectCRL: INDIRECT_CRL,
      onlyContainsAttributeCerts: ONLY_CONTAINS_ATTRIBUTE_CERTS
    } }));
    AsnError.assertSchema(asn1, this.className);
    if (DISTRIBUTION_POINT in asn1.result)
      switch (true) {
        case asn1.result.distributionPoint.idBlock.tagNumber === 0:
          this.distributionPoint = Array.from(asn1.result.distributionPointNames, (element) => new GeneralName({ schema: element }));
          break;
        case asn1.result.distributionPoint.idBlock.tagNumber === 1:
          this.distributionPoint = new RelativeDistinguishedNames({ schema: new Sequence({ value: asn1.result.distributionPoint.valueBlock.value }) });
          break;
        default:
          throw new Error("Unknown tagNumber for distributionPoint: {$asn1.result.distributionPoint.idBlock.tagNumber}");
      }
    if (ONLY_CONTAINS_USER_CERTS in asn1.result) {
      const view = new Uint8Array(asn1.result.onlyContainsUserCerts.valueBlock.valueHex);
      this.onlyContainsUserCerts = view[0] !== 0;
    }
    if (ONLY_CONTAINS_CA_CERTS in asn1.result) {
      const view = new Uint8Array(asn1.result.onlyContainsCACerts.valueBlock.valueHex);
      this.onlyContainsCACerts = view[0] !== 0;
    }
    if (ONLY_SOME_REASON in asn1.result) {
      const view = new Uint8Array(asn1.result.onlySomeReasons.valueBlock.valueHex);
      this.onlySomeReasons = view[0];
    }
    if (INDIRECT_CRL in asn1.result) {
      const view = new Uint8Array(asn1.result.indirectCRL.valueBlock.valueHex);
      this.indirectCRL = view[0] !== 0;
    }
    if (ONLY_CONTAINS_ATTRIBUTE_CERTS in asn1.result) {
      const view = new Uint8Array(asn1.result.onlyContainsAttributeCerts.valueBlock.valueHex);
      this.onlyContainsAttributeCerts = view[0] !== 0;
    }
  }
  toSchema() {
    const outputArray = [];
    if (this.distributionPoint) {
      let value;
      if (this.distributionPoint instanceof Array)
        value = new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: Array.from(this.distributionPoint, (o) => o.toSchema())
        });
      else {
        value = this.distributionPoint.toSchema();
        value.idBlock.tagClass = 3;
        value.idBlock.tagNumber = 1;
      }
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [value]
      }));
    }
    if (this.onlyContainsUserCerts !== IssuingDistributionPoint.defaultValues(ONLY_CONTAINS_USER_CERTS))
      outputArray.push(new Primitive({
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        valueHex: new Uint8Array([255]).buffer
      }));
    if (this.onlyContainsCACerts !== IssuingDistributionPoint.defaultValues(ONLY_CONTAINS_CA_CERTS))
      outputArray.push(new Primitive({
        idBlock: {
          tagClass: 3,
          tagNumber: 2
        },
        valueHex: new Uint8Array([255]).buffer
      }));
    if (this.onlySomeReasons !== undefined) {
      const buffer = /* @__PURE__ */ new ArrayBuffer(1);
      const view = new Uint8Array(buffer);
      view[0] = this.onlySomeReasons;
      outputArray.push(new Primitive({
        idBlock: {
          tagClass: 3,
          tagNumber: 3
        },
        valueHex: buffer
      }));
    }
    if (this.indirectCRL !== IssuingDistributionPoint.defaultValues(INDIRECT_CRL))
      outputArray.push(new Primitive({
        idBlock: {
          tagClass: 3,
          tagNumber: 4
        },
        valueHex: new Uint8Array([255]).buffer
      }));
    if (this.onlyContainsAttributeCerts !== IssuingDistributionPoint.defaultValues(ONLY_CONTAINS_ATTRIBUTE_CERTS))
      outputArray.push(new Primitive({
        idBlock: {
          tagClass: 3,
          tagNumber: 5
        },
        valueHex: new Uint8Array([255]).buffer
      }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const obj = {};
    if (this.distributionPoint) {
      if (this.distributionPoint instanceof Array)
        obj.distributionPoint = Array.from(this.distributionPoint, (o) => o.toJSON());
      else
        obj.distributionPoint = this.distributionPoint.toJSON();
    }
    if (this.onlyContainsUserCerts !== IssuingDistributionPoint.defaultValues(ONLY_CONTAINS_USER_CERTS))
      obj.onlyContainsUserCerts = this.onlyContainsUserCerts;
    if (this.onlyContainsCACerts !== IssuingDistributionPoint.defaultValues(ONLY_CONTAINS_CA_CERTS))
      obj.onlyContainsCACerts = this.onlyContainsCACerts;
    if (ONLY_SOME_REASON in this)
      obj.onlySomeReasons = this.onlySomeReasons;
    if (this.indirectCRL !== IssuingDistributionPoint.defaultValues(INDIRECT_CRL))
      obj.indirectCRL = this.indirectCRL;
    if (this.onlyContainsAttributeCerts !== IssuingDistributionPoint.defaultValues(ONLY_CONTAINS_ATTRIBUTE_CERTS))
      obj.onlyContainsAttributeCerts = this.onlyContainsAttributeCerts;
    return obj;
  }
};
var BASE = "base";
var MINIMUM = "minimum";
var MAXIMUM = "maximum";
var CLEAR_PROPS$81 = [
  BASE,
  MINIMUM,
  MAXIMUM
];
var GeneralSubtree = class GeneralSubtree extends PkiObject {
  static {
    this.CLASS_NAME = "GeneralSubtree";
  }
  constructor(parameters = {}) {
    super();
    this.base = parameters[BASE] ?? GeneralSubtree.defaultValues(BASE);
    this.minimum = parameters[MINIMUM] ?? GeneralSubtree.defaultValues(MINIMUM);
    if (MAXIMUM in parameters)
      this.maximum = parameters[MAXIMUM] ?? GeneralSubtree.defaultValues(MAXIMUM);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case BASE:
        return new GeneralName;
      case MINIMUM:
        return 0;
      case MAXIMUM:
        return 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        GeneralName.schema(names.base || {}),
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [new Integer({ name: names.minimum || "" })]
        }),
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: [new Integer({ name: names.maximum || "" })]
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$81)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, GeneralSubtree.schema({ names: {
      base: { names: { blockName: BASE } },
      minimum: MINIMUM,
      maximum: MAXIMUM
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.base = new GeneralName({ schema: asn1.result.base });
    if (MINIMUM in asn1.result) {
      if (asn1.result.minimum.valueBlock.isHexOnly)
        this.minimum = asn1.result.minimum;
      else
        this.minimum = asn1.result.minimum.valueBlock.valueDec;
    }
    if (MAXIMUM in asn1.result) {
      if (asn1.result.maximum.valueBlock.isHexOnly)
        this.maximum = asn1.result.maximum;
      else
        this.maximum = asn1.result.maximum.valueBlock.valueDec;
    }
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(this.base.toSchema());
    if (this.minimum !== 0) {
      let valueMinimum = 0;
      if (this.minimum instanceof Integer)
        valueMinimum = this.minimum;
      else
        valueMinimum = new Integer({ value: this.minimum });
      outputArray.push(new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [valueMinimum]
      }));
    }
    if (MAXIMUM in this) {
      let valueMaximum = 0;
      if (this.maximum instanceof Integer)
        valueMaximum = this.maximum;
      else
        valueMaximum = new Integer({ value: this.maximum });
      outputArray.push(new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        value: [valueMaximum]
      }));
    }
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = { base: this.base.toJSON() };
    if (this.minimum !== 0) {
      if (typeof this.minimum === "number")
        res.minimum = this.minimum;
      else
        res.minimum = this.minimum.toJSON();
    }
    if (this.maximum !== undefined) {
      if (typeof this.maximum === "number")
        res.maximum = this.maximum;
      else
        res.maximum = this.maximum.toJSON();
    }
    return res;
  }
};
var PERMITTED_SUBTREES = "permittedSubtrees";
var EXCLUDED_SUBTREES = "excludedSubtrees";
var CLEAR_PROPS$80 = [PERMITTED_SUBTREES, EXCLUDED_SUBTREES];
var NameConstraints = class NameConstraints extends PkiObject {
  static {
    this.CLASS_NAME = "NameConstraints";
  }
  constructor(parameters = {}) {
    super();
    if (PERMITTED_SUBTREES in parameters)
      this.permittedSubtrees = parameters[PERMITTED_SUBTREES] ?? NameConstraints.defaultValues(PERMITTED_SUBTREES);
    if (EXCLUDED_SUBTREES in parameters)
      this.excludedSubtrees = parameters[EXCLUDED_SUBTREES] ?? NameConstraints.defaultValues(EXCLUDED_SUBTREES);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case PERMITTED_SUBTREES:
      case EXCLUDED_SUBTREES:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [new Repeated({
          name: names.permittedSubtrees || "",
          value: GeneralSubtree.schema()
        })]
      }), new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        value: [new Repeated({
          name: names.excludedSubtrees || "",
          value: GeneralSubtree.schema()
        })]
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$80)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, NameConstraints.schema({ names: {
      permittedSubtrees: PERMITTED_SUBTREES,
      excludedSubtrees: EXCLUDED_SUBTREES
    } }));
    AsnError.assertSchema(asn1, this.className);
    if (PERMITTED_SUBTREES in asn1.result)
      this.permittedSubtrees = Array.from(asn1.result.permittedSubtrees, (element) => new GeneralSubtree({ schema: element }));
    if (EXCLUDED_SUBTREES in asn1.result)
      this.excludedSubtrees = Array.from(asn1.result.excludedSubtrees, (element) => new GeneralSubtree({ schema: element }));
  }
  toSchema() {
    const outputArray = [];
    if (this.permittedSubtrees)
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: Array.from(this.permittedSubtrees, (o) => o.toSchema())
      }));
    if (this.excludedSubtrees)
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        value: Array.from(this.excludedSubtrees, (o) => o.toSchema())
      }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const object = {};
    if (this.permittedSubtrees)
      object.permittedSubtrees = Array.from(this.permittedSubtrees, (o) => o.toJSON());
    if (this.excludedSubtrees)
      object.excludedSubtrees = Array.from(this.excludedSubtrees, (o) => o.toJSON());
    return object;
  }
};
var REQUIRE_EXPLICIT_POLICY = "requireExplicitPolicy";
var INHIBIT_POLICY_MAPPING = "inhibitPolicyMapping";
var CLEAR_PROPS$79 = [REQUIRE_EXPLICIT_POLICY, INHIBIT_POLICY_MAPPING];
var PolicyConstraints = class PolicyConstraints extends PkiObject {
  static {
    this.CLASS_NAME = "PolicyConstraints";
  }
  constructor(parameters = {}) {
    super();
    if (REQUIRE_EXPLICIT_POLICY in parameters)
      this.requireExplicitPolicy = parameters[REQUIRE_EXPLICIT_POLICY] ?? PolicyConstraints.defaultValues(REQUIRE_EXPLICIT_POLICY);
    if (INHIBIT_POLICY_MAPPING in parameters)
      this.inhibitPolicyMapping = parameters[INHIBIT_POLICY_MAPPING] ?? PolicyConstraints.defaultValues(INHIBIT_POLICY_MAPPING);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case REQUIRE_EXPLICIT_POLICY:
        return 0;
      case INHIBIT_POLICY_MAPPING:
        return 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new Primitive({
        name: names.requireExplicitPolicy || "",
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        }
      }), new Primitive({
        name: names.inhibitPolicyMapping || "",
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        }
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$79)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, PolicyConstraints.schema({ names: {
      requireExplicitPolicy: REQUIRE_EXPLICIT_POLICY,
      inhibitPolicyMapping: INHIBIT_POLICY_MAPPING
    } }));
    AsnError.assertSchema(asn1, this.className);
    if (REQUIRE_EXPLICIT_POLICY in asn1.result) {
      const field1 = asn1.result.requireExplicitPolicy;
      field1.idBlock.tagClass = 1;
      field1.idBlock.tagNumber = 2;
      const ber1 = field1.toBER(false);
      const int1 = fromBER(ber1);
      AsnError.assert(int1, "Integer");
      this.requireExplicitPolicy = int1.result.valueBlock.valueDec;
    }
    if (INHIBIT_POLICY_MAPPING in asn1.result) {
      const field2 = asn1.result.inhibitPolicyMapping;
      field2.idBlock.tagClass = 1;
      field2.idBlock.tagNumber = 2;
      const ber2 = field2.toBER(false);
      const int2 = fromBER(ber2);
      AsnError.assert(int2, "Integer");
      this.inhibitPolicyMapping = int2.result.valueBlock.valueDec;
    }
  }
  toSchema() {
    const outputArray = [];
    if (REQUIRE_EXPLICIT_POLICY in this) {
      const int1 = new Integer({ value: this.requireExplicitPolicy });
      int1.idBlock.tagClass = 3;
      int1.idBlock.tagNumber = 0;
      outputArray.push(int1);
    }
    if (INHIBIT_POLICY_MAPPING in this) {
      const int2 = new Integer({ value: this.inhibitPolicyMapping });
      int2.idBlock.tagClass = 3;
      int2.idBlock.tagNumber = 1;
      outputArray.push(int2);
    }
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = {};
    if (REQUIRE_EXPLICIT_POLICY in this)
      res.requireExplicitPolicy = this.requireExplicitPolicy;
    if (INHIBIT_POLICY_MAPPING in this)
      res.inhibitPolicyMapping = this.inhibitPolicyMapping;
    return res;
  }
};
var ISSUER_DOMAIN_POLICY = "issuerDomainPolicy";
var SUBJECT_DOMAIN_POLICY = "subjectDomainPolicy";
var CLEAR_PROPS$78 = [ISSUER_DOMAIN_POLICY, SUBJECT_DOMAIN_POLICY];
var PolicyMapping = class PolicyMapping extends PkiObject {
  static {
    this.CLASS_NAME = "PolicyMapping";
  }
  constructor(parameters = {}) {
    super();
    this.issuerDomainPolicy = parameters[ISSUER_DOMAIN_POLICY] ?? PolicyMapping.defaultValues(ISSUER_DOMAIN_POLICY);
    this.subjectDomainPolicy = parameters[SUBJECT_DOMAIN_POLICY] ?? PolicyMapping.defaultValues(SUBJECT_DOMAIN_POLICY);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case ISSUER_DOMAIN_POLICY:
        return "";
      case SUBJECT_DOMAIN_POLICY:
        return "";
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new ObjectIdentifier({ name: names.issuerDomainPolicy || "" }), new ObjectIdentifier({ name: names.subjectDomainPolicy || "" })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$78)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, PolicyMapping.schema({ names: {
      issuerDomainPolicy: ISSUER_DOMAIN_POLICY,
      subjectDomainPolicy: SUBJECT_DOMAIN_POLICY
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.issuerDomainPolicy = asn1.result.issuerDomainPolicy.valueBlock.toString();
    this.subjectDomainPolicy = asn1.result.subjectDomainPolicy.valueBlock.toString();
  }
  toSchema() {
    return new Sequence({ value: [new ObjectIdentifier({ value: this.issuerDomainPolicy }), new ObjectIdentifier({ value: this.subjectDomainPolicy })] });
  }
  toJSON() {
    return {
      issuerDomainPolicy: this.issuerDomainPolicy,
      subjectDomainPolicy: this.subjectDomainPolicy
    };
  }
};
var MAPPINGS = "mappings";
var CLEAR_PROPS$77 = [MAPPINGS];
var PolicyMappings = class PolicyMappings extends PkiObject {
  static {
    this.CLASS_NAME = "PolicyMappings";
  }
  constructor(parameters = {}) {
    super();
    this.mappings = parameters[MAPPINGS] ?? PolicyMappings.defaultValues(MAPPINGS);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case MAPPINGS:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new Repeated({
        name: names.mappings || "",
        value: PolicyMapping.schema()
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$77)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, PolicyMappings.schema({ names: { mappings: MAPPINGS } }));
    AsnError.assertSchema(asn1, this.className);
    this.mappings = Array.from(asn1.result.mappings, (element) => new PolicyMapping({ schema: element }));
  }
  toSchema() {
    return new Sequence({ value: Array.from(this.mappings, (o) => o.toSchema()) });
  }
  toJSON() {
    return { mappings: Array.from(this.mappings, (o) => o.toJSON()) };
  }
};
var NOT_BEFORE$1 = "notBefore";
var NOT_AFTER$1 = "notAfter";
var CLEAR_PROPS$76 = [NOT_BEFORE$1, NOT_AFTER$1];
var PrivateKeyUsagePeriod = class PrivateKeyUsagePeriod extends PkiObject {
  static {
    this.CLASS_NAME = "PrivateKeyUsagePeriod";
  }
  constructor(parameters = {}) {
    super();
    if (NOT_BEFORE$1 in parameters)
      this.notBefore = parameters[NOT_BEFORE$1] ?? PrivateKeyUsagePeriod.defaultValues(NOT_BEFORE$1);
    if (NOT_AFTER$1 in parameters)
      this.notAfter = parameters[NOT_AFTER$1] ?? PrivateKeyUsagePeriod.defaultValues(NOT_AFTER$1);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case NOT_BEFORE$1:
        return /* @__PURE__ */ new Date;
      case NOT_AFTER$1:
        return /* @__PURE__ */ new Date;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new Primitive({
        name: names.notBefore || "",
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        }
      }), new Primitive({
        name: names.notAfter || "",
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        }
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$76)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, PrivateKeyUsagePeriod.schema({ names: {
      notBefore: NOT_BEFORE$1,
      notAfter: NOT_AFTER$1
    } }));
    AsnError.assertSchema(asn1, this.className);
    if (NOT_BEFORE$1 in asn1.result) {
      const localNotBefore = new GeneralizedTime;
      localNotBefore.fromBuffer(asn1.result.notBefore.valueBlock.valueHex);
      this.notBefore = localNotBefore.toDate();
    }
    if (NOT_AFTER$1 in asn1.result) {
      const localNotAfter = new GeneralizedTime({ valueHex: asn1.result.notAfter.valueBlock.valueHex });
      localNotAfter.fromBuffer(asn1.result.notAfter.valueBlock.valueHex);
      this.notAfter = localNotAfter.toDate();
    }
  }
  toSchema() {
    const outputArray = [];
    if (NOT_BEFORE$1 in this)
      outputArray.push(new Primitive({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        valueHex: new GeneralizedTime({ valueDate: this.notBefore }).valueBlock.valueHexView
      }));
    if (NOT_AFTER$1 in this)
      outputArray.push(new Primitive({
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        valueHex: new GeneralizedTime({ valueDate: this.notAfter }).valueBlock.valueHexView
      }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = {};
    if (this.notBefore)
      res.notBefore = this.notBefore;
    if (this.notAfter)
      res.notAfter = this.notAfter;
    return res;
  }
};
var ID = "id";
var TYPE$3 = "type";
var VALUES = "values";
var QC_STATEMENT_CLEAR_PROPS = [ID, TYPE$3];
var QC_STATEMENTS_CLEAR_PROPS = [VALUES];
var QCStatement = class QCStatement extends PkiObject {
  static {
    this.CLASS_NAME = "QCStatement";
  }
  constructor(parameters = {}) {
    super();
    this.id = parameters[ID] ?? QCStatement.defaultValues(ID);
    if (TYPE$3 in parameters)
      this.type = parameters[TYPE$3] ?? QCStatement.defaultValues(TYPE$3);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case ID:
        return "";
      case TYPE$3:
        return new Null;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case ID:
        return memberValue === "";
      case TYPE$3:
        return memberValue instanceof Null;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new ObjectIdentifier({ name: names.id || "" }), new Any({
        name: names.type || "",
        optional: true
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of QC_STATEMENT_CLEAR_PROPS)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, QCStatement.schema({ names: {
      id: ID,
      type: TYPE$3
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.id = asn1.result.id.valueBlock.toString();
    if (TYPE$3 in asn1.result)
      this.type = asn1.result.type;
  }
  toSchema() {
    const value = [new ObjectIdentifier({ value: this.id })];
    if (TYPE$3 in this)
      value.push(this.type);
    return new Sequence({ value });
  }
  toJSON() {
    const object = { id: this.id };
    if (this.type)
      object.type = this.type.toJSON();
    return object;
  }
};
var QCStatements = class QCStatements extends PkiObject {
  static {
    this.CLASS_NAME = "QCStatements";
  }
  constructor(parameters = {}) {
    super();
    this.values = parameters[VALUES] ?? QCStatements.defaultValues(VALUES);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VALUES:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case VALUES:
        return memberValue.length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new Repeated({
        name: names.values || "",
        value: QCStatement.schema(names.value || {})
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of QC_STATEMENTS_CLEAR_PROPS)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, QCStatements.schema({ names: { values: VALUES } }));
    AsnError.assertSchema(asn1, this.className);
    this.values = Array.from(asn1.result.values, (element) => new QCStatement({ schema: element }));
  }
  toSchema() {
    return new Sequence({ value: Array.from(this.values, (o) => o.toSchema()) });
  }
  toJSON() {
    return { values: Array.from(this.values, (o) => o.toJSON()) };
  }
};
var ECNamedCurves = class {
  static {
    this.namedCurves = {};
  }
  static register(name, id, size) {
    this.namedCurves[name.toLowerCase()] = this.namedCurves[id] = {
      name,
      id,
      size
    };
  }
  static find(nameOrId) {
    return this.namedCurves[nameOrId.toLowerCase()] || null;
  }
  static {
    this.register("P-256", "1.2.840.10045.3.1.7", 32);
    this.register("P-384", "1.3.132.0.34", 48);
    this.register("P-521", "1.3.132.0.35", 66);
    this.register("brainpoolP256r1", "1.3.36.3.3.2.8.1.1.7", 32);
    this.register("brainpoolP384r1", "1.3.36.3.3.2.8.1.1.11", 48);
    this.register("brainpoolP512r1", "1.3.36.3.3.2.8.1.1.13", 64);
  }
};
var X = "x";
var Y = "y";
var NAMED_CURVE$1 = "namedCurve";
var ECPublicKey = class ECPublicKey extends PkiObject {
  static {
    this.CLASS_NAME = "ECPublicKey";
  }
  constructor(parameters = {}) {
    super();
    this.x = parameters[X] ?? ECPublicKey.defaultValues(X);
    this.y = parameters[Y] ?? ECPublicKey.defaultValues(Y);
    this.namedCurve = parameters[NAMED_CURVE$1] ?? ECPublicKey.defaultValues(NAMED_CURVE$1);
    if (parameters.json)
      this.fromJSON(parameters.json);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case X:
      case Y:
        return EMPTY_BUFFER2;
      case NAMED_CURVE$1:
        return "";
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case X:
      case Y:
        return memberValue instanceof ArrayBuffer && bytes_exports2.equal(memberValue, ECPublicKey.defaultValues(memberName));
      case NAMED_CURVE$1:
        return typeof memberValue === "string" && memberValue === ECPublicKey.defaultValues(memberName);
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema() {
    return new RawData;
  }
  fromSchema(schema1) {
    const view = toUint8Array2(schema1);
    if (view[0] !== 4)
      throw new Error("Object's schema was not verified against input data for ECPublicKey");
    const namedCurve = ECNamedCurves.find(this.namedCurve);
    if (!namedCurve)
      throw new Error(`Incorrect curve OID: ${this.namedCurve}`);
    const coordinateLength = namedCurve.size;
    if (view.byteLength !== coordinateLength * 2 + 1)
      throw new Error("Object's schema was not verified against input data for ECPublicKey");
    this.namedCurve = namedCurve.name;
    this.x = view.slice(1, coordinateLength + 1).buffer;
    this.y = view.slice(1 + coordinateLength, coordinateLength * 2 + 1).buffer;
  }
  toSchema() {
    return new RawData({ data: bytes_exports2.concat(new Uint8Array([4]), this.x, this.y) });
  }
  toJSON() {
    const namedCurve = ECNamedCurves.find(this.namedCurve);
    return {
      crv: namedCurve ? namedCurve.name : this.namedCurve,
      x: base64url_exports2.encode(this.x),
      y: base64url_exports2.encode(this.y)
    };
  }
  fromJSON(json) {
    ParameterError.assert("json", json, "crv", "x", "y");
    let coordinateLength = 0;
    const namedCurve = ECNamedCurves.find(json.crv);
    if (namedCurve) {
      this.namedCurve = namedCurve.id;
      coordinateLength = namedCurve.size;
    }
    const xConvertBuffer = base64url_exports2.decode(json.x, { allowPadding: true });
    if (xConvertBuffer.byteLength < coordinateLength) {
      this.x = new ArrayBuffer(coordinateLength);
      const view = new Uint8Array(this.x);
      const convertBufferView = new Uint8Array(xConvertBuffer);
      view.set(convertBufferView, 1);
    } else
      this.x = xConvertBuffer.slice(0, coordinateLength).buffer;
    const yConvertBuffer = base64url_exports2.decode(json.y, { allowPadding: true });
    if (yConvertBuffer.byteLength < coordinateLength) {
      this.y = new ArrayBuffer(coordinateLength);
      const view = new Uint8Array(this.y);
      const convertBufferView = new Uint8Array(yConvertBuffer);
      view.set(convertBufferView, 1);
    } else
      this.y = yConvertBuffer.slice(0, coordinateLength).buffer;
  }
};
var MODULUS$1 = "modulus";
var PUBLIC_EXPONENT$1 = "publicExponent";
var CLEAR_PROPS$75 = [MODULUS$1, PUBLIC_EXPONENT$1];
var RSAPublicKey = class RSAPublicKey extends PkiObject {
  static {
    this.CLASS_NAME = "RSAPublicKey";
  }
  constructor(parameters = {}) {
    super();
    this.modulus = parameters[MODULUS$1] ?? RSAPublicKey.defaultValues(MODULUS$1);
    this.publicExponent = parameters[PUBLIC_EXPONENT$1] ?? RSAPublicKey.defaultValues(PUBLIC_EXPONENT$1);
    if (parameters.json)
      this.fromJSON(parameters.json);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case MODULUS$1:
        return new Integer;
      case PUBLIC_EXPONENT$1:
        return new Integer;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new Integer({ name: names.modulus || "" }), new Integer({ name: names.publicExponent || "" })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$75)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, RSAPublicKey.schema({ names: {
      modulus: MODULUS$1,
      publicExponent: PUBLIC_EXPONENT$1
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.modulus = asn1.result.modulus.convertFromDER(256);
    this.publicExponent = asn1.result.publicExponent.convertFromDER();
  }
  toSchema() {
    return new Sequence({ value: [this.modulus.convertToDER(), this.publicExponent.convertToDER()] });
  }
  toJSON() {
    return {
      n: base64url_exports2.encode(this.modulus.valueBlock.valueHexView),
      e: base64url_exports2.encode(this.publicExponent.valueBlock.valueHexView)
    };
  }
  fromJSON(json) {
    ParameterError.assert("json", json, "n", "e");
    this.modulus = new Integer({ valueHex: base64url_exports2.decode(json.n, { allowPadding: true }) });
    this.publicExponent = new Integer({ valueHex: base64url_exports2.decode(json.e, { allowPadding: true }) });
  }
};
var ALGORITHM$1 = "algorithm";
var SUBJECT_PUBLIC_KEY = "subjectPublicKey";
var CLEAR_PROPS$74 = [ALGORITHM$1, SUBJECT_PUBLIC_KEY];
var PublicKeyInfo = class PublicKeyInfo extends PkiObject {
  static {
    this.CLASS_NAME = "PublicKeyInfo";
  }
  get parsedKey() {
    if (this._parsedKey === undefined) {
      switch (this.algorithm.algorithmId) {
        case "1.2.840.10045.2.1":
          if ("algorithmParams" in this.algorithm) {
            if (this.algorithm.algorithmParams.constructor.blockName() === ObjectIdentifier.blockName())
              try {
                this._parsedKey = new ECPublicKey({
                  namedCurve: this.algorithm.algorithmParams.valueBlock.toString(),
                  schema: this.subjectPublicKey.valueBlock.valueHexView
                });
              } catch {}
          }
          break;
        case "1.2.840.113549.1.1.1":
        case "1.2.840.113549.1.1.10": {
          const publicKeyASN1 = fromBER(this.subjectPublicKey.valueBlock.valueHexView);
          if (publicKeyASN1.offset !== -1)
            try {
              this._parsedKey = new RSAPublicKey({ schema: publicKeyASN1.result });
            } catch {}
        }
      }
      this._parsedKey ||= null;
    }
    return this._parsedKey || undefined;
  }
  set parsedKey(value) {
    this._parsedKey = value;
  }
  constructor(parameters = {}) {
    super();
    this.algorithm = parameters[ALGORITHM$1] ?? PublicKeyInfo.defaultValues(ALGORITHM$1);
    this.subjectPublicKey = parameters[SUBJECT_PUBLIC_KEY] ?? PublicKeyInfo.defaultValues(SUBJECT_PUBLIC_KEY);
    const parsedKey = parameters.parsedKey ?? null;
    if (parsedKey)
      this.parsedKey = parsedKey;
    if (parameters.json)
      this.fromJSON(parameters.json);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case ALGORITHM$1:
        return new AlgorithmIdentifier;
      case SUBJECT_PUBLIC_KEY:
        return new BitString;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [AlgorithmIdentifier.schema(names.algorithm || {}), new BitString({ name: names.subjectPublicKey || "" })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$74)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, PublicKeyInfo.schema({ names: {
      algorithm: { names: { blockName: ALGORITHM$1 } },
      subjectPublicKey: SUBJECT_PUBLIC_KEY
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.algorithm = new AlgorithmIdentifier({ schema: asn1.result.algorithm });
    this.subjectPublicKey = asn1.result.subjectPublicKey;
  }
  toSchema() {
    return new Sequence({ value: [this.algorithm.toSchema(), this.subjectPublicKey] });
  }
  toJSON() {
    if (!this.parsedKey)
      return {
        algorithm: this.algorithm.toJSON(),
        subjectPublicKey: this.subjectPublicKey.toJSON()
      };
    const jwk = {};
    switch (this.algorithm.algorithmId) {
      case "1.2.840.10045.2.1":
        jwk.kty = "EC";
        break;
      case "1.2.840.113549.1.1.1":
      case "1.2.840.113549.1.1.10":
        jwk.kty = "RSA";
    }
    const publicKeyJWK = this.parsedKey.toJSON();
    Object.assign(jwk, publicKeyJWK);
    return jwk;
  }
  fromJSON(json) {
    if ("kty" in json) {
      switch (json.kty.toUpperCase()) {
        case "EC":
          this.parsedKey = new ECPublicKey({ json });
          this.algorithm = new AlgorithmIdentifier({
            algorithmId: "1.2.840.10045.2.1",
            algorithmParams: new ObjectIdentifier({ value: this.parsedKey.namedCurve })
          });
          break;
        case "RSA":
          this.parsedKey = new RSAPublicKey({ json });
          this.algorithm = new AlgorithmIdentifier({
            algorithmId: "1.2.840.113549.1.1.1",
            algorithmParams: new Null
          });
          break;
        default:
          throw new Error(`Invalid value for "kty" parameter: ${json.kty}`);
      }
      this.subjectPublicKey = new BitString({ valueHex: this.parsedKey.toSchema().toBER(false) });
    }
  }
  async importKey(publicKey, crypto2 = getCrypto(true)) {
    try {
      if (!publicKey)
        throw new Error("Need to provide publicKey input parameter");
      const exportedKey = await crypto2.exportKey("spki", publicKey);
      const asn1 = fromBER(exportedKey);
      try {
        this.fromSchema(asn1.result);
      } catch {
        throw new Error("Error during initializing object from schema");
      }
    } catch (e) {
      const message = e instanceof Error ? e.message : `${e}`;
      throw new Error(`Error during exporting public key: ${message}`);
    }
  }
};
var VERSION$21 = "version";
var PRIVATE_KEY$1 = "privateKey";
var NAMED_CURVE = "namedCurve";
var PUBLIC_KEY$1 = "publicKey";
var CLEAR_PROPS$73 = [
  VERSION$21,
  PRIVATE_KEY$1,
  NAMED_CURVE,
  PUBLIC_KEY$1
];
var ECPrivateKey = class ECPrivateKey extends PkiObject {
  static {
    this.CLASS_NAME = "ECPrivateKey";
  }
  constructor(parameters = {}) {
    super();
    this.version = parameters[VERSION$21] ?? ECPrivateKey.defaultValues(VERSION$21);
    this.privateKey = parameters[PRIVATE_KEY$1] ?? ECPrivateKey.defaultValues(PRIVATE_KEY$1);
    if (NAMED_CURVE in parameters)
      this.namedCurve = parameters[NAMED_CURVE] ?? ECPrivateKey.defaultValues(NAMED_CURVE);
    if (PUBLIC_KEY$1 in parameters)
      this.publicKey = parameters[PUBLIC_KEY$1] ?? ECPrivateKey.defaultValues(PUBLIC_KEY$1);
    if (parameters.json)
      this.fromJSON(parameters.json);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VERSION$21:
        return 1;
      case PRIVATE_KEY$1:
        return new OctetString;
      case NAMED_CURVE:
        return "";
      case PUBLIC_KEY$1:
        return new ECPublicKey;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case VERSION$21:
        return memberValue === ECPrivateKey.defaultValues(memberName);
      case PRIVATE_KEY$1:
        return memberValue.isEqual(ECPrivateKey.defaultValues(memberName));
      case NAMED_CURVE:
        return memberValue === "";
      case PUBLIC_KEY$1:
        return ECPublicKey.compareWithDefault(NAMED_CURVE, memberValue.namedCurve) && ECPublicKey.compareWithDefault("x", memberValue.x) && ECPublicKey.compareWithDefault("y", memberValue.y);
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Integer({ name: names.version || "" }),
        new OctetString({ name: names.privateKey || "" }),
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [new ObjectIdentifier({ name: names.namedCurve || "" })]
        }),
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: [new BitString({ name: names.publicKey || "" })]
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$73)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, ECPrivateKey.schema({ names: {
      version: VERSION$21,
      privateKey: PRIVATE_KEY$1,
      namedCurve: NAMED_CURVE,
      publicKey: PUBLIC_KEY$1
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.version = asn1.result.version.valueBlock.valueDec;
    this.privateKey = asn1.result.privateKey;
    if (NAMED_CURVE in asn1.result)
      this.namedCurve = asn1.result.namedCurve.valueBlock.toString();
    if (PUBLIC_KEY$1 in asn1.result) {
      const publicKeyData = { schema: asn1.result.publicKey.valueBlock.valueHex };
      if (NAMED_CURVE in this)
        publicKeyData.namedCurve = this.namedCurve;
      this.publicKey = new ECPublicKey(publicKeyData);
    }
  }
  toSchema() {
    const outputArray = [new Integer({ value: this.version }), this.privateKey];
    if (this.namedCurve)
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [new ObjectIdentifier({ value: this.namedCurve })]
      }));
    if (this.publicKey)
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        value: [new BitString({ valueHex: this.publicKey.toSchema().toBER(false) })]
      }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    if (!this.namedCurve || ECPrivateKey.compareWithDefault(NAMED_CURVE, this.namedCurve))
      throw new Error('Not enough information for making JSON: absent "namedCurve" value');
    const curve = ECNamedCurves.find(this.namedCurve);
    const privateKeyJSON = {
      crv: curve ? curve.name : this.namedCurve,
      d: base64url_exports2.encode(this.privateKey.valueBlock.valueHexView)
    };
    if (this.publicKey) {
      const publicKeyJSON = this.publicKey.toJSON();
      privateKeyJSON.x = publicKeyJSON.x;
      privateKeyJSON.y = publicKeyJSON.y;
    }
    return privateKeyJSON;
  }
  fromJSON(json) {
    ParameterError.assert("json", json, "crv", "d");
    let coordinateLength = 0;
    const curve = ECNamedCurves.find(json.crv);
    if (curve) {
      this.namedCurve = curve.id;
      coordinateLength = curve.size;
    }
    const convertBuffer = base64url_exports2.decode(json.d);
    if (convertBuffer.byteLength < coordinateLength) {
      const buffer = new ArrayBuffer(coordinateLength);
      const view = new Uint8Array(buffer);
      const convertBufferView = new Uint8Array(convertBuffer);
      view.set(convertBufferView, 1);
      this.privateKey = new OctetString({ valueHex: buffer });
    } else
      this.privateKey = new OctetString({ valueHex: convertBuffer.slice(0, coordinateLength) });
    if (json.x && json.y)
      this.publicKey = new ECPublicKey({ json });
  }
};
var PRIME = "prime";
var EXPONENT = "exponent";
var COEFFICIENT$1 = "coefficient";
var CLEAR_PROPS$72 = [
  PRIME,
  EXPONENT,
  COEFFICIENT$1
];
var OtherPrimeInfo = class OtherPrimeInfo extends PkiObject {
  static {
    this.CLASS_NAME = "OtherPrimeInfo";
  }
  constructor(parameters = {}) {
    super();
    this.prime = parameters[PRIME] ?? OtherPrimeInfo.defaultValues(PRIME);
    this.exponent = parameters[EXPONENT] ?? OtherPrimeInfo.defaultValues(EXPONENT);
    this.coefficient = parameters[COEFFICIENT$1] ?? OtherPrimeInfo.defaultValues(COEFFICIENT$1);
    if (parameters.json)
      this.fromJSON(parameters.json);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case PRIME:
        return new Integer;
      case EXPONENT:
        return new Integer;
      case COEFFICIENT$1:
        return new Integer;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Integer({ name: names.prime || "" }),
        new Integer({ name: names.exponent || "" }),
        new Integer({ name: names.coefficient || "" })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$72)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, OtherPrimeInfo.schema({ names: {
      prime: PRIME,
      exponent: EXPONENT,
      coefficient: COEFFICIENT$1
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.prime = asn1.result.prime.convertFromDER();
    this.exponent = asn1.result.exponent.convertFromDER();
    this.coefficient = asn1.result.coefficient.convertFromDER();
  }
  toSchema() {
    return new Sequence({ value: [
      this.prime.convertToDER(),
      this.exponent.convertToDER(),
      this.coefficient.convertToDER()
    ] });
  }
  toJSON() {
    return {
      r: base64url_exports2.encode(this.prime.valueBlock.valueHexView),
      d: base64url_exports2.encode(this.exponent.valueBlock.valueHexView),
      t: base64url_exports2.encode(this.coefficient.valueBlock.valueHexView)
    };
  }
  fromJSON(json) {
    ParameterError.assert("json", json, "r", "d", "r");
    this.prime = new Integer({ valueHex: base64url_exports2.decode(json.r) });
    this.exponent = new Integer({ valueHex: base64url_exports2.decode(json.d) });
    this.coefficient = new Integer({ valueHex: base64url_exports2.decode(json.t) });
  }
};
var VERSION$20 = "version";
var MODULUS = "modulus";
var PUBLIC_EXPONENT = "publicExponent";
var PRIVATE_EXPONENT = "privateExponent";
var PRIME1 = "prime1";
var PRIME2 = "prime2";
var EXPONENT1 = "exponent1";
var EXPONENT2 = "exponent2";
var COEFFICIENT = "coefficient";
var OTHER_PRIME_INFOS = "otherPrimeInfos";
var CLEAR_PROPS$71 = [
  VERSION$20,
  MODULUS,
  PUBLIC_EXPONENT,
  PRIVATE_EXPONENT,
  PRIME1,
  PRIME2,
  EXPONENT1,
  EXPONENT2,
  COEFFICIENT,
  OTHER_PRIME_INFOS
];
var RSAPrivateKey = class RSAPrivateKey extends PkiObject {
  static {
    this.CLASS_NAME = "RSAPrivateKey";
  }
  constructor(parameters = {}) {
    super();
    this.version = parameters[VERSION$20] ?? RSAPrivateKey.defaultValues(VERSION$20);
    this.modulus = parameters[MODULUS] ?? RSAPrivateKey.defaultValues(MODULUS);
    this.publicExponent = parameters[PUBLIC_EXPONENT] ?? RSAPrivateKey.defaultValues(PUBLIC_EXPONENT);
    this.privateExponent = parameters[PRIVATE_EXPONENT] ?? RSAPrivateKey.defaultValues(PRIVATE_EXPONENT);
    this.prime1 = parameters[PRIME1] ?? RSAPrivateKey.defaultValues(PRIME1);
    this.prime2 = parameters[PRIME2] ?? RSAPrivateKey.defaultValues(PRIME2);
    this.exponent1 = parameters[EXPONENT1] ?? RSAPrivateKey.defaultValues(EXPONENT1);
    this.exponent2 = parameters[EXPONENT2] ?? RSAPrivateKey.defaultValues(EXPONENT2);
    this.coefficient = parameters[COEFFICIENT] ?? RSAPrivateKey.defaultValues(COEFFICIENT);
    if (OTHER_PRIME_INFOS in parameters)
      this.otherPrimeInfos = parameters[OTHER_PRIME_INFOS] ?? RSAPrivateKey.defaultValues(OTHER_PRIME_INFOS);
    if (parameters.json)
      this.fromJSON(parameters.json);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VERSION$20:
        return 0;
      case MODULUS:
        return new Integer;
      case PUBLIC_EXPONENT:
        return new Integer;
      case PRIVATE_EXPONENT:
        return new Integer;
      case PRIME1:
        return new Integer;
      case PRIME2:
        return new Integer;
      case EXPONENT1:
        return new Integer;
      case EXPONENT2:
        return new Integer;
      case COEFFICIENT:
        return new Integer;
      case OTHER_PRIME_INFOS:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Integer({ name: names.version || "" }),
        new Integer({ name: names.modulus || "" }),
        new Integer({ name: names.publicExponent || "" }),
        new Integer({ name: names.privateExponent || "" }),
        new Integer({ name: names.prime1 || "" }),
        new Integer({ name: names.prime2 || "" }),
        new Integer({ name: names.exponent1 || "" }),
        new Integer({ name: names.exponent2 || "" }),
        new Integer({ name: names.coefficient || "" }),
        new Sequence({
          optional: true,
          value: [new Repeated({
            name: names.otherPrimeInfosName || "",
            value: OtherPrimeInfo.schema(names.otherPrimeInfo || {})
          })]
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$71)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, RSAPrivateKey.schema({ names: {
      version: VERSION$20,
      modulus: MODULUS,
      publicExponent: PUBLIC_EXPONENT,
      privateExponent: PRIVATE_EXPONENT,
      prime1: PRIME1,
      prime2: PRIME2,
      exponent1: EXPONENT1,
      exponent2: EXPONENT2,
      coefficient: COEFFICIENT,
      otherPrimeInfo: { names: { blockName: OTHER_PRIME_INFOS } }
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.version = asn1.result.version.valueBlock.valueDec;
    this.modulus = asn1.result.modulus.convertFromDER(256);
    this.publicExponent = asn1.result.publicExponent;
    this.privateExponent = asn1.result.privateExponent.convertFromDER(256);
    this.prime1 = asn1.result.prime1.convertFromDER(128);
    this.prime2 = asn1.result.prime2.convertFromDER(128);
    this.exponent1 = asn1.result.exponent1.convertFromDER(128);
    this.exponent2 = asn1.result.exponent2.convertFromDER(128);
    this.coefficient = asn1.result.coefficient.convertFromDER(128);
    if (OTHER_PRIME_INFOS in asn1.result)
      this.otherPrimeInfos = Array.from(asn1.result.otherPrimeInfos, (element) => new OtherPrimeInfo({ schema: element }));
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(new Integer({ value: this.version }));
    outputArray.push(this.modulus.convertToDER());
    outputArray.push(this.publicExponent);
    outputArray.push(this.privateExponent.convertToDER());
    outputArray.push(this.prime1.convertToDER());
    outputArray.push(this.prime2.convertToDER());
    outputArray.push(this.exponent1.convertToDER());
    outputArray.push(this.exponent2.convertToDER());
    outputArray.push(this.coefficient.convertToDER());
    if (this.otherPrimeInfos)
      outputArray.push(new Sequence({ value: Array.from(this.otherPrimeInfos, (o) => o.toSchema()) }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const jwk = {
      n: base64url_exports2.encode(this.modulus.valueBlock.valueHexView),
      e: base64url_exports2.encode(this.publicExponent.valueBlock.valueHexView),
      d: base64url_exports2.encode(this.privateExponent.valueBlock.valueHexView),
      p: base64url_exports2.encode(this.prime1.valueBlock.valueHexView),
      q: base64url_exports2.encode(this.prime2.valueBlock.valueHexView),
      dp: base64url_exports2.encode(this.exponent1.valueBlock.valueHexView),
      dq: base64url_exports2.encode(this.exponent2.valueBlock.valueHexView),
      qi: base64url_exports2.encode(this.coefficient.valueBlock.valueHexView)
    };
    if (this.otherPrimeInfos)
      jwk.oth = Array.from(this.otherPrimeInfos, (o) => o.toJSON());
    return jwk;
  }
  fromJSON(json) {
    ParameterError.assert("json", json, "n", "e", "d", "p", "q", "dp", "dq", "qi");
    this.modulus = new Integer({ valueHex: base64url_exports2.decode(json.n) });
    this.publicExponent = new Integer({ valueHex: base64url_exports2.decode(json.e) });
    this.privateExponent = new Integer({ valueHex: base64url_exports2.decode(json.d) });
    this.prime1 = new Integer({ valueHex: base64url_exports2.decode(json.p) });
    this.prime2 = new Integer({ valueHex: base64url_exports2.decode(json.q) });
    this.exponent1 = new Integer({ valueHex: base64url_exports2.decode(json.dp) });
    this.exponent2 = new Integer({ valueHex: base64url_exports2.decode(json.dq) });
    this.coefficient = new Integer({ valueHex: base64url_exports2.decode(json.qi) });
    if (json.oth)
      this.otherPrimeInfos = Array.from(json.oth, (element) => new OtherPrimeInfo({ json: element }));
  }
};
var VERSION$19 = "version";
var PRIVATE_KEY_ALGORITHM = "privateKeyAlgorithm";
var PRIVATE_KEY = "privateKey";
var ATTRIBUTES$5 = "attributes";
var PARSED_KEY = "parsedKey";
var CLEAR_PROPS$70 = [
  VERSION$19,
  PRIVATE_KEY_ALGORITHM,
  PRIVATE_KEY,
  ATTRIBUTES$5
];
var PrivateKeyInfo = class PrivateKeyInfo extends PkiObject {
  static {
    this.CLASS_NAME = "PrivateKeyInfo";
  }
  constructor(parameters = {}) {
    super();
    this.version = parameters[VERSION$19] ?? PrivateKeyInfo.defaultValues(VERSION$19);
    this.privateKeyAlgorithm = parameters[PRIVATE_KEY_ALGORITHM] ?? PrivateKeyInfo.defaultValues(PRIVATE_KEY_ALGORITHM);
    this.privateKey = parameters[PRIVATE_KEY] ?? PrivateKeyInfo.defaultValues(PRIVATE_KEY);
    if (ATTRIBUTES$5 in parameters)
      this.attributes = parameters[ATTRIBUTES$5] ?? PrivateKeyInfo.defaultValues(ATTRIBUTES$5);
    if (PARSED_KEY in parameters)
      this.parsedKey = parameters[PARSED_KEY] ?? PrivateKeyInfo.defaultValues(PARSED_KEY);
    if (parameters.json)
      this.fromJSON(parameters.json);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VERSION$19:
        return 0;
      case PRIVATE_KEY_ALGORITHM:
        return new AlgorithmIdentifier;
      case PRIVATE_KEY:
        return new OctetString;
      case ATTRIBUTES$5:
        return [];
      case PARSED_KEY:
        return {};
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Integer({ name: names.version || "" }),
        AlgorithmIdentifier.schema(names.privateKeyAlgorithm || {}),
        new OctetString({ name: names.privateKey || "" }),
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [new Repeated({
            name: names.attributes || "",
            value: Attribute.schema()
          })]
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$70)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, PrivateKeyInfo.schema({ names: {
      version: VERSION$19,
      privateKeyAlgorithm: { names: { blockName: PRIVATE_KEY_ALGORITHM } },
      privateKey: PRIVATE_KEY,
      attributes: ATTRIBUTES$5
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.version = asn1.result.version.valueBlock.valueDec;
    this.privateKeyAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.privateKeyAlgorithm });
    this.privateKey = asn1.result.privateKey;
    if (ATTRIBUTES$5 in asn1.result)
      this.attributes = Array.from(asn1.result.attributes, (element) => new Attribute({ schema: element }));
    switch (this.privateKeyAlgorithm.algorithmId) {
      case "1.2.840.113549.1.1.1":
        {
          const privateKeyASN1 = fromBER(this.privateKey.valueBlock.valueHexView);
          if (privateKeyASN1.offset !== -1)
            this.parsedKey = new RSAPrivateKey({ schema: privateKeyASN1.result });
        }
        break;
      case "1.2.840.10045.2.1":
        if ("algorithmParams" in this.privateKeyAlgorithm) {
          if (this.privateKeyAlgorithm.algorithmParams instanceof ObjectIdentifier) {
            const privateKeyASN1 = fromBER(this.privateKey.valueBlock.valueHexView);
            if (privateKeyASN1.offset !== -1)
              this.parsedKey = new ECPrivateKey({
                namedCurve: this.privateKeyAlgorithm.algorithmParams.valueBlock.toString(),
                schema: privateKeyASN1.result
              });
          }
        }
    }
  }
  toSchema() {
    const outputArray = [
      new Integer({ value: this.version }),
      this.privateKeyAlgorithm.toSchema(),
      this.privateKey
    ];
    if (this.attributes)
      outputArray.push(new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: Array.from(this.attributes, (o) => o.toSchema())
      }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    if (!this.parsedKey) {
      const object = {
        version: this.version,
        privateKeyAlgorithm: this.privateKeyAlgorithm.toJSON(),
        privateKey: this.privateKey.toJSON()
      };
      if (this.attributes)
        object.attributes = Array.from(this.attributes, (o) => o.toJSON());
      return object;
    }
    const jwk = {};
    switch (this.privateKeyAlgorithm.algorithmId) {
      case "1.2.840.10045.2.1":
        jwk.kty = "EC";
        break;
      case "1.2.840.113549.1.1.1":
        jwk.kty = "RSA";
    }
    const publicKeyJWK = this.parsedKey.toJSON();
    Object.assign(jwk, publicKeyJWK);
    return jwk;
  }
  fromJSON(json) {
    if ("kty" in json) {
      switch (json.kty.toUpperCase()) {
        case "EC":
          this.parsedKey = new ECPrivateKey({ json });
          this.privateKeyAlgorithm = new AlgorithmIdentifier({
            algorithmId: "1.2.840.10045.2.1",
            algorithmParams: new ObjectIdentifier({ value: this.parsedKey.namedCurve })
          });
          break;
        case "RSA":
          this.parsedKey = new RSAPrivateKey({ json });
          this.privateKeyAlgorithm = new AlgorithmIdentifier({
            algorithmId: "1.2.840.113549.1.1.1",
            algorithmParams: new Null
          });
          break;
        default:
          throw new Error(`Invalid value for "kty" parameter: ${json.kty}`);
      }
      this.privateKey = new OctetString({ valueHex: this.parsedKey.toSchema().toBER(false) });
    }
  }
};
var CONTENT_TYPE$1 = "contentType";
var CONTENT_ENCRYPTION_ALGORITHM = "contentEncryptionAlgorithm";
var ENCRYPTED_CONTENT = "encryptedContent";
var CLEAR_PROPS$69 = [
  CONTENT_TYPE$1,
  CONTENT_ENCRYPTION_ALGORITHM,
  ENCRYPTED_CONTENT
];
var PIECE_SIZE = 1024;
var EncryptedContentInfo = class EncryptedContentInfo extends PkiObject {
  static {
    this.CLASS_NAME = "EncryptedContentInfo";
  }
  constructor(parameters = {}) {
    super();
    this.contentType = parameters[CONTENT_TYPE$1] ?? EncryptedContentInfo.defaultValues(CONTENT_TYPE$1);
    this.contentEncryptionAlgorithm = parameters[CONTENT_ENCRYPTION_ALGORITHM] ?? EncryptedContentInfo.defaultValues(CONTENT_ENCRYPTION_ALGORITHM);
    if (ENCRYPTED_CONTENT in parameters && parameters.encryptedContent) {
      this.encryptedContent = parameters.encryptedContent;
      if (this.encryptedContent.idBlock.tagClass === 1 && this.encryptedContent.idBlock.tagNumber === 4) {
        if (this.encryptedContent.idBlock.isConstructed === false && !parameters.disableSplit) {
          const constrString = new OctetString({
            idBlock: { isConstructed: true },
            isConstructed: true
          });
          let offset = 0;
          const valueHex = this.encryptedContent.valueBlock.valueHexView.slice().buffer;
          let length = valueHex.byteLength;
          while (length > 0) {
            const pieceView = new Uint8Array(valueHex, offset, offset + PIECE_SIZE > valueHex.byteLength ? valueHex.byteLength - offset : PIECE_SIZE);
            const _array = new ArrayBuffer(pieceView.length);
            const _view = new Uint8Array(_array);
            for (let i = 0;i < _view.length; i++)
              _view[i] = pieceView[i];
            constrString.valueBlock.value.push(new OctetString({ valueHex: _array }));
            length -= pieceView.length;
            offset += pieceView.length;
          }
          this.encryptedContent = constrString;
        }
      }
    }
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case CONTENT_TYPE$1:
        return "";
      case CONTENT_ENCRYPTION_ALGORITHM:
        return new AlgorithmIdentifier;
      case ENCRYPTED_CONTENT:
        return new OctetString;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case CONTENT_TYPE$1:
        return memberValue === "";
      case CONTENT_ENCRYPTION_ALGORITHM:
        return memberValue.algorithmId === "" && "algorithmParams" in memberValue === false;
      case ENCRYPTED_CONTENT:
        return memberValue.isEqual(EncryptedContentInfo.defaultValues(ENCRYPTED_CONTENT));
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new ObjectIdentifier({ name: names.contentType || "" }),
        AlgorithmIdentifier.schema(names.contentEncryptionAlgorithm || {}),
        new Choice({ value: [new Constructed({
          name: names.encryptedContent || "",
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [new Repeated({ value: new OctetString })]
        }), new Primitive({
          name: names.encryptedContent || "",
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          }
        })] })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$69)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, EncryptedContentInfo.schema({ names: {
      contentType: CONTENT_TYPE$1,
      contentEncryptionAlgorithm: { names: { blockName: CONTENT_ENCRYPTION_ALGORITHM } },
      encryptedContent: ENCRYPTED_CONTENT
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.contentType = asn1.result.contentType.valueBlock.toString();
    this.contentEncryptionAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.contentEncryptionAlgorithm });
    if (ENCRYPTED_CONTENT in asn1.result) {
      this.encryptedContent = asn1.result.encryptedContent;
      this.encryptedContent.idBlock.tagClass = 1;
      this.encryptedContent.idBlock.tagNumber = 4;
    }
  }
  toSchema() {
    const sequenceLengthBlock = { isIndefiniteForm: false };
    const outputArray = [];
    outputArray.push(new ObjectIdentifier({ value: this.contentType }));
    outputArray.push(this.contentEncryptionAlgorithm.toSchema());
    if (this.encryptedContent) {
      sequenceLengthBlock.isIndefiniteForm = this.encryptedContent.idBlock.isConstructed;
      const encryptedValue = this.encryptedContent;
      encryptedValue.idBlock.tagClass = 3;
      encryptedValue.idBlock.tagNumber = 0;
      encryptedValue.lenBlock.isIndefiniteForm = this.encryptedContent.idBlock.isConstructed;
      outputArray.push(encryptedValue);
    }
    return new Sequence({
      lenBlock: sequenceLengthBlock,
      value: outputArray
    });
  }
  toJSON() {
    const res = {
      contentType: this.contentType,
      contentEncryptionAlgorithm: this.contentEncryptionAlgorithm.toJSON()
    };
    if (this.encryptedContent)
      res.encryptedContent = this.encryptedContent.toJSON();
    return res;
  }
  getEncryptedContent() {
    if (!this.encryptedContent)
      throw new Error("Parameter 'encryptedContent' is undefined");
    return OctetString.prototype.getValue.call(this.encryptedContent);
  }
};
var HASH_ALGORITHM$4 = "hashAlgorithm";
var MASK_GEN_ALGORITHM$1 = "maskGenAlgorithm";
var SALT_LENGTH = "saltLength";
var TRAILER_FIELD = "trailerField";
var CLEAR_PROPS$68 = [
  HASH_ALGORITHM$4,
  MASK_GEN_ALGORITHM$1,
  SALT_LENGTH,
  TRAILER_FIELD
];
var RSASSAPSSParams = class RSASSAPSSParams extends PkiObject {
  static {
    this.CLASS_NAME = "RSASSAPSSParams";
  }
  constructor(parameters = {}) {
    super();
    this.hashAlgorithm = parameters[HASH_ALGORITHM$4] ?? RSASSAPSSParams.defaultValues(HASH_ALGORITHM$4);
    this.maskGenAlgorithm = parameters[MASK_GEN_ALGORITHM$1] ?? RSASSAPSSParams.defaultValues(MASK_GEN_ALGORITHM$1);
    this.saltLength = parameters[SALT_LENGTH] ?? RSASSAPSSParams.defaultValues(SALT_LENGTH);
    this.trailerField = parameters[TRAILER_FIELD] ?? RSASSAPSSParams.defaultValues(TRAILER_FIELD);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case HASH_ALGORITHM$4:
        return new AlgorithmIdentifier({
          algorithmId: "1.3.14.3.2.26",
          algorithmParams: new Null
        });
      case MASK_GEN_ALGORITHM$1:
        return new AlgorithmIdentifier({
          algorithmId: "1.2.840.113549.1.1.8",
          algorithmParams: new AlgorithmIdentifier({
            algorithmId: "1.3.14.3.2.26",
            algorithmParams: new Null
          }).toSchema()
        });
      case SALT_LENGTH:
        return 20;
      case TRAILER_FIELD:
        return 1;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          optional: true,
          value: [AlgorithmIdentifier.schema(names.hashAlgorithm || {})]
        }),
        new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          optional: true,
          value: [AlgorithmIdentifier.schema(names.maskGenAlgorithm || {})]
        }),
        new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 2
          },
          optional: true,
          value: [new Integer({ name: names.saltLength || "" })]
        }),
        new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 3
          },
          optional: true,
          value: [new Integer({ name: names.trailerField || "" })]
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$68)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, RSASSAPSSParams.schema({ names: {
      hashAlgorithm: { names: { blockName: HASH_ALGORITHM$4 } },
      maskGenAlgorithm: { names: { blockName: MASK_GEN_ALGORITHM$1 } },
      saltLength: SALT_LENGTH,
      trailerField: TRAILER_FIELD
    } }));
    AsnError.assertSchema(asn1, this.className);
    if (HASH_ALGORITHM$4 in asn1.result)
      this.hashAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.hashAlgorithm });
    if (MASK_GEN_ALGORITHM$1 in asn1.result)
      this.maskGenAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.maskGenAlgorithm });
    if (SALT_LENGTH in asn1.result)
      this.saltLength = asn1.result.saltLength.valueBlock.valueDec;
    if (TRAILER_FIELD in asn1.result)
      this.trailerField = asn1.result.trailerField.valueBlock.valueDec;
  }
  toSchema() {
    const outputArray = [];
    if (!this.hashAlgorithm.isEqual(RSASSAPSSParams.defaultValues(HASH_ALGORITHM$4)))
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [this.hashAlgorithm.toSchema()]
      }));
    if (!this.maskGenAlgorithm.isEqual(RSASSAPSSParams.defaultValues(MASK_GEN_ALGORITHM$1)))
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        value: [this.maskGenAlgorithm.toSchema()]
      }));
    if (this.saltLength !== RSASSAPSSParams.defaultValues(SALT_LENGTH))
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 2
        },
        value: [new Integer({ value: this.saltLength })]
      }));
    if (this.trailerField !== RSASSAPSSParams.defaultValues(TRAILER_FIELD))
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 3
        },
        value: [new Integer({ value: this.trailerField })]
      }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = {};
    if (!this.hashAlgorithm.isEqual(RSASSAPSSParams.defaultValues(HASH_ALGORITHM$4)))
      res.hashAlgorithm = this.hashAlgorithm.toJSON();
    if (!this.maskGenAlgorithm.isEqual(RSASSAPSSParams.defaultValues(MASK_GEN_ALGORITHM$1)))
      res.maskGenAlgorithm = this.maskGenAlgorithm.toJSON();
    if (this.saltLength !== RSASSAPSSParams.defaultValues(SALT_LENGTH))
      res.saltLength = this.saltLength;
    if (this.trailerField !== RSASSAPSSParams.defaultValues(TRAILER_FIELD))
      res.trailerField = this.trailerField;
    return res;
  }
};
var SALT = "salt";
var ITERATION_COUNT = "iterationCount";
var KEY_LENGTH = "keyLength";
var PRF = "prf";
var CLEAR_PROPS$67 = [
  SALT,
  ITERATION_COUNT,
  KEY_LENGTH,
  PRF
];
var PBKDF2Params = class PBKDF2Params extends PkiObject {
  static {
    this.CLASS_NAME = "PBKDF2Params";
  }
  constructor(parameters = {}) {
    super();
    this.salt = parameters[SALT] ?? PBKDF2Params.defaultValues(SALT);
    this.iterationCount = parameters[ITERATION_COUNT] ?? PBKDF2Params.defaultValues(ITERATION_COUNT);
    if (KEY_LENGTH in parameters)
      this.keyLength = parameters[KEY_LENGTH] ?? PBKDF2Params.defaultValues(KEY_LENGTH);
    if (PRF in parameters)
      this.prf = parameters[PRF] ?? PBKDF2Params.defaultValues(PRF);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case SALT:
        return {};
      case ITERATION_COUNT:
        return -1;
      case KEY_LENGTH:
        return 0;
      case PRF:
        return new AlgorithmIdentifier({
          algorithmId: "1.3.14.3.2.26",
          algorithmParams: new Null
        });
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Choice({ value: [new OctetString({ name: names.saltPrimitive || "" }), AlgorithmIdentifier.schema(names.saltConstructed || {})] }),
        new Integer({ name: names.iterationCount || "" }),
        new Integer({
          name: names.keyLength || "",
          optional: true
        }),
        AlgorithmIdentifier.schema(names.prf || { names: { optional: true } })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$67)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, PBKDF2Params.schema({ names: {
      saltPrimitive: SALT,
      saltConstructed: { names: { blockName: SALT } },
      iterationCount: ITERATION_COUNT,
      keyLength: KEY_LENGTH,
      prf: { names: {
        blockName: PRF,
        optional: true
      } }
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.salt = asn1.result.salt;
    this.iterationCount = asn1.result.iterationCount.valueBlock.valueDec;
    if (KEY_LENGTH in asn1.result)
      this.keyLength = asn1.result.keyLength.valueBlock.valueDec;
    if (PRF in asn1.result)
      this.prf = new AlgorithmIdentifier({ schema: asn1.result.prf });
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(this.salt);
    outputArray.push(new Integer({ value: this.iterationCount }));
    if (KEY_LENGTH in this) {
      if (PBKDF2Params.defaultValues(KEY_LENGTH) !== this.keyLength)
        outputArray.push(new Integer({ value: this.keyLength }));
    }
    if (this.prf) {
      if (PBKDF2Params.defaultValues(PRF).isEqual(this.prf) === false)
        outputArray.push(this.prf.toSchema());
    }
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = {
      salt: this.salt.toJSON(),
      iterationCount: this.iterationCount
    };
    if (KEY_LENGTH in this) {
      if (PBKDF2Params.defaultValues(KEY_LENGTH) !== this.keyLength)
        res.keyLength = this.keyLength;
    }
    if (this.prf) {
      if (PBKDF2Params.defaultValues(PRF).isEqual(this.prf) === false)
        res.prf = this.prf.toJSON();
    }
    return res;
  }
};
var KEY_DERIVATION_FUNC = "keyDerivationFunc";
var ENCRYPTION_SCHEME = "encryptionScheme";
var CLEAR_PROPS$66 = [KEY_DERIVATION_FUNC, ENCRYPTION_SCHEME];
var PBES2Params = class PBES2Params extends PkiObject {
  static {
    this.CLASS_NAME = "PBES2Params";
  }
  constructor(parameters = {}) {
    super();
    this.keyDerivationFunc = parameters[KEY_DERIVATION_FUNC] ?? PBES2Params.defaultValues(KEY_DERIVATION_FUNC);
    this.encryptionScheme = parameters[ENCRYPTION_SCHEME] ?? PBES2Params.defaultValues(ENCRYPTION_SCHEME);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case KEY_DERIVATION_FUNC:
        return new AlgorithmIdentifier;
      case ENCRYPTION_SCHEME:
        return new AlgorithmIdentifier;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [AlgorithmIdentifier.schema(names.keyDerivationFunc || {}), AlgorithmIdentifier.schema(names.encryptionScheme || {})]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$66)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, PBES2Params.schema({ names: {
      keyDerivationFunc: { names: { blockName: KEY_DERIVATION_FUNC } },
      encryptionScheme: { names: { blockName: ENCRYPTION_SCHEME } }
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.keyDerivationFunc = new AlgorithmIdentifier({ schema: asn1.result.keyDerivationFunc });
    this.encryptionScheme = new AlgorithmIdentifier({ schema: asn1.result.encryptionScheme });
  }
  toSchema() {
    return new Sequence({ value: [this.keyDerivationFunc.toSchema(), this.encryptionScheme.toSchema()] });
  }
  toJSON() {
    return {
      keyDerivationFunc: this.keyDerivationFunc.toJSON(),
      encryptionScheme: this.encryptionScheme.toJSON()
    };
  }
};
var AbstractCryptoEngine = class {
  constructor(parameters) {
    this.crypto = parameters.crypto;
    this.subtle = "webkitSubtle" in parameters.crypto ? parameters.crypto.webkitSubtle : parameters.crypto.subtle;
    this.name = parameters.name ?? "";
  }
  async encrypt(...args) {
    return this.subtle.encrypt(...args);
  }
  async decrypt(...args) {
    return this.subtle.decrypt(...args);
  }
  sign(...args) {
    return this.subtle.sign(...args);
  }
  async verify(...args) {
    return this.subtle.verify(...args);
  }
  async digest(...args) {
    return this.subtle.digest(...args);
  }
  async generateKey(...args) {
    return this.subtle.generateKey(...args);
  }
  async deriveKey(...args) {
    return this.subtle.deriveKey(...args);
  }
  async deriveBits(...args) {
    return this.subtle.deriveBits(...args);
  }
  async wrapKey(...args) {
    return this.subtle.wrapKey(...args);
  }
  async unwrapKey(...args) {
    return this.subtle.unwrapKey(...args);
  }
  exportKey(...args) {
    return this.subtle.exportKey(...args);
  }
  importKey(...args) {
    return this.subtle.importKey(...args);
  }
  getRandomValues(array) {
    if (array === null)
      throw new Error('Argument "array" must not be null');
    return this.crypto.getRandomValues(array);
  }
};
async function makePKCS12B2Key(hashAlgorithm, keyLength, password, salt, iterationCount) {
  let u;
  let v;
  let md;
  switch (hashAlgorithm.toUpperCase()) {
    case "SHA-1":
      u = 20;
      v = 64;
      md = sha1;
      break;
    case "SHA-256":
      u = 32;
      v = 64;
      md = sha256;
      break;
    case "SHA-384":
      u = 48;
      v = 128;
      md = sha384;
      break;
    case "SHA-512":
      u = 64;
      v = 128;
      md = sha512;
      break;
    default:
      throw new Error("Unsupported hashing algorithm");
  }
  const originalPassword = new Uint8Array(password);
  let decodedPassword = new TextDecoder().decode(password);
  if (new TextEncoder().encode(decodedPassword).some((byte, i) => byte !== originalPassword[i]))
    decodedPassword = String.fromCharCode(...originalPassword);
  const passwordTransformed = new Uint8Array(decodedPassword.length * 2 + 2);
  const passwordView = new DataView(passwordTransformed.buffer);
  for (let i = 0;i < decodedPassword.length; i++)
    passwordView.setUint16(i * 2, decodedPassword.charCodeAt(i), false);
  passwordView.setUint16(decodedPassword.length * 2, 0, false);
  const D = new Uint8Array(v).fill(3);
  const saltView = new Uint8Array(salt);
  const S = new Uint8Array(v * Math.ceil(saltView.length / v)).map((_, i) => saltView[i % saltView.length]);
  const P = new Uint8Array(v * Math.ceil(passwordTransformed.length / v)).map((_, i) => passwordTransformed[i % passwordTransformed.length]);
  let I = new Uint8Array(S.length + P.length);
  I.set(S);
  I.set(P, S.length);
  const c = Math.ceil((keyLength >> 3) / u);
  const result = [];
  for (let i = 0;i < c; i++) {
    let A = new Uint8Array(D.length + I.length);
    A.set(D);
    A.set(I, D.length);
    for (let j = 0;j < iterationCount; j++)
      A = md(A);
    const B = new Uint8Array(v).map((_, i) => A[i % A.length]);
    const k = Math.ceil(saltView.length / v) + Math.ceil(passwordTransformed.length / v);
    const iRound = [];
    for (let j = 0;j < k; j++) {
      const chunk = Array.from(I.slice(j * v, (j + 1) * v));
      let x = 511;
      for (let l = B.length - 1;l >= 0; l--) {
        x >>= 8;
        x += B[l] + (chunk[l] || 0);
        chunk[l] = x & 255;
      }
      iRound.push(...chunk);
    }
    I = new Uint8Array(iRound);
    result.push(...A);
  }
  return new Uint8Array(result.slice(0, keyLength >> 3)).buffer;
}
function prepareAlgorithm(data) {
  const res = typeof data === "string" ? { name: data } : data;
  if ("hash" in res)
    return {
      ...res,
      hash: prepareAlgorithm(res.hash)
    };
  return res;
}
var CryptoEngine = class extends AbstractCryptoEngine {
  async importKey(format, keyData, algorithm, extractable, keyUsages) {
    let jwk = {};
    const alg = prepareAlgorithm(algorithm);
    switch (format.toLowerCase()) {
      case "raw":
        return this.subtle.importKey("raw", keyData, algorithm, extractable, keyUsages);
      case "spki":
        {
          const asn1 = fromBER(toArrayBuffer2(keyData));
          AsnError.assert(asn1, "keyData");
          const publicKeyInfo = new PublicKeyInfo;
          try {
            publicKeyInfo.fromSchema(asn1.result);
          } catch {
            throw new ArgumentError("Incorrect keyData");
          }
          switch (alg.name.toUpperCase()) {
            case "RSA-PSS":
              {
                keyUsages = ["verify"];
                jwk.kty = "RSA";
                jwk.ext = extractable;
                jwk.key_ops = keyUsages;
                if (!["1.2.840.113549.1.1.1", "1.2.840.113549.1.1.10"].includes(publicKeyInfo.algorithm.algorithmId))
                  throw new Error(`Incorrect public key algorithm: ${publicKeyInfo.algorithm.algorithmId}`);
                if (!alg.hash)
                  throw new ParameterError("hash", "algorithm.hash", "Incorrect hash algorithm: Hash algorithm is missed");
                switch (alg.hash.name.toUpperCase()) {
                  case "SHA-1":
                    jwk.alg = "PS1";
                    break;
                  case "SHA-256":
                    jwk.alg = "PS256";
                    break;
                  case "SHA-384":
                    jwk.alg = "PS384";
                    break;
                  case "SHA-512":
                    jwk.alg = "PS512";
                    break;
                  default:
                    throw new Error(`Incorrect hash algorithm: ${alg.hash.name.toUpperCase()}`);
                }
                const rsaPssPublicKeyJSON = publicKeyInfo.toJSON();
                Object.assign(jwk, rsaPssPublicKeyJSON);
              }
              break;
            case "RSASSA-PKCS1-V1_5":
              {
                keyUsages = ["verify"];
                jwk.kty = "RSA";
                jwk.ext = extractable;
                jwk.key_ops = keyUsages;
                if (publicKeyInfo.algorithm.algorithmId !== "1.2.840.113549.1.1.1")
                  throw new Error(`Incorrect public key algorithm: ${publicKeyInfo.algorithm.algorithmId}`);
                if (!alg.hash)
                  throw new ParameterError("hash", "algorithm.hash", "Incorrect hash algorithm: Hash algorithm is missed");
                switch (alg.hash.name.toUpperCase()) {
                  case "SHA-1":
                    jwk.alg = "RS1";
                    break;
                  case "SHA-256":
                    jwk.alg = "RS256";
                    break;
                  case "SHA-384":
                    jwk.alg = "RS384";
                    break;
                  case "SHA-512":
                    jwk.alg = "RS512";
                    break;
                  default:
                    throw new Error(`Incorrect hash algorithm: ${alg.hash.name.toUpperCase()}`);
                }
                const rsaPublicKeyJSON = publicKeyInfo.toJSON();
                Object.assign(jwk, rsaPublicKeyJSON);
              }
              break;
            case "ECDSA":
              keyUsages = ["verify"];
            case "ECDH":
              {
                jwk = {
                  kty: "EC",
                  ext: extractable,
                  key_ops: keyUsages
                };
                if (publicKeyInfo.algorithm.algorithmId !== "1.2.840.10045.2.1")
                  throw new Error(`Incorrect public key algorithm: ${publicKeyInfo.algorithm.algorithmId}`);
                const publicKeyJSON = publicKeyInfo.toJSON();
                Object.assign(jwk, publicKeyJSON);
              }
              break;
            case "RSA-OAEP":
              {
                jwk.kty = "RSA";
                jwk.ext = extractable;
                jwk.key_ops = keyUsages;
                if (this.name.toLowerCase() === "safari")
                  jwk.alg = "RSA-OAEP";
                else {
                  if (!alg.hash)
                    throw new ParameterError("hash", "algorithm.hash", "Incorrect hash algorithm: Hash algorithm is missed");
                  switch (alg.hash.name.toUpperCase()) {
                    case "SHA-1":
                      jwk.alg = "RSA-OAEP";
                      break;
                    case "SHA-256":
                      jwk.alg = "RSA-OAEP-256";
                      break;
                    case "SHA-384":
                      jwk.alg = "RSA-OAEP-384";
                      break;
                    case "SHA-512":
                      jwk.alg = "RSA-OAEP-512";
                      break;
                    default:
                      throw new Error(`Incorrect hash algorithm: ${alg.hash.name.toUpperCase()}`);
                  }
                }
                const publicKeyJSON = publicKeyInfo.toJSON();
                Object.assign(jwk, publicKeyJSON);
              }
              break;
            case "RSAES-PKCS1-V1_5":
              {
                jwk.kty = "RSA";
                jwk.ext = extractable;
                jwk.key_ops = keyUsages;
                jwk.alg = "PS1";
                const publicKeyJSON = publicKeyInfo.toJSON();
                Object.assign(jwk, publicKeyJSON);
              }
              break;
            default:
              throw new Error(`Incorrect algorithm name: ${alg.name.toUpperCase()}`);
          }
        }
        break;
      case "pkcs8":
        {
          const privateKeyInfo = new PrivateKeyInfo;
          const asn1 = fromBER(toArrayBuffer2(keyData));
          AsnError.assert(asn1, "keyData");
          try {
            privateKeyInfo.fromSchema(asn1.result);
          } catch {
            throw new Error("Incorrect keyData");
          }
          if (!privateKeyInfo.parsedKey)
            throw new Error("Incorrect keyData");
          switch (alg.name.toUpperCase()) {
            case "RSA-PSS":
              switch (alg.hash?.name.toUpperCase()) {
                case "SHA-1":
                  jwk.alg = "PS1";
                  break;
                case "SHA-256":
                  jwk.alg = "PS256";
                  break;
                case "SHA-384":
                  jwk.alg = "PS384";
                  break;
                case "SHA-512":
                  jwk.alg = "PS512";
                  break;
                default:
                  throw new Error(`Incorrect hash algorithm: ${alg.hash?.name.toUpperCase()}`);
              }
            case "RSASSA-PKCS1-V1_5":
              {
                keyUsages = ["sign"];
                jwk.kty = "RSA";
                jwk.ext = extractable;
                jwk.key_ops = keyUsages;
                if (privateKeyInfo.privateKeyAlgorithm.algorithmId !== "1.2.840.113549.1.1.1")
                  throw new Error(`Incorrect private key algorithm: ${privateKeyInfo.privateKeyAlgorithm.algorithmId}`);
                if ("alg" in jwk === false)
                  switch (alg.hash?.name.toUpperCase()) {
                    case "SHA-1":
                      jwk.alg = "RS1";
                      break;
                    case "SHA-256":
                      jwk.alg = "RS256";
                      break;
                    case "SHA-384":
                      jwk.alg = "RS384";
                      break;
                    case "SHA-512":
                      jwk.alg = "RS512";
                      break;
                    default:
                      throw new Error(`Incorrect hash algorithm: ${alg.hash?.name.toUpperCase()}`);
                  }
                const privateKeyJSON = privateKeyInfo.toJSON();
                Object.assign(jwk, privateKeyJSON);
              }
              break;
            case "ECDSA":
              keyUsages = ["sign"];
            case "ECDH":
              {
                jwk = {
                  kty: "EC",
                  ext: extractable,
                  key_ops: keyUsages
                };
                if (privateKeyInfo.privateKeyAlgorithm.algorithmId !== "1.2.840.10045.2.1")
                  throw new Error(`Incorrect algorithm: ${privateKeyInfo.privateKeyAlgorithm.algorithmId}`);
                const privateKeyJSON = privateKeyInfo.toJSON();
                Object.assign(jwk, privateKeyJSON);
              }
              break;
            case "RSA-OAEP":
              {
                jwk.kty = "RSA";
                jwk.ext = extractable;
                jwk.key_ops = keyUsages;
                if (this.name.toLowerCase() === "safari")
                  jwk.alg = "RSA-OAEP";
                else
                  switch (alg.hash?.name.toUpperCase()) {
                    case "SHA-1":
                      jwk.alg = "RSA-OAEP";
                      break;
                    case "SHA-256":
                      jwk.alg = "RSA-OAEP-256";
                      break;
                    case "SHA-384":
                      jwk.alg = "RSA-OAEP-384";
                      break;
                    case "SHA-512":
                      jwk.alg = "RSA-OAEP-512";
                      break;
                    default:
                      throw new Error(`Incorrect hash algorithm: ${alg.hash?.name.toUpperCase()}`);
                  }
                const privateKeyJSON = privateKeyInfo.toJSON();
                Object.assign(jwk, privateKeyJSON);
              }
              break;
            case "RSAES-PKCS1-V1_5":
              {
                keyUsages = ["decrypt"];
                jwk.kty = "RSA";
                jwk.ext = extractable;
                jwk.key_ops = keyUsages;
                jwk.alg = "PS1";
                const privateKeyJSON = privateKeyInfo.toJSON();
                Object.assign(jwk, privateKeyJSON);
              }
              break;
            default:
              throw new Error(`Incorrect algorithm name: ${alg.name.toUpperCase()}`);
          }
        }
        break;
      case "jwk":
        jwk = keyData;
        break;
      default:
        throw new Error(`Incorrect format: ${format}`);
    }
    if (this.name.toLowerCase() === "safari")
      try {
        return this.subtle.importKey("jwk", binary_exports2.decode(JSON.stringify(jwk)).buffer, algorithm, extractable, keyUsages);
      } catch {
        return this.subtle.importKey("jwk", jwk, algorithm, extractable, keyUsages);
      }
    return this.subtle.importKey("jwk", jwk, algorithm, extractable, keyUsages);
  }
  async exportKey(format, key) {
    let jwk = await this.subtle.exportKey("jwk", key);
    if (this.name.toLowerCase() === "safari") {
      if (jwk instanceof ArrayBuffer)
        jwk = JSON.parse(binary_exports2.encode(jwk));
    }
    switch (format.toLowerCase()) {
      case "raw":
        return this.subtle.exportKey("raw", key);
      case "spki": {
        const publicKeyInfo = new PublicKeyInfo;
        try {
          publicKeyInfo.fromJSON(jwk);
        } catch {
          throw new Error("Incorrect key data");
        }
        return publicKeyInfo.toSchema().toBER(false);
      }
      case "pkcs8": {
        const privateKeyInfo = new PrivateKeyInfo;
        try {
          privateKeyInfo.fromJSON(jwk);
        } catch {
          throw new Error("Incorrect key data");
        }
        return privateKeyInfo.toSchema().toBER(false);
      }
      case "jwk":
        return jwk;
      default:
        throw new Error(`Incorrect format: ${format}`);
    }
  }
  async convert(inputFormat, outputFormat, keyData, algorithm, extractable, keyUsages) {
    if (inputFormat.toLowerCase() === outputFormat.toLowerCase())
      return keyData;
    const key = await this.importKey(inputFormat, keyData, algorithm, extractable, keyUsages);
    return this.exportKey(outputFormat, key);
  }
  getAlgorithmByOID(oid, safety = false, target) {
    switch (oid) {
      case "1.2.840.113549.1.1.1":
        return { name: "RSAES-PKCS1-v1_5" };
      case "1.2.840.113549.1.1.5":
        return {
          name: "RSASSA-PKCS1-v1_5",
          hash: { name: "SHA-1" }
        };
      case "1.2.840.113549.1.1.11":
        return {
          name: "RSASSA-PKCS1-v1_5",
          hash: { name: "SHA-256" }
        };
      case "1.2.840.113549.1.1.12":
        return {
          name: "RSASSA-PKCS1-v1_5",
          hash: { name: "SHA-384" }
        };
      case "1.2.840.113549.1.1.13":
        return {
          name: "RSASSA-PKCS1-v1_5",
          hash: { name: "SHA-512" }
        };
      case "1.2.840.113549.1.1.10":
        return { name: "RSA-PSS" };
      case "1.2.840.113549.1.1.7":
        return { name: "RSA-OAEP" };
      case "1.2.840.10045.2.1":
      case "1.2.840.10045.4.1":
        return {
          name: "ECDSA",
          hash: { name: "SHA-1" }
        };
      case "1.2.840.10045.4.3.2":
        return {
          name: "ECDSA",
          hash: { name: "SHA-256" }
        };
      case "1.2.840.10045.4.3.3":
        return {
          name: "ECDSA",
          hash: { name: "SHA-384" }
        };
      case "1.2.840.10045.4.3.4":
        return {
          name: "ECDSA",
          hash: { name: "SHA-512" }
        };
      case "1.3.133.16.840.63.0.2":
        return {
          name: "ECDH",
          kdf: "SHA-1"
        };
      case "1.3.132.1.11.1":
        return {
          name: "ECDH",
          kdf: "SHA-256"
        };
      case "1.3.132.1.11.2":
        return {
          name: "ECDH",
          kdf: "SHA-384"
        };
      case "1.3.132.1.11.3":
        return {
          name: "ECDH",
          kdf: "SHA-512"
        };
      case "2.16.840.1.101.3.4.1.2":
        return {
          name: "AES-CBC",
          length: 128
        };
      case "2.16.840.1.101.3.4.1.22":
        return {
          name: "AES-CBC",
          length: 192
        };
      case "2.16.840.1.101.3.4.1.42":
        return {
          name: "AES-CBC",
          length: 256
        };
      case "2.16.840.1.101.3.4.1.6":
        return {
          name: "AES-GCM",
          length: 128
        };
      case "2.16.840.1.101.3.4.1.26":
        return {
          name: "AES-GCM",
          length: 192
        };
      case "2.16.840.1.101.3.4.1.46":
        return {
          name: "AES-GCM",
          length: 256
        };
      case "2.16.840.1.101.3.4.1.4":
        return {
          name: "AES-CFB",
          length: 128
        };
      case "2.16.840.1.101.3.4.1.24":
        return {
          name: "AES-CFB",
          length: 192
        };
      case "2.16.840.1.101.3.4.1.44":
        return {
          name: "AES-CFB",
          length: 256
        };
      case "2.16.840.1.101.3.4.1.5":
        return {
          name: "AES-KW",
          length: 128
        };
      case "2.16.840.1.101.3.4.1.25":
        return {
          name: "AES-KW",
          length: 192
        };
      case "2.16.840.1.101.3.4.1.45":
        return {
          name: "AES-KW",
          length: 256
        };
      case "1.2.840.113549.2.7":
        return {
          name: "HMAC",
          hash: { name: "SHA-1" }
        };
      case "1.2.840.113549.2.9":
        return {
          name: "HMAC",
          hash: { name: "SHA-256" }
        };
      case "1.2.840.113549.2.10":
        return {
          name: "HMAC",
          hash: { name: "SHA-384" }
        };
      case "1.2.840.113549.2.11":
        return {
          name: "HMAC",
          hash: { name: "SHA-512" }
        };
      case "1.2.840.113549.1.9.16.3.5":
        return { name: "DH" };
      case "1.3.14.3.2.26":
        return { name: "SHA-1" };
      case "2.16.840.1.101.3.4.2.1":
        return { name: "SHA-256" };
      case "2.16.840.1.101.3.4.2.2":
        return { name: "SHA-384" };
      case "2.16.840.1.101.3.4.2.3":
        return { name: "SHA-512" };
      case "1.2.840.113549.1.5.12":
        return { name: "PBKDF2" };
      case "1.2.840.10045.3.1.7":
        return { name: "P-256" };
      case "1.3.132.0.34":
        return { name: "P-384" };
      case "1.3.132.0.35":
        return { name: "P-521" };
    }
    if (safety)
      throw new Error(`Unsupported algorithm identifier ${target ? `for ${target} ` : ""}: ${oid}`);
    return {};
  }
  getOIDByAlgorithm(algorithm, safety = false, target) {
    let result = "";
    switch (algorithm.name.toUpperCase()) {
      case "RSAES-PKCS1-V1_5":
        result = "1.2.840.113549.1.1.1";
        break;
      case "RSASSA-PKCS1-V1_5":
        switch (algorithm.hash.name.toUpperCase()) {
          case "SHA-1":
            result = "1.2.840.113549.1.1.5";
            break;
          case "SHA-256":
            result = "1.2.840.113549.1.1.11";
            break;
          case "SHA-384":
            result = "1.2.840.113549.1.1.12";
            break;
          case "SHA-512":
            result = "1.2.840.113549.1.1.13";
        }
        break;
      case "RSA-PSS":
        result = "1.2.840.113549.1.1.10";
        break;
      case "RSA-OAEP":
        result = "1.2.840.113549.1.1.7";
        break;
      case "ECDSA":
        switch (algorithm.hash.name.toUpperCase()) {
          case "SHA-1":
            result = "1.2.840.10045.4.1";
            break;
          case "SHA-256":
            result = "1.2.840.10045.4.3.2";
            break;
          case "SHA-384":
            result = "1.2.840.10045.4.3.3";
            break;
          case "SHA-512":
            result = "1.2.840.10045.4.3.4";
        }
        break;
      case "ECDH":
        switch (algorithm.kdf.toUpperCase()) {
          case "SHA-1":
            result = "1.3.133.16.840.63.0.2";
            break;
          case "SHA-256":
            result = "1.3.132.1.11.1";
            break;
          case "SHA-384":
            result = "1.3.132.1.11.2";
            break;
          case "SHA-512":
            result = "1.3.132.1.11.3";
        }
        break;
      case "AES-CTR":
        break;
      case "AES-CBC":
        switch (algorithm.length) {
          case 128:
            result = "2.16.840.1.101.3.4.1.2";
            break;
          case 192:
            result = "2.16.840.1.101.3.4.1.22";
            break;
          case 256:
            result = "2.16.840.1.101.3.4.1.42";
        }
        break;
      case "AES-CMAC":
        break;
      case "AES-GCM":
        switch (algorithm.length) {
          case 128:
            result = "2.16.840.1.101.3.4.1.6";
            break;
          case 192:
            result = "2.16.840.1.101.3.4.1.26";
            break;
          case 256:
            result = "2.16.840.1.101.3.4.1.46";
        }
        break;
      case "AES-CFB":
        switch (algorithm.length) {
          case 128:
            result = "2.16.840.1.101.3.4.1.4";
            break;
          case 192:
            result = "2.16.840.1.101.3.4.1.24";
            break;
          case 256:
            result = "2.16.840.1.101.3.4.1.44";
        }
        break;
      case "AES-KW":
        switch (algorithm.length) {
          case 128:
            result = "2.16.840.1.101.3.4.1.5";
            break;
          case 192:
            result = "2.16.840.1.101.3.4.1.25";
            break;
          case 256:
            result = "2.16.840.1.101.3.4.1.45";
        }
        break;
      case "HMAC":
        switch (algorithm.hash.name.toUpperCase()) {
          case "SHA-1":
            result = "1.2.840.113549.2.7";
            break;
          case "SHA-256":
            result = "1.2.840.113549.2.9";
            break;
          case "SHA-384":
            result = "1.2.840.113549.2.10";
            break;
          case "SHA-512":
            result = "1.2.840.113549.2.11";
        }
        break;
      case "DH":
        result = "1.2.840.113549.1.9.16.3.5";
        break;
      case "SHA-1":
        result = "1.3.14.3.2.26";
        break;
      case "SHA-256":
        result = "2.16.840.1.101.3.4.2.1";
        break;
      case "SHA-384":
        result = "2.16.840.1.101.3.4.2.2";
        break;
      case "SHA-512":
        result = "2.16.840.1.101.3.4.2.3";
        break;
      case "CONCAT":
        break;
      case "HKDF":
        break;
      case "PBKDF2":
        result = "1.2.840.113549.1.5.12";
        break;
      case "P-256":
        result = "1.2.840.10045.3.1.7";
        break;
      case "P-384":
        result = "1.3.132.0.34";
        break;
      case "P-521":
        result = "1.3.132.0.35";
    }
    if (!result && safety)
      throw new Error(`Unsupported algorithm ${target ? `for ${target} ` : ""}: ${algorithm.name}`);
    return result;
  }
  getAlgorithmParameters(algorithmName, operation) {
    let result = {
      algorithm: {},
      usages: []
    };
    switch (algorithmName.toUpperCase()) {
      case "RSAES-PKCS1-V1_5":
      case "RSASSA-PKCS1-V1_5":
        switch (operation.toLowerCase()) {
          case "generatekey":
            result = {
              algorithm: {
                name: "RSASSA-PKCS1-v1_5",
                modulusLength: 2048,
                publicExponent: new Uint8Array([
                  1,
                  0,
                  1
                ]),
                hash: { name: "SHA-256" }
              },
              usages: ["sign", "verify"]
            };
            break;
          case "verify":
          case "sign":
          case "importkey":
            result = {
              algorithm: {
                name: "RSASSA-PKCS1-v1_5",
                hash: { name: "SHA-256" }
              },
              usages: ["verify"]
            };
            break;
          default:
            return {
              algorithm: { name: "RSASSA-PKCS1-v1_5" },
              usages: []
            };
        }
        break;
      case "RSA-PSS":
        switch (operation.toLowerCase()) {
          case "sign":
          case "verify":
            result = {
              algorithm: {
                name: "RSA-PSS",
                hash: { name: "SHA-1" },
                saltLength: 20
              },
              usages: ["sign", "verify"]
            };
            break;
          case "generatekey":
            result = {
              algorithm: {
                name: "RSA-PSS",
                modulusLength: 2048,
                publicExponent: new Uint8Array([
                  1,
                  0,
                  1
                ]),
                hash: { name: "SHA-1" }
              },
              usages: ["sign", "verify"]
            };
            break;
          case "importkey":
            result = {
              algorithm: {
                name: "RSA-PSS",
                hash: { name: "SHA-1" }
              },
              usages: ["verify"]
            };
            break;
          default:
            return {
              algorithm: { name: "RSA-PSS" },
              usages: []
            };
        }
        break;
      case "RSA-OAEP":
        switch (operation.toLowerCase()) {
          case "encrypt":
          case "decrypt":
            result = {
              algorithm: { name: "RSA-OAEP" },
              usages: ["encrypt", "decrypt"]
            };
            break;
          case "generatekey":
            result = {
              algorithm: {
                name: "RSA-OAEP",
                modulusLength: 2048,
                publicExponent: new Uint8Array([
                  1,
                  0,
                  1
                ]),
                hash: { name: "SHA-256" }
              },
              usages: [
                "encrypt",
                "decrypt",
                "wrapKey",
                "unwrapKey"
              ]
            };
            break;
          case "importkey":
            result = {
              algorithm: {
                name: "RSA-OAEP",
                hash: { name: "SHA-256" }
              },
              usages: ["encrypt"]
            };
            break;
          default:
            return {
              algorithm: { name: "RSA-OAEP" },
              usages: []
            };
        }
        break;
      case "ECDSA":
        switch (operation.toLowerCase()) {
          case "generatekey":
            result = {
              algorithm: {
                name: "ECDSA",
                namedCurve: "P-256"
              },
              usages: ["sign", "verify"]
            };
            break;
          case "importkey":
            result = {
              algorithm: {
                name: "ECDSA",
                namedCurve: "P-256"
              },
              usages: ["verify"]
            };
            break;
          case "verify":
          case "sign":
            result = {
              algorithm: {
                name: "ECDSA",
                hash: { name: "SHA-256" }
              },
              usages: ["sign"]
            };
            break;
          default:
            return {
              algorithm: { name: "ECDSA" },
              usages: []
            };
        }
        break;
      case "ECDH":
        switch (operation.toLowerCase()) {
          case "exportkey":
          case "importkey":
          case "generatekey":
            result = {
              algorithm: {
                name: "ECDH",
                namedCurve: "P-256"
              },
              usages: ["deriveKey", "deriveBits"]
            };
            break;
          case "derivekey":
          case "derivebits":
            result = {
              algorithm: {
                name: "ECDH",
                namedCurve: "P-256",
                public: []
              },
              usages: ["encrypt", "decrypt"]
            };
            break;
          default:
            return {
              algorithm: { name: "ECDH" },
              usages: []
            };
        }
        break;
      case "AES-CTR":
        switch (operation.toLowerCase()) {
          case "importkey":
          case "exportkey":
          case "generatekey":
            result = {
              algorithm: {
                name: "AES-CTR",
                length: 256
              },
              usages: [
                "encrypt",
                "decrypt",
                "wrapKey",
                "unwrapKey"
              ]
            };
            break;
          case "decrypt":
          case "encrypt":
            result = {
              algorithm: {
                name: "AES-CTR",
                counter: /* @__PURE__ */ new Uint8Array(16),
                length: 10
              },
              usages: [
                "encrypt",
                "decrypt",
                "wrapKey",
                "unwrapKey"
              ]
            };
            break;
          default:
            return {
              algorithm: { name: "AES-CTR" },
              usages: []
            };
        }
        break;
      case "AES-CBC":
        switch (operation.toLowerCase()) {
          case "importkey":
          case "exportkey":
          case "generatekey":
            result = {
              algorithm: {
                name: "AES-CBC",
                length: 256
              },
              usages: [
                "encrypt",
                "decrypt",
                "wrapKey",
                "unwrapKey"
              ]
            };
            break;
          case "decrypt":
          case "encrypt":
            result = {
              algorithm: {
                name: "AES-CBC",
                iv: this.getRandomValues(/* @__PURE__ */ new Uint8Array(16))
              },
              usages: [
                "encrypt",
                "decrypt",
                "wrapKey",
                "unwrapKey"
              ]
            };
            break;
          default:
            return {
              algorithm: { name: "AES-CBC" },
              usages: []
            };
        }
        break;
      case "AES-GCM":
        switch (operation.toLowerCase()) {
          case "importkey":
          case "exportkey":
          case "generatekey":
            result = {
              algorithm: {
                name: "AES-GCM",
                length: 256
              },
              usages: [
                "encrypt",
                "decrypt",
                "wrapKey",
                "unwrapKey"
              ]
            };
            break;
          case "decrypt":
          case "encrypt":
            result = {
              algorithm: {
                name: "AES-GCM",
                iv: this.getRandomValues(/* @__PURE__ */ new Uint8Array(16))
              },
              usages: [
                "encrypt",
                "decrypt",
                "wrapKey",
                "unwrapKey"
              ]
            };
            break;
          default:
            return {
              algorithm: { name: "AES-GCM" },
              usages: []
            };
        }
        break;
      case "AES-KW":
        switch (operation.toLowerCase()) {
          case "importkey":
          case "exportkey":
          case "generatekey":
          case "wrapkey":
          case "unwrapkey":
            result = {
              algorithm: {
                name: "AES-KW",
                length: 256
              },
              usages: ["wrapKey", "unwrapKey"]
            };
            break;
          default:
            return {
              algorithm: { name: "AES-KW" },
              usages: []
            };
        }
        break;
      case "HMAC":
        switch (operation.toLowerCase()) {
          case "sign":
          case "verify":
            result = {
              algorithm: { name: "HMAC" },
              usages: ["sign", "verify"]
            };
            break;
          case "importkey":
          case "exportkey":
          case "generatekey":
            result = {
              algorithm: {
                name: "HMAC",
                length: 32,
                hash: { name: "SHA-256" }
              },
              usages: ["sign", "verify"]
            };
            break;
          default:
            return {
              algorithm: { name: "HMAC" },
              usages: []
            };
        }
        break;
      case "HKDF":
        switch (operation.toLowerCase()) {
          case "derivekey":
            result = {
              algorithm: {
                name: "HKDF",
                hash: "SHA-256",
                salt: new Uint8Array([]),
                info: new Uint8Array([])
              },
              usages: ["encrypt", "decrypt"]
            };
            break;
          default:
            return {
              algorithm: { name: "HKDF" },
              usages: []
            };
        }
        break;
      case "PBKDF2":
        switch (operation.toLowerCase()) {
          case "derivekey":
            result = {
              algorithm: {
                name: "PBKDF2",
                hash: { name: "SHA-256" },
                salt: new Uint8Array([]),
                iterations: 1e4
              },
              usages: ["encrypt", "decrypt"]
            };
            break;
          default:
            return {
              algorithm: { name: "PBKDF2" },
              usages: []
            };
        }
    }
    return result;
  }
  getHashAlgorithm(signatureAlgorithm) {
    let result = "";
    switch (signatureAlgorithm.algorithmId) {
      case "1.2.840.10045.4.1":
      case "1.2.840.113549.1.1.5":
        result = "SHA-1";
        break;
      case "1.2.840.10045.4.3.2":
      case "1.2.840.113549.1.1.11":
        result = "SHA-256";
        break;
      case "1.2.840.10045.4.3.3":
      case "1.2.840.113549.1.1.12":
        result = "SHA-384";
        break;
      case "1.2.840.10045.4.3.4":
      case "1.2.840.113549.1.1.13":
        result = "SHA-512";
        break;
      case "1.2.840.113549.1.1.10":
        try {
          const params = new RSASSAPSSParams({ schema: signatureAlgorithm.algorithmParams });
          if (params.hashAlgorithm) {
            const algorithm = this.getAlgorithmByOID(params.hashAlgorithm.algorithmId);
            if ("name" in algorithm)
              result = algorithm.name;
            else
              return "";
          } else
            result = "SHA-1";
        } catch {}
    }
    return result;
  }
  async encryptEncryptedContentInfo(parameters) {
    ParameterError.assert(parameters, "password", "contentEncryptionAlgorithm", "hmacHashAlgorithm", "iterationCount", "contentToEncrypt", "contentToEncrypt", "contentType");
    const contentEncryptionOID = this.getOIDByAlgorithm(parameters.contentEncryptionAlgorithm, true, "contentEncryptionAlgorithm");
    const pbkdf2OID = this.getOIDByAlgorithm({ name: "PBKDF2" }, true, "PBKDF2");
    const hmacOID = this.getOIDByAlgorithm({
      name: "HMAC",
      hash: { name: parameters.hmacHashAlgorithm }
    }, true, "hmacHashAlgorithm");
    const ivBuffer = /* @__PURE__ */ new ArrayBuffer(16);
    const ivView = new Uint8Array(ivBuffer);
    this.getRandomValues(ivView);
    const saltBuffer = /* @__PURE__ */ new ArrayBuffer(64);
    const saltView = new Uint8Array(saltBuffer);
    this.getRandomValues(saltView);
    const contentView = new Uint8Array(parameters.contentToEncrypt);
    const pbkdf2Params = new PBKDF2Params({
      salt: new OctetString({ valueHex: saltBuffer }),
      iterationCount: parameters.iterationCount,
      prf: new AlgorithmIdentifier({
        algorithmId: hmacOID,
        algorithmParams: new Null
      })
    });
    const passwordView = new Uint8Array(parameters.password);
    const pbkdfKey = await this.importKey("raw", passwordView, "PBKDF2", false, ["deriveKey"]);
    const derivedKey = await this.deriveKey({
      name: "PBKDF2",
      hash: { name: parameters.hmacHashAlgorithm },
      salt: saltView,
      iterations: parameters.iterationCount
    }, pbkdfKey, parameters.contentEncryptionAlgorithm, false, ["encrypt"]);
    const encryptedData = await this.encrypt({
      name: parameters.contentEncryptionAlgorithm.name,
      iv: ivView
    }, derivedKey, contentView);
    const pbes2Parameters = new PBES2Params({
      keyDerivationFunc: new AlgorithmIdentifier({
        algorithmId: pbkdf2OID,
        algorithmParams: pbkdf2Params.toSchema()
      }),
      encryptionScheme: new AlgorithmIdentifier({
        algorithmId: contentEncryptionOID,
        algorithmParams: new OctetString({ valueHex: ivBuffer })
      })
    });
    return new EncryptedContentInfo({
      contentType: parameters.contentType,
      contentEncryptionAlgorithm: new AlgorithmIdentifier({
        algorithmId: "1.2.840.113549.1.5.13",
        algorithmParams: pbes2Parameters.toSchema()
      }),
      encryptedContent: new OctetString({ valueHex: encryptedData })
    });
  }
  async decryptEncryptedContentInfo(parameters) {
    ParameterError.assert(parameters, "password", "encryptedContentInfo");
    if (parameters.encryptedContentInfo.contentEncryptionAlgorithm.algorithmId !== "1.2.840.113549.1.5.13")
      throw new Error(`Unknown "contentEncryptionAlgorithm": ${parameters.encryptedContentInfo.contentEncryptionAlgorithm.algorithmId}`);
    let pbes2Parameters;
    try {
      pbes2Parameters = new PBES2Params({ schema: parameters.encryptedContentInfo.contentEncryptionAlgorithm.algorithmParams });
    } catch {
      throw new Error('Incorrectly encoded "pbes2Parameters"');
    }
    let pbkdf2Params;
    try {
      pbkdf2Params = new PBKDF2Params({ schema: pbes2Parameters.keyDerivationFunc.algorithmParams });
    } catch {
      throw new Error('Incorrectly encoded "pbkdf2Params"');
    }
    const contentEncryptionAlgorithm = this.getAlgorithmByOID(pbes2Parameters.encryptionScheme.algorithmId, true);
    const ivBuffer = pbes2Parameters.encryptionScheme.algorithmParams.valueBlock.valueHex;
    const ivView = new Uint8Array(ivBuffer);
    const saltBuffer = pbkdf2Params.salt.valueBlock.valueHex;
    const saltView = new Uint8Array(saltBuffer);
    const iterationCount = pbkdf2Params.iterationCount;
    let hmacHashAlgorithm = "SHA-1";
    if (pbkdf2Params.prf)
      hmacHashAlgorithm = this.getAlgorithmByOID(pbkdf2Params.prf.algorithmId, true).hash.name;
    const pbkdfKey = await this.importKey("raw", parameters.password, "PBKDF2", false, ["deriveKey"]);
    const result = await this.deriveKey({
      name: "PBKDF2",
      hash: { name: hmacHashAlgorithm },
      salt: saltView,
      iterations: iterationCount
    }, pbkdfKey, contentEncryptionAlgorithm, false, ["decrypt"]);
    const dataBuffer = parameters.encryptedContentInfo.getEncryptedContent();
    return this.decrypt({
      name: contentEncryptionAlgorithm.name,
      iv: ivView
    }, result, dataBuffer);
  }
  async stampDataWithPassword(parameters) {
    if (parameters instanceof Object === false)
      throw new Error('Parameters must have type "Object"');
    ParameterError.assert(parameters, "password", "hashAlgorithm", "iterationCount", "salt", "contentToStamp");
    let length;
    switch (parameters.hashAlgorithm.toLowerCase()) {
      case "sha-1":
        length = 160;
        break;
      case "sha-256":
        length = 256;
        break;
      case "sha-384":
        length = 384;
        break;
      case "sha-512":
        length = 512;
        break;
      default:
        throw new Error(`Incorrect "parameters.hashAlgorithm" parameter: ${parameters.hashAlgorithm}`);
    }
    const hmacAlgorithm = {
      name: "HMAC",
      length,
      hash: { name: parameters.hashAlgorithm }
    };
    const pkcsKey = await makePKCS12B2Key(parameters.hashAlgorithm, length, parameters.password, parameters.salt, parameters.iterationCount);
    const hmacKey = await this.importKey("raw", new Uint8Array(pkcsKey), hmacAlgorithm, false, ["sign"]);
    return this.sign(hmacAlgorithm, hmacKey, new Uint8Array(parameters.contentToStamp));
  }
  async verifyDataStampedWithPassword(parameters) {
    ParameterError.assert(parameters, "password", "hashAlgorithm", "salt", "iterationCount", "contentToVerify", "signatureToVerify");
    let length = 0;
    switch (parameters.hashAlgorithm.toLowerCase()) {
      case "sha-1":
        length = 160;
        break;
      case "sha-256":
        length = 256;
        break;
      case "sha-384":
        length = 384;
        break;
      case "sha-512":
        length = 512;
        break;
      default:
        throw new Error(`Incorrect "parameters.hashAlgorithm" parameter: ${parameters.hashAlgorithm}`);
    }
    const hmacAlgorithm = {
      name: "HMAC",
      length,
      hash: { name: parameters.hashAlgorithm }
    };
    const pkcsKey = await makePKCS12B2Key(parameters.hashAlgorithm, length, parameters.password, parameters.salt, parameters.iterationCount);
    const hmacKey = await this.importKey("raw", new Uint8Array(pkcsKey), hmacAlgorithm, false, ["verify"]);
    return this.verify(hmacAlgorithm, hmacKey, new Uint8Array(parameters.signatureToVerify), new Uint8Array(parameters.contentToVerify));
  }
  async getSignatureParameters(privateKey, hashAlgorithm = "SHA-1") {
    this.getOIDByAlgorithm({ name: hashAlgorithm }, true, "hashAlgorithm");
    const signatureAlgorithm = new AlgorithmIdentifier;
    const parameters = this.getAlgorithmParameters(privateKey.algorithm.name, "sign");
    if (!Object.keys(parameters.algorithm).length)
      throw new Error("Parameter 'algorithm' is empty");
    const algorithm = parameters.algorithm;
    if ("hash" in privateKey.algorithm && privateKey.algorithm.hash && privateKey.algorithm.hash.name)
      algorithm.hash.name = privateKey.algorithm.hash.name;
    else
      algorithm.hash.name = hashAlgorithm;
    switch (privateKey.algorithm.name.toUpperCase()) {
      case "RSASSA-PKCS1-V1_5":
      case "ECDSA":
        signatureAlgorithm.algorithmId = this.getOIDByAlgorithm(algorithm, true);
        break;
      case "RSA-PSS":
        {
          switch (algorithm.hash.name.toUpperCase()) {
            case "SHA-256":
              algorithm.saltLength = 32;
              break;
            case "SHA-384":
              algorithm.saltLength = 48;
              break;
            case "SHA-512":
              algorithm.saltLength = 64;
          }
          const paramsObject = {};
          if (algorithm.hash.name.toUpperCase() !== "SHA-1") {
            paramsObject.hashAlgorithm = new AlgorithmIdentifier({
              algorithmId: this.getOIDByAlgorithm({ name: algorithm.hash.name }, true, "hashAlgorithm"),
              algorithmParams: new Null
            });
            paramsObject.maskGenAlgorithm = new AlgorithmIdentifier({
              algorithmId: "1.2.840.113549.1.1.8",
              algorithmParams: paramsObject.hashAlgorithm.toSchema()
            });
          }
          if (algorithm.saltLength !== 20)
            paramsObject.saltLength = algorithm.saltLength;
          const pssParameters = new RSASSAPSSParams(paramsObject);
          signatureAlgorithm.algorithmId = "1.2.840.113549.1.1.10";
          signatureAlgorithm.algorithmParams = pssParameters.toSchema();
        }
        break;
      default:
        throw new Error(`Unsupported signature algorithm: ${privateKey.algorithm.name}`);
    }
    return {
      signatureAlgorithm,
      parameters
    };
  }
  async signWithPrivateKey(data, privateKey, parameters) {
    const signature = await this.sign(parameters.algorithm, privateKey, data);
    if (parameters.algorithm.name === "ECDSA")
      return createCMSECDSASignature(signature);
    return signature;
  }
  fillPublicKeyParameters(publicKeyInfo, signatureAlgorithm) {
    const parameters = {};
    const shaAlgorithm = this.getHashAlgorithm(signatureAlgorithm);
    if (shaAlgorithm === "")
      throw new Error(`Unsupported signature algorithm: ${signatureAlgorithm.algorithmId}`);
    let algorithmId;
    if (signatureAlgorithm.algorithmId === "1.2.840.113549.1.1.10")
      algorithmId = signatureAlgorithm.algorithmId;
    else
      algorithmId = publicKeyInfo.algorithm.algorithmId;
    const algorithmObject = this.getAlgorithmByOID(algorithmId, true);
    parameters.algorithm = this.getAlgorithmParameters(algorithmObject.name, "importKey");
    if ("hash" in parameters.algorithm.algorithm)
      parameters.algorithm.algorithm.hash.name = shaAlgorithm;
    if (algorithmObject.name === "ECDSA") {
      const publicKeyAlgorithm = publicKeyInfo.algorithm;
      if (!publicKeyAlgorithm.algorithmParams)
        throw new Error("Algorithm parameters for ECDSA public key are missed");
      const publicKeyAlgorithmParams = publicKeyAlgorithm.algorithmParams;
      if ("idBlock" in publicKeyAlgorithm.algorithmParams) {
        if (!(publicKeyAlgorithmParams.idBlock.tagClass === 1 && publicKeyAlgorithmParams.idBlock.tagNumber === 6))
          throw new Error("Incorrect type for ECDSA public key parameters");
      }
      const curveObject = this.getAlgorithmByOID(publicKeyAlgorithmParams.valueBlock.toString(), true);
      parameters.algorithm.algorithm.namedCurve = curveObject.name;
    }
    return parameters;
  }
  async getPublicKey(publicKeyInfo, signatureAlgorithm, parameters) {
    if (!parameters)
      parameters = this.fillPublicKeyParameters(publicKeyInfo, signatureAlgorithm);
    const publicKeyInfoBuffer = publicKeyInfo.toSchema().toBER(false);
    return this.importKey("spki", publicKeyInfoBuffer, parameters.algorithm.algorithm, true, parameters.algorithm.usages);
  }
  async verifyWithPublicKey(data, signature, publicKeyInfo, signatureAlgorithm, shaAlgorithm) {
    let publicKey;
    if (!shaAlgorithm) {
      shaAlgorithm = this.getHashAlgorithm(signatureAlgorithm);
      if (!shaAlgorithm)
        throw new Error(`Unsupported signature algorithm: ${signatureAlgorithm.algorithmId}`);
      publicKey = await this.getPublicKey(publicKeyInfo, signatureAlgorithm);
    } else {
      const parameters = {};
      let algorithmId;
      if (signatureAlgorithm.algorithmId === "1.2.840.113549.1.1.10")
        algorithmId = signatureAlgorithm.algorithmId;
      else
        algorithmId = publicKeyInfo.algorithm.algorithmId;
      const algorithmObject = this.getAlgorithmByOID(algorithmId, true);
      parameters.algorithm = this.getAlgorithmParameters(algorithmObject.name, "importKey");
      if ("hash" in parameters.algorithm.algorithm)
        parameters.algorithm.algorithm.hash.name = shaAlgorithm;
      if (algorithmObject.name === "ECDSA") {
        let algorithmParamsChecked = false;
        if ("algorithmParams" in publicKeyInfo.algorithm === true) {
          if ("idBlock" in publicKeyInfo.algorithm.algorithmParams) {
            if (publicKeyInfo.algorithm.algorithmParams.idBlock.tagClass === 1 && publicKeyInfo.algorithm.algorithmParams.idBlock.tagNumber === 6)
              algorithmParamsChecked = true;
          }
        }
        if (algorithmParamsChecked === false)
          throw new Error("Incorrect type for ECDSA public key parameters");
        const curveObject = this.getAlgorithmByOID(publicKeyInfo.algorithm.algorithmParams.valueBlock.toString(), true);
        parameters.algorithm.algorithm.namedCurve = curveObject.name;
      }
      publicKey = await this.getPublicKey(publicKeyInfo, null, parameters);
    }
    const algorithm = this.getAlgorithmParameters(publicKey.algorithm.name, "verify");
    if ("hash" in algorithm.algorithm)
      algorithm.algorithm.hash.name = shaAlgorithm;
    let signatureValue = signature.valueBlock.valueHexView;
    if (publicKey.algorithm.name === "ECDSA") {
      const namedCurve = ECNamedCurves.find(publicKey.algorithm.namedCurve);
      if (!namedCurve)
        throw new Error("Unsupported named curve in use");
      const asn1 = fromBER(signatureValue);
      AsnError.assert(asn1, "Signature value");
      signatureValue = createECDSASignatureFromCMS(asn1.result, namedCurve.size);
    }
    if (publicKey.algorithm.name === "RSA-PSS") {
      const pssParameters = new RSASSAPSSParams({ schema: signatureAlgorithm.algorithmParams });
      if ("saltLength" in pssParameters)
        algorithm.algorithm.saltLength = pssParameters.saltLength;
      else
        algorithm.algorithm.saltLength = 20;
      let hashAlgo = "SHA-1";
      if ("hashAlgorithm" in pssParameters)
        hashAlgo = this.getAlgorithmByOID(pssParameters.hashAlgorithm.algorithmId, true).name;
      algorithm.algorithm.hash.name = hashAlgo;
    }
    return this.verify(algorithm.algorithm, publicKey, signatureValue, data);
  }
};
var engine = {
  name: "none",
  crypto: null
};
function isCryptoEngine(engine) {
  return engine && typeof engine === "object" && "crypto" in engine ? true : false;
}
function getEngineGlobalKey() {
  return typeof process !== "undefined" && Number.isInteger(process.pid) ? process.pid : Symbol.for("pkijs.engine");
}
function setEngine(name, ...args) {
  let crypto2 = null;
  if (args.length < 2) {
    if (args.length)
      crypto2 = args[0];
    else
      crypto2 = typeof self !== "undefined" && self.crypto ? new CryptoEngine({
        name: "browser",
        crypto: self.crypto
      }) : null;
  } else {
    const cryptoArg = args[0];
    const subtleArg = args[1];
    if (isCryptoEngine(subtleArg))
      crypto2 = subtleArg;
    else if (isCryptoEngine(cryptoArg))
      crypto2 = cryptoArg;
    else if ("subtle" in cryptoArg && "getRandomValues" in cryptoArg)
      crypto2 = new CryptoEngine({ crypto: cryptoArg });
  }
  if (typeof process !== "undefined" && "pid" in process && typeof global !== "undefined" && typeof window === "undefined") {
    const engineKey = getEngineGlobalKey();
    if (typeof global[engineKey] === "undefined")
      global[engineKey] = {};
    else if (typeof global[engineKey] !== "object")
      throw new Error(`Name global.${String(engineKey)} already exists and it is not an object`);
    if (typeof global[engineKey].pkijs === "undefined")
      global[engineKey].pkijs = {};
    else if (typeof global[engineKey].pkijs !== "object")
      throw new Error(`Name global.${String(engineKey)}.pkijs already exists and it is not an object`);
    global[engineKey].pkijs.engine = {
      name,
      crypto: crypto2
    };
  } else
    engine = {
      name,
      crypto: crypto2
    };
}
function getEngine() {
  if (typeof process !== "undefined" && "pid" in process && typeof global !== "undefined" && typeof window === "undefined") {
    let _engine;
    try {
      _engine = global[getEngineGlobalKey()].pkijs.engine;
    } catch {
      throw new Error("Please call 'setEngine' before call to 'getEngine'");
    }
    return _engine;
  }
  return engine;
}
function getCrypto(safety = false) {
  const _engine = getEngine();
  if (!_engine.crypto && safety)
    throw new Error("Unable to create WebCrypto object");
  return _engine.crypto;
}
function createCMSECDSASignature(signatureBuffer) {
  if (signatureBuffer.byteLength % 2 !== 0)
    return EMPTY_BUFFER2;
  const length = signatureBuffer.byteLength / 2;
  const rInteger = new Integer({ valueHex: toMinimalUnsignedInteger(new Uint8Array(signatureBuffer, 0, length)) });
  const sInteger = new Integer({ valueHex: toMinimalUnsignedInteger(new Uint8Array(signatureBuffer, length, length)) });
  return new Sequence({ value: [rInteger, sInteger] }).toBER(false);
}
function createECDSASignatureFromCMS(cmsSignature, pointSize) {
  if (!(cmsSignature instanceof Sequence && cmsSignature.valueBlock.value.length === 2 && cmsSignature.valueBlock.value[0] instanceof Integer && cmsSignature.valueBlock.value[1] instanceof Integer))
    return EMPTY_BUFFER2;
  const rValueView = cmsSignature.valueBlock.value[0].convertFromDER().valueBlock.valueHexView;
  const sValueView = cmsSignature.valueBlock.value[1].convertFromDER().valueBlock.valueHexView;
  const res = new Uint8Array(pointSize * 2);
  res.set(rValueView, pointSize - rValueView.byteLength);
  res.set(sValueView, 2 * pointSize - sValueView.byteLength);
  return res.buffer;
}
async function kdfWithCounter(hashFunction, zBuffer, Counter, SharedInfo, crypto2) {
  switch (hashFunction.toUpperCase()) {
    case "SHA-1":
    case "SHA-256":
    case "SHA-384":
    case "SHA-512":
      break;
    default:
      throw new ArgumentError(`Unknown hash function: ${hashFunction}`);
  }
  ArgumentError.assert(zBuffer, "zBuffer", "ArrayBuffer");
  if (zBuffer.byteLength === 0)
    throw new ArgumentError("'zBuffer' has zero length, error");
  ArgumentError.assert(SharedInfo, "SharedInfo", "ArrayBuffer");
  if (Counter > 255)
    throw new ArgumentError("Please set 'Counter' argument to value less or equal to 255");
  const counterBuffer = /* @__PURE__ */ new ArrayBuffer(4);
  const counterView = new Uint8Array(counterBuffer);
  counterView[0] = 0;
  counterView[1] = 0;
  counterView[2] = 0;
  counterView[3] = Counter;
  const combinedBuffer = bytes_exports2.concat(zBuffer, counterBuffer, SharedInfo);
  return {
    counter: Counter,
    result: await crypto2.digest({ name: hashFunction }, combinedBuffer)
  };
}
async function kdf(hashFunction, Zbuffer, keydatalen, SharedInfo, crypto2 = getCrypto(true)) {
  let hashLength;
  let maxCounter = 1;
  switch (hashFunction.toUpperCase()) {
    case "SHA-1":
      hashLength = 160;
      break;
    case "SHA-256":
      hashLength = 256;
      break;
    case "SHA-384":
      hashLength = 384;
      break;
    case "SHA-512":
      hashLength = 512;
      break;
    default:
      throw new ArgumentError(`Unknown hash function: ${hashFunction}`);
  }
  ArgumentError.assert(Zbuffer, "Zbuffer", "ArrayBuffer");
  if (Zbuffer.byteLength === 0)
    throw new ArgumentError("'Zbuffer' has zero length, error");
  ArgumentError.assert(SharedInfo, "SharedInfo", "ArrayBuffer");
  const quotient = keydatalen / hashLength;
  if (Math.floor(quotient) > 0) {
    maxCounter = Math.floor(quotient);
    if (quotient - maxCounter > 0)
      maxCounter++;
  }
  const incomingResult = [];
  for (let i = 1;i <= maxCounter; i++)
    incomingResult.push(await kdfWithCounter(hashFunction, Zbuffer, i, SharedInfo, crypto2));
  const combinedBuffer = bytes_exports2.concat(incomingResult.map((item) => item.result));
  keydatalen >>= 3;
  if (combinedBuffer.byteLength > keydatalen) {
    const newBuffer = new ArrayBuffer(keydatalen);
    const newView = new Uint8Array(newBuffer);
    const combinedView = new Uint8Array(combinedBuffer);
    for (let i = 0;i < keydatalen; i++)
      newView[i] = combinedView[i];
    return newBuffer;
  }
  return combinedBuffer;
}
function toMinimalUnsignedInteger(view) {
  let start = 0;
  while (start < view.length - 1 && view[start] === 0)
    start++;
  const value = view.subarray(start);
  if (value.length && value[0] & 128) {
    const res = new Uint8Array(value.length + 1);
    res.set(value, 1);
    return res;
  }
  return value.slice();
}
var TYPE$2 = "type";
var VALUE$5 = "value";
var UTC_TIME_NAME = "utcTimeName";
var GENERAL_TIME_NAME = "generalTimeName";
var CLEAR_PROPS$65 = [UTC_TIME_NAME, GENERAL_TIME_NAME];
var Time = class Time extends PkiObject {
  static {
    this.CLASS_NAME = "Time";
  }
  constructor(parameters = {}) {
    super();
    this.type = parameters[TYPE$2] ?? Time.defaultValues(TYPE$2);
    this.value = parameters[VALUE$5] ?? Time.defaultValues(VALUE$5);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case TYPE$2:
        return 0;
      case VALUE$5:
        return new Date(0, 0, 0);
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}, optional = false) {
    const names = parameters.names ?? {};
    return new Choice({
      optional,
      value: [new UTCTime({ name: names.utcTimeName || "" }), new GeneralizedTime({ name: names.generalTimeName || "" })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$65)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, Time.schema({ names: {
      utcTimeName: UTC_TIME_NAME,
      generalTimeName: GENERAL_TIME_NAME
    } }));
    AsnError.assertSchema(asn1, this.className);
    if (UTC_TIME_NAME in asn1.result) {
      this.type = 0;
      this.value = asn1.result.utcTimeName.toDate();
    }
    if (GENERAL_TIME_NAME in asn1.result) {
      this.type = 1;
      this.value = asn1.result.generalTimeName.toDate();
    }
  }
  toSchema() {
    if (this.type === 0)
      return new UTCTime({ valueDate: this.value });
    else if (this.type === 1)
      return new GeneralizedTime({ valueDate: this.value });
    return {};
  }
  toJSON() {
    return {
      type: this.type,
      value: this.value
    };
  }
};
var TBS$4 = "tbs";
var VERSION$18 = "version";
var SERIAL_NUMBER$6 = "serialNumber";
var SIGNATURE$7 = "signature";
var ISSUER$5 = "issuer";
var NOT_BEFORE = "notBefore";
var NOT_AFTER = "notAfter";
var SUBJECT$1 = "subject";
var SUBJECT_PUBLIC_KEY_INFO = "subjectPublicKeyInfo";
var ISSUER_UNIQUE_ID$2 = "issuerUniqueID";
var SUBJECT_UNIQUE_ID = "subjectUniqueID";
var EXTENSIONS$6 = "extensions";
var SIGNATURE_ALGORITHM$8 = "signatureAlgorithm";
var SIGNATURE_VALUE$4 = "signatureValue";
var TBS_CERTIFICATE = "tbsCertificate";
var TBS_CERTIFICATE_VERSION = `${TBS_CERTIFICATE}.${VERSION$18}`;
var TBS_CERTIFICATE_SERIAL_NUMBER = `${TBS_CERTIFICATE}.${SERIAL_NUMBER$6}`;
var TBS_CERTIFICATE_SIGNATURE = `${TBS_CERTIFICATE}.${SIGNATURE$7}`;
var TBS_CERTIFICATE_ISSUER = `${TBS_CERTIFICATE}.${ISSUER$5}`;
var TBS_CERTIFICATE_NOT_BEFORE = `${TBS_CERTIFICATE}.${NOT_BEFORE}`;
var TBS_CERTIFICATE_NOT_AFTER = `${TBS_CERTIFICATE}.${NOT_AFTER}`;
var TBS_CERTIFICATE_SUBJECT = `${TBS_CERTIFICATE}.${SUBJECT$1}`;
var TBS_CERTIFICATE_SUBJECT_PUBLIC_KEY = `${TBS_CERTIFICATE}.${SUBJECT_PUBLIC_KEY_INFO}`;
var TBS_CERTIFICATE_ISSUER_UNIQUE_ID = `${TBS_CERTIFICATE}.${ISSUER_UNIQUE_ID$2}`;
var TBS_CERTIFICATE_SUBJECT_UNIQUE_ID = `${TBS_CERTIFICATE}.${SUBJECT_UNIQUE_ID}`;
var TBS_CERTIFICATE_EXTENSIONS = `${TBS_CERTIFICATE}.${EXTENSIONS$6}`;
var CLEAR_PROPS$64 = [
  TBS_CERTIFICATE,
  TBS_CERTIFICATE_VERSION,
  TBS_CERTIFICATE_SERIAL_NUMBER,
  TBS_CERTIFICATE_SIGNATURE,
  TBS_CERTIFICATE_ISSUER,
  TBS_CERTIFICATE_NOT_BEFORE,
  TBS_CERTIFICATE_NOT_AFTER,
  TBS_CERTIFICATE_SUBJECT,
  TBS_CERTIFICATE_SUBJECT_PUBLIC_KEY,
  TBS_CERTIFICATE_ISSUER_UNIQUE_ID,
  TBS_CERTIFICATE_SUBJECT_UNIQUE_ID,
  TBS_CERTIFICATE_EXTENSIONS,
  SIGNATURE_ALGORITHM$8,
  SIGNATURE_VALUE$4
];
function tbsCertificate(parameters = {}) {
  const names = parameters.names ?? {};
  return new Sequence({
    name: names.blockName || TBS_CERTIFICATE,
    value: [
      new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [new Integer({ name: names.tbsCertificateVersion || TBS_CERTIFICATE_VERSION })]
      }),
      new Integer({ name: names.tbsCertificateSerialNumber || TBS_CERTIFICATE_SERIAL_NUMBER }),
      AlgorithmIdentifier.schema(names.signature || { names: { blockName: TBS_CERTIFICATE_SIGNATURE } }),
      RelativeDistinguishedNames.schema(names.issuer || { names: { blockName: TBS_CERTIFICATE_ISSUER } }),
      new Sequence({
        name: names.tbsCertificateValidity || "tbsCertificate.validity",
        value: [Time.schema(names.notBefore || { names: {
          utcTimeName: TBS_CERTIFICATE_NOT_BEFORE,
          generalTimeName: TBS_CERTIFICATE_NOT_BEFORE
        } }), Time.schema(names.notAfter || { names: {
          utcTimeName: TBS_CERTIFICATE_NOT_AFTER,
          generalTimeName: TBS_CERTIFICATE_NOT_AFTER
        } })]
      }),
      RelativeDistinguishedNames.schema(names.subject || { names: { blockName: TBS_CERTIFICATE_SUBJECT } }),
      PublicKeyInfo.schema(names.subjectPublicKeyInfo || { names: { blockName: TBS_CERTIFICATE_SUBJECT_PUBLIC_KEY } }),
      new Primitive({
        name: names.tbsCertificateIssuerUniqueID || TBS_CERTIFICATE_ISSUER_UNIQUE_ID,
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        }
      }),
      new Primitive({
        name: names.tbsCertificateSubjectUniqueID || TBS_CERTIFICATE_SUBJECT_UNIQUE_ID,
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 2
        }
      }),
      new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 3
        },
        value: [Extensions.schema(names.extensions || { names: { blockName: TBS_CERTIFICATE_EXTENSIONS } })]
      })
    ]
  });
}
var Certificate = class Certificate extends PkiObject {
  static {
    this.CLASS_NAME = "Certificate";
  }
  get tbs() {
    return toArrayBuffer2(this.tbsView);
  }
  set tbs(value) {
    this.tbsView = new Uint8Array(value);
  }
  constructor(parameters = {}) {
    super();
    this.tbsView = new Uint8Array(parameters[TBS$4] ?? Certificate.defaultValues(TBS$4));
    this.version = parameters[VERSION$18] ?? Certificate.defaultValues(VERSION$18);
    this.serialNumber = parameters[SERIAL_NUMBER$6] ?? Certificate.defaultValues(SERIAL_NUMBER$6);
    this.signature = parameters[SIGNATURE$7] ?? Certificate.defaultValues(SIGNATURE$7);
    this.issuer = parameters[ISSUER$5] ?? Certificate.defaultValues(ISSUER$5);
    this.notBefore = parameters[NOT_BEFORE] ?? Certificate.defaultValues(NOT_BEFORE);
    this.notAfter = parameters[NOT_AFTER] ?? Certificate.defaultValues(NOT_AFTER);
    this.subject = parameters[SUBJECT$1] ?? Certificate.defaultValues(SUBJECT$1);
    this.subjectPublicKeyInfo = parameters[SUBJECT_PUBLIC_KEY_INFO] ?? Certificate.defaultValues(SUBJECT_PUBLIC_KEY_INFO);
    if (ISSUER_UNIQUE_ID$2 in parameters)
      this.issuerUniqueID = parameters[ISSUER_UNIQUE_ID$2] ?? Certificate.defaultValues(ISSUER_UNIQUE_ID$2);
    if (SUBJECT_UNIQUE_ID in parameters)
      this.subjectUniqueID = parameters[SUBJECT_UNIQUE_ID] ?? Certificate.defaultValues(SUBJECT_UNIQUE_ID);
    if (EXTENSIONS$6 in parameters)
      this.extensions = parameters[EXTENSIONS$6] ?? Certificate.defaultValues(EXTENSIONS$6);
    this.signatureAlgorithm = parameters[SIGNATURE_ALGORITHM$8] ?? Certificate.defaultValues(SIGNATURE_ALGORITHM$8);
    this.signatureValue = parameters[SIGNATURE_VALUE$4] ?? Certificate.defaultValues(SIGNATURE_VALUE$4);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case TBS$4:
        return EMPTY_BUFFER2;
      case VERSION$18:
        return 0;
      case SERIAL_NUMBER$6:
        return new Integer;
      case SIGNATURE$7:
        return new AlgorithmIdentifier;
      case ISSUER$5:
        return new RelativeDistinguishedNames;
      case NOT_BEFORE:
        return new Time;
      case NOT_AFTER:
        return new Time;
      case SUBJECT$1:
        return new RelativeDistinguishedNames;
      case SUBJECT_PUBLIC_KEY_INFO:
        return new PublicKeyInfo;
      case ISSUER_UNIQUE_ID$2:
        return EMPTY_BUFFER2;
      case SUBJECT_UNIQUE_ID:
        return EMPTY_BUFFER2;
      case EXTENSIONS$6:
        return [];
      case SIGNATURE_ALGORITHM$8:
        return new AlgorithmIdentifier;
      case SIGNATURE_VALUE$4:
        return new BitString;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        tbsCertificate(names.tbsCertificate),
        AlgorithmIdentifier.schema(names.signatureAlgorithm || { names: { blockName: SIGNATURE_ALGORITHM$8 } }),
        new BitString({ name: names.signatureValue || SIGNATURE_VALUE$4 })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$64)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, Certificate.schema({ names: { tbsCertificate: { names: { extensions: { names: { extensions: TBS_CERTIFICATE_EXTENSIONS } } } } } }));
    AsnError.assertSchema(asn1, this.className);
    this.tbsView = asn1.result.tbsCertificate.valueBeforeDecodeView;
    if (TBS_CERTIFICATE_VERSION in asn1.result)
      this.version = asn1.result[TBS_CERTIFICATE_VERSION].valueBlock.valueDec;
    this.serialNumber = asn1.result[TBS_CERTIFICATE_SERIAL_NUMBER];
    this.signature = new AlgorithmIdentifier({ schema: asn1.result[TBS_CERTIFICATE_SIGNATURE] });
    this.issuer = new RelativeDistinguishedNames({ schema: asn1.result[TBS_CERTIFICATE_ISSUER] });
    this.notBefore = new Time({ schema: asn1.result[TBS_CERTIFICATE_NOT_BEFORE] });
    this.notAfter = new Time({ schema: asn1.result[TBS_CERTIFICATE_NOT_AFTER] });
    this.subject = new RelativeDistinguishedNames({ schema: asn1.result[TBS_CERTIFICATE_SUBJECT] });
    this.subjectPublicKeyInfo = new PublicKeyInfo({ schema: asn1.result[TBS_CERTIFICATE_SUBJECT_PUBLIC_KEY] });
    if (TBS_CERTIFICATE_ISSUER_UNIQUE_ID in asn1.result)
      this.issuerUniqueID = asn1.result[TBS_CERTIFICATE_ISSUER_UNIQUE_ID].valueBlock.valueHex;
    if (TBS_CERTIFICATE_SUBJECT_UNIQUE_ID in asn1.result)
      this.subjectUniqueID = asn1.result[TBS_CERTIFICATE_SUBJECT_UNIQUE_ID].valueBlock.valueHex;
    if (TBS_CERTIFICATE_EXTENSIONS in asn1.result)
      this.extensions = Array.from(asn1.result[TBS_CERTIFICATE_EXTENSIONS], (element) => new Extension({ schema: element }));
    this.signatureAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.signatureAlgorithm });
    this.signatureValue = asn1.result.signatureValue;
  }
  encodeTBS() {
    const outputArray = [];
    if (VERSION$18 in this && this.version !== Certificate.defaultValues(VERSION$18))
      outputArray.push(new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [new Integer({ value: this.version })]
      }));
    outputArray.push(this.serialNumber);
    outputArray.push(this.signature.toSchema());
    outputArray.push(this.issuer.toSchema());
    outputArray.push(new Sequence({ value: [this.notBefore.toSchema(), this.notAfter.toSchema()] }));
    outputArray.push(this.subject.toSchema());
    outputArray.push(this.subjectPublicKeyInfo.toSchema());
    if (this.issuerUniqueID)
      outputArray.push(new Primitive({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        valueHex: this.issuerUniqueID
      }));
    if (this.subjectUniqueID)
      outputArray.push(new Primitive({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 2
        },
        valueHex: this.subjectUniqueID
      }));
    if (this.extensions)
      outputArray.push(new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 3
        },
        value: [new Sequence({ value: Array.from(this.extensions, (o) => o.toSchema()) })]
      }));
    return new Sequence({ value: outputArray });
  }
  toSchema(encodeFlag = false) {
    let tbsSchema;
    if (encodeFlag === false) {
      if (!this.tbsView.byteLength)
        return Certificate.schema().value[0];
      const asn1 = fromBER(this.tbsView);
      AsnError.assert(asn1, "TBS Certificate");
      tbsSchema = asn1.result;
    } else
      tbsSchema = this.encodeTBS();
    return new Sequence({ value: [
      tbsSchema,
      this.signatureAlgorithm.toSchema(),
      this.signatureValue
    ] });
  }
  toJSON() {
    const res = {
      tbs: hex_exports2.encode(this.tbsView),
      version: this.version,
      serialNumber: this.serialNumber.toJSON(),
      signature: this.signature.toJSON(),
      issuer: this.issuer.toJSON(),
      notBefore: this.notBefore.toJSON(),
      notAfter: this.notAfter.toJSON(),
      subject: this.subject.toJSON(),
      subjectPublicKeyInfo: this.subjectPublicKeyInfo.toJSON(),
      signatureAlgorithm: this.signatureAlgorithm.toJSON(),
      signatureValue: this.signatureValue.toJSON()
    };
    if (VERSION$18 in this && this.version !== Certificate.defaultValues(VERSION$18))
      res.version = this.version;
    if (this.issuerUniqueID)
      res.issuerUniqueID = hex_exports2.encode(this.issuerUniqueID);
    if (this.subjectUniqueID)
      res.subjectUniqueID = hex_exports2.encode(this.subjectUniqueID);
    if (this.extensions)
      res.extensions = Array.from(this.extensions, (o) => o.toJSON());
    return res;
  }
  async getPublicKey(parameters, crypto2 = getCrypto(true)) {
    return crypto2.getPublicKey(this.subjectPublicKeyInfo, this.signatureAlgorithm, parameters);
  }
  async getKeyHash(hashAlgorithm = "SHA-1", crypto2 = getCrypto(true)) {
    return crypto2.digest({ name: hashAlgorithm }, this.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView);
  }
  async sign(privateKey, hashAlgorithm = "SHA-1", crypto2 = getCrypto(true)) {
    if (!privateKey)
      throw new Error("Need to provide a private key for signing");
    const signatureParameters = await crypto2.getSignatureParameters(privateKey, hashAlgorithm);
    const parameters = signatureParameters.parameters;
    this.signature = signatureParameters.signatureAlgorithm;
    this.signatureAlgorithm = signatureParameters.signatureAlgorithm;
    this.tbsView = new Uint8Array(this.encodeTBS().toBER());
    const signature = await crypto2.signWithPrivateKey(this.tbsView, privateKey, parameters);
    this.signatureValue = new BitString({ valueHex: signature });
  }
  async verify(issuerCertificate, crypto2 = getCrypto(true)) {
    let subjectPublicKeyInfo;
    if (issuerCertificate)
      subjectPublicKeyInfo = issuerCertificate.subjectPublicKeyInfo;
    else if (this.issuer.isEqual(this.subject))
      subjectPublicKeyInfo = this.subjectPublicKeyInfo;
    if (!(subjectPublicKeyInfo instanceof PublicKeyInfo))
      throw new Error("Please provide issuer certificate as a parameter");
    return crypto2.verifyWithPublicKey(this.tbsView, this.signatureValue, subjectPublicKeyInfo, this.signatureAlgorithm);
  }
};
function checkCA(cert, signerCert = null) {
  if (signerCert && cert.issuer.isEqual(signerCert.issuer) && cert.serialNumber.isEqual(signerCert.serialNumber))
    return null;
  let isCA = false;
  if (cert.extensions) {
    for (const extension of cert.extensions)
      if (extension.extnID === "2.5.29.19" && extension.parsedValue instanceof BasicConstraints) {
        if (extension.parsedValue.cA) {
          isCA = true;
          break;
        }
      }
  }
  if (isCA)
    return cert;
  return null;
}
var VERSION$17 = "version";
var LOG_ID = "logID";
var EXTENSIONS$5 = "extensions";
var TIMESTAMP = "timestamp";
var HASH_ALGORITHM$3 = "hashAlgorithm";
var SIGNATURE_ALGORITHM$7 = "signatureAlgorithm";
var SIGNATURE$6 = "signature";
var NONE2 = "none";
var MD5 = "md5";
var SHA1 = "sha1";
var SHA224 = "sha224";
var SHA256 = "sha256";
var SHA384 = "sha384";
var SHA512 = "sha512";
var ANONYMOUS = "anonymous";
var RSA = "rsa";
var DSA = "dsa";
var ECDSA = "ecdsa";
var SignedCertificateTimestamp = class SignedCertificateTimestamp extends PkiObject {
  static {
    this.CLASS_NAME = "SignedCertificateTimestamp";
  }
  constructor(parameters = {}) {
    super();
    this.version = parameters[VERSION$17] ?? SignedCertificateTimestamp.defaultValues(VERSION$17);
    this.logID = parameters[LOG_ID] ?? SignedCertificateTimestamp.defaultValues(LOG_ID);
    this.timestamp = parameters[TIMESTAMP] ?? SignedCertificateTimestamp.defaultValues(TIMESTAMP);
    this.extensions = parameters[EXTENSIONS$5] ?? SignedCertificateTimestamp.defaultValues(EXTENSIONS$5);
    this.hashAlgorithm = parameters[HASH_ALGORITHM$3] ?? SignedCertificateTimestamp.defaultValues(HASH_ALGORITHM$3);
    this.signatureAlgorithm = parameters[SIGNATURE_ALGORITHM$7] ?? SignedCertificateTimestamp.defaultValues(SIGNATURE_ALGORITHM$7);
    this.signature = parameters[SIGNATURE$6] ?? SignedCertificateTimestamp.defaultValues(SIGNATURE$6);
    if ("stream" in parameters && parameters.stream)
      this.fromStream(parameters.stream);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VERSION$17:
        return 0;
      case LOG_ID:
      case EXTENSIONS$5:
        return EMPTY_BUFFER2;
      case TIMESTAMP:
        return /* @__PURE__ */ new Date(0);
      case HASH_ALGORITHM$3:
      case SIGNATURE_ALGORITHM$7:
        return "";
      case SIGNATURE$6:
        return EMPTY_BUFFER2;
      default:
        return super.defaultValues(memberName);
    }
  }
  fromSchema(schema) {
    if (schema instanceof RawData === false)
      throw new Error("Object's schema was not verified against input data for SignedCertificateTimestamp");
    const seqStream = new SeqStream({ stream: new ByteStream({ buffer: schema.data }) });
    this.fromStream(seqStream);
  }
  fromStream(stream) {
    const blockLength = stream.getUint16();
    this.version = stream.getBlock(1)[0];
    if (this.version === 0) {
      this.logID = new Uint8Array(stream.getBlock(32)).buffer.slice(0);
      this.timestamp = new Date(Number(uint_exports2.decodeBigInt(stream.getBlock(8))));
      const extensionsLength = stream.getUint16();
      this.extensions = new Uint8Array(stream.getBlock(extensionsLength)).buffer.slice(0);
      switch (stream.getBlock(1)[0]) {
        case 0:
          this.hashAlgorithm = NONE2;
          break;
        case 1:
          this.hashAlgorithm = MD5;
          break;
        case 2:
          this.hashAlgorithm = SHA1;
          break;
        case 3:
          this.hashAlgorithm = SHA224;
          break;
        case 4:
          this.hashAlgorithm = SHA256;
          break;
        case 5:
          this.hashAlgorithm = SHA384;
          break;
        case 6:
          this.hashAlgorithm = SHA512;
          break;
        default:
          throw new Error("Object's stream was not correct for SignedCertificateTimestamp");
      }
      switch (stream.getBlock(1)[0]) {
        case 0:
          this.signatureAlgorithm = ANONYMOUS;
          break;
        case 1:
          this.signatureAlgorithm = RSA;
          break;
        case 2:
          this.signatureAlgorithm = DSA;
          break;
        case 3:
          this.signatureAlgorithm = ECDSA;
          break;
        default:
          throw new Error("Object's stream was not correct for SignedCertificateTimestamp");
      }
      const signatureLength = stream.getUint16();
      this.signature = new Uint8Array(stream.getBlock(signatureLength)).buffer.slice(0);
      if (blockLength !== 47 + extensionsLength + signatureLength)
        throw new Error("Object's stream was not correct for SignedCertificateTimestamp");
    }
  }
  toSchema() {
    const stream = this.toStream();
    return new RawData({ data: stream.stream.buffer });
  }
  toStream() {
    const stream = new SeqStream;
    stream.appendUint16(47 + this.extensions.byteLength + this.signature.byteLength);
    stream.appendChar(this.version);
    stream.appendView(new Uint8Array(this.logID));
    stream.appendView(uint_exports2.encode(this.timestamp.valueOf(), { length: 8 }));
    stream.appendUint16(this.extensions.byteLength);
    if (this.extensions.byteLength)
      stream.appendView(new Uint8Array(this.extensions));
    let _hashAlgorithm;
    switch (this.hashAlgorithm.toLowerCase()) {
      case NONE2:
        _hashAlgorithm = 0;
        break;
      case MD5:
        _hashAlgorithm = 1;
        break;
      case SHA1:
        _hashAlgorithm = 2;
        break;
      case SHA224:
        _hashAlgorithm = 3;
        break;
      case SHA256:
        _hashAlgorithm = 4;
        break;
      case SHA384:
        _hashAlgorithm = 5;
        break;
      case SHA512:
        _hashAlgorithm = 6;
        break;
      default:
        throw new Error(`Incorrect data for hashAlgorithm: ${this.hashAlgorithm}`);
    }
    stream.appendChar(_hashAlgorithm);
    let _signatureAlgorithm;
    switch (this.signatureAlgorithm.toLowerCase()) {
      case ANONYMOUS:
        _signatureAlgorithm = 0;
        break;
      case RSA:
        _signatureAlgorithm = 1;
        break;
      case DSA:
        _signatureAlgorithm = 2;
        break;
      case ECDSA:
        _signatureAlgorithm = 3;
        break;
      default:
        throw new Error(`Incorrect data for signatureAlgorithm: ${this.signatureAlgorithm}`);
    }
    stream.appendChar(_signatureAlgorithm);
    stream.appendUint16(this.signature.byteLength);
    stream.appendView(new Uint8Array(this.signature));
    return stream;
  }
  toJSON() {
    return {
      version: this.version,
      logID: hex_exports2.encode(this.logID, { case: "upper" }),
      timestamp: this.timestamp,
      extensions: hex_exports2.encode(this.extensions, { case: "upper" }),
      hashAlgorithm: this.hashAlgorithm,
      signatureAlgorithm: this.signatureAlgorithm,
      signature: hex_exports2.encode(this.signature, { case: "upper" })
    };
  }
  async verify(logs, data, dataType = 0, crypto2 = getCrypto(true)) {
    const logId = base64_exports2.encode(this.logID);
    let publicKeyBase64 = null;
    const stream = new SeqStream;
    for (const log of logs)
      if (log.log_id === logId) {
        publicKeyBase64 = log.key;
        break;
      }
    if (!publicKeyBase64)
      throw new Error(`Public key not found for CT with logId: ${logId}`);
    const pki = toArrayBuffer2(base64_exports2.decode(publicKeyBase64));
    const publicKeyInfo = PublicKeyInfo.fromBER(pki);
    stream.appendChar(0);
    stream.appendChar(0);
    stream.appendView(uint_exports2.encode(this.timestamp.valueOf(), { length: 8 }));
    stream.appendUint16(dataType);
    if (dataType === 0)
      stream.appendUint24(data.byteLength);
    stream.appendView(new Uint8Array(data));
    stream.appendUint16(this.extensions.byteLength);
    if (this.extensions.byteLength !== 0)
      stream.appendView(new Uint8Array(this.extensions));
    return crypto2.verifyWithPublicKey(stream.buffer.slice(0, stream.length), new OctetString({ valueHex: this.signature }), publicKeyInfo, { algorithmId: "" }, "SHA-256");
  }
};
var SCT_EXTENSION_OID = new ObjectIdentifier({ value: id_SignedCertificateTimestampList }).valueBlock.toBER(false);
var TIMESTAMPS = "timestamps";
var SignedCertificateTimestampList = class SignedCertificateTimestampList extends PkiObject {
  static {
    this.CLASS_NAME = "SignedCertificateTimestampList";
  }
  constructor(parameters = {}) {
    super();
    this.timestamps = parameters[TIMESTAMPS] ?? SignedCertificateTimestampList.defaultValues(TIMESTAMPS);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case TIMESTAMPS:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case TIMESTAMPS:
        return memberValue.length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    names.optional ??= false;
    return new OctetString({
      name: names.blockName || "SignedCertificateTimestampList",
      optional: names.optional
    });
  }
  fromSchema(schema) {
    if (schema instanceof OctetString === false)
      throw new Error("Object's schema was not verified against input data for SignedCertificateTimestampList");
    const seqStream = new SeqStream({ stream: new ByteStream({ buffer: schema.valueBlock.valueHex }) });
    if (seqStream.getUint16() !== seqStream.length)
      throw new Error("Object's schema was not verified against input data for SignedCertificateTimestampList");
    while (seqStream.length)
      this.timestamps.push(new SignedCertificateTimestamp({ stream: seqStream }));
  }
  toSchema() {
    const stream = new SeqStream;
    let overallLength = 0;
    const timestampsData = [];
    for (const timestamp of this.timestamps) {
      const timestampStream = timestamp.toStream();
      timestampsData.push(timestampStream);
      overallLength += timestampStream.stream.buffer.byteLength;
    }
    stream.appendUint16(overallLength);
    for (const timestamp of timestampsData)
      stream.appendView(timestamp.stream.view);
    return new OctetString({ valueHex: stream.stream.buffer.slice(0) });
  }
  toJSON() {
    return { timestamps: Array.from(this.timestamps, (o) => o.toJSON()) };
  }
};
var ATTRIBUTES$4 = "attributes";
var CLEAR_PROPS$63 = [ATTRIBUTES$4];
var SubjectDirectoryAttributes = class SubjectDirectoryAttributes extends PkiObject {
  static {
    this.CLASS_NAME = "SubjectDirectoryAttributes";
  }
  constructor(parameters = {}) {
    super();
    this.attributes = parameters[ATTRIBUTES$4] ?? SubjectDirectoryAttributes.defaultValues(ATTRIBUTES$4);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case ATTRIBUTES$4:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new Repeated({
        name: names.attributes || "",
        value: Attribute.schema()
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$63)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, SubjectDirectoryAttributes.schema({ names: { attributes: ATTRIBUTES$4 } }));
    AsnError.assertSchema(asn1, this.className);
    this.attributes = Array.from(asn1.result.attributes, (element) => new Attribute({ schema: element }));
  }
  toSchema() {
    return new Sequence({ value: Array.from(this.attributes, (o) => o.toSchema()) });
  }
  toJSON() {
    return { attributes: Array.from(this.attributes, (o) => o.toJSON()) };
  }
};
var ExtensionValueFactory = class ExtensionValueFactory {
  static getItems() {
    if (!this.types) {
      this.types = {};
      ExtensionValueFactory.register(id_SubjectAltName, "SubjectAltName", AltName);
      ExtensionValueFactory.register(id_IssuerAltName, "IssuerAltName", AltName);
      ExtensionValueFactory.register(id_AuthorityKeyIdentifier, "AuthorityKeyIdentifier", AuthorityKeyIdentifier);
      ExtensionValueFactory.register(id_BasicConstraints, "BasicConstraints", BasicConstraints);
      ExtensionValueFactory.register(id_MicrosoftCaVersion, "MicrosoftCaVersion", CAVersion);
      ExtensionValueFactory.register(id_CertificatePolicies, "CertificatePolicies", CertificatePolicies);
      ExtensionValueFactory.register(id_MicrosoftAppPolicies, "CertificatePoliciesMicrosoft", CertificatePolicies);
      ExtensionValueFactory.register(id_MicrosoftCertTemplateV2, "MicrosoftCertTemplateV2", CertificateTemplate);
      ExtensionValueFactory.register(id_CRLDistributionPoints, "CRLDistributionPoints", CRLDistributionPoints);
      ExtensionValueFactory.register(id_FreshestCRL, "FreshestCRL", CRLDistributionPoints);
      ExtensionValueFactory.register(id_ExtKeyUsage, "ExtKeyUsage", ExtKeyUsage);
      ExtensionValueFactory.register(id_CertificateIssuer, "CertificateIssuer", GeneralNames);
      ExtensionValueFactory.register(id_AuthorityInfoAccess, "AuthorityInfoAccess", InfoAccess);
      ExtensionValueFactory.register(id_SubjectInfoAccess, "SubjectInfoAccess", InfoAccess);
      ExtensionValueFactory.register(id_IssuingDistributionPoint, "IssuingDistributionPoint", IssuingDistributionPoint);
      ExtensionValueFactory.register(id_NameConstraints, "NameConstraints", NameConstraints);
      ExtensionValueFactory.register(id_PolicyConstraints, "PolicyConstraints", PolicyConstraints);
      ExtensionValueFactory.register(id_PolicyMappings, "PolicyMappings", PolicyMappings);
      ExtensionValueFactory.register(id_PrivateKeyUsagePeriod, "PrivateKeyUsagePeriod", PrivateKeyUsagePeriod);
      ExtensionValueFactory.register(id_QCStatements, "QCStatements", QCStatements);
      ExtensionValueFactory.register(id_SignedCertificateTimestampList, "SignedCertificateTimestampList", SignedCertificateTimestampList);
      ExtensionValueFactory.register(id_SubjectDirectoryAttributes, "SubjectDirectoryAttributes", SubjectDirectoryAttributes);
    }
    return this.types;
  }
  static fromBER(id, raw) {
    const asn1 = fromBER(raw);
    if (asn1.offset === -1)
      return null;
    const item = this.find(id);
    if (item)
      try {
        return new item.type({ schema: asn1.result });
      } catch {
        const res = new item.type;
        res.parsingError = `Incorrectly formatted value of extension ${item.name} (${id})`;
        return res;
      }
    return asn1.result;
  }
  static find(id) {
    return this.getItems()[id] || null;
  }
  static register(id, name, type) {
    this.getItems()[id] = {
      name,
      type
    };
  }
};
var EXTN_ID = "extnID";
var CRITICAL = "critical";
var EXTN_VALUE = "extnValue";
var PARSED_VALUE$5 = "parsedValue";
var CLEAR_PROPS$62 = [
  EXTN_ID,
  CRITICAL,
  EXTN_VALUE
];
var Extension = class Extension extends PkiObject {
  static {
    this.CLASS_NAME = "Extension";
  }
  get parsedValue() {
    if (this._parsedValue === undefined) {
      const parsedValue = ExtensionValueFactory.fromBER(this.extnID, this.extnValue.valueBlock.valueHexView);
      this._parsedValue = parsedValue;
    }
    return this._parsedValue || undefined;
  }
  set parsedValue(value) {
    this._parsedValue = value;
  }
  constructor(parameters = {}) {
    super();
    this.extnID = parameters[EXTN_ID] ?? Extension.defaultValues(EXTN_ID);
    this.critical = parameters[CRITICAL] ?? Extension.defaultValues(CRITICAL);
    if (EXTN_VALUE in parameters)
      this.extnValue = new OctetString({ valueHex: parameters.extnValue });
    else
      this.extnValue = Extension.defaultValues(EXTN_VALUE);
    if (PARSED_VALUE$5 in parameters)
      this.parsedValue = parameters[PARSED_VALUE$5] ?? Extension.defaultValues(PARSED_VALUE$5);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case EXTN_ID:
        return "";
      case CRITICAL:
        return false;
      case EXTN_VALUE:
        return new OctetString;
      case PARSED_VALUE$5:
        return {};
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new ObjectIdentifier({ name: names.extnID || "" }),
        new Boolean({
          name: names.critical || "",
          optional: true
        }),
        new OctetString({ name: names.extnValue || "" })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$62)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, Extension.schema({ names: {
      extnID: EXTN_ID,
      critical: CRITICAL,
      extnValue: EXTN_VALUE
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.extnID = asn1.result.extnID.valueBlock.toString();
    if (CRITICAL in asn1.result)
      this.critical = asn1.result.critical.valueBlock.value;
    this.extnValue = asn1.result.extnValue;
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(new ObjectIdentifier({ value: this.extnID }));
    if (this.critical !== Extension.defaultValues(CRITICAL))
      outputArray.push(new Boolean({ value: this.critical }));
    outputArray.push(this.extnValue);
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const object = {
      extnID: this.extnID,
      extnValue: this.extnValue.toJSON()
    };
    if (this.critical !== Extension.defaultValues(CRITICAL))
      object.critical = this.critical;
    if (this.parsedValue && this.parsedValue.toJSON)
      object.parsedValue = this.parsedValue.toJSON();
    return object;
  }
};
var EXTENSIONS$4 = "extensions";
var CLEAR_PROPS$61 = [EXTENSIONS$4];
var Extensions = class Extensions extends PkiObject {
  static {
    this.CLASS_NAME = "Extensions";
  }
  constructor(parameters = {}) {
    super();
    this.extensions = parameters[EXTENSIONS$4] ?? Extensions.defaultValues(EXTENSIONS$4);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case EXTENSIONS$4:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}, optional = false) {
    const names = parameters.names ?? {};
    return new Sequence({
      optional,
      name: names.blockName || "",
      value: [new Repeated({
        name: names.extensions || "",
        value: Extension.schema(names.extension || {})
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$61)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, Extensions.schema({ names: { extensions: EXTENSIONS$4 } }));
    AsnError.assertSchema(asn1, this.className);
    this.extensions = Array.from(asn1.result.extensions, (element) => new Extension({ schema: element }));
  }
  toSchema() {
    return new Sequence({ value: Array.from(this.extensions, (o) => o.toSchema()) });
  }
  toJSON() {
    return { extensions: this.extensions.map((o) => o.toJSON()) };
  }
};
var ISSUER$4 = "issuer";
var SERIAL_NUMBER$5 = "serialNumber";
var ISSUER_UID = "issuerUID";
var CLEAR_PROPS$60 = [
  ISSUER$4,
  SERIAL_NUMBER$5,
  ISSUER_UID
];
var IssuerSerial = class IssuerSerial extends PkiObject {
  static {
    this.CLASS_NAME = "IssuerSerial";
  }
  constructor(parameters = {}) {
    super();
    this.issuer = parameters[ISSUER$4] ?? IssuerSerial.defaultValues(ISSUER$4);
    this.serialNumber = parameters[SERIAL_NUMBER$5] ?? IssuerSerial.defaultValues(SERIAL_NUMBER$5);
    if (ISSUER_UID in parameters)
      this.issuerUID = parameters[ISSUER_UID] ?? IssuerSerial.defaultValues(ISSUER_UID);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case ISSUER$4:
        return new GeneralNames;
      case SERIAL_NUMBER$5:
        return new Integer;
      case ISSUER_UID:
        return new BitString;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        GeneralNames.schema(names.issuer || {}),
        new Integer({ name: names.serialNumber || "" }),
        new BitString({
          optional: true,
          name: names.issuerUID || ""
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$60)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, IssuerSerial.schema({ names: {
      issuer: { names: { blockName: ISSUER$4 } },
      serialNumber: SERIAL_NUMBER$5,
      issuerUID: ISSUER_UID
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.issuer = new GeneralNames({ schema: asn1.result.issuer });
    this.serialNumber = asn1.result.serialNumber;
    if (ISSUER_UID in asn1.result)
      this.issuerUID = asn1.result.issuerUID;
  }
  toSchema() {
    const result = new Sequence({ value: [this.issuer.toSchema(), this.serialNumber] });
    if (this.issuerUID)
      result.valueBlock.value.push(this.issuerUID);
    return result;
  }
  toJSON() {
    const result = {
      issuer: this.issuer.toJSON(),
      serialNumber: this.serialNumber.toJSON()
    };
    if (this.issuerUID)
      result.issuerUID = this.issuerUID.toJSON();
    return result;
  }
};
var VERSION$16 = "version";
var BASE_CERTIFICATE_ID$2 = "baseCertificateID";
var SUBJECT_NAME = "subjectName";
var ISSUER$3 = "issuer";
var SIGNATURE$5 = "signature";
var SERIAL_NUMBER$4 = "serialNumber";
var ATTR_CERT_VALIDITY_PERIOD$1 = "attrCertValidityPeriod";
var ATTRIBUTES$3 = "attributes";
var ISSUER_UNIQUE_ID$1 = "issuerUniqueID";
var EXTENSIONS$3 = "extensions";
var CLEAR_PROPS$59 = [
  VERSION$16,
  BASE_CERTIFICATE_ID$2,
  SUBJECT_NAME,
  ISSUER$3,
  SIGNATURE$5,
  SERIAL_NUMBER$4,
  ATTR_CERT_VALIDITY_PERIOD$1,
  ATTRIBUTES$3,
  ISSUER_UNIQUE_ID$1,
  EXTENSIONS$3
];
var AttributeCertificateInfoV1 = class AttributeCertificateInfoV1 extends PkiObject {
  static {
    this.CLASS_NAME = "AttributeCertificateInfoV1";
  }
  constructor(parameters = {}) {
    super();
    this.version = parameters[VERSION$16] ?? AttributeCertificateInfoV1.defaultValues(VERSION$16);
    if (BASE_CERTIFICATE_ID$2 in parameters)
      this.baseCertificateID = parameters[BASE_CERTIFICATE_ID$2] ?? AttributeCertificateInfoV1.defaultValues(BASE_CERTIFICATE_ID$2);
    if (SUBJECT_NAME in parameters)
      this.subjectName = parameters[SUBJECT_NAME] ?? AttributeCertificateInfoV1.defaultValues(SUBJECT_NAME);
    this.issuer = parameters[ISSUER$3] ?? AttributeCertificateInfoV1.defaultValues(ISSUER$3);
    this.signature = parameters[SIGNATURE$5] ?? AttributeCertificateInfoV1.defaultValues(SIGNATURE$5);
    this.serialNumber = parameters[SERIAL_NUMBER$4] ?? AttributeCertificateInfoV1.defaultValues(SERIAL_NUMBER$4);
    this.attrCertValidityPeriod = parameters[ATTR_CERT_VALIDITY_PERIOD$1] ?? AttributeCertificateInfoV1.defaultValues(ATTR_CERT_VALIDITY_PERIOD$1);
    this.attributes = parameters[ATTRIBUTES$3] ?? AttributeCertificateInfoV1.defaultValues(ATTRIBUTES$3);
    if (ISSUER_UNIQUE_ID$1 in parameters)
      this.issuerUniqueID = parameters[ISSUER_UNIQUE_ID$1] ?? AttributeCertificateInfoV1.defaultValues(ISSUER_UNIQUE_ID$1);
    if (EXTENSIONS$3 in parameters)
      this.extensions = parameters[EXTENSIONS$3] ?? AttributeCertificateInfoV1.defaultValues(EXTENSIONS$3);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VERSION$16:
        return 0;
      case BASE_CERTIFICATE_ID$2:
        return new IssuerSerial;
      case SUBJECT_NAME:
        return new GeneralNames;
      case ISSUER$3:
        return new GeneralNames;
      case SIGNATURE$5:
        return new AlgorithmIdentifier;
      case SERIAL_NUMBER$4:
        return new Integer;
      case ATTR_CERT_VALIDITY_PERIOD$1:
        return new AttCertValidityPeriod;
      case ATTRIBUTES$3:
        return [];
      case ISSUER_UNIQUE_ID$1:
        return new BitString;
      case EXTENSIONS$3:
        return new Extensions;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Integer({ name: names.version || "" }),
        new Choice({ value: [new Constructed({
          name: names.baseCertificateID || "",
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: IssuerSerial.schema().valueBlock.value
        }), new Constructed({
          name: names.subjectName || "",
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: GeneralNames.schema().valueBlock.value
        })] }),
        GeneralNames.schema({ names: { blockName: names.issuer || "" } }),
        AlgorithmIdentifier.schema(names.signature || {}),
        new Integer({ name: names.serialNumber || "" }),
        AttCertValidityPeriod.schema(names.attrCertValidityPeriod || {}),
        new Sequence({
          name: names.attributes || "",
          value: [new Repeated({ value: Attribute.schema() })]
        }),
        new BitString({
          optional: true,
          name: names.issuerUniqueID || ""
        }),
        Extensions.schema(names.extensions || {}, true)
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$59)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, AttributeCertificateInfoV1.schema({ names: {
      version: VERSION$16,
      baseCertificateID: BASE_CERTIFICATE_ID$2,
      subjectName: SUBJECT_NAME,
      issuer: ISSUER$3,
      signature: { names: { blockName: SIGNATURE$5 } },
      serialNumber: SERIAL_NUMBER$4,
      attrCertValidityPeriod: { names: { blockName: ATTR_CERT_VALIDITY_PERIOD$1 } },
      attributes: ATTRIBUTES$3,
      issuerUniqueID: ISSUER_UNIQUE_ID$1,
      extensions: { names: { blockName: EXTENSIONS$3 } }
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.version = asn1.result.version.valueBlock.valueDec;
    if (BASE_CERTIFICATE_ID$2 in asn1.result)
      this.baseCertificateID = new IssuerSerial({ schema: new Sequence({ value: asn1.result.baseCertificateID.valueBlock.value }) });
    if (SUBJECT_NAME in asn1.result)
      this.subjectName = new GeneralNames({ schema: new Sequence({ value: asn1.result.subjectName.valueBlock.value }) });
    this.issuer = asn1.result.issuer;
    this.signature = new AlgorithmIdentifier({ schema: asn1.result.signature });
    this.serialNumber = asn1.result.serialNumber;
    this.attrCertValidityPeriod = new AttCertValidityPeriod({ schema: asn1.result.attrCertValidityPeriod });
    this.attributes = Array.from(asn1.result.attributes.valueBlock.value, (element) => new Attribute({ schema: element }));
    if (ISSUER_UNIQUE_ID$1 in asn1.result)
      this.issuerUniqueID = asn1.result.issuerUniqueID;
    if (EXTENSIONS$3 in asn1.result)
      this.extensions = new Extensions({ schema: asn1.result.extensions });
  }
  toSchema() {
    const result = new Sequence({ value: [new Integer({ value: this.version })] });
    if (this.baseCertificateID)
      result.valueBlock.value.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: this.baseCertificateID.toSchema().valueBlock.value
      }));
    if (this.subjectName)
      result.valueBlock.value.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        value: this.subjectName.toSchema().valueBlock.value
      }));
    result.valueBlock.value.push(this.issuer.toSchema());
    result.valueBlock.value.push(this.signature.toSchema());
    result.valueBlock.value.push(this.serialNumber);
    result.valueBlock.value.push(this.attrCertValidityPeriod.toSchema());
    result.valueBlock.value.push(new Sequence({ value: Array.from(this.attributes, (o) => o.toSchema()) }));
    if (this.issuerUniqueID)
      result.valueBlock.value.push(this.issuerUniqueID);
    if (this.extensions)
      result.valueBlock.value.push(this.extensions.toSchema());
    return result;
  }
  toJSON() {
    const result = { version: this.version };
    if (this.baseCertificateID)
      result.baseCertificateID = this.baseCertificateID.toJSON();
    if (this.subjectName)
      result.subjectName = this.subjectName.toJSON();
    result.issuer = this.issuer.toJSON();
    result.signature = this.signature.toJSON();
    result.serialNumber = this.serialNumber.toJSON();
    result.attrCertValidityPeriod = this.attrCertValidityPeriod.toJSON();
    result.attributes = Array.from(this.attributes, (o) => o.toJSON());
    if (this.issuerUniqueID)
      result.issuerUniqueID = this.issuerUniqueID.toJSON();
    if (this.extensions)
      result.extensions = this.extensions.toJSON();
    return result;
  }
};
var ACINFO$1 = "acinfo";
var SIGNATURE_ALGORITHM$6 = "signatureAlgorithm";
var SIGNATURE_VALUE$3 = "signatureValue";
var CLEAR_PROPS$58 = [
  ACINFO$1,
  SIGNATURE_VALUE$3,
  SIGNATURE_ALGORITHM$6
];
var AttributeCertificateV1 = class AttributeCertificateV1 extends PkiObject {
  static {
    this.CLASS_NAME = "AttributeCertificateV1";
  }
  constructor(parameters = {}) {
    super();
    this.acinfo = parameters[ACINFO$1] ?? AttributeCertificateV1.defaultValues(ACINFO$1);
    this.signatureAlgorithm = parameters[SIGNATURE_ALGORITHM$6] ?? AttributeCertificateV1.defaultValues(SIGNATURE_ALGORITHM$6);
    this.signatureValue = parameters[SIGNATURE_VALUE$3] ?? AttributeCertificateV1.defaultValues(SIGNATURE_VALUE$3);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case ACINFO$1:
        return new AttributeCertificateInfoV1;
      case SIGNATURE_ALGORITHM$6:
        return new AlgorithmIdentifier;
      case SIGNATURE_VALUE$3:
        return new BitString;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        AttributeCertificateInfoV1.schema(names.acinfo || {}),
        AlgorithmIdentifier.schema(names.signatureAlgorithm || {}),
        new BitString({ name: names.signatureValue || "" })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$58)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, AttributeCertificateV1.schema({ names: {
      acinfo: { names: { blockName: ACINFO$1 } },
      signatureAlgorithm: { names: { blockName: SIGNATURE_ALGORITHM$6 } },
      signatureValue: SIGNATURE_VALUE$3
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.acinfo = new AttributeCertificateInfoV1({ schema: asn1.result.acinfo });
    this.signatureAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.signatureAlgorithm });
    this.signatureValue = asn1.result.signatureValue;
  }
  toSchema() {
    return new Sequence({ value: [
      this.acinfo.toSchema(),
      this.signatureAlgorithm.toSchema(),
      this.signatureValue
    ] });
  }
  toJSON() {
    return {
      acinfo: this.acinfo.toJSON(),
      signatureAlgorithm: this.signatureAlgorithm.toJSON(),
      signatureValue: this.signatureValue.toJSON()
    };
  }
};
var DIGESTED_OBJECT_TYPE = "digestedObjectType";
var OTHER_OBJECT_TYPE_ID = "otherObjectTypeID";
var DIGEST_ALGORITHM$2 = "digestAlgorithm";
var OBJECT_DIGEST = "objectDigest";
var CLEAR_PROPS$57 = [
  DIGESTED_OBJECT_TYPE,
  OTHER_OBJECT_TYPE_ID,
  DIGEST_ALGORITHM$2,
  OBJECT_DIGEST
];
var ObjectDigestInfo = class ObjectDigestInfo extends PkiObject {
  static {
    this.CLASS_NAME = "ObjectDigestInfo";
  }
  constructor(parameters = {}) {
    super();
    this.digestedObjectType = parameters[DIGESTED_OBJECT_TYPE] ?? ObjectDigestInfo.defaultValues(DIGESTED_OBJECT_TYPE);
    if (OTHER_OBJECT_TYPE_ID in parameters)
      this.otherObjectTypeID = parameters[OTHER_OBJECT_TYPE_ID] ?? ObjectDigestInfo.defaultValues(OTHER_OBJECT_TYPE_ID);
    this.digestAlgorithm = parameters[DIGEST_ALGORITHM$2] ?? ObjectDigestInfo.defaultValues(DIGEST_ALGORITHM$2);
    this.objectDigest = parameters[OBJECT_DIGEST] ?? ObjectDigestInfo.defaultValues(OBJECT_DIGEST);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case DIGESTED_OBJECT_TYPE:
        return new Enumerated;
      case OTHER_OBJECT_TYPE_ID:
        return new ObjectIdentifier;
      case DIGEST_ALGORITHM$2:
        return new AlgorithmIdentifier;
      case OBJECT_DIGEST:
        return new BitString;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Enumerated({ name: names.digestedObjectType || "" }),
        new ObjectIdentifier({
          optional: true,
          name: names.otherObjectTypeID || ""
        }),
        AlgorithmIdentifier.schema(names.digestAlgorithm || {}),
        new BitString({ name: names.objectDigest || "" })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$57)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, ObjectDigestInfo.schema({ names: {
      digestedObjectType: DIGESTED_OBJECT_TYPE,
      otherObjectTypeID: OTHER_OBJECT_TYPE_ID,
      digestAlgorithm: { names: { blockName: DIGEST_ALGORITHM$2 } },
      objectDigest: OBJECT_DIGEST
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.digestedObjectType = asn1.result.digestedObjectType;
    if (OTHER_OBJECT_TYPE_ID in asn1.result)
      this.otherObjectTypeID = asn1.result.otherObjectTypeID;
    this.digestAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.digestAlgorithm });
    this.objectDigest = asn1.result.objectDigest;
  }
  toSchema() {
    const result = new Sequence({ value: [this.digestedObjectType] });
    if (this.otherObjectTypeID)
      result.valueBlock.value.push(this.otherObjectTypeID);
    result.valueBlock.value.push(this.digestAlgorithm.toSchema());
    result.valueBlock.value.push(this.objectDigest);
    return result;
  }
  toJSON() {
    const result = {
      digestedObjectType: this.digestedObjectType.toJSON(),
      digestAlgorithm: this.digestAlgorithm.toJSON(),
      objectDigest: this.objectDigest.toJSON()
    };
    if (this.otherObjectTypeID)
      result.otherObjectTypeID = this.otherObjectTypeID.toJSON();
    return result;
  }
};
var ISSUER_NAME = "issuerName";
var BASE_CERTIFICATE_ID$1 = "baseCertificateID";
var OBJECT_DIGEST_INFO$1 = "objectDigestInfo";
var CLEAR_PROPS$56 = [
  ISSUER_NAME,
  BASE_CERTIFICATE_ID$1,
  OBJECT_DIGEST_INFO$1
];
var V2Form = class V2Form extends PkiObject {
  static {
    this.CLASS_NAME = "V2Form";
  }
  constructor(parameters = {}) {
    super();
    if (ISSUER_NAME in parameters)
      this.issuerName = parameters[ISSUER_NAME] ?? V2Form.defaultValues(ISSUER_NAME);
    if (BASE_CERTIFICATE_ID$1 in parameters)
      this.baseCertificateID = parameters[BASE_CERTIFICATE_ID$1] ?? V2Form.defaultValues(BASE_CERTIFICATE_ID$1);
    if (OBJECT_DIGEST_INFO$1 in parameters)
      this.objectDigestInfo = parameters[OBJECT_DIGEST_INFO$1] ?? V2Form.defaultValues(OBJECT_DIGEST_INFO$1);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case ISSUER_NAME:
        return new GeneralNames;
      case BASE_CERTIFICATE_ID$1:
        return new IssuerSerial;
      case OBJECT_DIGEST_INFO$1:
        return new ObjectDigestInfo;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        GeneralNames.schema({ names: { blockName: names.issuerName } }, true),
        new Constructed({
          optional: true,
          name: names.baseCertificateID || "",
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: IssuerSerial.schema().valueBlock.value
        }),
        new Constructed({
          optional: true,
          name: names.objectDigestInfo || "",
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: ObjectDigestInfo.schema().valueBlock.value
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$56)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, V2Form.schema({ names: {
      issuerName: ISSUER_NAME,
      baseCertificateID: BASE_CERTIFICATE_ID$1,
      objectDigestInfo: OBJECT_DIGEST_INFO$1
    } }));
    AsnError.assertSchema(asn1, this.className);
    if (ISSUER_NAME in asn1.result)
      this.issuerName = new GeneralNames({ schema: asn1.result.issuerName });
    if (BASE_CERTIFICATE_ID$1 in asn1.result)
      this.baseCertificateID = new IssuerSerial({ schema: new Sequence({ value: asn1.result.baseCertificateID.valueBlock.value }) });
    if (OBJECT_DIGEST_INFO$1 in asn1.result)
      this.objectDigestInfo = new ObjectDigestInfo({ schema: new Sequence({ value: asn1.result.objectDigestInfo.valueBlock.value }) });
  }
  toSchema() {
    const result = new Sequence;
    if (this.issuerName)
      result.valueBlock.value.push(this.issuerName.toSchema());
    if (this.baseCertificateID)
      result.valueBlock.value.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: this.baseCertificateID.toSchema().valueBlock.value
      }));
    if (this.objectDigestInfo)
      result.valueBlock.value.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        value: this.objectDigestInfo.toSchema().valueBlock.value
      }));
    return result;
  }
  toJSON() {
    const result = {};
    if (this.issuerName)
      result.issuerName = this.issuerName.toJSON();
    if (this.baseCertificateID)
      result.baseCertificateID = this.baseCertificateID.toJSON();
    if (this.objectDigestInfo)
      result.objectDigestInfo = this.objectDigestInfo.toJSON();
    return result;
  }
};
var BASE_CERTIFICATE_ID = "baseCertificateID";
var ENTITY_NAME = "entityName";
var OBJECT_DIGEST_INFO = "objectDigestInfo";
var CLEAR_PROPS$55 = [
  BASE_CERTIFICATE_ID,
  ENTITY_NAME,
  OBJECT_DIGEST_INFO
];
var Holder = class Holder extends PkiObject {
  static {
    this.CLASS_NAME = "Holder";
  }
  constructor(parameters = {}) {
    super();
    if (BASE_CERTIFICATE_ID in parameters)
      this.baseCertificateID = parameters[BASE_CERTIFICATE_ID] ?? Holder.defaultValues(BASE_CERTIFICATE_ID);
    if (ENTITY_NAME in parameters)
      this.entityName = parameters[ENTITY_NAME] ?? Holder.defaultValues(ENTITY_NAME);
    if (OBJECT_DIGEST_INFO in parameters)
      this.objectDigestInfo = parameters[OBJECT_DIGEST_INFO] ?? Holder.defaultValues(OBJECT_DIGEST_INFO);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case BASE_CERTIFICATE_ID:
        return new IssuerSerial;
      case ENTITY_NAME:
        return new GeneralNames;
      case OBJECT_DIGEST_INFO:
        return new ObjectDigestInfo;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Constructed({
          optional: true,
          name: names.baseCertificateID || "",
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: IssuerSerial.schema().valueBlock.value
        }),
        new Constructed({
          optional: true,
          name: names.entityName || "",
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: GeneralNames.schema().valueBlock.value
        }),
        new Constructed({
          optional: true,
          name: names.objectDigestInfo || "",
          idBlock: {
            tagClass: 3,
            tagNumber: 2
          },
          value: ObjectDigestInfo.schema().valueBlock.value
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$55)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, Holder.schema({ names: {
      baseCertificateID: BASE_CERTIFICATE_ID,
      entityName: ENTITY_NAME,
      objectDigestInfo: OBJECT_DIGEST_INFO
    } }));
    AsnError.assertSchema(asn1, this.className);
    if (BASE_CERTIFICATE_ID in asn1.result)
      this.baseCertificateID = new IssuerSerial({ schema: new Sequence({ value: asn1.result.baseCertificateID.valueBlock.value }) });
    if (ENTITY_NAME in asn1.result)
      this.entityName = new GeneralNames({ schema: new Sequence({ value: asn1.result.entityName.valueBlock.value }) });
    if (OBJECT_DIGEST_INFO in asn1.result)
      this.objectDigestInfo = new ObjectDigestInfo({ schema: new Sequence({ value: asn1.result.objectDigestInfo.valueBlock.value }) });
  }
  toSchema() {
    const result = new Sequence;
    if (this.baseCertificateID)
      result.valueBlock.value.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: this.baseCertificateID.toSchema().valueBlock.value
      }));
    if (this.entityName)
      result.valueBlock.value.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        value: this.entityName.toSchema().valueBlock.value
      }));
    if (this.objectDigestInfo)
      result.valueBlock.value.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 2
        },
        value: this.objectDigestInfo.toSchema().valueBlock.value
      }));
    return result;
  }
  toJSON() {
    const result = {};
    if (this.baseCertificateID)
      result.baseCertificateID = this.baseCertificateID.toJSON();
    if (this.entityName)
      result.entityName = this.entityName.toJSON();
    if (this.objectDigestInfo)
      result.objectDigestInfo = this.objectDigestInfo.toJSON();
    return result;
  }
};
var VERSION$15 = "version";
var HOLDER = "holder";
var ISSUER$2 = "issuer";
var SIGNATURE$4 = "signature";
var SERIAL_NUMBER$3 = "serialNumber";
var ATTR_CERT_VALIDITY_PERIOD = "attrCertValidityPeriod";
var ATTRIBUTES$2 = "attributes";
var ISSUER_UNIQUE_ID = "issuerUniqueID";
var EXTENSIONS$2 = "extensions";
var CLEAR_PROPS$54 = [
  VERSION$15,
  HOLDER,
  ISSUER$2,
  SIGNATURE$4,
  SERIAL_NUMBER$3,
  ATTR_CERT_VALIDITY_PERIOD,
  ATTRIBUTES$2,
  ISSUER_UNIQUE_ID,
  EXTENSIONS$2
];
var AttributeCertificateInfoV2 = class AttributeCertificateInfoV2 extends PkiObject {
  static {
    this.CLASS_NAME = "AttributeCertificateInfoV2";
  }
  constructor(parameters = {}) {
    super();
    this.version = parameters[VERSION$15] ?? AttributeCertificateInfoV2.defaultValues(VERSION$15);
    this.holder = parameters[HOLDER] ?? AttributeCertificateInfoV2.defaultValues(HOLDER);
    this.issuer = parameters[ISSUER$2] ?? AttributeCertificateInfoV2.defaultValues(ISSUER$2);
    this.signature = parameters[SIGNATURE$4] ?? AttributeCertificateInfoV2.defaultValues(SIGNATURE$4);
    this.serialNumber = parameters[SERIAL_NUMBER$3] ?? AttributeCertificateInfoV2.defaultValues(SERIAL_NUMBER$3);
    this.attrCertValidityPeriod = parameters[ATTR_CERT_VALIDITY_PERIOD] ?? AttributeCertificateInfoV2.defaultValues(ATTR_CERT_VALIDITY_PERIOD);
    this.attributes = parameters[ATTRIBUTES$2] ?? AttributeCertificateInfoV2.defaultValues(ATTRIBUTES$2);
    if (ISSUER_UNIQUE_ID in parameters)
      this.issuerUniqueID = parameters[ISSUER_UNIQUE_ID] ?? AttributeCertificateInfoV2.defaultValues(ISSUER_UNIQUE_ID);
    if (EXTENSIONS$2 in parameters)
      this.extensions = parameters[EXTENSIONS$2] ?? AttributeCertificateInfoV2.defaultValues(EXTENSIONS$2);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VERSION$15:
        return 1;
      case HOLDER:
        return new Holder;
      case ISSUER$2:
        return {};
      case SIGNATURE$4:
        return new AlgorithmIdentifier;
      case SERIAL_NUMBER$3:
        return new Integer;
      case ATTR_CERT_VALIDITY_PERIOD:
        return new AttCertValidityPeriod;
      case ATTRIBUTES$2:
        return [];
      case ISSUER_UNIQUE_ID:
        return new BitString;
      case EXTENSIONS$2:
        return new Extensions;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Integer({ name: names.version || "" }),
        Holder.schema(names.holder || {}),
        new Choice({ value: [GeneralNames.schema({ names: { blockName: names.issuer || "" } }), new Constructed({
          name: names.issuer || "",
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: V2Form.schema().valueBlock.value
        })] }),
        AlgorithmIdentifier.schema(names.signature || {}),
        new Integer({ name: names.serialNumber || "" }),
        AttCertValidityPeriod.schema(names.attrCertValidityPeriod || {}),
        new Sequence({
          name: names.attributes || "",
          value: [new Repeated({ value: Attribute.schema() })]
        }),
        new BitString({
          optional: true,
          name: names.issuerUniqueID || ""
        }),
        Extensions.schema(names.extensions || {}, true)
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$54)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, AttributeCertificateInfoV2.schema({ names: {
      version: VERSION$15,
      holder: { names: { blockName: HOLDER } },
      issuer: ISSUER$2,
      signature: { names: { blockName: SIGNATURE$4 } },
      serialNumber: SERIAL_NUMBER$3,
      attrCertValidityPeriod: { names: { blockName: ATTR_CERT_VALIDITY_PERIOD } },
      attributes: ATTRIBUTES$2,
      issuerUniqueID: ISSUER_UNIQUE_ID,
      extensions: { names: { blockName: EXTENSIONS$2 } }
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.version = asn1.result.version.valueBlock.valueDec;
    this.holder = new Holder({ schema: asn1.result.holder });
    switch (asn1.result.issuer.idBlock.tagClass) {
      case 3:
        this.issuer = new V2Form({ schema: new Sequence({ value: asn1.result.issuer.valueBlock.value }) });
        break;
      default:
        throw new Error("Incorrect value for 'issuer' in AttributeCertificateInfoV2");
    }
    this.signature = new AlgorithmIdentifier({ schema: asn1.result.signature });
    this.serialNumber = asn1.result.serialNumber;
    this.attrCertValidityPeriod = new AttCertValidityPeriod({ schema: asn1.result.attrCertValidityPeriod });
    this.attributes = Array.from(asn1.result.attributes.valueBlock.value, (element) => new Attribute({ schema: element }));
    if (ISSUER_UNIQUE_ID in asn1.result)
      this.issuerUniqueID = asn1.result.issuerUniqueID;
    if (EXTENSIONS$2 in asn1.result)
      this.extensions = new Extensions({ schema: asn1.result.extensions });
  }
  toSchema() {
    const result = new Sequence({ value: [
      new Integer({ value: this.version }),
      this.holder.toSchema(),
      new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: this.issuer.toSchema().valueBlock.value
      }),
      this.signature.toSchema(),
      this.serialNumber,
      this.attrCertValidityPeriod.toSchema(),
      new Sequence({ value: Array.from(this.attributes, (o) => o.toSchema()) })
    ] });
    if (this.issuerUniqueID)
      result.valueBlock.value.push(this.issuerUniqueID);
    if (this.extensions)
      result.valueBlock.value.push(this.extensions.toSchema());
    return result;
  }
  toJSON() {
    const result = {
      version: this.version,
      holder: this.holder.toJSON(),
      issuer: this.issuer.toJSON(),
      signature: this.signature.toJSON(),
      serialNumber: this.serialNumber.toJSON(),
      attrCertValidityPeriod: this.attrCertValidityPeriod.toJSON(),
      attributes: Array.from(this.attributes, (o) => o.toJSON())
    };
    if (this.issuerUniqueID)
      result.issuerUniqueID = this.issuerUniqueID.toJSON();
    if (this.extensions)
      result.extensions = this.extensions.toJSON();
    return result;
  }
};
var ACINFO = "acinfo";
var SIGNATURE_ALGORITHM$5 = "signatureAlgorithm";
var SIGNATURE_VALUE$2 = "signatureValue";
var CLEAR_PROPS$53 = [
  ACINFO,
  SIGNATURE_ALGORITHM$5,
  SIGNATURE_VALUE$2
];
var AttributeCertificateV2 = class AttributeCertificateV2 extends PkiObject {
  static {
    this.CLASS_NAME = "AttributeCertificateV2";
  }
  constructor(parameters = {}) {
    super();
    this.acinfo = parameters[ACINFO] ?? AttributeCertificateV2.defaultValues(ACINFO);
    this.signatureAlgorithm = parameters[SIGNATURE_ALGORITHM$5] ?? AttributeCertificateV2.defaultValues(SIGNATURE_ALGORITHM$5);
    this.signatureValue = parameters[SIGNATURE_VALUE$2] ?? AttributeCertificateV2.defaultValues(SIGNATURE_VALUE$2);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case ACINFO:
        return new AttributeCertificateInfoV2;
      case SIGNATURE_ALGORITHM$5:
        return new AlgorithmIdentifier;
      case SIGNATURE_VALUE$2:
        return new BitString;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        AttributeCertificateInfoV2.schema(names.acinfo || {}),
        AlgorithmIdentifier.schema(names.signatureAlgorithm || {}),
        new BitString({ name: names.signatureValue || "" })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$53)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, AttributeCertificateV2.schema({ names: {
      acinfo: { names: { blockName: ACINFO } },
      signatureAlgorithm: { names: { blockName: SIGNATURE_ALGORITHM$5 } },
      signatureValue: SIGNATURE_VALUE$2
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.acinfo = new AttributeCertificateInfoV2({ schema: asn1.result.acinfo });
    this.signatureAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.signatureAlgorithm });
    this.signatureValue = asn1.result.signatureValue;
  }
  toSchema() {
    return new Sequence({ value: [
      this.acinfo.toSchema(),
      this.signatureAlgorithm.toSchema(),
      this.signatureValue
    ] });
  }
  toJSON() {
    return {
      acinfo: this.acinfo.toJSON(),
      signatureAlgorithm: this.signatureAlgorithm.toJSON(),
      signatureValue: this.signatureValue.toJSON()
    };
  }
};
var CONTENT_TYPE = "contentType";
var CONTENT = "content";
var CLEAR_PROPS$52 = [CONTENT_TYPE, CONTENT];
var ContentInfo = class ContentInfo extends PkiObject {
  static {
    this.CLASS_NAME = "ContentInfo";
  }
  static {
    this.DATA = id_ContentType_Data;
  }
  static {
    this.SIGNED_DATA = id_ContentType_SignedData;
  }
  static {
    this.ENVELOPED_DATA = id_ContentType_EnvelopedData;
  }
  static {
    this.ENCRYPTED_DATA = id_ContentType_EncryptedData;
  }
  constructor(parameters = {}) {
    super();
    this.contentType = parameters[CONTENT_TYPE] ?? ContentInfo.defaultValues(CONTENT_TYPE);
    this.content = parameters[CONTENT] ?? ContentInfo.defaultValues(CONTENT);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case CONTENT_TYPE:
        return "";
      case CONTENT:
        return new Any;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case CONTENT_TYPE:
        return typeof memberValue === "string" && memberValue === this.defaultValues(CONTENT_TYPE);
      case CONTENT:
        return memberValue instanceof Any;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    if ("optional" in names === false)
      names.optional = false;
    return new Sequence({
      name: names.blockName || "ContentInfo",
      optional: names.optional,
      value: [new ObjectIdentifier({ name: names.contentType || CONTENT_TYPE }), new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [new Any({ name: names.content || CONTENT })]
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$52)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, ContentInfo.schema());
    AsnError.assertSchema(asn1, this.className);
    this.contentType = asn1.result.contentType.valueBlock.toString();
    this.content = asn1.result.content;
  }
  toSchema() {
    return new Sequence({ value: [new ObjectIdentifier({ value: this.contentType }), new Constructed({
      idBlock: {
        tagClass: 3,
        tagNumber: 0
      },
      value: [this.content]
    })] });
  }
  toJSON() {
    const object = { contentType: this.contentType };
    if (!(this.content instanceof Any))
      object.content = this.content.toJSON();
    return object;
  }
};
var CERT_ID$1 = "certId";
var CERT_VALUE = "certValue";
var PARSED_VALUE$4 = "parsedValue";
var CLEAR_PROPS$51 = [CERT_ID$1, CERT_VALUE];
var CertBag = class CertBag extends PkiObject {
  static {
    this.CLASS_NAME = "CertBag";
  }
  constructor(parameters = {}) {
    super();
    this.certId = parameters[CERT_ID$1] ?? CertBag.defaultValues(CERT_ID$1);
    this.certValue = parameters[CERT_VALUE] ?? CertBag.defaultValues(CERT_VALUE);
    if (PARSED_VALUE$4 in parameters)
      this.parsedValue = parameters[PARSED_VALUE$4] ?? CertBag.defaultValues(PARSED_VALUE$4);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case CERT_ID$1:
        return "";
      case CERT_VALUE:
        return new Any;
      case PARSED_VALUE$4:
        return {};
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case CERT_ID$1:
        return memberValue === "";
      case CERT_VALUE:
        return memberValue instanceof Any;
      case PARSED_VALUE$4:
        return memberValue instanceof Object && Object.keys(memberValue).length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new ObjectIdentifier({ name: names.id || "id" }), new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [new Any({ name: names.value || "value" })]
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$51)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, CertBag.schema({ names: {
      id: CERT_ID$1,
      value: CERT_VALUE
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.certId = asn1.result.certId.valueBlock.toString();
    this.certValue = asn1.result.certValue;
    const certValueHex = this.certValue.valueBlock.valueHexView;
    switch (this.certId) {
      case id_CertBag_X509Certificate:
        try {
          this.parsedValue = Certificate.fromBER(certValueHex);
        } catch {
          AttributeCertificateV2.fromBER(certValueHex);
        }
        break;
      case id_CertBag_AttributeCertificate:
        this.parsedValue = AttributeCertificateV2.fromBER(certValueHex);
        break;
      case id_CertBag_SDSICertificate:
      default:
        throw new Error(`Incorrect CERT_ID value in CertBag: ${this.certId}`);
    }
  }
  toSchema() {
    if (PARSED_VALUE$4 in this) {
      if ("acinfo" in this.parsedValue)
        this.certId = id_CertBag_AttributeCertificate;
      else
        this.certId = id_CertBag_X509Certificate;
      this.certValue = new OctetString({ valueHex: this.parsedValue.toSchema().toBER(false) });
    }
    return new Sequence({ value: [new ObjectIdentifier({ value: this.certId }), new Constructed({
      idBlock: {
        tagClass: 3,
        tagNumber: 0
      },
      value: ["toSchema" in this.certValue ? this.certValue.toSchema() : this.certValue]
    })] });
  }
  toJSON() {
    return {
      certId: this.certId,
      certValue: this.certValue.toJSON()
    };
  }
};
var USER_CERTIFICATE = "userCertificate";
var REVOCATION_DATE = "revocationDate";
var CRL_ENTRY_EXTENSIONS = "crlEntryExtensions";
var CLEAR_PROPS$50 = [
  USER_CERTIFICATE,
  REVOCATION_DATE,
  CRL_ENTRY_EXTENSIONS
];
var RevokedCertificate = class RevokedCertificate extends PkiObject {
  static {
    this.CLASS_NAME = "RevokedCertificate";
  }
  constructor(parameters = {}) {
    super();
    this.userCertificate = parameters[USER_CERTIFICATE] ?? RevokedCertificate.defaultValues(USER_CERTIFICATE);
    this.revocationDate = parameters[REVOCATION_DATE] ?? RevokedCertificate.defaultValues(REVOCATION_DATE);
    if (CRL_ENTRY_EXTENSIONS in parameters)
      this.crlEntryExtensions = parameters[CRL_ENTRY_EXTENSIONS] ?? RevokedCertificate.defaultValues(CRL_ENTRY_EXTENSIONS);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case USER_CERTIFICATE:
        return new Integer;
      case REVOCATION_DATE:
        return new Time;
      case CRL_ENTRY_EXTENSIONS:
        return new Extensions;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Integer({ name: names.userCertificate || USER_CERTIFICATE }),
        Time.schema({ names: {
          utcTimeName: names.revocationDate || REVOCATION_DATE,
          generalTimeName: names.revocationDate || REVOCATION_DATE
        } }),
        Extensions.schema({ names: { blockName: names.crlEntryExtensions || CRL_ENTRY_EXTENSIONS } }, true)
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$50)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, RevokedCertificate.schema());
    AsnError.assertSchema(asn1, this.className);
    this.userCertificate = asn1.result.userCertificate;
    this.revocationDate = new Time({ schema: asn1.result.revocationDate });
    if (CRL_ENTRY_EXTENSIONS in asn1.result)
      this.crlEntryExtensions = new Extensions({ schema: asn1.result.crlEntryExtensions });
  }
  toSchema() {
    const outputArray = [this.userCertificate, this.revocationDate.toSchema()];
    if (this.crlEntryExtensions)
      outputArray.push(this.crlEntryExtensions.toSchema());
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = {
      userCertificate: this.userCertificate.toJSON(),
      revocationDate: this.revocationDate.toJSON()
    };
    if (this.crlEntryExtensions)
      res.crlEntryExtensions = this.crlEntryExtensions.toJSON();
    return res;
  }
};
var TBS$3 = "tbs";
var VERSION$14 = "version";
var SIGNATURE$3 = "signature";
var ISSUER$1 = "issuer";
var THIS_UPDATE$1 = "thisUpdate";
var NEXT_UPDATE$1 = "nextUpdate";
var REVOKED_CERTIFICATES = "revokedCertificates";
var CRL_EXTENSIONS = "crlExtensions";
var SIGNATURE_ALGORITHM$4 = "signatureAlgorithm";
var SIGNATURE_VALUE$1 = "signatureValue";
var TBS_CERT_LIST = "tbsCertList";
var TBS_CERT_LIST_VERSION = `${TBS_CERT_LIST}.version`;
var TBS_CERT_LIST_SIGNATURE = `${TBS_CERT_LIST}.signature`;
var TBS_CERT_LIST_ISSUER = `${TBS_CERT_LIST}.issuer`;
var TBS_CERT_LIST_THIS_UPDATE = `${TBS_CERT_LIST}.thisUpdate`;
var TBS_CERT_LIST_NEXT_UPDATE = `${TBS_CERT_LIST}.nextUpdate`;
var TBS_CERT_LIST_REVOKED_CERTIFICATES = `${TBS_CERT_LIST}.revokedCertificates`;
var TBS_CERT_LIST_EXTENSIONS = `${TBS_CERT_LIST}.extensions`;
var CLEAR_PROPS$49 = [
  TBS_CERT_LIST,
  TBS_CERT_LIST_VERSION,
  TBS_CERT_LIST_SIGNATURE,
  TBS_CERT_LIST_ISSUER,
  TBS_CERT_LIST_THIS_UPDATE,
  TBS_CERT_LIST_NEXT_UPDATE,
  TBS_CERT_LIST_REVOKED_CERTIFICATES,
  TBS_CERT_LIST_EXTENSIONS,
  SIGNATURE_ALGORITHM$4,
  SIGNATURE_VALUE$1
];
function tbsCertList(parameters = {}) {
  const names = parameters.names ?? {};
  return new Sequence({
    name: names.blockName || TBS_CERT_LIST,
    value: [
      new Integer({
        optional: true,
        name: names.tbsCertListVersion || TBS_CERT_LIST_VERSION,
        value: 2
      }),
      AlgorithmIdentifier.schema(names.signature || { names: { blockName: TBS_CERT_LIST_SIGNATURE } }),
      RelativeDistinguishedNames.schema(names.issuer || { names: { blockName: TBS_CERT_LIST_ISSUER } }),
      Time.schema(names.tbsCertListThisUpdate || { names: {
        utcTimeName: TBS_CERT_LIST_THIS_UPDATE,
        generalTimeName: TBS_CERT_LIST_THIS_UPDATE
      } }),
      Time.schema(names.tbsCertListNextUpdate || { names: {
        utcTimeName: TBS_CERT_LIST_NEXT_UPDATE,
        generalTimeName: TBS_CERT_LIST_NEXT_UPDATE
      } }, true),
      new Sequence({
        optional: true,
        value: [new Repeated({
          name: names.tbsCertListRevokedCertificates || TBS_CERT_LIST_REVOKED_CERTIFICATES,
          value: new Sequence({ value: [
            new Integer,
            Time.schema(),
            Extensions.schema({}, true)
          ] })
        })]
      }),
      new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [Extensions.schema(names.crlExtensions || { names: { blockName: TBS_CERT_LIST_EXTENSIONS } })]
      })
    ]
  });
}
var WELL_KNOWN_EXTENSIONS = [
  id_AuthorityKeyIdentifier,
  id_IssuerAltName,
  id_CRLNumber,
  id_BaseCRLNumber,
  id_IssuingDistributionPoint,
  id_FreshestCRL,
  id_AuthorityInfoAccess,
  id_CRLReason,
  id_InvalidityDate,
  id_CertificateIssuer
];
var CertificateRevocationList = class CertificateRevocationList extends PkiObject {
  static {
    this.CLASS_NAME = "CertificateRevocationList";
  }
  get tbs() {
    return toArrayBuffer2(this.tbsView);
  }
  set tbs(value) {
    this.tbsView = new Uint8Array(value);
  }
  constructor(parameters = {}) {
    super();
    this.tbsView = new Uint8Array(parameters[TBS$3] ?? CertificateRevocationList.defaultValues(TBS$3));
    this.version = parameters[VERSION$14] ?? CertificateRevocationList.defaultValues(VERSION$14);
    this.signature = parameters[SIGNATURE$3] ?? CertificateRevocationList.defaultValues(SIGNATURE$3);
    this.issuer = parameters[ISSUER$1] ?? CertificateRevocationList.defaultValues(ISSUER$1);
    this.thisUpdate = parameters[THIS_UPDATE$1] ?? CertificateRevocationList.defaultValues(THIS_UPDATE$1);
    if (NEXT_UPDATE$1 in parameters)
      this.nextUpdate = parameters[NEXT_UPDATE$1] ?? CertificateRevocationList.defaultValues(NEXT_UPDATE$1);
    if (REVOKED_CERTIFICATES in parameters)
      this.revokedCertificates = parameters[REVOKED_CERTIFICATES] ?? CertificateRevocationList.defaultValues(REVOKED_CERTIFICATES);
    if (CRL_EXTENSIONS in parameters)
      this.crlExtensions = parameters[CRL_EXTENSIONS] ?? CertificateRevocationList.defaultValues(CRL_EXTENSIONS);
    this.signatureAlgorithm = parameters[SIGNATURE_ALGORITHM$4] ?? CertificateRevocationList.defaultValues(SIGNATURE_ALGORITHM$4);
    this.signatureValue = parameters[SIGNATURE_VALUE$1] ?? CertificateRevocationList.defaultValues(SIGNATURE_VALUE$1);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case TBS$3:
        return EMPTY_BUFFER2;
      case VERSION$14:
        return 0;
      case SIGNATURE$3:
        return new AlgorithmIdentifier;
      case ISSUER$1:
        return new RelativeDistinguishedNames;
      case THIS_UPDATE$1:
        return new Time;
      case NEXT_UPDATE$1:
        return new Time;
      case REVOKED_CERTIFICATES:
        return [];
      case CRL_EXTENSIONS:
        return new Extensions;
      case SIGNATURE_ALGORITHM$4:
        return new AlgorithmIdentifier;
      case SIGNATURE_VALUE$1:
        return new BitString;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "CertificateList",
      value: [
        tbsCertList(parameters),
        AlgorithmIdentifier.schema(names.signatureAlgorithm || { names: { blockName: SIGNATURE_ALGORITHM$4 } }),
        new BitString({ name: names.signatureValue || SIGNATURE_VALUE$1 })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$49)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, CertificateRevocationList.schema());
    AsnError.assertSchema(asn1, this.className);
    this.tbsView = asn1.result.tbsCertList.valueBeforeDecodeView;
    if (TBS_CERT_LIST_VERSION in asn1.result)
      this.version = asn1.result[TBS_CERT_LIST_VERSION].valueBlock.valueDec;
    this.signature = new AlgorithmIdentifier({ schema: asn1.result[TBS_CERT_LIST_SIGNATURE] });
    this.issuer = new RelativeDistinguishedNames({ schema: asn1.result[TBS_CERT_LIST_ISSUER] });
    this.thisUpdate = new Time({ schema: asn1.result[TBS_CERT_LIST_THIS_UPDATE] });
    if (TBS_CERT_LIST_NEXT_UPDATE in asn1.result)
      this.nextUpdate = new Time({ schema: asn1.result[TBS_CERT_LIST_NEXT_UPDATE] });
    if (TBS_CERT_LIST_REVOKED_CERTIFICATES in asn1.result)
      this.revokedCertificates = Array.from(asn1.result[TBS_CERT_LIST_REVOKED_CERTIFICATES], (element) => new RevokedCertificate({ schema: element }));
    if (TBS_CERT_LIST_EXTENSIONS in asn1.result)
      this.crlExtensions = new Extensions({ schema: asn1.result[TBS_CERT_LIST_EXTENSIONS] });
    this.signatureAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.signatureAlgorithm });
    this.signatureValue = asn1.result.signatureValue;
  }
  encodeTBS() {
    const outputArray = [];
    if (this.version !== CertificateRevocationList.defaultValues(VERSION$14))
      outputArray.push(new Integer({ value: this.version }));
    outputArray.push(this.signature.toSchema());
    outputArray.push(this.issuer.toSchema());
    outputArray.push(this.thisUpdate.toSchema());
    if (this.nextUpdate)
      outputArray.push(this.nextUpdate.toSchema());
    if (this.revokedCertificates)
      outputArray.push(new Sequence({ value: Array.from(this.revokedCertificates, (o) => o.toSchema()) }));
    if (this.crlExtensions)
      outputArray.push(new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [this.crlExtensions.toSchema()]
      }));
    return new Sequence({ value: outputArray });
  }
  toSchema(encodeFlag = false) {
    let tbsSchema;
    if (!encodeFlag) {
      if (!this.tbsView.byteLength)
        return CertificateRevocationList.schema();
      const asn1 = fromBER(this.tbsView);
      AsnError.assert(asn1, "TBS Certificate Revocation List");
      tbsSchema = asn1.result;
    } else
      tbsSchema = this.encodeTBS();
    return new Sequence({ value: [
      tbsSchema,
      this.signatureAlgorithm.toSchema(),
      this.signatureValue
    ] });
  }
  toJSON() {
    const res = {
      tbs: hex_exports2.encode(this.tbsView),
      version: this.version,
      signature: this.signature.toJSON(),
      issuer: this.issuer.toJSON(),
      thisUpdate: this.thisUpdate.toJSON(),
      signatureAlgorithm: this.signatureAlgorithm.toJSON(),
      signatureValue: this.signatureValue.toJSON()
    };
    if (this.version !== CertificateRevocationList.defaultValues(VERSION$14))
      res.version = this.version;
    if (this.nextUpdate)
      res.nextUpdate = this.nextUpdate.toJSON();
    if (this.revokedCertificates)
      res.revokedCertificates = Array.from(this.revokedCertificates, (o) => o.toJSON());
    if (this.crlExtensions)
      res.crlExtensions = this.crlExtensions.toJSON();
    return res;
  }
  isCertificateRevoked(certificate) {
    if (!this.issuer.isEqual(certificate.issuer))
      return false;
    if (!this.revokedCertificates)
      return false;
    for (const revokedCertificate of this.revokedCertificates)
      if (revokedCertificate.userCertificate.isEqual(certificate.serialNumber))
        return true;
    return false;
  }
  async sign(privateKey, hashAlgorithm = "SHA-1", crypto2 = getCrypto(true)) {
    if (!privateKey)
      throw new Error("Need to provide a private key for signing");
    const signatureParameters = await crypto2.getSignatureParameters(privateKey, hashAlgorithm);
    const { parameters } = signatureParameters;
    this.signature = signatureParameters.signatureAlgorithm;
    this.signatureAlgorithm = signatureParameters.signatureAlgorithm;
    this.tbsView = new Uint8Array(this.encodeTBS().toBER());
    const signature = await crypto2.signWithPrivateKey(this.tbsView, privateKey, parameters);
    this.signatureValue = new BitString({ valueHex: signature });
  }
  async verify(parameters = {}, crypto2 = getCrypto(true)) {
    let subjectPublicKeyInfo;
    if (parameters.issuerCertificate) {
      subjectPublicKeyInfo = parameters.issuerCertificate.subjectPublicKeyInfo;
      if (!this.issuer.isEqual(parameters.issuerCertificate.subject))
        return false;
    }
    if (parameters.publicKeyInfo)
      subjectPublicKeyInfo = parameters.publicKeyInfo;
    if (!subjectPublicKeyInfo)
      throw new Error("Issuer's certificate must be provided as an input parameter");
    if (this.crlExtensions) {
      for (const extension of this.crlExtensions.extensions)
        if (extension.critical) {
          if (!WELL_KNOWN_EXTENSIONS.includes(extension.extnID))
            return false;
        }
    }
    return crypto2.verifyWithPublicKey(this.tbsView, this.signatureValue, subjectPublicKeyInfo, this.signatureAlgorithm);
  }
};
var CRL_ID = "crlId";
var CRL_VALUE = "crlValue";
var PARSED_VALUE$3 = "parsedValue";
var CLEAR_PROPS$48 = [CRL_ID, CRL_VALUE];
var CRLBag = class CRLBag extends PkiObject {
  static {
    this.CLASS_NAME = "CRLBag";
  }
  constructor(parameters = {}) {
    super();
    this.crlId = parameters[CRL_ID] ?? CRLBag.defaultValues(CRL_ID);
    this.crlValue = parameters[CRL_VALUE] ?? CRLBag.defaultValues(CRL_VALUE);
    if (PARSED_VALUE$3 in parameters)
      this.parsedValue = parameters[PARSED_VALUE$3] ?? CRLBag.defaultValues(PARSED_VALUE$3);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case CRL_ID:
        return "";
      case CRL_VALUE:
        return new Any;
      case PARSED_VALUE$3:
        return {};
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case CRL_ID:
        return memberValue === "";
      case CRL_VALUE:
        return memberValue instanceof Any;
      case PARSED_VALUE$3:
        return memberValue instanceof Object && Object.keys(memberValue).length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new ObjectIdentifier({ name: names.id || "id" }), new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [new Any({ name: names.value || "value" })]
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$48)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, CRLBag.schema({ names: {
      id: CRL_ID,
      value: CRL_VALUE
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.crlId = asn1.result.crlId.valueBlock.toString();
    this.crlValue = asn1.result.crlValue;
    switch (this.crlId) {
      case id_CRLBag_X509CRL:
        this.parsedValue = CertificateRevocationList.fromBER(this.certValue.valueBlock.valueHex);
        break;
      default:
        throw new Error(`Incorrect CRL_ID value in CRLBag: ${this.crlId}`);
    }
  }
  toSchema() {
    if (this.parsedValue) {
      this.crlId = id_CRLBag_X509CRL;
      this.crlValue = new OctetString({ valueHex: this.parsedValue.toSchema().toBER(false) });
    }
    return new Sequence({ value: [new ObjectIdentifier({ value: this.crlId }), new Constructed({
      idBlock: {
        tagClass: 3,
        tagNumber: 0
      },
      value: [this.crlValue.toSchema()]
    })] });
  }
  toJSON() {
    return {
      crlId: this.crlId,
      crlValue: this.crlValue.toJSON()
    };
  }
};
var VERSION$13 = "version";
var ENCRYPTED_CONTENT_INFO$1 = "encryptedContentInfo";
var UNPROTECTED_ATTRS$1 = "unprotectedAttrs";
var CLEAR_PROPS$47 = [
  VERSION$13,
  ENCRYPTED_CONTENT_INFO$1,
  UNPROTECTED_ATTRS$1
];
var EncryptedData = class EncryptedData extends PkiObject {
  static {
    this.CLASS_NAME = "EncryptedData";
  }
  constructor(parameters = {}) {
    super();
    this.version = parameters[VERSION$13] ?? EncryptedData.defaultValues(VERSION$13);
    this.encryptedContentInfo = parameters[ENCRYPTED_CONTENT_INFO$1] ?? EncryptedData.defaultValues(ENCRYPTED_CONTENT_INFO$1);
    if (UNPROTECTED_ATTRS$1 in parameters)
      this.unprotectedAttrs = parameters[UNPROTECTED_ATTRS$1] ?? EncryptedData.defaultValues(UNPROTECTED_ATTRS$1);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VERSION$13:
        return 0;
      case ENCRYPTED_CONTENT_INFO$1:
        return new EncryptedContentInfo;
      case UNPROTECTED_ATTRS$1:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case VERSION$13:
        return memberValue === 0;
      case ENCRYPTED_CONTENT_INFO$1:
        return EncryptedContentInfo.compareWithDefault("contentType", memberValue.contentType) && EncryptedContentInfo.compareWithDefault("contentEncryptionAlgorithm", memberValue.contentEncryptionAlgorithm) && EncryptedContentInfo.compareWithDefault("encryptedContent", memberValue.encryptedContent);
      case UNPROTECTED_ATTRS$1:
        return memberValue.length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Integer({ name: names.version || "" }),
        EncryptedContentInfo.schema(names.encryptedContentInfo || {}),
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: [new Repeated({
            name: names.unprotectedAttrs || "",
            value: Attribute.schema()
          })]
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$47)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, EncryptedData.schema({ names: {
      version: VERSION$13,
      encryptedContentInfo: { names: { blockName: ENCRYPTED_CONTENT_INFO$1 } },
      unprotectedAttrs: UNPROTECTED_ATTRS$1
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.version = asn1.result.version.valueBlock.valueDec;
    this.encryptedContentInfo = new EncryptedContentInfo({ schema: asn1.result.encryptedContentInfo });
    if (UNPROTECTED_ATTRS$1 in asn1.result)
      this.unprotectedAttrs = Array.from(asn1.result.unprotectedAttrs, (element) => new Attribute({ schema: element }));
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(new Integer({ value: this.version }));
    outputArray.push(this.encryptedContentInfo.toSchema());
    if (this.unprotectedAttrs)
      outputArray.push(new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        value: Array.from(this.unprotectedAttrs, (o) => o.toSchema())
      }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = {
      version: this.version,
      encryptedContentInfo: this.encryptedContentInfo.toJSON()
    };
    if (this.unprotectedAttrs)
      res.unprotectedAttrs = Array.from(this.unprotectedAttrs, (o) => o.toJSON());
    return res;
  }
  async encrypt(parameters, crypto2 = getCrypto(true)) {
    ArgumentError.assert(parameters, "parameters", "object");
    const encryptParams = {
      ...parameters,
      contentType: "1.2.840.113549.1.7.1"
    };
    this.encryptedContentInfo = await crypto2.encryptEncryptedContentInfo(encryptParams);
  }
  async decrypt(parameters, crypto2 = getCrypto(true)) {
    ArgumentError.assert(parameters, "parameters", "object");
    const decryptParams = {
      ...parameters,
      encryptedContentInfo: this.encryptedContentInfo
    };
    return crypto2.decryptEncryptedContentInfo(decryptParams);
  }
};
var ENCRYPTION_ALGORITHM = "encryptionAlgorithm";
var ENCRYPTED_DATA = "encryptedData";
var PARSED_VALUE$2 = "parsedValue";
var CLEAR_PROPS$46 = [ENCRYPTION_ALGORITHM, ENCRYPTED_DATA];
var PKCS8ShroudedKeyBag = class PKCS8ShroudedKeyBag extends PkiObject {
  static {
    this.CLASS_NAME = "PKCS8ShroudedKeyBag";
  }
  constructor(parameters = {}) {
    super();
    this.encryptionAlgorithm = parameters[ENCRYPTION_ALGORITHM] ?? PKCS8ShroudedKeyBag.defaultValues(ENCRYPTION_ALGORITHM);
    this.encryptedData = parameters[ENCRYPTED_DATA] ?? PKCS8ShroudedKeyBag.defaultValues(ENCRYPTED_DATA);
    if (PARSED_VALUE$2 in parameters)
      this.parsedValue = parameters[PARSED_VALUE$2] ?? PKCS8ShroudedKeyBag.defaultValues(PARSED_VALUE$2);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case ENCRYPTION_ALGORITHM:
        return new AlgorithmIdentifier;
      case ENCRYPTED_DATA:
        return new OctetString;
      case PARSED_VALUE$2:
        return {};
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case ENCRYPTION_ALGORITHM:
        return AlgorithmIdentifier.compareWithDefault("algorithmId", memberValue.algorithmId) && "algorithmParams" in memberValue === false;
      case ENCRYPTED_DATA:
        return memberValue.isEqual(PKCS8ShroudedKeyBag.defaultValues(memberName));
      case PARSED_VALUE$2:
        return memberValue instanceof Object && Object.keys(memberValue).length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [AlgorithmIdentifier.schema(names.encryptionAlgorithm || { names: { blockName: ENCRYPTION_ALGORITHM } }), new Choice({ value: [new OctetString({ name: names.encryptedData || ENCRYPTED_DATA }), new OctetString({
        idBlock: { isConstructed: true },
        name: names.encryptedData || ENCRYPTED_DATA
      })] })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$46)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, PKCS8ShroudedKeyBag.schema({ names: {
      encryptionAlgorithm: { names: { blockName: ENCRYPTION_ALGORITHM } },
      encryptedData: ENCRYPTED_DATA
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.encryptionAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.encryptionAlgorithm });
    this.encryptedData = asn1.result.encryptedData;
  }
  toSchema() {
    return new Sequence({ value: [this.encryptionAlgorithm.toSchema(), this.encryptedData] });
  }
  toJSON() {
    return {
      encryptionAlgorithm: this.encryptionAlgorithm.toJSON(),
      encryptedData: this.encryptedData.toJSON()
    };
  }
  async parseInternalValues(parameters, crypto2 = getCrypto(true)) {
    const decryptedData = await new EncryptedData({ encryptedContentInfo: new EncryptedContentInfo({
      contentEncryptionAlgorithm: this.encryptionAlgorithm,
      encryptedContent: this.encryptedData
    }) }).decrypt(parameters, crypto2);
    this.parsedValue = PrivateKeyInfo.fromBER(decryptedData);
  }
  async makeInternalValues(parameters, crypto2 = getCrypto(true)) {
    if (!this.parsedValue)
      throw new Error('Please initialize "parsedValue" first');
    const cmsEncrypted = new EncryptedData;
    const encryptParams = {
      ...parameters,
      contentToEncrypt: this.parsedValue.toSchema().toBER(false)
    };
    await cmsEncrypted.encrypt(encryptParams, crypto2);
    if (!cmsEncrypted.encryptedContentInfo.encryptedContent)
      throw new Error("The filed `encryptedContent` in EncryptedContentInfo is empty");
    this.encryptionAlgorithm = cmsEncrypted.encryptedContentInfo.contentEncryptionAlgorithm;
    this.encryptedData = cmsEncrypted.encryptedContentInfo.encryptedContent;
  }
};
var SECRET_TYPE_ID = "secretTypeId";
var SECRET_VALUE = "secretValue";
var CLEAR_PROPS$45 = [SECRET_TYPE_ID, SECRET_VALUE];
var SecretBag = class SecretBag extends PkiObject {
  static {
    this.CLASS_NAME = "SecretBag";
  }
  constructor(parameters = {}) {
    super();
    this.secretTypeId = parameters[SECRET_TYPE_ID] ?? SecretBag.defaultValues(SECRET_TYPE_ID);
    this.secretValue = parameters[SECRET_VALUE] ?? SecretBag.defaultValues(SECRET_VALUE);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case SECRET_TYPE_ID:
        return "";
      case SECRET_VALUE:
        return new Any;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case SECRET_TYPE_ID:
        return memberValue === "";
      case SECRET_VALUE:
        return memberValue instanceof Any;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new ObjectIdentifier({ name: names.id || "id" }), new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [new Any({ name: names.value || "value" })]
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$45)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, SecretBag.schema({ names: {
      id: SECRET_TYPE_ID,
      value: SECRET_VALUE
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.secretTypeId = asn1.result.secretTypeId.valueBlock.toString();
    this.secretValue = asn1.result.secretValue;
  }
  toSchema() {
    return new Sequence({ value: [new ObjectIdentifier({ value: this.secretTypeId }), new Constructed({
      idBlock: {
        tagClass: 3,
        tagNumber: 0
      },
      value: [this.secretValue.toSchema()]
    })] });
  }
  toJSON() {
    return {
      secretTypeId: this.secretTypeId,
      secretValue: this.secretValue.toJSON()
    };
  }
};
//! NOTE Bag type must be imported after the SafeBagValueFactory declaration
var SafeBagValueFactory = class SafeBagValueFactory {
  static getItems() {
    if (!this.items) {
      this.items = {};
      SafeBagValueFactory.register("1.2.840.113549.1.12.10.1.1", PrivateKeyInfo);
      SafeBagValueFactory.register("1.2.840.113549.1.12.10.1.2", PKCS8ShroudedKeyBag);
      SafeBagValueFactory.register("1.2.840.113549.1.12.10.1.3", CertBag);
      SafeBagValueFactory.register("1.2.840.113549.1.12.10.1.4", CRLBag);
      SafeBagValueFactory.register("1.2.840.113549.1.12.10.1.5", SecretBag);
      SafeBagValueFactory.register("1.2.840.113549.1.12.10.1.6", SafeContents);
    }
    return this.items;
  }
  static register(id, type) {
    this.getItems()[id] = type;
  }
  static find(id) {
    return this.getItems()[id] || null;
  }
};
var BAG_ID = "bagId";
var BAG_VALUE = "bagValue";
var BAG_ATTRIBUTES = "bagAttributes";
var CLEAR_PROPS$44 = [
  BAG_ID,
  BAG_VALUE,
  BAG_ATTRIBUTES
];
var SafeBag = class SafeBag extends PkiObject {
  static {
    this.CLASS_NAME = "SafeBag";
  }
  constructor(parameters = {}) {
    super();
    this.bagId = parameters[BAG_ID] ?? SafeBag.defaultValues(BAG_ID);
    this.bagValue = parameters[BAG_VALUE] ?? SafeBag.defaultValues(BAG_VALUE);
    if (BAG_ATTRIBUTES in parameters)
      this.bagAttributes = parameters[BAG_ATTRIBUTES] ?? SafeBag.defaultValues(BAG_ATTRIBUTES);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case BAG_ID:
        return "";
      case BAG_VALUE:
        return new Any;
      case BAG_ATTRIBUTES:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case BAG_ID:
        return memberValue === "";
      case BAG_VALUE:
        return memberValue instanceof Any;
      case BAG_ATTRIBUTES:
        return memberValue.length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new ObjectIdentifier({ name: names.bagId || BAG_ID }),
        new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [new Any({ name: names.bagValue || BAG_VALUE })]
        }),
        new Set2({
          optional: true,
          value: [new Repeated({
            name: names.bagAttributes || BAG_ATTRIBUTES,
            value: Attribute.schema()
          })]
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$44)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, SafeBag.schema({ names: {
      bagId: BAG_ID,
      bagValue: BAG_VALUE,
      bagAttributes: BAG_ATTRIBUTES
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.bagId = asn1.result.bagId.valueBlock.toString();
    const bagType = SafeBagValueFactory.find(this.bagId);
    if (!bagType)
      throw new Error(`Invalid BAG_ID for SafeBag: ${this.bagId}`);
    this.bagValue = new bagType({ schema: asn1.result.bagValue });
    if (BAG_ATTRIBUTES in asn1.result)
      this.bagAttributes = Array.from(asn1.result.bagAttributes, (element) => new Attribute({ schema: element }));
  }
  toSchema() {
    const outputArray = [new ObjectIdentifier({ value: this.bagId }), new Constructed({
      idBlock: {
        tagClass: 3,
        tagNumber: 0
      },
      value: [this.bagValue.toSchema()]
    })];
    if (this.bagAttributes)
      outputArray.push(new Set2({ value: Array.from(this.bagAttributes, (o) => o.toSchema()) }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const output = {
      bagId: this.bagId,
      bagValue: this.bagValue.toJSON()
    };
    if (this.bagAttributes)
      output.bagAttributes = Array.from(this.bagAttributes, (o) => o.toJSON());
    return output;
  }
};
var SAFE_BUGS = "safeBags";
var SafeContents = class SafeContents extends PkiObject {
  static {
    this.CLASS_NAME = "SafeContents";
  }
  constructor(parameters = {}) {
    super();
    this.safeBags = parameters[SAFE_BUGS] ?? SafeContents.defaultValues(SAFE_BUGS);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case SAFE_BUGS:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case SAFE_BUGS:
        return memberValue.length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new Repeated({
        name: names.safeBags || "",
        value: SafeBag.schema()
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of [SAFE_BUGS])
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, SafeContents.schema({ names: { safeBags: SAFE_BUGS } }));
    AsnError.assertSchema(asn1, this.className);
    this.safeBags = Array.from(asn1.result.safeBags, (element) => new SafeBag({ schema: element }));
  }
  toSchema() {
    return new Sequence({ value: Array.from(this.safeBags, (o) => o.toSchema()) });
  }
  toJSON() {
    return { safeBags: Array.from(this.safeBags, (o) => o.toJSON()) };
  }
};
var OTHER_CERT_FORMAT = "otherCertFormat";
var OTHER_CERT = "otherCert";
var CLEAR_PROPS$43 = [OTHER_CERT_FORMAT, OTHER_CERT];
var OtherCertificateFormat = class OtherCertificateFormat extends PkiObject {
  constructor(parameters = {}) {
    super();
    this.otherCertFormat = parameters[OTHER_CERT_FORMAT] ?? OtherCertificateFormat.defaultValues(OTHER_CERT_FORMAT);
    this.otherCert = parameters[OTHER_CERT] ?? OtherCertificateFormat.defaultValues(OTHER_CERT);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case OTHER_CERT_FORMAT:
        return "";
      case OTHER_CERT:
        return new Any;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new ObjectIdentifier({ name: names.otherCertFormat || OTHER_CERT_FORMAT }), new Any({ name: names.otherCert || OTHER_CERT })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$43)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, OtherCertificateFormat.schema());
    AsnError.assertSchema(asn1, this.className);
    this.otherCertFormat = asn1.result.otherCertFormat.valueBlock.toString();
    this.otherCert = asn1.result.otherCert;
  }
  toSchema() {
    return new Sequence({ value: [new ObjectIdentifier({ value: this.otherCertFormat }), this.otherCert] });
  }
  toJSON() {
    const res = { otherCertFormat: this.otherCertFormat };
    if (!(this.otherCert instanceof Any))
      res.otherCert = this.otherCert.toJSON();
    return res;
  }
};
var CERTIFICATES$1 = "certificates";
var CLEAR_PROPS$42 = [CERTIFICATES$1];
var CertificateSet = class CertificateSet extends PkiObject {
  static {
    this.CLASS_NAME = "CertificateSet";
  }
  constructor(parameters = {}) {
    super();
    this.certificates = parameters[CERTIFICATES$1] ?? CertificateSet.defaultValues(CERTIFICATES$1);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case CERTIFICATES$1:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Set2({
      name: names.blockName || "",
      value: [new Repeated({
        name: names.certificates || CERTIFICATES$1,
        value: new Choice({ value: [
          Certificate.schema(),
          new Constructed({
            idBlock: {
              tagClass: 3,
              tagNumber: 0
            },
            value: [new Any]
          }),
          new Constructed({
            idBlock: {
              tagClass: 3,
              tagNumber: 1
            },
            value: [new Sequence]
          }),
          new Constructed({
            idBlock: {
              tagClass: 3,
              tagNumber: 2
            },
            value: AttributeCertificateV2.schema().valueBlock.value
          }),
          new Constructed({
            idBlock: {
              tagClass: 3,
              tagNumber: 3
            },
            value: OtherCertificateFormat.schema().valueBlock.value
          })
        ] })
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$42)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, CertificateSet.schema());
    AsnError.assertSchema(asn1, this.className);
    this.certificates = Array.from(asn1.result.certificates || [], (element) => {
      const initialTagNumber = element.idBlock.tagNumber;
      if (element.idBlock.tagClass === 1)
        return new Certificate({ schema: element });
      const elementSequence = new Sequence({ value: element.valueBlock.value });
      switch (initialTagNumber) {
        case 1:
          if (elementSequence.valueBlock.value[0].valueBlock.value[0].valueBlock.valueDec === 1)
            return new AttributeCertificateV2({ schema: elementSequence });
          else
            return new AttributeCertificateV1({ schema: elementSequence });
        case 2:
          return new AttributeCertificateV2({ schema: elementSequence });
        case 3:
          return new OtherCertificateFormat({ schema: elementSequence });
      }
      return element;
    });
  }
  toSchema() {
    return new Set2({ value: Array.from(this.certificates, (element) => {
      switch (true) {
        case element instanceof Certificate:
          return element.toSchema();
        case element instanceof AttributeCertificateV1:
          return new Constructed({
            idBlock: {
              tagClass: 3,
              tagNumber: 1
            },
            value: element.toSchema().valueBlock.value
          });
        case element instanceof AttributeCertificateV2:
          return new Constructed({
            idBlock: {
              tagClass: 3,
              tagNumber: 2
            },
            value: element.toSchema().valueBlock.value
          });
        case element instanceof OtherCertificateFormat:
          return new Constructed({
            idBlock: {
              tagClass: 3,
              tagNumber: 3
            },
            value: element.toSchema().valueBlock.value
          });
      }
      return element.toSchema();
    }) });
  }
  toJSON() {
    return { certificates: Array.from(this.certificates, (o) => o.toJSON()) };
  }
};
var OTHER_REV_INFO_FORMAT = "otherRevInfoFormat";
var OTHER_REV_INFO = "otherRevInfo";
var CLEAR_PROPS$41 = [OTHER_REV_INFO_FORMAT, OTHER_REV_INFO];
var OtherRevocationInfoFormat = class OtherRevocationInfoFormat extends PkiObject {
  static {
    this.CLASS_NAME = "OtherRevocationInfoFormat";
  }
  constructor(parameters = {}) {
    super();
    this.otherRevInfoFormat = parameters[OTHER_REV_INFO_FORMAT] ?? OtherRevocationInfoFormat.defaultValues(OTHER_REV_INFO_FORMAT);
    this.otherRevInfo = parameters[OTHER_REV_INFO] ?? OtherRevocationInfoFormat.defaultValues(OTHER_REV_INFO);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case OTHER_REV_INFO_FORMAT:
        return "";
      case OTHER_REV_INFO:
        return new Any;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new ObjectIdentifier({ name: names.otherRevInfoFormat || OTHER_REV_INFO_FORMAT }), new Any({ name: names.otherRevInfo || OTHER_REV_INFO })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$41)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, OtherRevocationInfoFormat.schema());
    AsnError.assertSchema(asn1, this.className);
    this.otherRevInfoFormat = asn1.result.otherRevInfoFormat.valueBlock.toString();
    this.otherRevInfo = asn1.result.otherRevInfo;
  }
  toSchema() {
    return new Sequence({ value: [new ObjectIdentifier({ value: this.otherRevInfoFormat }), this.otherRevInfo] });
  }
  toJSON() {
    const res = { otherRevInfoFormat: this.otherRevInfoFormat };
    if (!(this.otherRevInfo instanceof Any))
      res.otherRevInfo = this.otherRevInfo.toJSON();
    return res;
  }
};
var CRLS$3 = "crls";
var OTHER_REVOCATION_INFOS = "otherRevocationInfos";
var CLEAR_PROPS$40 = [CRLS$3];
var RevocationInfoChoices = class RevocationInfoChoices extends PkiObject {
  static {
    this.CLASS_NAME = "RevocationInfoChoices";
  }
  constructor(parameters = {}) {
    super();
    this.crls = parameters[CRLS$3] ?? RevocationInfoChoices.defaultValues(CRLS$3);
    this.otherRevocationInfos = parameters[OTHER_REVOCATION_INFOS] ?? RevocationInfoChoices.defaultValues(OTHER_REVOCATION_INFOS);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case CRLS$3:
        return [];
      case OTHER_REVOCATION_INFOS:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Set2({
      name: names.blockName || "",
      value: [new Repeated({
        name: names.crls || "",
        value: new Choice({ value: [CertificateRevocationList.schema(), new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: [new ObjectIdentifier, new Any]
        })] })
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$40)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, RevocationInfoChoices.schema({ names: { crls: CRLS$3 } }));
    AsnError.assertSchema(asn1, this.className);
    if (asn1.result.crls)
      for (const element of asn1.result.crls)
        if (element.idBlock.tagClass === 1)
          this.crls.push(new CertificateRevocationList({ schema: element }));
        else
          this.otherRevocationInfos.push(new OtherRevocationInfoFormat({ schema: element }));
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(...Array.from(this.crls, (o) => o.toSchema()));
    outputArray.push(...Array.from(this.otherRevocationInfos, (element) => {
      const schema = element.toSchema();
      schema.idBlock.tagClass = 3;
      schema.idBlock.tagNumber = 1;
      return schema;
    }));
    return new Set2({ value: outputArray });
  }
  toJSON() {
    return {
      crls: Array.from(this.crls, (o) => o.toJSON()),
      otherRevocationInfos: Array.from(this.otherRevocationInfos, (o) => o.toJSON())
    };
  }
};
var CERTS$3 = "certs";
var CRLS$2 = "crls";
var CLEAR_PROPS$39 = [CERTS$3, CRLS$2];
var OriginatorInfo = class OriginatorInfo extends PkiObject {
  static {
    this.CLASS_NAME = "OriginatorInfo";
  }
  constructor(parameters = {}) {
    super();
    this.crls = parameters[CRLS$2] ?? OriginatorInfo.defaultValues(CRLS$2);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case CERTS$3:
        return new CertificateSet;
      case CRLS$2:
        return new RevocationInfoChoices;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case CERTS$3:
        return memberValue.certificates.length === 0;
      case CRLS$2:
        return memberValue.crls.length === 0 && memberValue.otherRevocationInfos.length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new Constructed({
        name: names.certs || "",
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: CertificateSet.schema().valueBlock.value
      }), new Constructed({
        name: names.crls || "",
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        value: RevocationInfoChoices.schema().valueBlock.value
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$39)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, OriginatorInfo.schema({ names: {
      certs: CERTS$3,
      crls: CRLS$2
    } }));
    AsnError.assertSchema(asn1, this.className);
    if (CERTS$3 in asn1.result)
      this.certs = new CertificateSet({ schema: new Set2({ value: asn1.result.certs.valueBlock.value }) });
    if (CRLS$2 in asn1.result)
      this.crls = new RevocationInfoChoices({ schema: new Set2({ value: asn1.result.crls.valueBlock.value }) });
  }
  toSchema() {
    const sequenceValue = [];
    if (this.certs)
      sequenceValue.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: this.certs.toSchema().valueBlock.value
      }));
    if (this.crls)
      sequenceValue.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        value: this.crls.toSchema().valueBlock.value
      }));
    return new Sequence({ value: sequenceValue });
  }
  toJSON() {
    const res = {};
    if (this.certs)
      res.certs = this.certs.toJSON();
    if (this.crls)
      res.crls = this.crls.toJSON();
    return res;
  }
};
var ISSUER = "issuer";
var SERIAL_NUMBER$2 = "serialNumber";
var CLEAR_PROPS$38 = [ISSUER, SERIAL_NUMBER$2];
var IssuerAndSerialNumber = class IssuerAndSerialNumber extends PkiObject {
  static {
    this.CLASS_NAME = "IssuerAndSerialNumber";
  }
  constructor(parameters = {}) {
    super();
    this.issuer = parameters[ISSUER] ?? IssuerAndSerialNumber.defaultValues(ISSUER);
    this.serialNumber = parameters[SERIAL_NUMBER$2] ?? IssuerAndSerialNumber.defaultValues(SERIAL_NUMBER$2);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case ISSUER:
        return new RelativeDistinguishedNames;
      case SERIAL_NUMBER$2:
        return new Integer;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [RelativeDistinguishedNames.schema(names.issuer || {}), new Integer({ name: names.serialNumber || "" })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$38)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, IssuerAndSerialNumber.schema({ names: {
      issuer: { names: { blockName: ISSUER } },
      serialNumber: SERIAL_NUMBER$2
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.issuer = new RelativeDistinguishedNames({ schema: asn1.result.issuer });
    this.serialNumber = asn1.result.serialNumber;
  }
  toSchema() {
    return new Sequence({ value: [this.issuer.toSchema(), this.serialNumber] });
  }
  toJSON() {
    return {
      issuer: this.issuer.toJSON(),
      serialNumber: this.serialNumber.toJSON()
    };
  }
};
var VARIANT$3 = "variant";
var VALUE$4 = "value";
var CLEAR_PROPS$37 = ["blockName"];
var RecipientIdentifier = class RecipientIdentifier extends PkiObject {
  static {
    this.CLASS_NAME = "RecipientIdentifier";
  }
  constructor(parameters = {}) {
    super();
    this.variant = parameters[VARIANT$3] ?? RecipientIdentifier.defaultValues(VARIANT$3);
    if (VALUE$4 in parameters)
      this.value = parameters[VALUE$4] ?? RecipientIdentifier.defaultValues(VALUE$4);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VARIANT$3:
        return -1;
      case VALUE$4:
        return {};
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case VARIANT$3:
        return memberValue === -1;
      case VALUE$4:
        return Object.keys(memberValue).length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Choice({ value: [IssuerAndSerialNumber.schema({ names: { blockName: names.blockName || "" } }), new Primitive({
      name: names.blockName || "",
      idBlock: {
        tagClass: 3,
        tagNumber: 0
      }
    })] });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$37)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, RecipientIdentifier.schema({ names: { blockName: "blockName" } }));
    AsnError.assertSchema(asn1, this.className);
    if (asn1.result.blockName.idBlock.tagClass === 1) {
      this.variant = 1;
      this.value = new IssuerAndSerialNumber({ schema: asn1.result.blockName });
    } else {
      this.variant = 2;
      this.value = new OctetString({ valueHex: asn1.result.blockName.valueBlock.valueHex });
    }
  }
  toSchema() {
    switch (this.variant) {
      case 1:
        if (!(this.value instanceof IssuerAndSerialNumber))
          throw new Error("Incorrect type of RecipientIdentifier.value. It should be IssuerAndSerialNumber.");
        return this.value.toSchema();
      case 2:
        if (!(this.value instanceof OctetString))
          throw new Error("Incorrect type of RecipientIdentifier.value. It should be ASN.1 OctetString.");
        return new Primitive({
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          valueHex: this.value.valueBlock.valueHexView
        });
      default:
        return new Any;
    }
  }
  toJSON() {
    const res = { variant: this.variant };
    if ((this.variant === 1 || this.variant === 2) && this.value)
      res.value = this.value.toJSON();
    return res;
  }
};
var VERSION$12 = "version";
var RID$1 = "rid";
var KEY_ENCRYPTION_ALGORITHM$3 = "keyEncryptionAlgorithm";
var ENCRYPTED_KEY$3 = "encryptedKey";
var RECIPIENT_CERTIFICATE$1 = "recipientCertificate";
var CLEAR_PROPS$36 = [
  VERSION$12,
  RID$1,
  KEY_ENCRYPTION_ALGORITHM$3,
  ENCRYPTED_KEY$3
];
var KeyTransRecipientInfo = class KeyTransRecipientInfo extends PkiObject {
  static {
    this.CLASS_NAME = "KeyTransRecipientInfo";
  }
  constructor(parameters = {}) {
    super();
    this.version = parameters[VERSION$12] ?? KeyTransRecipientInfo.defaultValues(VERSION$12);
    this.rid = parameters[RID$1] ?? KeyTransRecipientInfo.defaultValues(RID$1);
    this.keyEncryptionAlgorithm = parameters[KEY_ENCRYPTION_ALGORITHM$3] ?? KeyTransRecipientInfo.defaultValues(KEY_ENCRYPTION_ALGORITHM$3);
    this.encryptedKey = parameters[ENCRYPTED_KEY$3] ?? KeyTransRecipientInfo.defaultValues(ENCRYPTED_KEY$3);
    this.recipientCertificate = parameters[RECIPIENT_CERTIFICATE$1] ?? KeyTransRecipientInfo.defaultValues(RECIPIENT_CERTIFICATE$1);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VERSION$12:
        return -1;
      case RID$1:
        return {};
      case KEY_ENCRYPTION_ALGORITHM$3:
        return new AlgorithmIdentifier;
      case ENCRYPTED_KEY$3:
        return new OctetString;
      case RECIPIENT_CERTIFICATE$1:
        return new Certificate;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case VERSION$12:
        return memberValue === KeyTransRecipientInfo.defaultValues(VERSION$12);
      case RID$1:
        return Object.keys(memberValue).length === 0;
      case KEY_ENCRYPTION_ALGORITHM$3:
      case ENCRYPTED_KEY$3:
        return memberValue.isEqual(KeyTransRecipientInfo.defaultValues(memberName));
      case RECIPIENT_CERTIFICATE$1:
        return false;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Integer({ name: names.version || "" }),
        RecipientIdentifier.schema(names.rid || {}),
        AlgorithmIdentifier.schema(names.keyEncryptionAlgorithm || {}),
        new OctetString({ name: names.encryptedKey || "" })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$36)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, KeyTransRecipientInfo.schema({ names: {
      version: VERSION$12,
      rid: { names: { blockName: RID$1 } },
      keyEncryptionAlgorithm: { names: { blockName: KEY_ENCRYPTION_ALGORITHM$3 } },
      encryptedKey: ENCRYPTED_KEY$3
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.version = asn1.result.version.valueBlock.valueDec;
    if (asn1.result.rid.idBlock.tagClass === 3)
      this.rid = new OctetString({ valueHex: asn1.result.rid.valueBlock.valueHex });
    else
      this.rid = new IssuerAndSerialNumber({ schema: asn1.result.rid });
    this.keyEncryptionAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.keyEncryptionAlgorithm });
    this.encryptedKey = asn1.result.encryptedKey;
  }
  toSchema() {
    const outputArray = [];
    if (this.rid instanceof IssuerAndSerialNumber) {
      this.version = 0;
      outputArray.push(new Integer({ value: this.version }));
      outputArray.push(this.rid.toSchema());
    } else {
      this.version = 2;
      outputArray.push(new Integer({ value: this.version }));
      outputArray.push(new Primitive({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        valueHex: this.rid.valueBlock.valueHexView
      }));
    }
    outputArray.push(this.keyEncryptionAlgorithm.toSchema());
    outputArray.push(this.encryptedKey);
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    return {
      version: this.version,
      rid: this.rid.toJSON(),
      keyEncryptionAlgorithm: this.keyEncryptionAlgorithm.toJSON(),
      encryptedKey: this.encryptedKey.toJSON()
    };
  }
};
var ALGORITHM = "algorithm";
var PUBLIC_KEY = "publicKey";
var CLEAR_PROPS$35 = [ALGORITHM, PUBLIC_KEY];
var OriginatorPublicKey = class OriginatorPublicKey extends PkiObject {
  static {
    this.CLASS_NAME = "OriginatorPublicKey";
  }
  constructor(parameters = {}) {
    super();
    this.algorithm = parameters[ALGORITHM] ?? OriginatorPublicKey.defaultValues(ALGORITHM);
    this.publicKey = parameters[PUBLIC_KEY] ?? OriginatorPublicKey.defaultValues(PUBLIC_KEY);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case ALGORITHM:
        return new AlgorithmIdentifier;
      case PUBLIC_KEY:
        return new BitString;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case ALGORITHM:
      case PUBLIC_KEY:
        return memberValue.isEqual(OriginatorPublicKey.defaultValues(memberName));
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [AlgorithmIdentifier.schema(names.algorithm || {}), new BitString({ name: names.publicKey || "" })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$35)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, OriginatorPublicKey.schema({ names: {
      algorithm: { names: { blockName: ALGORITHM } },
      publicKey: PUBLIC_KEY
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.algorithm = new AlgorithmIdentifier({ schema: asn1.result.algorithm });
    this.publicKey = asn1.result.publicKey;
  }
  toSchema() {
    return new Sequence({ value: [this.algorithm.toSchema(), this.publicKey] });
  }
  toJSON() {
    return {
      algorithm: this.algorithm.toJSON(),
      publicKey: this.publicKey.toJSON()
    };
  }
};
var VARIANT$2 = "variant";
var VALUE$3 = "value";
var CLEAR_PROPS$34 = ["blockName"];
var OriginatorIdentifierOrKey = class OriginatorIdentifierOrKey extends PkiObject {
  static {
    this.CLASS_NAME = "OriginatorIdentifierOrKey";
  }
  constructor(parameters = {}) {
    super();
    this.variant = parameters[VARIANT$2] ?? OriginatorIdentifierOrKey.defaultValues(VARIANT$2);
    if (VALUE$3 in parameters)
      this.value = parameters[VALUE$3] ?? OriginatorIdentifierOrKey.defaultValues(VALUE$3);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VARIANT$2:
        return -1;
      case VALUE$3:
        return {};
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case VARIANT$2:
        return memberValue === -1;
      case VALUE$3:
        return Object.keys(memberValue).length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Choice({ value: [
      IssuerAndSerialNumber.schema({ names: { blockName: names.blockName || "" } }),
      new Primitive({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        name: names.blockName || ""
      }),
      new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        name: names.blockName || "",
        value: OriginatorPublicKey.schema().valueBlock.value
      })
    ] });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$34)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, OriginatorIdentifierOrKey.schema({ names: { blockName: "blockName" } }));
    AsnError.assertSchema(asn1, this.className);
    if (asn1.result.blockName.idBlock.tagClass === 1) {
      this.variant = 1;
      this.value = new IssuerAndSerialNumber({ schema: asn1.result.blockName });
    } else if (asn1.result.blockName.idBlock.tagNumber === 0) {
      asn1.result.blockName.idBlock.tagClass = 1;
      asn1.result.blockName.idBlock.tagNumber = 4;
      this.variant = 2;
      this.value = asn1.result.blockName;
    } else {
      this.variant = 3;
      this.value = new OriginatorPublicKey({ schema: new Sequence({ value: asn1.result.blockName.valueBlock.value }) });
    }
  }
  toSchema() {
    switch (this.variant) {
      case 1:
        return this.value.toSchema();
      case 2:
        this.value.idBlock.tagClass = 3;
        this.value.idBlock.tagNumber = 0;
        return this.value;
      case 3: {
        const _schema = this.value.toSchema();
        _schema.idBlock.tagClass = 3;
        _schema.idBlock.tagNumber = 1;
        return _schema;
      }
      default:
        return new Any;
    }
  }
  toJSON() {
    const res = { variant: this.variant };
    if (this.variant === 1 || this.variant === 2 || this.variant === 3)
      res.value = this.value.toJSON();
    return res;
  }
};
var KEY_ATTR_ID = "keyAttrId";
var KEY_ATTR = "keyAttr";
var CLEAR_PROPS$33 = [KEY_ATTR_ID, KEY_ATTR];
var OtherKeyAttribute = class OtherKeyAttribute extends PkiObject {
  static {
    this.CLASS_NAME = "OtherKeyAttribute";
  }
  constructor(parameters = {}) {
    super();
    this.keyAttrId = parameters[KEY_ATTR_ID] ?? OtherKeyAttribute.defaultValues(KEY_ATTR_ID);
    if (KEY_ATTR in parameters)
      this.keyAttr = parameters[KEY_ATTR] ?? OtherKeyAttribute.defaultValues(KEY_ATTR);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case KEY_ATTR_ID:
        return "";
      case KEY_ATTR:
        return {};
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case KEY_ATTR_ID:
        return typeof memberValue === "string" && memberValue === "";
      case KEY_ATTR:
        return Object.keys(memberValue).length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      optional: names.optional || true,
      name: names.blockName || "",
      value: [new ObjectIdentifier({ name: names.keyAttrId || "" }), new Any({
        optional: true,
        name: names.keyAttr || ""
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$33)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, OtherKeyAttribute.schema({ names: {
      keyAttrId: KEY_ATTR_ID,
      keyAttr: KEY_ATTR
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.keyAttrId = asn1.result.keyAttrId.valueBlock.toString();
    if (KEY_ATTR in asn1.result)
      this.keyAttr = asn1.result.keyAttr;
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(new ObjectIdentifier({ value: this.keyAttrId }));
    if (KEY_ATTR in this)
      outputArray.push(this.keyAttr);
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = { keyAttrId: this.keyAttrId };
    if (KEY_ATTR in this)
      res.keyAttr = this.keyAttr.toJSON();
    return res;
  }
};
var SUBJECT_KEY_IDENTIFIER = "subjectKeyIdentifier";
var DATE$1 = "date";
var OTHER$1 = "other";
var CLEAR_PROPS$32 = [
  SUBJECT_KEY_IDENTIFIER,
  DATE$1,
  OTHER$1
];
var RecipientKeyIdentifier = class RecipientKeyIdentifier extends PkiObject {
  static {
    this.CLASS_NAME = "RecipientKeyIdentifier";
  }
  constructor(parameters = {}) {
    super();
    this.subjectKeyIdentifier = parameters[SUBJECT_KEY_IDENTIFIER] ?? RecipientKeyIdentifier.defaultValues(SUBJECT_KEY_IDENTIFIER);
    if (DATE$1 in parameters)
      this.date = parameters[DATE$1] ?? RecipientKeyIdentifier.defaultValues(DATE$1);
    if (OTHER$1 in parameters)
      this.other = parameters[OTHER$1] ?? RecipientKeyIdentifier.defaultValues(OTHER$1);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case SUBJECT_KEY_IDENTIFIER:
        return new OctetString;
      case DATE$1:
        return new GeneralizedTime;
      case OTHER$1:
        return new OtherKeyAttribute;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case SUBJECT_KEY_IDENTIFIER:
        return memberValue.isEqual(RecipientKeyIdentifier.defaultValues(SUBJECT_KEY_IDENTIFIER));
      case DATE$1:
        return memberValue.year === 0 && memberValue.month === 0 && memberValue.day === 0 && memberValue.hour === 0 && memberValue.minute === 0 && memberValue.second === 0 && memberValue.millisecond === 0;
      case OTHER$1:
        return memberValue.keyAttrId === "" && "keyAttr" in memberValue === false;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new OctetString({ name: names.subjectKeyIdentifier || "" }),
        new GeneralizedTime({
          optional: true,
          name: names.date || ""
        }),
        OtherKeyAttribute.schema(names.other || {})
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$32)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, RecipientKeyIdentifier.schema({ names: {
      subjectKeyIdentifier: SUBJECT_KEY_IDENTIFIER,
      date: DATE$1,
      other: { names: { blockName: OTHER$1 } }
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.subjectKeyIdentifier = asn1.result.subjectKeyIdentifier;
    if (DATE$1 in asn1.result)
      this.date = asn1.result.date;
    if (OTHER$1 in asn1.result)
      this.other = new OtherKeyAttribute({ schema: asn1.result.other });
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(this.subjectKeyIdentifier);
    if (this.date)
      outputArray.push(this.date);
    if (this.other)
      outputArray.push(this.other.toSchema());
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = { subjectKeyIdentifier: this.subjectKeyIdentifier.toJSON() };
    if (this.date)
      res.date = this.date.toJSON();
    if (this.other)
      res.other = this.other.toJSON();
    return res;
  }
};
var VARIANT$1 = "variant";
var VALUE$2 = "value";
var CLEAR_PROPS$31 = ["blockName"];
var KeyAgreeRecipientIdentifier = class KeyAgreeRecipientIdentifier extends PkiObject {
  static {
    this.CLASS_NAME = "KeyAgreeRecipientIdentifier";
  }
  constructor(parameters = {}) {
    super();
    this.variant = parameters[VARIANT$1] ?? KeyAgreeRecipientIdentifier.defaultValues(VARIANT$1);
    this.value = parameters[VALUE$2] ?? KeyAgreeRecipientIdentifier.defaultValues(VALUE$2);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VARIANT$1:
        return -1;
      case VALUE$2:
        return {};
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case VARIANT$1:
        return memberValue === -1;
      case VALUE$2:
        return Object.keys(memberValue).length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Choice({ value: [IssuerAndSerialNumber.schema(names.issuerAndSerialNumber || { names: { blockName: names.blockName || "" } }), new Constructed({
      name: names.blockName || "",
      idBlock: {
        tagClass: 3,
        tagNumber: 0
      },
      value: RecipientKeyIdentifier.schema(names.rKeyId || { names: { blockName: names.blockName || "" } }).valueBlock.value
    })] });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$31)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, KeyAgreeRecipientIdentifier.schema({ names: { blockName: "blockName" } }));
    AsnError.assertSchema(asn1, this.className);
    if (asn1.result.blockName.idBlock.tagClass === 1) {
      this.variant = 1;
      this.value = new IssuerAndSerialNumber({ schema: asn1.result.blockName });
    } else {
      this.variant = 2;
      this.value = new RecipientKeyIdentifier({ schema: new Sequence({ value: asn1.result.blockName.valueBlock.value }) });
    }
  }
  toSchema() {
    switch (this.variant) {
      case 1:
        return this.value.toSchema();
      case 2:
        return new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: this.value.toSchema().valueBlock.value
        });
      default:
        return new Any;
    }
  }
  toJSON() {
    const res = { variant: this.variant };
    if (this.variant === 1 || this.variant === 2)
      res.value = this.value.toJSON();
    return res;
  }
};
var RID = "rid";
var ENCRYPTED_KEY$2 = "encryptedKey";
var CLEAR_PROPS$30 = [RID, ENCRYPTED_KEY$2];
var RecipientEncryptedKey = class RecipientEncryptedKey extends PkiObject {
  static {
    this.CLASS_NAME = "RecipientEncryptedKey";
  }
  constructor(parameters = {}) {
    super();
    this.rid = parameters[RID] ?? RecipientEncryptedKey.defaultValues(RID);
    this.encryptedKey = parameters[ENCRYPTED_KEY$2] ?? RecipientEncryptedKey.defaultValues(ENCRYPTED_KEY$2);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case RID:
        return new KeyAgreeRecipientIdentifier;
      case ENCRYPTED_KEY$2:
        return new OctetString;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case RID:
        return memberValue.variant === -1 && "value" in memberValue === false;
      case ENCRYPTED_KEY$2:
        return memberValue.isEqual(RecipientEncryptedKey.defaultValues(ENCRYPTED_KEY$2));
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [KeyAgreeRecipientIdentifier.schema(names.rid || {}), new OctetString({ name: names.encryptedKey || "" })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$30)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, RecipientEncryptedKey.schema({ names: {
      rid: { names: { blockName: RID } },
      encryptedKey: ENCRYPTED_KEY$2
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.rid = new KeyAgreeRecipientIdentifier({ schema: asn1.result.rid });
    this.encryptedKey = asn1.result.encryptedKey;
  }
  toSchema() {
    return new Sequence({ value: [this.rid.toSchema(), this.encryptedKey] });
  }
  toJSON() {
    return {
      rid: this.rid.toJSON(),
      encryptedKey: this.encryptedKey.toJSON()
    };
  }
};
var ENCRYPTED_KEYS = "encryptedKeys";
var RECIPIENT_ENCRYPTED_KEYS = "RecipientEncryptedKeys";
var CLEAR_PROPS$29 = [RECIPIENT_ENCRYPTED_KEYS];
var RecipientEncryptedKeys = class RecipientEncryptedKeys extends PkiObject {
  static {
    this.CLASS_NAME = "RecipientEncryptedKeys";
  }
  constructor(parameters = {}) {
    super();
    this.encryptedKeys = parameters[ENCRYPTED_KEYS] ?? RecipientEncryptedKeys.defaultValues(ENCRYPTED_KEYS);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case ENCRYPTED_KEYS:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case ENCRYPTED_KEYS:
        return memberValue.length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new Repeated({
        name: names.RecipientEncryptedKeys || "",
        value: RecipientEncryptedKey.schema()
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$29)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, RecipientEncryptedKeys.schema({ names: { RecipientEncryptedKeys: RECIPIENT_ENCRYPTED_KEYS } }));
    AsnError.assertSchema(asn1, this.className);
    this.encryptedKeys = Array.from(asn1.result.RecipientEncryptedKeys, (element) => new RecipientEncryptedKey({ schema: element }));
  }
  toSchema() {
    return new Sequence({ value: Array.from(this.encryptedKeys, (o) => o.toSchema()) });
  }
  toJSON() {
    return { encryptedKeys: Array.from(this.encryptedKeys, (o) => o.toJSON()) };
  }
};
var VERSION$11 = "version";
var ORIGINATOR = "originator";
var UKM = "ukm";
var KEY_ENCRYPTION_ALGORITHM$2 = "keyEncryptionAlgorithm";
var RECIPIENT_ENCRYPTED_KEY = "recipientEncryptedKeys";
var RECIPIENT_CERTIFICATE = "recipientCertificate";
var RECIPIENT_PUBLIC_KEY = "recipientPublicKey";
var CLEAR_PROPS$28 = [
  VERSION$11,
  ORIGINATOR,
  UKM,
  KEY_ENCRYPTION_ALGORITHM$2,
  RECIPIENT_ENCRYPTED_KEY
];
var KeyAgreeRecipientInfo = class KeyAgreeRecipientInfo extends PkiObject {
  static {
    this.CLASS_NAME = "KeyAgreeRecipientInfo";
  }
  constructor(parameters = {}) {
    super();
    this.version = parameters[VERSION$11] ?? KeyAgreeRecipientInfo.defaultValues(VERSION$11);
    this.originator = parameters[ORIGINATOR] ?? KeyAgreeRecipientInfo.defaultValues(ORIGINATOR);
    if (UKM in parameters)
      this.ukm = parameters[UKM] ?? KeyAgreeRecipientInfo.defaultValues(UKM);
    this.keyEncryptionAlgorithm = parameters[KEY_ENCRYPTION_ALGORITHM$2] ?? KeyAgreeRecipientInfo.defaultValues(KEY_ENCRYPTION_ALGORITHM$2);
    this.recipientEncryptedKeys = parameters[RECIPIENT_ENCRYPTED_KEY] ?? KeyAgreeRecipientInfo.defaultValues(RECIPIENT_ENCRYPTED_KEY);
    this.recipientCertificate = parameters[RECIPIENT_CERTIFICATE] ?? KeyAgreeRecipientInfo.defaultValues(RECIPIENT_CERTIFICATE);
    this.recipientPublicKey = parameters[RECIPIENT_PUBLIC_KEY] ?? KeyAgreeRecipientInfo.defaultValues(RECIPIENT_PUBLIC_KEY);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VERSION$11:
        return 0;
      case ORIGINATOR:
        return new OriginatorIdentifierOrKey;
      case UKM:
        return new OctetString;
      case KEY_ENCRYPTION_ALGORITHM$2:
        return new AlgorithmIdentifier;
      case RECIPIENT_ENCRYPTED_KEY:
        return new RecipientEncryptedKeys;
      case RECIPIENT_CERTIFICATE:
        return new Certificate;
      case RECIPIENT_PUBLIC_KEY:
        return null;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case VERSION$11:
        return memberValue === 0;
      case ORIGINATOR:
        return memberValue.variant === -1 && "value" in memberValue === false;
      case UKM:
        return memberValue.isEqual(KeyAgreeRecipientInfo.defaultValues(UKM));
      case KEY_ENCRYPTION_ALGORITHM$2:
        return memberValue.algorithmId === "" && "algorithmParams" in memberValue === false;
      case RECIPIENT_ENCRYPTED_KEY:
        return memberValue.encryptedKeys.length === 0;
      case RECIPIENT_CERTIFICATE:
        return false;
      case RECIPIENT_PUBLIC_KEY:
        return false;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Integer({ name: names.version || "" }),
        new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [OriginatorIdentifierOrKey.schema(names.originator || {})]
        }),
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: [new OctetString({ name: names.ukm || "" })]
        }),
        AlgorithmIdentifier.schema(names.keyEncryptionAlgorithm || {}),
        RecipientEncryptedKeys.schema(names.recipientEncryptedKeys || {})
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$28)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, KeyAgreeRecipientInfo.schema({ names: {
      version: VERSION$11,
      originator: { names: { blockName: ORIGINATOR } },
      ukm: UKM,
      keyEncryptionAlgorithm: { names: { blockName: KEY_ENCRYPTION_ALGORITHM$2 } },
      recipientEncryptedKeys: { names: { blockName: RECIPIENT_ENCRYPTED_KEY } }
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.version = asn1.result.version.valueBlock.valueDec;
    this.originator = new OriginatorIdentifierOrKey({ schema: asn1.result.originator });
    if (UKM in asn1.result)
      this.ukm = asn1.result.ukm;
    this.keyEncryptionAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.keyEncryptionAlgorithm });
    this.recipientEncryptedKeys = new RecipientEncryptedKeys({ schema: asn1.result.recipientEncryptedKeys });
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(new Integer({ value: this.version }));
    outputArray.push(new Constructed({
      idBlock: {
        tagClass: 3,
        tagNumber: 0
      },
      value: [this.originator.toSchema()]
    }));
    if (this.ukm)
      outputArray.push(new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        value: [this.ukm]
      }));
    outputArray.push(this.keyEncryptionAlgorithm.toSchema());
    outputArray.push(this.recipientEncryptedKeys.toSchema());
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = {
      version: this.version,
      originator: this.originator.toJSON(),
      keyEncryptionAlgorithm: this.keyEncryptionAlgorithm.toJSON(),
      recipientEncryptedKeys: this.recipientEncryptedKeys.toJSON()
    };
    if (this.ukm)
      res.ukm = this.ukm.toJSON();
    return res;
  }
};
var KEY_IDENTIFIER = "keyIdentifier";
var DATE2 = "date";
var OTHER = "other";
var CLEAR_PROPS$27 = [
  KEY_IDENTIFIER,
  DATE2,
  OTHER
];
var KEKIdentifier = class KEKIdentifier extends PkiObject {
  static {
    this.CLASS_NAME = "KEKIdentifier";
  }
  constructor(parameters = {}) {
    super();
    this.keyIdentifier = parameters[KEY_IDENTIFIER] ?? KEKIdentifier.defaultValues(KEY_IDENTIFIER);
    if (DATE2 in parameters)
      this.date = parameters[DATE2] ?? KEKIdentifier.defaultValues(DATE2);
    if (OTHER in parameters)
      this.other = parameters[OTHER] ?? KEKIdentifier.defaultValues(OTHER);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case KEY_IDENTIFIER:
        return new OctetString;
      case DATE2:
        return new GeneralizedTime;
      case OTHER:
        return new OtherKeyAttribute;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case KEY_IDENTIFIER:
        return memberValue.isEqual(KEKIdentifier.defaultValues(KEY_IDENTIFIER));
      case DATE2:
        return memberValue.year === 0 && memberValue.month === 0 && memberValue.day === 0 && memberValue.hour === 0 && memberValue.minute === 0 && memberValue.second === 0 && memberValue.millisecond === 0;
      case OTHER:
        return memberValue.compareWithDefault("keyAttrId", memberValue.keyAttrId) && "keyAttr" in memberValue === false;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new OctetString({ name: names.keyIdentifier || "" }),
        new GeneralizedTime({
          optional: true,
          name: names.date || ""
        }),
        OtherKeyAttribute.schema(names.other || {})
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$27)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, KEKIdentifier.schema({ names: {
      keyIdentifier: KEY_IDENTIFIER,
      date: DATE2,
      other: { names: { blockName: OTHER } }
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.keyIdentifier = asn1.result.keyIdentifier;
    if (DATE2 in asn1.result)
      this.date = asn1.result.date;
    if (OTHER in asn1.result)
      this.other = new OtherKeyAttribute({ schema: asn1.result.other });
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(this.keyIdentifier);
    if (this.date)
      outputArray.push(this.date);
    if (this.other)
      outputArray.push(this.other.toSchema());
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = { keyIdentifier: this.keyIdentifier.toJSON() };
    if (this.date)
      res.date = this.date;
    if (this.other)
      res.other = this.other.toJSON();
    return res;
  }
};
var VERSION$10 = "version";
var KEK_ID = "kekid";
var KEY_ENCRYPTION_ALGORITHM$1 = "keyEncryptionAlgorithm";
var ENCRYPTED_KEY$1 = "encryptedKey";
var PER_DEFINED_KEK = "preDefinedKEK";
var CLEAR_PROPS$26 = [
  VERSION$10,
  KEK_ID,
  KEY_ENCRYPTION_ALGORITHM$1,
  ENCRYPTED_KEY$1
];
var KEKRecipientInfo = class KEKRecipientInfo extends PkiObject {
  static {
    this.CLASS_NAME = "KEKRecipientInfo";
  }
  constructor(parameters = {}) {
    super();
    this.version = parameters[VERSION$10] ?? KEKRecipientInfo.defaultValues(VERSION$10);
    this.kekid = parameters[KEK_ID] ?? KEKRecipientInfo.defaultValues(KEK_ID);
    this.keyEncryptionAlgorithm = parameters[KEY_ENCRYPTION_ALGORITHM$1] ?? KEKRecipientInfo.defaultValues(KEY_ENCRYPTION_ALGORITHM$1);
    this.encryptedKey = parameters[ENCRYPTED_KEY$1] ?? KEKRecipientInfo.defaultValues(ENCRYPTED_KEY$1);
    this.preDefinedKEK = parameters[PER_DEFINED_KEK] ?? KEKRecipientInfo.defaultValues(PER_DEFINED_KEK);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VERSION$10:
        return 0;
      case KEK_ID:
        return new KEKIdentifier;
      case KEY_ENCRYPTION_ALGORITHM$1:
        return new AlgorithmIdentifier;
      case ENCRYPTED_KEY$1:
        return new OctetString;
      case PER_DEFINED_KEK:
        return EMPTY_BUFFER2;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case "KEKRecipientInfo":
        return memberValue === KEKRecipientInfo.defaultValues(VERSION$10);
      case KEK_ID:
        return memberValue.compareWithDefault("keyIdentifier", memberValue.keyIdentifier) && "date" in memberValue === false && "other" in memberValue === false;
      case KEY_ENCRYPTION_ALGORITHM$1:
        return memberValue.algorithmId === "" && "algorithmParams" in memberValue === false;
      case ENCRYPTED_KEY$1:
        return memberValue.isEqual(KEKRecipientInfo.defaultValues(ENCRYPTED_KEY$1));
      case PER_DEFINED_KEK:
        return memberValue.byteLength === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Integer({ name: names.version || "" }),
        KEKIdentifier.schema(names.kekid || {}),
        AlgorithmIdentifier.schema(names.keyEncryptionAlgorithm || {}),
        new OctetString({ name: names.encryptedKey || "" })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$26)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, KEKRecipientInfo.schema({ names: {
      version: VERSION$10,
      kekid: { names: { blockName: KEK_ID } },
      keyEncryptionAlgorithm: { names: { blockName: KEY_ENCRYPTION_ALGORITHM$1 } },
      encryptedKey: ENCRYPTED_KEY$1
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.version = asn1.result.version.valueBlock.valueDec;
    this.kekid = new KEKIdentifier({ schema: asn1.result.kekid });
    this.keyEncryptionAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.keyEncryptionAlgorithm });
    this.encryptedKey = asn1.result.encryptedKey;
  }
  toSchema() {
    return new Sequence({ value: [
      new Integer({ value: this.version }),
      this.kekid.toSchema(),
      this.keyEncryptionAlgorithm.toSchema(),
      this.encryptedKey
    ] });
  }
  toJSON() {
    return {
      version: this.version,
      kekid: this.kekid.toJSON(),
      keyEncryptionAlgorithm: this.keyEncryptionAlgorithm.toJSON(),
      encryptedKey: this.encryptedKey.toJSON()
    };
  }
};
var VERSION$9 = "version";
var KEY_DERIVATION_ALGORITHM = "keyDerivationAlgorithm";
var KEY_ENCRYPTION_ALGORITHM = "keyEncryptionAlgorithm";
var ENCRYPTED_KEY = "encryptedKey";
var PASSWORD = "password";
var CLEAR_PROPS$25 = [
  VERSION$9,
  KEY_DERIVATION_ALGORITHM,
  KEY_ENCRYPTION_ALGORITHM,
  ENCRYPTED_KEY
];
var PasswordRecipientinfo = class PasswordRecipientinfo extends PkiObject {
  static {
    this.CLASS_NAME = "PasswordRecipientInfo";
  }
  constructor(parameters = {}) {
    super();
    this.version = parameters[VERSION$9] ?? PasswordRecipientinfo.defaultValues(VERSION$9);
    if (KEY_DERIVATION_ALGORITHM in parameters)
      this.keyDerivationAlgorithm = parameters[KEY_DERIVATION_ALGORITHM] ?? PasswordRecipientinfo.defaultValues(KEY_DERIVATION_ALGORITHM);
    this.keyEncryptionAlgorithm = parameters[KEY_ENCRYPTION_ALGORITHM] ?? PasswordRecipientinfo.defaultValues(KEY_ENCRYPTION_ALGORITHM);
    this.encryptedKey = parameters[ENCRYPTED_KEY] ?? PasswordRecipientinfo.defaultValues(ENCRYPTED_KEY);
    this.password = parameters[PASSWORD] ?? PasswordRecipientinfo.defaultValues(PASSWORD);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VERSION$9:
        return -1;
      case KEY_DERIVATION_ALGORITHM:
        return new AlgorithmIdentifier;
      case KEY_ENCRYPTION_ALGORITHM:
        return new AlgorithmIdentifier;
      case ENCRYPTED_KEY:
        return new OctetString;
      case PASSWORD:
        return EMPTY_BUFFER2;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case VERSION$9:
        return memberValue === -1;
      case KEY_DERIVATION_ALGORITHM:
      case KEY_ENCRYPTION_ALGORITHM:
        return memberValue.algorithmId === "" && "algorithmParams" in memberValue === false;
      case ENCRYPTED_KEY:
        return memberValue.isEqual(PasswordRecipientinfo.defaultValues(ENCRYPTED_KEY));
      case PASSWORD:
        return memberValue.byteLength === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Integer({ name: names.version || "" }),
        new Constructed({
          name: names.keyDerivationAlgorithm || "",
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: AlgorithmIdentifier.schema().valueBlock.value
        }),
        AlgorithmIdentifier.schema(names.keyEncryptionAlgorithm || {}),
        new OctetString({ name: names.encryptedKey || "" })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$25)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, PasswordRecipientinfo.schema({ names: {
      version: VERSION$9,
      keyDerivationAlgorithm: KEY_DERIVATION_ALGORITHM,
      keyEncryptionAlgorithm: { names: { blockName: KEY_ENCRYPTION_ALGORITHM } },
      encryptedKey: ENCRYPTED_KEY
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.version = asn1.result.version.valueBlock.valueDec;
    if (KEY_DERIVATION_ALGORITHM in asn1.result)
      this.keyDerivationAlgorithm = new AlgorithmIdentifier({ schema: new Sequence({ value: asn1.result.keyDerivationAlgorithm.valueBlock.value }) });
    this.keyEncryptionAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.keyEncryptionAlgorithm });
    this.encryptedKey = asn1.result.encryptedKey;
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(new Integer({ value: this.version }));
    if (this.keyDerivationAlgorithm)
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: this.keyDerivationAlgorithm.toSchema().valueBlock.value
      }));
    outputArray.push(this.keyEncryptionAlgorithm.toSchema());
    outputArray.push(this.encryptedKey);
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = {
      version: this.version,
      keyEncryptionAlgorithm: this.keyEncryptionAlgorithm.toJSON(),
      encryptedKey: this.encryptedKey.toJSON()
    };
    if (this.keyDerivationAlgorithm)
      res.keyDerivationAlgorithm = this.keyDerivationAlgorithm.toJSON();
    return res;
  }
};
var ORI_TYPE = "oriType";
var ORI_VALUE = "oriValue";
var CLEAR_PROPS$24 = [ORI_TYPE, ORI_VALUE];
var OtherRecipientInfo = class OtherRecipientInfo extends PkiObject {
  static {
    this.CLASS_NAME = "OtherRecipientInfo";
  }
  constructor(parameters = {}) {
    super();
    this.oriType = parameters[ORI_TYPE] ?? OtherRecipientInfo.defaultValues(ORI_TYPE);
    this.oriValue = parameters[ORI_VALUE] ?? OtherRecipientInfo.defaultValues(ORI_VALUE);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case ORI_TYPE:
        return "";
      case ORI_VALUE:
        return {};
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case ORI_TYPE:
        return memberValue === "";
      case ORI_VALUE:
        return Object.keys(memberValue).length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new ObjectIdentifier({ name: names.oriType || "" }), new Any({ name: names.oriValue || "" })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$24)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, OtherRecipientInfo.schema({ names: {
      oriType: ORI_TYPE,
      oriValue: ORI_VALUE
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.oriType = asn1.result.oriType.valueBlock.toString();
    this.oriValue = asn1.result.oriValue;
  }
  toSchema() {
    return new Sequence({ value: [new ObjectIdentifier({ value: this.oriType }), this.oriValue] });
  }
  toJSON() {
    const res = { oriType: this.oriType };
    if (!OtherRecipientInfo.compareWithDefault(ORI_VALUE, this.oriValue))
      res.oriValue = this.oriValue.toJSON();
    return res;
  }
};
var VARIANT = "variant";
var VALUE$1 = "value";
var CLEAR_PROPS$23 = ["blockName"];
var RecipientInfo = class RecipientInfo extends PkiObject {
  static {
    this.CLASS_NAME = "RecipientInfo";
  }
  constructor(parameters = {}) {
    super();
    this.variant = parameters[VARIANT] ?? RecipientInfo.defaultValues(VARIANT);
    if (VALUE$1 in parameters)
      this.value = parameters[VALUE$1] ?? RecipientInfo.defaultValues(VALUE$1);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VARIANT:
        return -1;
      case VALUE$1:
        return {};
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case VARIANT:
        return memberValue === RecipientInfo.defaultValues(memberName);
      case VALUE$1:
        return Object.keys(memberValue).length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Choice({ value: [
      KeyTransRecipientInfo.schema({ names: { blockName: names.blockName || "" } }),
      new Constructed({
        name: names.blockName || "",
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        value: KeyAgreeRecipientInfo.schema().valueBlock.value
      }),
      new Constructed({
        name: names.blockName || "",
        idBlock: {
          tagClass: 3,
          tagNumber: 2
        },
        value: KEKRecipientInfo.schema().valueBlock.value
      }),
      new Constructed({
        name: names.blockName || "",
        idBlock: {
          tagClass: 3,
          tagNumber: 3
        },
        value: PasswordRecipientinfo.schema().valueBlock.value
      }),
      new Constructed({
        name: names.blockName || "",
        idBlock: {
          tagClass: 3,
          tagNumber: 4
        },
        value: OtherRecipientInfo.schema().valueBlock.value
      })
    ] });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$23)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, RecipientInfo.schema({ names: { blockName: "blockName" } }));
    AsnError.assertSchema(asn1, this.className);
    if (asn1.result.blockName.idBlock.tagClass === 1) {
      this.variant = 1;
      this.value = new KeyTransRecipientInfo({ schema: asn1.result.blockName });
    } else {
      const blockSequence = new Sequence({ value: asn1.result.blockName.valueBlock.value });
      switch (asn1.result.blockName.idBlock.tagNumber) {
        case 1:
          this.variant = 2;
          this.value = new KeyAgreeRecipientInfo({ schema: blockSequence });
          break;
        case 2:
          this.variant = 3;
          this.value = new KEKRecipientInfo({ schema: blockSequence });
          break;
        case 3:
          this.variant = 4;
          this.value = new PasswordRecipientinfo({ schema: blockSequence });
          break;
        case 4:
          this.variant = 5;
          this.value = new OtherRecipientInfo({ schema: blockSequence });
          break;
        default:
          throw new Error("Incorrect structure of RecipientInfo block");
      }
    }
  }
  toSchema() {
    ParameterError.assertEmpty(this.value, "value", "RecipientInfo");
    const _schema = this.value.toSchema();
    switch (this.variant) {
      case 1:
        return _schema;
      case 2:
      case 3:
      case 4:
        _schema.idBlock.tagClass = 3;
        _schema.idBlock.tagNumber = this.variant - 1;
        return _schema;
      default:
        return new Any;
    }
  }
  toJSON() {
    const res = { variant: this.variant };
    if (this.value && this.variant >= 1 && this.variant <= 4)
      res.value = this.value.toJSON();
    return res;
  }
};
var HASH_ALGORITHM$2 = "hashAlgorithm";
var MASK_GEN_ALGORITHM = "maskGenAlgorithm";
var P_SOURCE_ALGORITHM = "pSourceAlgorithm";
var CLEAR_PROPS$22 = [
  HASH_ALGORITHM$2,
  MASK_GEN_ALGORITHM,
  P_SOURCE_ALGORITHM
];
var RSAESOAEPParams = class RSAESOAEPParams extends PkiObject {
  static {
    this.CLASS_NAME = "RSAESOAEPParams";
  }
  constructor(parameters = {}) {
    super();
    this.hashAlgorithm = parameters[HASH_ALGORITHM$2] ?? RSAESOAEPParams.defaultValues(HASH_ALGORITHM$2);
    this.maskGenAlgorithm = parameters[MASK_GEN_ALGORITHM] ?? RSAESOAEPParams.defaultValues(MASK_GEN_ALGORITHM);
    this.pSourceAlgorithm = parameters[P_SOURCE_ALGORITHM] ?? RSAESOAEPParams.defaultValues(P_SOURCE_ALGORITHM);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case HASH_ALGORITHM$2:
        return new AlgorithmIdentifier({
          algorithmId: "1.3.14.3.2.26",
          algorithmParams: new Null
        });
      case MASK_GEN_ALGORITHM:
        return new AlgorithmIdentifier({
          algorithmId: "1.2.840.113549.1.1.8",
          algorithmParams: new AlgorithmIdentifier({
            algorithmId: "1.3.14.3.2.26",
            algorithmParams: new Null
          }).toSchema()
        });
      case P_SOURCE_ALGORITHM:
        return new AlgorithmIdentifier({
          algorithmId: "1.2.840.113549.1.1.9",
          algorithmParams: new OctetString({ valueHex: new Uint8Array([
            218,
            57,
            163,
            238,
            94,
            107,
            75,
            13,
            50,
            85,
            191,
            239,
            149,
            96,
            24,
            144,
            175,
            216,
            7,
            9
          ]).buffer })
        });
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          optional: true,
          value: [AlgorithmIdentifier.schema(names.hashAlgorithm || {})]
        }),
        new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          optional: true,
          value: [AlgorithmIdentifier.schema(names.maskGenAlgorithm || {})]
        }),
        new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 2
          },
          optional: true,
          value: [AlgorithmIdentifier.schema(names.pSourceAlgorithm || {})]
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$22)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, RSAESOAEPParams.schema({ names: {
      hashAlgorithm: { names: { blockName: HASH_ALGORITHM$2 } },
      maskGenAlgorithm: { names: { blockName: MASK_GEN_ALGORITHM } },
      pSourceAlgorithm: { names: { blockName: P_SOURCE_ALGORITHM } }
    } }));
    AsnError.assertSchema(asn1, this.className);
    if (HASH_ALGORITHM$2 in asn1.result)
      this.hashAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.hashAlgorithm });
    if (MASK_GEN_ALGORITHM in asn1.result)
      this.maskGenAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.maskGenAlgorithm });
    if (P_SOURCE_ALGORITHM in asn1.result)
      this.pSourceAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.pSourceAlgorithm });
  }
  toSchema() {
    const outputArray = [];
    if (!this.hashAlgorithm.isEqual(RSAESOAEPParams.defaultValues(HASH_ALGORITHM$2)))
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [this.hashAlgorithm.toSchema()]
      }));
    if (!this.maskGenAlgorithm.isEqual(RSAESOAEPParams.defaultValues(MASK_GEN_ALGORITHM)))
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        value: [this.maskGenAlgorithm.toSchema()]
      }));
    if (!this.pSourceAlgorithm.isEqual(RSAESOAEPParams.defaultValues(P_SOURCE_ALGORITHM)))
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 2
        },
        value: [this.pSourceAlgorithm.toSchema()]
      }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = {};
    if (!this.hashAlgorithm.isEqual(RSAESOAEPParams.defaultValues(HASH_ALGORITHM$2)))
      res.hashAlgorithm = this.hashAlgorithm.toJSON();
    if (!this.maskGenAlgorithm.isEqual(RSAESOAEPParams.defaultValues(MASK_GEN_ALGORITHM)))
      res.maskGenAlgorithm = this.maskGenAlgorithm.toJSON();
    if (!this.pSourceAlgorithm.isEqual(RSAESOAEPParams.defaultValues(P_SOURCE_ALGORITHM)))
      res.pSourceAlgorithm = this.pSourceAlgorithm.toJSON();
    return res;
  }
};
var KEY_INFO = "keyInfo";
var ENTITY_U_INFO = "entityUInfo";
var SUPP_PUB_INFO = "suppPubInfo";
var CLEAR_PROPS$21 = [
  KEY_INFO,
  ENTITY_U_INFO,
  SUPP_PUB_INFO
];
var ECCCMSSharedInfo = class ECCCMSSharedInfo extends PkiObject {
  static {
    this.CLASS_NAME = "ECCCMSSharedInfo";
  }
  constructor(parameters = {}) {
    super();
    this.keyInfo = parameters[KEY_INFO] ?? ECCCMSSharedInfo.defaultValues(KEY_INFO);
    if (ENTITY_U_INFO in parameters)
      this.entityUInfo = parameters[ENTITY_U_INFO] ?? ECCCMSSharedInfo.defaultValues(ENTITY_U_INFO);
    this.suppPubInfo = parameters[SUPP_PUB_INFO] ?? ECCCMSSharedInfo.defaultValues(SUPP_PUB_INFO);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case KEY_INFO:
        return new AlgorithmIdentifier;
      case ENTITY_U_INFO:
        return new OctetString;
      case SUPP_PUB_INFO:
        return new OctetString;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case KEY_INFO:
      case ENTITY_U_INFO:
      case SUPP_PUB_INFO:
        return memberValue.isEqual(ECCCMSSharedInfo.defaultValues(memberName));
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        AlgorithmIdentifier.schema(names.keyInfo || {}),
        new Constructed({
          name: names.entityUInfo || "",
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          optional: true,
          value: [new OctetString]
        }),
        new Constructed({
          name: names.suppPubInfo || "",
          idBlock: {
            tagClass: 3,
            tagNumber: 2
          },
          value: [new OctetString]
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$21)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, ECCCMSSharedInfo.schema({ names: {
      keyInfo: { names: { blockName: KEY_INFO } },
      entityUInfo: ENTITY_U_INFO,
      suppPubInfo: SUPP_PUB_INFO
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.keyInfo = new AlgorithmIdentifier({ schema: asn1.result.keyInfo });
    if (ENTITY_U_INFO in asn1.result)
      this.entityUInfo = asn1.result.entityUInfo.valueBlock.value[0];
    this.suppPubInfo = asn1.result.suppPubInfo.valueBlock.value[0];
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(this.keyInfo.toSchema());
    if (this.entityUInfo)
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [this.entityUInfo]
      }));
    outputArray.push(new Constructed({
      idBlock: {
        tagClass: 3,
        tagNumber: 2
      },
      value: [this.suppPubInfo]
    }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = {
      keyInfo: this.keyInfo.toJSON(),
      suppPubInfo: this.suppPubInfo.toJSON()
    };
    if (this.entityUInfo)
      res.entityUInfo = this.entityUInfo.toJSON();
    return res;
  }
};
var VERSION$8 = "version";
var ORIGINATOR_INFO = "originatorInfo";
var RECIPIENT_INFOS = "recipientInfos";
var ENCRYPTED_CONTENT_INFO = "encryptedContentInfo";
var UNPROTECTED_ATTRS = "unprotectedAttrs";
var CLEAR_PROPS$20 = [
  VERSION$8,
  ORIGINATOR_INFO,
  RECIPIENT_INFOS,
  ENCRYPTED_CONTENT_INFO,
  UNPROTECTED_ATTRS
];
var defaultEncryptionParams = {
  kdfAlgorithm: "SHA-512",
  kekEncryptionLength: 256
};
var curveLengthByName = {
  "P-256": 256,
  "P-384": 384,
  "P-521": 528
};
var EnvelopedData = class EnvelopedData extends PkiObject {
  static {
    this.CLASS_NAME = "EnvelopedData";
  }
  constructor(parameters = {}) {
    super();
    this.version = parameters[VERSION$8] ?? EnvelopedData.defaultValues(VERSION$8);
    if (ORIGINATOR_INFO in parameters)
      this.originatorInfo = parameters[ORIGINATOR_INFO] ?? EnvelopedData.defaultValues(ORIGINATOR_INFO);
    this.recipientInfos = parameters[RECIPIENT_INFOS] ?? EnvelopedData.defaultValues(RECIPIENT_INFOS);
    this.encryptedContentInfo = parameters[ENCRYPTED_CONTENT_INFO] ?? EnvelopedData.defaultValues(ENCRYPTED_CONTENT_INFO);
    if (UNPROTECTED_ATTRS in parameters)
      this.unprotectedAttrs = parameters[UNPROTECTED_ATTRS] ?? EnvelopedData.defaultValues(UNPROTECTED_ATTRS);
    this.policy = { disableSplit: !!parameters.disableSplit };
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VERSION$8:
        return 0;
      case ORIGINATOR_INFO:
        return new OriginatorInfo;
      case RECIPIENT_INFOS:
        return [];
      case ENCRYPTED_CONTENT_INFO:
        return new EncryptedContentInfo;
      case UNPROTECTED_ATTRS:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case VERSION$8:
        return memberValue === EnvelopedData.defaultValues(memberName);
      case ORIGINATOR_INFO:
        return memberValue.certs.certificates.length === 0 && memberValue.crls.crls.length === 0;
      case RECIPIENT_INFOS:
      case UNPROTECTED_ATTRS:
        return memberValue.length === 0;
      case ENCRYPTED_CONTENT_INFO:
        return EncryptedContentInfo.compareWithDefault("contentType", memberValue.contentType) && EncryptedContentInfo.compareWithDefault("contentEncryptionAlgorithm", memberValue.contentEncryptionAlgorithm) && EncryptedContentInfo.compareWithDefault("encryptedContent", memberValue.encryptedContent);
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Integer({ name: names.version || "" }),
        new Constructed({
          name: names.originatorInfo || "",
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: OriginatorInfo.schema().valueBlock.value
        }),
        new Set2({ value: [new Repeated({
          name: names.recipientInfos || "",
          value: RecipientInfo.schema()
        })] }),
        EncryptedContentInfo.schema(names.encryptedContentInfo || {}),
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: [new Repeated({
            name: names.unprotectedAttrs || "",
            value: Attribute.schema()
          })]
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$20)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, EnvelopedData.schema({ names: {
      version: VERSION$8,
      originatorInfo: ORIGINATOR_INFO,
      recipientInfos: RECIPIENT_INFOS,
      encryptedContentInfo: { names: { blockName: ENCRYPTED_CONTENT_INFO } },
      unprotectedAttrs: UNPROTECTED_ATTRS
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.version = asn1.result.version.valueBlock.valueDec;
    if (ORIGINATOR_INFO in asn1.result)
      this.originatorInfo = new OriginatorInfo({ schema: new Sequence({ value: asn1.result.originatorInfo.valueBlock.value }) });
    this.recipientInfos = Array.from(asn1.result.recipientInfos, (o) => new RecipientInfo({ schema: o }));
    this.encryptedContentInfo = new EncryptedContentInfo({ schema: asn1.result.encryptedContentInfo });
    if (UNPROTECTED_ATTRS in asn1.result)
      this.unprotectedAttrs = Array.from(asn1.result.unprotectedAttrs, (o) => new Attribute({ schema: o }));
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(new Integer({ value: this.version }));
    if (this.originatorInfo)
      outputArray.push(new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: this.originatorInfo.toSchema().valueBlock.value
      }));
    outputArray.push(new Set2({ value: Array.from(this.recipientInfos, (o) => o.toSchema()) }));
    outputArray.push(this.encryptedContentInfo.toSchema());
    if (this.unprotectedAttrs)
      outputArray.push(new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        value: Array.from(this.unprotectedAttrs, (o) => o.toSchema())
      }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = {
      version: this.version,
      recipientInfos: Array.from(this.recipientInfos, (o) => o.toJSON()),
      encryptedContentInfo: this.encryptedContentInfo.toJSON()
    };
    if (this.originatorInfo)
      res.originatorInfo = this.originatorInfo.toJSON();
    if (this.unprotectedAttrs)
      res.unprotectedAttrs = Array.from(this.unprotectedAttrs, (o) => o.toJSON());
    return res;
  }
  addRecipientByCertificate(certificate, parameters, variant, crypto2 = getCrypto(true)) {
    const encryptionParameters = Object.assign({
      useOAEP: true,
      oaepHashAlgorithm: "SHA-512"
    }, defaultEncryptionParams, parameters || {});
    if (certificate.subjectPublicKeyInfo.algorithm.algorithmId.indexOf("1.2.840.113549") !== -1)
      variant = 1;
    else if (certificate.subjectPublicKeyInfo.algorithm.algorithmId.indexOf("1.2.840.10045") !== -1)
      variant = 2;
    else
      throw new Error(`Unknown type of certificate's public key: ${certificate.subjectPublicKeyInfo.algorithm.algorithmId}`);
    switch (variant) {
      case 1:
        {
          let algorithmId;
          let algorithmParams;
          if (encryptionParameters.useOAEP === true) {
            algorithmId = crypto2.getOIDByAlgorithm({ name: "RSA-OAEP" }, true, "keyEncryptionAlgorithm");
            const hashAlgorithm = new AlgorithmIdentifier({
              algorithmId: crypto2.getOIDByAlgorithm({ name: encryptionParameters.oaepHashAlgorithm }, true, "RSAES-OAEP-params"),
              algorithmParams: new Null
            });
            algorithmParams = new RSAESOAEPParams({
              hashAlgorithm,
              maskGenAlgorithm: new AlgorithmIdentifier({
                algorithmId: "1.2.840.113549.1.1.8",
                algorithmParams: hashAlgorithm.toSchema()
              })
            }).toSchema();
          } else {
            algorithmId = crypto2.getOIDByAlgorithm({ name: "RSAES-PKCS1-v1_5" });
            if (algorithmId === "")
              throw new Error("Can not find OID for RSAES-PKCS1-v1_5");
            algorithmParams = new Null;
          }
          const keyInfo = new KeyTransRecipientInfo({
            version: 0,
            rid: new IssuerAndSerialNumber({
              issuer: certificate.issuer,
              serialNumber: certificate.serialNumber
            }),
            keyEncryptionAlgorithm: new AlgorithmIdentifier({
              algorithmId,
              algorithmParams
            }),
            recipientCertificate: certificate
          });
          this.recipientInfos.push(new RecipientInfo({
            variant: 1,
            value: keyInfo
          }));
        }
        break;
      case 2:
        {
          const recipientIdentifier = new KeyAgreeRecipientIdentifier({
            variant: 1,
            value: new IssuerAndSerialNumber({
              issuer: certificate.issuer,
              serialNumber: certificate.serialNumber
            })
          });
          this._addKeyAgreeRecipientInfo(recipientIdentifier, encryptionParameters, { recipientCertificate: certificate }, crypto2);
        }
        break;
      default:
        throw new Error(`Unknown "variant" value: ${variant}`);
    }
    return true;
  }
  addRecipientByPreDefinedData(preDefinedData, parameters = {}, variant, crypto2 = getCrypto(true)) {
    ArgumentError.assert(preDefinedData, "preDefinedData", "ArrayBuffer");
    if (!preDefinedData.byteLength)
      throw new Error("Pre-defined data could have zero length");
    if (!parameters.keyIdentifier) {
      const keyIdentifierBuffer = /* @__PURE__ */ new ArrayBuffer(16);
      const keyIdentifierView = new Uint8Array(keyIdentifierBuffer);
      crypto2.getRandomValues(keyIdentifierView);
      parameters.keyIdentifier = keyIdentifierBuffer;
    }
    if (!parameters.hmacHashAlgorithm)
      parameters.hmacHashAlgorithm = "SHA-512";
    if (parameters.iterationCount === undefined)
      parameters.iterationCount = 2048;
    if (!parameters.keyEncryptionAlgorithm)
      parameters.keyEncryptionAlgorithm = {
        name: "AES-KW",
        length: 256
      };
    if (!parameters.keyEncryptionAlgorithmParams)
      parameters.keyEncryptionAlgorithmParams = new Null;
    switch (variant) {
      case 1:
        {
          const kekOID = crypto2.getOIDByAlgorithm(parameters.keyEncryptionAlgorithm, true, "keyEncryptionAlgorithm");
          const keyInfo = new KEKRecipientInfo({
            version: 4,
            kekid: new KEKIdentifier({ keyIdentifier: new OctetString({ valueHex: parameters.keyIdentifier }) }),
            keyEncryptionAlgorithm: new AlgorithmIdentifier({
              algorithmId: kekOID,
              algorithmParams: parameters.keyEncryptionAlgorithmParams
            }),
            preDefinedKEK: preDefinedData
          });
          this.recipientInfos.push(new RecipientInfo({
            variant: 3,
            value: keyInfo
          }));
        }
        break;
      case 2:
        {
          const pbkdf2OID = crypto2.getOIDByAlgorithm({ name: "PBKDF2" }, true, "keyDerivationAlgorithm");
          const saltBuffer = /* @__PURE__ */ new ArrayBuffer(64);
          const saltView = new Uint8Array(saltBuffer);
          crypto2.getRandomValues(saltView);
          const hmacOID = crypto2.getOIDByAlgorithm({
            name: "HMAC",
            hash: { name: parameters.hmacHashAlgorithm }
          }, true, "hmacHashAlgorithm");
          const pbkdf2Params = new PBKDF2Params({
            salt: new OctetString({ valueHex: saltBuffer }),
            iterationCount: parameters.iterationCount,
            prf: new AlgorithmIdentifier({
              algorithmId: hmacOID,
              algorithmParams: new Null
            })
          });
          const kekOID = crypto2.getOIDByAlgorithm(parameters.keyEncryptionAlgorithm, true, "keyEncryptionAlgorithm");
          const keyInfo = new PasswordRecipientinfo({
            version: 0,
            keyDerivationAlgorithm: new AlgorithmIdentifier({
              algorithmId: pbkdf2OID,
              algorithmParams: pbkdf2Params.toSchema()
            }),
            keyEncryptionAlgorithm: new AlgorithmIdentifier({
              algorithmId: kekOID,
              algorithmParams: parameters.keyEncryptionAlgorithmParams
            }),
            password: preDefinedData
          });
          this.recipientInfos.push(new RecipientInfo({
            variant: 4,
            value: keyInfo
          }));
        }
        break;
      default:
        throw new Error(`Unknown value for "variant": ${variant}`);
    }
  }
  addRecipientByKeyIdentifier(key, keyId, parameters, crypto2 = getCrypto(true)) {
    const encryptionParameters = Object.assign({}, defaultEncryptionParams, parameters || {});
    const recipientIdentifier = new KeyAgreeRecipientIdentifier({
      variant: 2,
      value: new RecipientKeyIdentifier({ subjectKeyIdentifier: new OctetString({ valueHex: keyId }) })
    });
    this._addKeyAgreeRecipientInfo(recipientIdentifier, encryptionParameters, { recipientPublicKey: key }, crypto2);
  }
  _addKeyAgreeRecipientInfo(recipientIdentifier, encryptionParameters, extraRecipientInfoParams, crypto2 = getCrypto(true)) {
    const encryptedKey = new RecipientEncryptedKey({ rid: recipientIdentifier });
    const aesKW = new AlgorithmIdentifier({ algorithmId: crypto2.getOIDByAlgorithm({
      name: "AES-KW",
      length: encryptionParameters.kekEncryptionLength
    }, true, "keyEncryptionAlgorithm") });
    const ecdhOID = crypto2.getOIDByAlgorithm({
      name: "ECDH",
      kdf: encryptionParameters.kdfAlgorithm
    }, true, "KeyAgreeRecipientInfo");
    const ukmBuffer = /* @__PURE__ */ new ArrayBuffer(64);
    const ukmView = new Uint8Array(ukmBuffer);
    crypto2.getRandomValues(ukmView);
    const recipientInfoParams = {
      version: 3,
      ukm: new OctetString({ valueHex: ukmBuffer }),
      keyEncryptionAlgorithm: new AlgorithmIdentifier({
        algorithmId: ecdhOID,
        algorithmParams: aesKW.toSchema()
      }),
      recipientEncryptedKeys: new RecipientEncryptedKeys({ encryptedKeys: [encryptedKey] })
    };
    const keyInfo = new KeyAgreeRecipientInfo(Object.assign(recipientInfoParams, extraRecipientInfoParams));
    this.recipientInfos.push(new RecipientInfo({
      variant: 2,
      value: keyInfo
    }));
  }
  async encrypt(contentEncryptionAlgorithm, contentToEncrypt, crypto2 = getCrypto(true)) {
    const ivBuffer = /* @__PURE__ */ new ArrayBuffer(16);
    const ivView = new Uint8Array(ivBuffer);
    crypto2.getRandomValues(ivView);
    const contentView = new Uint8Array(contentToEncrypt);
    const contentEncryptionOID = crypto2.getOIDByAlgorithm(contentEncryptionAlgorithm, true, "contentEncryptionAlgorithm");
    const sessionKey = await crypto2.generateKey(contentEncryptionAlgorithm, true, ["encrypt"]);
    const encryptedContent = await crypto2.encrypt({
      name: contentEncryptionAlgorithm.name,
      iv: ivView
    }, sessionKey, contentView);
    const exportedSessionKey = await crypto2.exportKey("raw", sessionKey);
    this.version = 2;
    this.encryptedContentInfo = new EncryptedContentInfo({
      disableSplit: this.policy.disableSplit,
      contentType: "1.2.840.113549.1.7.1",
      contentEncryptionAlgorithm: new AlgorithmIdentifier({
        algorithmId: contentEncryptionOID,
        algorithmParams: new OctetString({ valueHex: ivBuffer })
      }),
      encryptedContent: new OctetString({ valueHex: encryptedContent })
    });
    const SubKeyAgreeRecipientInfo = async (index) => {
      const recipientInfo = this.recipientInfos[index].value;
      let recipientCurve;
      let recipientPublicKey;
      if (recipientInfo.recipientPublicKey) {
        recipientCurve = recipientInfo.recipientPublicKey.algorithm.namedCurve;
        recipientPublicKey = recipientInfo.recipientPublicKey;
      } else if (recipientInfo.recipientCertificate) {
        const curveObject = recipientInfo.recipientCertificate.subjectPublicKeyInfo.algorithm.algorithmParams;
        if (curveObject.constructor.blockName() !== ObjectIdentifier.blockName())
          throw new Error(`Incorrect "recipientCertificate" for index ${index}`);
        switch (curveObject.valueBlock.toString()) {
          case "1.2.840.10045.3.1.7":
            recipientCurve = "P-256";
            break;
          case "1.3.132.0.34":
            recipientCurve = "P-384";
            break;
          case "1.3.132.0.35":
            recipientCurve = "P-521";
            break;
          default:
            throw new Error(`Incorrect curve OID for index ${index}`);
        }
        recipientPublicKey = await recipientInfo.recipientCertificate.getPublicKey({ algorithm: {
          algorithm: {
            name: "ECDH",
            namedCurve: recipientCurve
          },
          usages: []
        } }, crypto2);
      } else
        throw new Error("Unsupported RecipientInfo");
      const recipientCurveLength = curveLengthByName[recipientCurve];
      const ecdhKeys = await crypto2.generateKey({
        name: "ECDH",
        namedCurve: recipientCurve
      }, true, ["deriveBits"]);
      const exportedECDHPublicKey = await crypto2.exportKey("spki", ecdhKeys.publicKey);
      const derivedBits = await crypto2.deriveBits({
        name: "ECDH",
        public: recipientPublicKey
      }, ecdhKeys.privateKey, recipientCurveLength);
      const aesKWAlgorithm = new AlgorithmIdentifier({ schema: recipientInfo.keyEncryptionAlgorithm.algorithmParams });
      const kwAlgorithm = crypto2.getAlgorithmByOID(aesKWAlgorithm.algorithmId, true, "aesKWAlgorithm");
      let kwLength = kwAlgorithm.length;
      const kwLengthBuffer = /* @__PURE__ */ new ArrayBuffer(4);
      const kwLengthView = new Uint8Array(kwLengthBuffer);
      for (let j = 3;j >= 0; j--) {
        kwLengthView[j] = kwLength;
        kwLength >>= 8;
      }
      const encodedInfo = new ECCCMSSharedInfo({
        keyInfo: new AlgorithmIdentifier({ algorithmId: aesKWAlgorithm.algorithmId }),
        entityUInfo: recipientInfo.ukm,
        suppPubInfo: new OctetString({ valueHex: kwLengthBuffer })
      }).toSchema().toBER(false);
      const derivedKeyRaw = await kdf(crypto2.getAlgorithmByOID(recipientInfo.keyEncryptionAlgorithm.algorithmId, true, "ecdhAlgorithm").kdf, derivedBits, kwAlgorithm.length, encodedInfo, crypto2);
      const awsKW = await crypto2.importKey("raw", derivedKeyRaw, { name: "AES-KW" }, true, ["wrapKey"]);
      const wrappedKey = await crypto2.wrapKey("raw", sessionKey, awsKW, { name: "AES-KW" });
      const originator = new OriginatorIdentifierOrKey;
      originator.variant = 3;
      originator.value = OriginatorPublicKey.fromBER(exportedECDHPublicKey);
      recipientInfo.originator = originator;
      recipientInfo.recipientEncryptedKeys.encryptedKeys[0].encryptedKey = new OctetString({ valueHex: wrappedKey });
      return { ecdhPrivateKey: ecdhKeys.privateKey };
    };
    const SubKeyTransRecipientInfo = async (index) => {
      const recipientInfo = this.recipientInfos[index].value;
      const algorithmParameters = crypto2.getAlgorithmByOID(recipientInfo.keyEncryptionAlgorithm.algorithmId, true, "keyEncryptionAlgorithm");
      if (algorithmParameters.name === "RSA-OAEP") {
        const schema = recipientInfo.keyEncryptionAlgorithm.algorithmParams;
        const rsaOAEPParams = new RSAESOAEPParams({ schema });
        algorithmParameters.hash = crypto2.getAlgorithmByOID(rsaOAEPParams.hashAlgorithm.algorithmId);
        if ("name" in algorithmParameters.hash === false)
          throw new Error(`Incorrect OID for hash algorithm: ${rsaOAEPParams.hashAlgorithm.algorithmId}`);
      }
      const publicKey = await recipientInfo.recipientCertificate.getPublicKey({ algorithm: {
        algorithm: algorithmParameters,
        usages: ["encrypt", "wrapKey"]
      } }, crypto2);
      const encryptedKey = await crypto2.encrypt(publicKey.algorithm, publicKey, exportedSessionKey);
      recipientInfo.encryptedKey = new OctetString({ valueHex: encryptedKey });
    };
    const SubKEKRecipientInfo = async (index) => {
      const recipientInfo = this.recipientInfos[index].value;
      const kekAlgorithm = crypto2.getAlgorithmByOID(recipientInfo.keyEncryptionAlgorithm.algorithmId, true, "kekAlgorithm");
      const kekKey = await crypto2.importKey("raw", new Uint8Array(recipientInfo.preDefinedKEK), kekAlgorithm, true, ["wrapKey"]);
      const wrappedKey = await crypto2.wrapKey("raw", sessionKey, kekKey, kekAlgorithm);
      recipientInfo.encryptedKey = new OctetString({ valueHex: wrappedKey });
    };
    const SubPasswordRecipientinfo = async (index) => {
      const recipientInfo = this.recipientInfos[index].value;
      let pbkdf2Params;
      if (!recipientInfo.keyDerivationAlgorithm)
        throw new Error('Please append encoded "keyDerivationAlgorithm"');
      if (!recipientInfo.keyDerivationAlgorithm.algorithmParams)
        throw new Error('Incorrectly encoded "keyDerivationAlgorithm"');
      try {
        pbkdf2Params = new PBKDF2Params({ schema: recipientInfo.keyDerivationAlgorithm.algorithmParams });
      } catch {
        throw new Error('Incorrectly encoded "keyDerivationAlgorithm"');
      }
      const passwordView = new Uint8Array(recipientInfo.password);
      const derivationKey = await crypto2.importKey("raw", passwordView, "PBKDF2", false, ["deriveKey"]);
      const kekAlgorithm = crypto2.getAlgorithmByOID(recipientInfo.keyEncryptionAlgorithm.algorithmId, true, "kekAlgorithm");
      let hmacHashAlgorithm = "SHA-1";
      if (pbkdf2Params.prf)
        hmacHashAlgorithm = crypto2.getAlgorithmByOID(pbkdf2Params.prf.algorithmId, true, "prfAlgorithm").hash.name;
      const saltView = new Uint8Array(pbkdf2Params.salt.valueBlock.valueHex);
      const iterations = pbkdf2Params.iterationCount;
      const derivedKey = await crypto2.deriveKey({
        name: "PBKDF2",
        hash: { name: hmacHashAlgorithm },
        salt: saltView,
        iterations
      }, derivationKey, kekAlgorithm, true, ["wrapKey"]);
      const wrappedKey = await crypto2.wrapKey("raw", sessionKey, derivedKey, kekAlgorithm);
      recipientInfo.encryptedKey = new OctetString({ valueHex: wrappedKey });
    };
    const res = [];
    for (let i = 0;i < this.recipientInfos.length; i++)
      switch (this.recipientInfos[i].variant) {
        case 1:
          res.push(await SubKeyTransRecipientInfo(i));
          break;
        case 2:
          res.push(await SubKeyAgreeRecipientInfo(i));
          break;
        case 3:
          res.push(await SubKEKRecipientInfo(i));
          break;
        case 4:
          res.push(await SubPasswordRecipientinfo(i));
          break;
        default:
          throw new Error(`Unknown recipient type in array with index ${i}`);
      }
    return res;
  }
  async decrypt(recipientIndex, parameters, crypto2 = getCrypto(true)) {
    const decryptionParameters = parameters || {};
    if (recipientIndex + 1 > this.recipientInfos.length)
      throw new Error(`Maximum value for "index" is: ${this.recipientInfos.length - 1}`);
    const SubKeyAgreeRecipientInfo = async (index) => {
      const recipientInfo = this.recipientInfos[index].value;
      let curveOID;
      let recipientCurve;
      let recipientCurveLength;
      const originator = recipientInfo.originator;
      if (decryptionParameters.recipientCertificate) {
        const curveObject = decryptionParameters.recipientCertificate.subjectPublicKeyInfo.algorithm.algorithmParams;
        if (curveObject.constructor.blockName() !== ObjectIdentifier.blockName())
          throw new Error(`Incorrect "recipientCertificate" for index ${index}`);
        curveOID = curveObject.valueBlock.toString();
      } else if (originator.value.algorithm.algorithmParams) {
        const curveObject = originator.value.algorithm.algorithmParams;
        if (curveObject.constructor.blockName() !== ObjectIdentifier.blockName())
          throw new Error(`Incorrect originator for index ${index}`);
        curveOID = curveObject.valueBlock.toString();
      } else
        throw new Error('Parameter "recipientCertificate" is mandatory for "KeyAgreeRecipientInfo" if algorithm params are missing from originator');
      if (!decryptionParameters.recipientPrivateKey)
        throw new Error('Parameter "recipientPrivateKey" is mandatory for "KeyAgreeRecipientInfo"');
      switch (curveOID) {
        case "1.2.840.10045.3.1.7":
          recipientCurve = "P-256";
          recipientCurveLength = 256;
          break;
        case "1.3.132.0.34":
          recipientCurve = "P-384";
          recipientCurveLength = 384;
          break;
        case "1.3.132.0.35":
          recipientCurve = "P-521";
          recipientCurveLength = 528;
          break;
        default:
          throw new Error(`Incorrect curve OID for index ${index}`);
      }
      let ecdhPrivateKey;
      let keyCrypto = crypto2;
      if (isBufferSource2(decryptionParameters.recipientPrivateKey))
        ecdhPrivateKey = await crypto2.importKey("pkcs8", decryptionParameters.recipientPrivateKey, {
          name: "ECDH",
          namedCurve: recipientCurve
        }, true, ["deriveBits"]);
      else {
        ecdhPrivateKey = decryptionParameters.recipientPrivateKey;
        if ("crypto" in decryptionParameters && decryptionParameters.crypto)
          keyCrypto = decryptionParameters.crypto.subtle;
      }
      if ("algorithmParams" in originator.value.algorithm === false)
        originator.value.algorithm.algorithmParams = new ObjectIdentifier({ value: curveOID });
      const buffer = originator.value.toSchema().toBER(false);
      const ecdhPublicKey = await crypto2.importKey("spki", buffer, {
        name: "ECDH",
        namedCurve: recipientCurve
      }, true, []);
      const sharedSecret = await keyCrypto.deriveBits({
        name: "ECDH",
        public: ecdhPublicKey
      }, ecdhPrivateKey, recipientCurveLength);
      async function applyKDF(includeAlgorithmParams) {
        includeAlgorithmParams = includeAlgorithmParams || false;
        const aesKWAlgorithm = new AlgorithmIdentifier({ schema: recipientInfo.keyEncryptionAlgorithm.algorithmParams });
        const kwAlgorithm = crypto2.getAlgorithmByOID(aesKWAlgorithm.algorithmId, true, "kwAlgorithm");
        let kwLength = kwAlgorithm.length;
        const kwLengthBuffer = /* @__PURE__ */ new ArrayBuffer(4);
        const kwLengthView = new Uint8Array(kwLengthBuffer);
        for (let j = 3;j >= 0; j--) {
          kwLengthView[j] = kwLength;
          kwLength >>= 8;
        }
        const keyInfoAlgorithm = { algorithmId: aesKWAlgorithm.algorithmId };
        if (includeAlgorithmParams)
          keyInfoAlgorithm.algorithmParams = new Null;
        const encodedInfo = new ECCCMSSharedInfo({
          keyInfo: new AlgorithmIdentifier(keyInfoAlgorithm),
          entityUInfo: recipientInfo.ukm,
          suppPubInfo: new OctetString({ valueHex: kwLengthBuffer })
        }).toSchema().toBER(false);
        const ecdhAlgorithm = crypto2.getAlgorithmByOID(recipientInfo.keyEncryptionAlgorithm.algorithmId, true, "ecdhAlgorithm");
        if (!ecdhAlgorithm.name)
          throw new Error(`Incorrect OID for key encryption algorithm: ${recipientInfo.keyEncryptionAlgorithm.algorithmId}`);
        return kdf(ecdhAlgorithm.kdf, sharedSecret, kwAlgorithm.length, encodedInfo, crypto2);
      }
      const kdfResult = await applyKDF();
      const importAesKwKey = async (kdfResult) => {
        return crypto2.importKey("raw", kdfResult, { name: "AES-KW" }, true, ["unwrapKey"]);
      };
      const aesKwKey = await importAesKwKey(kdfResult);
      const unwrapSessionKey = async (aesKwKey) => {
        const algorithmId = this.encryptedContentInfo.contentEncryptionAlgorithm.algorithmId;
        const contentEncryptionAlgorithm = crypto2.getAlgorithmByOID(algorithmId, true, "contentEncryptionAlgorithm");
        return crypto2.unwrapKey("raw", recipientInfo.recipientEncryptedKeys.encryptedKeys[0].encryptedKey.valueBlock.valueHexView, aesKwKey, { name: "AES-KW" }, contentEncryptionAlgorithm, true, ["decrypt"]);
      };
      try {
        return await unwrapSessionKey(aesKwKey);
      } catch {
        return unwrapSessionKey(await importAesKwKey(await applyKDF(true)));
      }
    };
    const SubKeyTransRecipientInfo = async (index) => {
      const recipientInfo = this.recipientInfos[index].value;
      if (!decryptionParameters.recipientPrivateKey)
        throw new Error('Parameter "recipientPrivateKey" is mandatory for "KeyTransRecipientInfo"');
      const algorithmParameters = crypto2.getAlgorithmByOID(recipientInfo.keyEncryptionAlgorithm.algorithmId, true, "keyEncryptionAlgorithm");
      if (algorithmParameters.name === "RSA-OAEP") {
        const schema = recipientInfo.keyEncryptionAlgorithm.algorithmParams;
        const rsaOAEPParams = new RSAESOAEPParams({ schema });
        algorithmParameters.hash = crypto2.getAlgorithmByOID(rsaOAEPParams.hashAlgorithm.algorithmId);
        if ("name" in algorithmParameters.hash === false)
          throw new Error(`Incorrect OID for hash algorithm: ${rsaOAEPParams.hashAlgorithm.algorithmId}`);
      }
      let privateKey;
      let keyCrypto = crypto2;
      if (isBufferSource2(decryptionParameters.recipientPrivateKey))
        privateKey = await crypto2.importKey("pkcs8", decryptionParameters.recipientPrivateKey, algorithmParameters, true, ["decrypt"]);
      else {
        privateKey = decryptionParameters.recipientPrivateKey;
        if ("crypto" in decryptionParameters && decryptionParameters.crypto)
          keyCrypto = decryptionParameters.crypto.subtle;
      }
      const sessionKey = await keyCrypto.decrypt(privateKey.algorithm, privateKey, recipientInfo.encryptedKey.valueBlock.valueHexView);
      const algorithmId = this.encryptedContentInfo.contentEncryptionAlgorithm.algorithmId;
      const contentEncryptionAlgorithm = crypto2.getAlgorithmByOID(algorithmId, true, "contentEncryptionAlgorithm");
      if ("name" in contentEncryptionAlgorithm === false)
        throw new Error(`Incorrect "contentEncryptionAlgorithm": ${algorithmId}`);
      return crypto2.importKey("raw", sessionKey, contentEncryptionAlgorithm, true, ["decrypt"]);
    };
    const SubKEKRecipientInfo = async (index) => {
      const recipientInfo = this.recipientInfos[index].value;
      if (!decryptionParameters.preDefinedData)
        throw new Error('Parameter "preDefinedData" is mandatory for "KEKRecipientInfo"');
      const kekAlgorithm = crypto2.getAlgorithmByOID(recipientInfo.keyEncryptionAlgorithm.algorithmId, true, "kekAlgorithm");
      const importedKey = await crypto2.importKey("raw", decryptionParameters.preDefinedData, kekAlgorithm, true, ["unwrapKey"]);
      const algorithmId = this.encryptedContentInfo.contentEncryptionAlgorithm.algorithmId;
      const contentEncryptionAlgorithm = crypto2.getAlgorithmByOID(algorithmId, true, "contentEncryptionAlgorithm");
      if (!contentEncryptionAlgorithm.name)
        throw new Error(`Incorrect "contentEncryptionAlgorithm": ${algorithmId}`);
      return crypto2.unwrapKey("raw", recipientInfo.encryptedKey.valueBlock.valueHexView, importedKey, kekAlgorithm, contentEncryptionAlgorithm, true, ["decrypt"]);
    };
    const SubPasswordRecipientinfo = async (index) => {
      const recipientInfo = this.recipientInfos[index].value;
      let pbkdf2Params;
      if (!decryptionParameters.preDefinedData)
        throw new Error('Parameter "preDefinedData" is mandatory for "KEKRecipientInfo"');
      if (!recipientInfo.keyDerivationAlgorithm)
        throw new Error('Please append encoded "keyDerivationAlgorithm"');
      if (!recipientInfo.keyDerivationAlgorithm.algorithmParams)
        throw new Error('Incorrectly encoded "keyDerivationAlgorithm"');
      try {
        pbkdf2Params = new PBKDF2Params({ schema: recipientInfo.keyDerivationAlgorithm.algorithmParams });
      } catch {
        throw new Error('Incorrectly encoded "keyDerivationAlgorithm"');
      }
      const pbkdf2Key = await crypto2.importKey("raw", decryptionParameters.preDefinedData, "PBKDF2", false, ["deriveKey"]);
      const kekAlgorithm = crypto2.getAlgorithmByOID(recipientInfo.keyEncryptionAlgorithm.algorithmId, true, "keyEncryptionAlgorithm");
      const hmacHashAlgorithm = pbkdf2Params.prf ? crypto2.getAlgorithmByOID(pbkdf2Params.prf.algorithmId, true, "prfAlgorithm").hash.name : "SHA-1";
      const saltView = new Uint8Array(pbkdf2Params.salt.valueBlock.valueHex);
      const iterations = pbkdf2Params.iterationCount;
      const kekKey = await crypto2.deriveKey({
        name: "PBKDF2",
        hash: { name: hmacHashAlgorithm },
        salt: saltView,
        iterations
      }, pbkdf2Key, kekAlgorithm, true, ["unwrapKey"]);
      const algorithmId = this.encryptedContentInfo.contentEncryptionAlgorithm.algorithmId;
      const contentEncryptionAlgorithm = crypto2.getAlgorithmByOID(algorithmId, true, "contentEncryptionAlgorithm");
      return crypto2.unwrapKey("raw", recipientInfo.encryptedKey.valueBlock.valueHexView, kekKey, kekAlgorithm, contentEncryptionAlgorithm, true, ["decrypt"]);
    };
    let unwrappedKey;
    switch (this.recipientInfos[recipientIndex].variant) {
      case 1:
        unwrappedKey = await SubKeyTransRecipientInfo(recipientIndex);
        break;
      case 2:
        unwrappedKey = await SubKeyAgreeRecipientInfo(recipientIndex);
        break;
      case 3:
        unwrappedKey = await SubKEKRecipientInfo(recipientIndex);
        break;
      case 4:
        unwrappedKey = await SubPasswordRecipientinfo(recipientIndex);
        break;
      default:
        throw new Error(`Unknown recipient type in array with index ${recipientIndex}`);
    }
    const algorithmId = this.encryptedContentInfo.contentEncryptionAlgorithm.algorithmId;
    const contentEncryptionAlgorithm = crypto2.getAlgorithmByOID(algorithmId, true, "contentEncryptionAlgorithm");
    const ivBuffer = this.encryptedContentInfo.contentEncryptionAlgorithm.algorithmParams.valueBlock.valueHex;
    const ivView = new Uint8Array(ivBuffer);
    if (!this.encryptedContentInfo.encryptedContent)
      throw new Error("Required property `encryptedContent` is empty");
    const dataBuffer = this.encryptedContentInfo.getEncryptedContent();
    return crypto2.decrypt({
      name: contentEncryptionAlgorithm.name,
      iv: ivView
    }, unwrappedKey, dataBuffer);
  }
};
var SAFE_CONTENTS = "safeContents";
var PARSED_VALUE$1 = "parsedValue";
var CONTENT_INFOS = "contentInfos";
var AuthenticatedSafe = class AuthenticatedSafe extends PkiObject {
  static {
    this.CLASS_NAME = "AuthenticatedSafe";
  }
  constructor(parameters = {}) {
    super();
    this.safeContents = parameters[SAFE_CONTENTS] ?? AuthenticatedSafe.defaultValues(SAFE_CONTENTS);
    if (PARSED_VALUE$1 in parameters)
      this.parsedValue = parameters[PARSED_VALUE$1] ?? AuthenticatedSafe.defaultValues(PARSED_VALUE$1);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case SAFE_CONTENTS:
        return [];
      case PARSED_VALUE$1:
        return {};
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case SAFE_CONTENTS:
        return memberValue.length === 0;
      case PARSED_VALUE$1:
        return memberValue instanceof Object && Object.keys(memberValue).length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new Repeated({
        name: names.contentInfos || "",
        value: ContentInfo.schema()
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of [CONTENT_INFOS])
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, AuthenticatedSafe.schema({ names: { contentInfos: CONTENT_INFOS } }));
    AsnError.assertSchema(asn1, this.className);
    this.safeContents = Array.from(asn1.result.contentInfos, (element) => new ContentInfo({ schema: element }));
  }
  toSchema() {
    return new Sequence({ value: Array.from(this.safeContents, (o) => o.toSchema()) });
  }
  toJSON() {
    return { safeContents: Array.from(this.safeContents, (o) => o.toJSON()) };
  }
  async parseInternalValues(parameters, crypto2 = getCrypto(true)) {
    ParameterError.assert(parameters, SAFE_CONTENTS);
    ArgumentError.assert(parameters.safeContents, SAFE_CONTENTS, "Array");
    if (parameters.safeContents.length !== this.safeContents.length)
      throw new ArgumentError('Length of "parameters.safeContents" must be equal to "this.safeContents.length"');
    this.parsedValue = { safeContents: [] };
    for (const [index, content] of this.safeContents.entries()) {
      const safeContent = parameters.safeContents[index];
      const errorTarget = `parameters.safeContents[${index}]`;
      switch (content.contentType) {
        case id_ContentType_Data:
          {
            ArgumentError.assert(content.content, "this.safeContents[j].content", OctetString);
            const authSafeContent = content.content.getValue();
            this.parsedValue.safeContents.push({
              privacyMode: 0,
              value: SafeContents.fromBER(authSafeContent)
            });
          }
          break;
        case id_ContentType_EnvelopedData:
          {
            const cmsEnveloped = new EnvelopedData({ schema: content.content });
            ParameterError.assert(errorTarget, safeContent, "recipientCertificate", "recipientKey");
            const envelopedData = safeContent;
            const recipientCertificate = envelopedData.recipientCertificate;
            const recipientKey = envelopedData.recipientKey;
            const decrypted = await cmsEnveloped.decrypt(0, {
              recipientCertificate,
              recipientPrivateKey: recipientKey
            }, crypto2);
            this.parsedValue.safeContents.push({
              privacyMode: 2,
              value: SafeContents.fromBER(decrypted)
            });
          }
          break;
        case id_ContentType_EncryptedData:
          {
            const cmsEncrypted = new EncryptedData({ schema: content.content });
            ParameterError.assert(errorTarget, safeContent, "password");
            const password = safeContent.password;
            const decrypted = await cmsEncrypted.decrypt({ password }, crypto2);
            this.parsedValue.safeContents.push({
              privacyMode: 1,
              value: SafeContents.fromBER(decrypted)
            });
          }
          break;
        default:
          throw new Error(`Unknown "contentType" for AuthenticatedSafe: " ${content.contentType}`);
      }
    }
  }
  async makeInternalValues(parameters, crypto2 = getCrypto(true)) {
    if (!this.parsedValue)
      throw new Error('Please run "parseValues" first or add "parsedValue" manually');
    ArgumentError.assert(this.parsedValue, "this.parsedValue", "object");
    ArgumentError.assert(this.parsedValue.safeContents, "this.parsedValue.safeContents", "Array");
    ArgumentError.assert(parameters, "parameters", "object");
    ParameterError.assert(parameters, "safeContents");
    ArgumentError.assert(parameters.safeContents, "parameters.safeContents", "Array");
    if (parameters.safeContents.length !== this.parsedValue.safeContents.length)
      throw new ArgumentError('Length of "parameters.safeContents" must be equal to "this.parsedValue.safeContents"');
    this.safeContents = [];
    for (const [index, content] of this.parsedValue.safeContents.entries()) {
      ParameterError.assert("content", content, "privacyMode", "value");
      ArgumentError.assert(content.value, "content.value", SafeContents);
      switch (content.privacyMode) {
        case 0:
          {
            const contentBuffer = content.value.toSchema().toBER(false);
            this.safeContents.push(new ContentInfo({
              contentType: "1.2.840.113549.1.7.1",
              content: new OctetString({ valueHex: contentBuffer })
            }));
          }
          break;
        case 1:
          {
            const cmsEncrypted = new EncryptedData;
            const currentParameters = parameters.safeContents[index];
            currentParameters.contentToEncrypt = content.value.toSchema().toBER(false);
            await cmsEncrypted.encrypt(currentParameters, crypto2);
            this.safeContents.push(new ContentInfo({
              contentType: "1.2.840.113549.1.7.6",
              content: cmsEncrypted.toSchema()
            }));
          }
          break;
        case 2:
          {
            const cmsEnveloped = new EnvelopedData;
            const contentToEncrypt = content.value.toSchema().toBER(false);
            const safeContent = parameters.safeContents[index];
            ParameterError.assert(`parameters.safeContents[${index}]`, safeContent, "encryptingCertificate", "encryptionAlgorithm");
            switch (true) {
              case safeContent.encryptionAlgorithm.name.toLowerCase() === "aes-cbc":
              case safeContent.encryptionAlgorithm.name.toLowerCase() === "aes-gcm":
                break;
              default:
                throw new Error(`Incorrect parameter "encryptionAlgorithm" in "parameters.safeContents[i]": ${safeContent.encryptionAlgorithm}`);
            }
            switch (true) {
              case safeContent.encryptionAlgorithm.length === 128:
              case safeContent.encryptionAlgorithm.length === 192:
              case safeContent.encryptionAlgorithm.length === 256:
                break;
              default:
                throw new Error(`Incorrect parameter "encryptionAlgorithm.length" in "parameters.safeContents[i]": ${safeContent.encryptionAlgorithm.length}`);
            }
            const encryptionAlgorithm = safeContent.encryptionAlgorithm;
            cmsEnveloped.addRecipientByCertificate(safeContent.encryptingCertificate, {}, undefined, crypto2);
            await cmsEnveloped.encrypt(encryptionAlgorithm, contentToEncrypt, crypto2);
            this.safeContents.push(new ContentInfo({
              contentType: "1.2.840.113549.1.7.3",
              content: cmsEnveloped.toSchema()
            }));
          }
          break;
        default:
          throw new Error(`Incorrect value for "content.privacyMode": ${content.privacyMode}`);
      }
    }
    return this;
  }
};
var HASH_ALGORITHM$1 = "hashAlgorithm";
var ISSUER_NAME_HASH = "issuerNameHash";
var ISSUER_KEY_HASH = "issuerKeyHash";
var SERIAL_NUMBER$1 = "serialNumber";
var CLEAR_PROPS$19 = [
  HASH_ALGORITHM$1,
  ISSUER_NAME_HASH,
  ISSUER_KEY_HASH,
  SERIAL_NUMBER$1
];
var CertID = class CertID extends PkiObject {
  static {
    this.CLASS_NAME = "CertID";
  }
  static async create(certificate, parameters, crypto2 = getCrypto(true)) {
    const certID = new CertID;
    await certID.createForCertificate(certificate, parameters, crypto2);
    return certID;
  }
  constructor(parameters = {}) {
    super();
    this.hashAlgorithm = parameters[HASH_ALGORITHM$1] ?? CertID.defaultValues(HASH_ALGORITHM$1);
    this.issuerNameHash = parameters[ISSUER_NAME_HASH] ?? CertID.defaultValues(ISSUER_NAME_HASH);
    this.issuerKeyHash = parameters[ISSUER_KEY_HASH] ?? CertID.defaultValues(ISSUER_KEY_HASH);
    this.serialNumber = parameters[SERIAL_NUMBER$1] ?? CertID.defaultValues(SERIAL_NUMBER$1);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case HASH_ALGORITHM$1:
        return new AlgorithmIdentifier;
      case ISSUER_NAME_HASH:
      case ISSUER_KEY_HASH:
        return new OctetString;
      case SERIAL_NUMBER$1:
        return new Integer;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case HASH_ALGORITHM$1:
        return memberValue.algorithmId === "" && "algorithmParams" in memberValue === false;
      case ISSUER_NAME_HASH:
      case ISSUER_KEY_HASH:
      case SERIAL_NUMBER$1:
        return memberValue.isEqual(CertID.defaultValues(SERIAL_NUMBER$1));
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        AlgorithmIdentifier.schema(names.hashAlgorithmObject || { names: { blockName: names.hashAlgorithm || "" } }),
        new OctetString({ name: names.issuerNameHash || "" }),
        new OctetString({ name: names.issuerKeyHash || "" }),
        new Integer({ name: names.serialNumber || "" })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$19)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, CertID.schema({ names: {
      hashAlgorithm: HASH_ALGORITHM$1,
      issuerNameHash: ISSUER_NAME_HASH,
      issuerKeyHash: ISSUER_KEY_HASH,
      serialNumber: SERIAL_NUMBER$1
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.hashAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.hashAlgorithm });
    this.issuerNameHash = asn1.result.issuerNameHash;
    this.issuerKeyHash = asn1.result.issuerKeyHash;
    this.serialNumber = asn1.result.serialNumber;
  }
  toSchema() {
    return new Sequence({ value: [
      this.hashAlgorithm.toSchema(),
      this.issuerNameHash,
      this.issuerKeyHash,
      this.serialNumber
    ] });
  }
  toJSON() {
    return {
      hashAlgorithm: this.hashAlgorithm.toJSON(),
      issuerNameHash: this.issuerNameHash.toJSON(),
      issuerKeyHash: this.issuerKeyHash.toJSON(),
      serialNumber: this.serialNumber.toJSON()
    };
  }
  isEqual(certificateID) {
    if (this.hashAlgorithm.algorithmId !== certificateID.hashAlgorithm.algorithmId)
      return false;
    if (!bytes_exports2.equal(this.issuerNameHash.valueBlock.valueHexView, certificateID.issuerNameHash.valueBlock.valueHexView))
      return false;
    if (!bytes_exports2.equal(this.issuerKeyHash.valueBlock.valueHexView, certificateID.issuerKeyHash.valueBlock.valueHexView))
      return false;
    if (!this.serialNumber.isEqual(certificateID.serialNumber))
      return false;
    return true;
  }
  async createForCertificate(certificate, parameters, crypto2 = getCrypto(true)) {
    ParameterError.assert(parameters, HASH_ALGORITHM$1, "issuerCertificate");
    const hashOID = crypto2.getOIDByAlgorithm({ name: parameters.hashAlgorithm }, true, "hashAlgorithm");
    this.hashAlgorithm = new AlgorithmIdentifier({
      algorithmId: hashOID,
      algorithmParams: new Null
    });
    const issuerCertificate = parameters.issuerCertificate;
    this.serialNumber = certificate.serialNumber;
    const hashIssuerName = await crypto2.digest({ name: parameters.hashAlgorithm }, issuerCertificate.subject.toSchema().toBER(false));
    this.issuerNameHash = new OctetString({ valueHex: hashIssuerName });
    const issuerKeyBuffer = issuerCertificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView;
    const hashIssuerKey = await crypto2.digest({ name: parameters.hashAlgorithm }, issuerKeyBuffer);
    this.issuerKeyHash = new OctetString({ valueHex: hashIssuerKey });
  }
};
var CERT_ID = "certID";
var CERT_STATUS = "certStatus";
var THIS_UPDATE = "thisUpdate";
var NEXT_UPDATE = "nextUpdate";
var SINGLE_EXTENSIONS = "singleExtensions";
var CLEAR_PROPS$18 = [
  CERT_ID,
  CERT_STATUS,
  THIS_UPDATE,
  NEXT_UPDATE,
  SINGLE_EXTENSIONS
];
var SingleResponse = class SingleResponse extends PkiObject {
  static {
    this.CLASS_NAME = "SingleResponse";
  }
  constructor(parameters = {}) {
    super();
    this.certID = parameters[CERT_ID] ?? SingleResponse.defaultValues(CERT_ID);
    this.certStatus = parameters[CERT_STATUS] ?? SingleResponse.defaultValues(CERT_STATUS);
    this.thisUpdate = parameters[THIS_UPDATE] ?? SingleResponse.defaultValues(THIS_UPDATE);
    if (NEXT_UPDATE in parameters)
      this.nextUpdate = parameters[NEXT_UPDATE] ?? SingleResponse.defaultValues(NEXT_UPDATE);
    if (SINGLE_EXTENSIONS in parameters)
      this.singleExtensions = parameters[SINGLE_EXTENSIONS] ?? SingleResponse.defaultValues(SINGLE_EXTENSIONS);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case CERT_ID:
        return new CertID;
      case CERT_STATUS:
        return {};
      case THIS_UPDATE:
      case NEXT_UPDATE:
        return new Date(0, 0, 0);
      case SINGLE_EXTENSIONS:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case CERT_ID:
        return CertID.compareWithDefault("hashAlgorithm", memberValue.hashAlgorithm) && CertID.compareWithDefault("issuerNameHash", memberValue.issuerNameHash) && CertID.compareWithDefault("issuerKeyHash", memberValue.issuerKeyHash) && CertID.compareWithDefault("serialNumber", memberValue.serialNumber);
      case CERT_STATUS:
        return Object.keys(memberValue).length === 0;
      case THIS_UPDATE:
      case NEXT_UPDATE:
        return memberValue === SingleResponse.defaultValues(memberName);
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        CertID.schema(names.certID || {}),
        new Choice({ value: [
          new Primitive({
            name: names.certStatus || "",
            idBlock: {
              tagClass: 3,
              tagNumber: 0
            }
          }),
          new Constructed({
            name: names.certStatus || "",
            idBlock: {
              tagClass: 3,
              tagNumber: 1
            },
            value: [new GeneralizedTime, new Constructed({
              optional: true,
              idBlock: {
                tagClass: 3,
                tagNumber: 0
              },
              value: [new Enumerated]
            })]
          }),
          new Primitive({
            name: names.certStatus || "",
            idBlock: {
              tagClass: 3,
              tagNumber: 2
            },
            lenBlock: { length: 1 }
          })
        ] }),
        new GeneralizedTime({ name: names.thisUpdate || "" }),
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [new GeneralizedTime({ name: names.nextUpdate || "" })]
        }),
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: [Extensions.schema(names.singleExtensions || {})]
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$18)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, SingleResponse.schema({ names: {
      certID: { names: { blockName: CERT_ID } },
      certStatus: CERT_STATUS,
      thisUpdate: THIS_UPDATE,
      nextUpdate: NEXT_UPDATE,
      singleExtensions: { names: { blockName: SINGLE_EXTENSIONS } }
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.certID = new CertID({ schema: asn1.result.certID });
    this.certStatus = asn1.result.certStatus;
    this.thisUpdate = asn1.result.thisUpdate.toDate();
    if (NEXT_UPDATE in asn1.result)
      this.nextUpdate = asn1.result.nextUpdate.toDate();
    if (SINGLE_EXTENSIONS in asn1.result)
      this.singleExtensions = Array.from(asn1.result.singleExtensions.valueBlock.value, (element) => new Extension({ schema: element }));
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(this.certID.toSchema());
    outputArray.push(this.certStatus);
    outputArray.push(new GeneralizedTime({ valueDate: this.thisUpdate }));
    if (this.nextUpdate)
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [new GeneralizedTime({ valueDate: this.nextUpdate })]
      }));
    if (this.singleExtensions)
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        value: [new Sequence({ value: Array.from(this.singleExtensions, (o) => o.toSchema()) })]
      }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = {
      certID: this.certID.toJSON(),
      certStatus: this.certStatus.toJSON(),
      thisUpdate: this.thisUpdate
    };
    if (this.nextUpdate)
      res.nextUpdate = this.nextUpdate;
    if (this.singleExtensions)
      res.singleExtensions = Array.from(this.singleExtensions, (o) => o.toJSON());
    return res;
  }
};
var TBS$2 = "tbs";
var VERSION$7 = "version";
var RESPONDER_ID = "responderID";
var PRODUCED_AT = "producedAt";
var RESPONSES = "responses";
var RESPONSE_EXTENSIONS = "responseExtensions";
var RESPONSE_DATA = "ResponseData";
var RESPONSE_DATA_VERSION = `${RESPONSE_DATA}.${VERSION$7}`;
var RESPONSE_DATA_RESPONDER_ID = `${RESPONSE_DATA}.${RESPONDER_ID}`;
var RESPONSE_DATA_PRODUCED_AT = `${RESPONSE_DATA}.${PRODUCED_AT}`;
var RESPONSE_DATA_RESPONSES = `${RESPONSE_DATA}.${RESPONSES}`;
var RESPONSE_DATA_RESPONSE_EXTENSIONS = `${RESPONSE_DATA}.${RESPONSE_EXTENSIONS}`;
var CLEAR_PROPS$17 = [
  RESPONSE_DATA,
  RESPONSE_DATA_VERSION,
  RESPONSE_DATA_RESPONDER_ID,
  RESPONSE_DATA_PRODUCED_AT,
  RESPONSE_DATA_RESPONSES,
  RESPONSE_DATA_RESPONSE_EXTENSIONS
];
var ResponseData = class ResponseData extends PkiObject {
  static {
    this.CLASS_NAME = "ResponseData";
  }
  get tbs() {
    return toArrayBuffer2(this.tbsView);
  }
  set tbs(value) {
    this.tbsView = new Uint8Array(value);
  }
  constructor(parameters = {}) {
    super();
    this.tbsView = new Uint8Array(parameters[TBS$2] ?? ResponseData.defaultValues(TBS$2));
    if (VERSION$7 in parameters)
      this.version = parameters[VERSION$7] ?? ResponseData.defaultValues(VERSION$7);
    this.responderID = parameters[RESPONDER_ID] ?? ResponseData.defaultValues(RESPONDER_ID);
    this.producedAt = parameters[PRODUCED_AT] ?? ResponseData.defaultValues(PRODUCED_AT);
    this.responses = parameters[RESPONSES] ?? ResponseData.defaultValues(RESPONSES);
    if (RESPONSE_EXTENSIONS in parameters)
      this.responseExtensions = parameters[RESPONSE_EXTENSIONS] ?? ResponseData.defaultValues(RESPONSE_EXTENSIONS);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VERSION$7:
        return 0;
      case TBS$2:
        return EMPTY_BUFFER2;
      case RESPONDER_ID:
        return {};
      case PRODUCED_AT:
        return new Date(0, 0, 0);
      case RESPONSES:
      case RESPONSE_EXTENSIONS:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case TBS$2:
        return memberValue.byteLength === 0;
      case RESPONDER_ID:
        return Object.keys(memberValue).length === 0;
      case PRODUCED_AT:
        return memberValue === ResponseData.defaultValues(memberName);
      case RESPONSES:
      case RESPONSE_EXTENSIONS:
        return memberValue.length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || RESPONSE_DATA,
      value: [
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [new Integer({ name: names.version || RESPONSE_DATA_VERSION })]
        }),
        new Choice({ value: [new Constructed({
          name: names.responderID || RESPONSE_DATA_RESPONDER_ID,
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: [RelativeDistinguishedNames.schema(names.ResponseDataByName || { names: { blockName: "ResponseData.byName" } })]
        }), new Constructed({
          name: names.responderID || RESPONSE_DATA_RESPONDER_ID,
          idBlock: {
            tagClass: 3,
            tagNumber: 2
          },
          value: [new OctetString({ name: names.ResponseDataByKey || "ResponseData.byKey" })]
        })] }),
        new GeneralizedTime({ name: names.producedAt || RESPONSE_DATA_PRODUCED_AT }),
        new Sequence({ value: [new Repeated({
          name: RESPONSE_DATA_RESPONSES,
          value: SingleResponse.schema(names.response || {})
        })] }),
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: [Extensions.schema(names.extensions || { names: { blockName: RESPONSE_DATA_RESPONSE_EXTENSIONS } })]
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$17)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, ResponseData.schema());
    AsnError.assertSchema(asn1, this.className);
    this.tbsView = asn1.result.ResponseData.valueBeforeDecodeView;
    if (RESPONSE_DATA_VERSION in asn1.result)
      this.version = asn1.result[RESPONSE_DATA_VERSION].valueBlock.valueDec;
    if (asn1.result[RESPONSE_DATA_RESPONDER_ID].idBlock.tagNumber === 1)
      this.responderID = new RelativeDistinguishedNames({ schema: asn1.result[RESPONSE_DATA_RESPONDER_ID].valueBlock.value[0] });
    else
      this.responderID = asn1.result[RESPONSE_DATA_RESPONDER_ID].valueBlock.value[0];
    this.producedAt = asn1.result[RESPONSE_DATA_PRODUCED_AT].toDate();
    this.responses = Array.from(asn1.result[RESPONSE_DATA_RESPONSES], (element) => new SingleResponse({ schema: element }));
    if (RESPONSE_DATA_RESPONSE_EXTENSIONS in asn1.result)
      this.responseExtensions = Array.from(asn1.result[RESPONSE_DATA_RESPONSE_EXTENSIONS].valueBlock.value, (element) => new Extension({ schema: element }));
  }
  toSchema(encodeFlag = false) {
    let tbsSchema;
    if (encodeFlag === false) {
      if (!this.tbsView.byteLength)
        return ResponseData.schema();
      const asn1 = fromBER(this.tbsView);
      AsnError.assert(asn1, "TBS Response Data");
      tbsSchema = asn1.result;
    } else {
      const outputArray = [];
      if (VERSION$7 in this)
        outputArray.push(new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [new Integer({ value: this.version })]
        }));
      if (this.responderID instanceof RelativeDistinguishedNames)
        outputArray.push(new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: [this.responderID.toSchema()]
        }));
      else
        outputArray.push(new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 2
          },
          value: [this.responderID]
        }));
      outputArray.push(new GeneralizedTime({ valueDate: this.producedAt }));
      outputArray.push(new Sequence({ value: Array.from(this.responses, (o) => o.toSchema()) }));
      if (this.responseExtensions)
        outputArray.push(new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: [new Sequence({ value: Array.from(this.responseExtensions, (o) => o.toSchema()) })]
        }));
      tbsSchema = new Sequence({ value: outputArray });
    }
    return tbsSchema;
  }
  toJSON() {
    const res = {};
    if (VERSION$7 in this)
      res.version = this.version;
    if (this.responderID)
      res.responderID = this.responderID;
    if (this.producedAt)
      res.producedAt = this.producedAt;
    if (this.responses)
      res.responses = Array.from(this.responses, (o) => o.toJSON());
    if (this.responseExtensions)
      res.responseExtensions = Array.from(this.responseExtensions, (o) => o.toJSON());
    return res;
  }
};
var TRUSTED_CERTS = "trustedCerts";
var CERTS$2 = "certs";
var CRLS$1 = "crls";
var OCSPS$1 = "ocsps";
var CHECK_DATE = "checkDate";
var FIND_ORIGIN = "findOrigin";
var FIND_ISSUER = "findIssuer";
var ChainValidationError = class ChainValidationError extends Error {
  static {
    this.NAME = "ChainValidationError";
  }
  constructor(code, message) {
    super(message);
    this.name = ChainValidationError.NAME;
    this.code = code;
    this.message = message;
  }
};
function isTrusted(cert, trustedList) {
  for (let i = 0;i < trustedList.length; i++)
    if (bytes_exports2.equal(cert.tbsView, trustedList[i].tbsView))
      return true;
  return false;
}
var CertificateChainValidationEngine = class CertificateChainValidationEngine {
  constructor(parameters = {}) {
    this.trustedCerts = parameters[TRUSTED_CERTS] ?? this.defaultValues(TRUSTED_CERTS);
    this.certs = parameters[CERTS$2] ?? this.defaultValues(CERTS$2);
    this.crls = parameters[CRLS$1] ?? this.defaultValues(CRLS$1);
    this.ocsps = parameters[OCSPS$1] ?? this.defaultValues(OCSPS$1);
    this.checkDate = parameters[CHECK_DATE] ?? this.defaultValues(CHECK_DATE);
    this.findOrigin = parameters[FIND_ORIGIN] ?? this.defaultValues(FIND_ORIGIN);
    this.findIssuer = parameters[FIND_ISSUER] ?? this.defaultValues(FIND_ISSUER);
  }
  static defaultFindOrigin(certificate, validationEngine) {
    if (certificate.tbsView.byteLength === 0)
      certificate.tbsView = new Uint8Array(certificate.encodeTBS().toBER());
    for (const localCert of validationEngine.certs) {
      if (localCert.tbsView.byteLength === 0)
        localCert.tbsView = new Uint8Array(localCert.encodeTBS().toBER());
      if (bytes_exports2.equal(certificate.tbsView, localCert.tbsView))
        return "Intermediate Certificates";
    }
    for (const trustedCert of validationEngine.trustedCerts) {
      if (trustedCert.tbsView.byteLength === 0)
        trustedCert.tbsView = new Uint8Array(trustedCert.encodeTBS().toBER());
      if (bytes_exports2.equal(certificate.tbsView, trustedCert.tbsView))
        return "Trusted Certificates";
    }
    return "Unknown";
  }
  async defaultFindIssuer(certificate, validationEngine, crypto2 = getCrypto(true)) {
    const result = [];
    let keyIdentifier = null;
    let authorityCertIssuer = null;
    let authorityCertSerialNumber = null;
    if (certificate.subject.isEqual(certificate.issuer))
      try {
        if (await certificate.verify(undefined, crypto2))
          return [certificate];
      } catch {}
    if (certificate.extensions) {
      for (const extension of certificate.extensions)
        if (extension.extnID === "2.5.29.35" && extension.parsedValue instanceof AuthorityKeyIdentifier) {
          if (extension.parsedValue.keyIdentifier)
            keyIdentifier = extension.parsedValue.keyIdentifier;
          else {
            if (extension.parsedValue.authorityCertIssuer)
              authorityCertIssuer = extension.parsedValue.authorityCertIssuer;
            if (extension.parsedValue.authorityCertSerialNumber)
              authorityCertSerialNumber = extension.parsedValue.authorityCertSerialNumber;
          }
          break;
        }
    }
    function checkCertificate(possibleIssuer) {
      if (keyIdentifier !== null) {
        if (possibleIssuer.extensions) {
          let extensionFound = false;
          for (const extension of possibleIssuer.extensions)
            if (extension.extnID === "2.5.29.14" && extension.parsedValue) {
              extensionFound = true;
              if (bytes_exports2.equal(extension.parsedValue.valueBlock.valueHex, keyIdentifier.valueBlock.valueHexView))
                result.push(possibleIssuer);
              break;
            }
          if (extensionFound)
            return;
        }
      }
      let authorityCertSerialNumberEqual = false;
      if (authorityCertSerialNumber !== null)
        authorityCertSerialNumberEqual = possibleIssuer.serialNumber.isEqual(authorityCertSerialNumber);
      if (authorityCertIssuer !== null) {
        if (possibleIssuer.subject.isEqual(authorityCertIssuer)) {
          if (authorityCertSerialNumberEqual)
            result.push(possibleIssuer);
        }
      } else if (certificate.issuer.isEqual(possibleIssuer.subject))
        result.push(possibleIssuer);
    }
    for (const trustedCert of validationEngine.trustedCerts)
      checkCertificate(trustedCert);
    for (const intermediateCert of validationEngine.certs)
      checkCertificate(intermediateCert);
    for (let i = result.length - 1;i >= 0; i--)
      try {
        if (await certificate.verify(result[i], crypto2) === false)
          result.splice(i, 1);
      } catch {
        result.splice(i, 1);
      }
    return result;
  }
  defaultValues(memberName) {
    switch (memberName) {
      case TRUSTED_CERTS:
        return [];
      case CERTS$2:
        return [];
      case CRLS$1:
        return [];
      case OCSPS$1:
        return [];
      case CHECK_DATE:
        return /* @__PURE__ */ new Date;
      case FIND_ORIGIN:
        return CertificateChainValidationEngine.defaultFindOrigin;
      case FIND_ISSUER:
        return this.defaultFindIssuer;
      default:
        throw new Error(`Invalid member name for CertificateChainValidationEngine class: ${memberName}`);
    }
  }
  async sort(passedWhenNotRevValues = false, crypto2 = getCrypto(true)) {
    const localCerts = [];
    const buildPath = async (certificate, crypto2) => {
      const result = [];
      function checkUnique(array) {
        let unique = true;
        for (let i = 0;i < array.length; i++) {
          for (let j = 0;j < array.length; j++) {
            if (j === i)
              continue;
            if (array[i] === array[j]) {
              unique = false;
              break;
            }
          }
          if (!unique)
            break;
        }
        return unique;
      }
      if (isTrusted(certificate, this.trustedCerts))
        return [[certificate]];
      const findIssuerResult = await this.findIssuer(certificate, this, crypto2);
      if (findIssuerResult.length === 0)
        throw new Error("No valid certificate paths found");
      for (let i = 0;i < findIssuerResult.length; i++) {
        if (bytes_exports2.equal(findIssuerResult[i].tbsView, certificate.tbsView)) {
          result.push([findIssuerResult[i]]);
          continue;
        }
        const buildPathResult = await buildPath(findIssuerResult[i], crypto2);
        for (let j = 0;j < buildPathResult.length; j++) {
          const copy = buildPathResult[j].slice();
          copy.splice(0, 0, findIssuerResult[i]);
          if (checkUnique(copy))
            result.push(copy);
          else
            result.push(buildPathResult[j]);
        }
      }
      return result;
    };
    const findCRL = async (certificate) => {
      const issuerCertificates = [];
      const crls = [];
      const crlsAndCertificates = [];
      issuerCertificates.push(...localCerts.filter((element) => certificate.issuer.isEqual(element.subject)));
      if (issuerCertificates.length === 0)
        return {
          status: 1,
          statusMessage: "No certificate's issuers"
        };
      crls.push(...this.crls.filter((o) => o.issuer.isEqual(certificate.issuer)));
      if (crls.length === 0)
        return {
          status: 2,
          statusMessage: "No CRLs for specific certificate issuer"
        };
      for (let i = 0;i < crls.length; i++) {
        const crl = crls[i];
        if (crl.nextUpdate && crl.nextUpdate.value < this.checkDate)
          continue;
        for (let j = 0;j < issuerCertificates.length; j++)
          try {
            if (await crls[i].verify({ issuerCertificate: issuerCertificates[j] }, crypto2)) {
              crlsAndCertificates.push({
                crl: crls[i],
                certificate: issuerCertificates[j]
              });
              break;
            }
          } catch {}
      }
      if (crlsAndCertificates.length)
        return {
          status: 0,
          statusMessage: "",
          result: crlsAndCertificates
        };
      return {
        status: 3,
        statusMessage: "No valid CRLs found"
      };
    };
    const findOCSP = async (certificate, issuerCertificate) => {
      const hashAlgorithm = crypto2.getAlgorithmByOID(certificate.signatureAlgorithm.algorithmId);
      if (!hashAlgorithm.name)
        return 1;
      if (!hashAlgorithm.hash)
        return 1;
      for (let i = 0;i < this.ocsps.length; i++) {
        const result = await this.ocsps[i].getCertificateStatus(certificate, issuerCertificate, crypto2);
        if (result.isForCertificate) {
          if (result.status === 0)
            return 0;
          return 1;
        }
      }
      return 2;
    };
    async function checkForCA(certificate, needToCheckCRL = false) {
      let isCA = false;
      let mustBeCA = false;
      let keyUsagePresent = false;
      let cRLSign = false;
      if (certificate.extensions) {
        for (let j = 0;j < certificate.extensions.length; j++) {
          const extension = certificate.extensions[j];
          if (extension.critical && !extension.parsedValue)
            return {
              result: false,
              resultCode: 6,
              resultMessage: `Unable to parse critical certificate extension: ${extension.extnID}`
            };
          if (extension.extnID === "2.5.29.15") {
            keyUsagePresent = true;
            const view = new Uint8Array(extension.parsedValue.valueBlock.valueHex);
            if ((view[0] & 4) === 4)
              mustBeCA = true;
            if ((view[0] & 2) === 2)
              cRLSign = true;
          }
          if (extension.extnID === "2.5.29.19") {
            if ("cA" in extension.parsedValue) {
              if (extension.parsedValue.cA === true)
                isCA = true;
            }
          }
        }
        if (mustBeCA === true && isCA === false)
          return {
            result: false,
            resultCode: 3,
            resultMessage: 'Unable to build certificate chain - using "keyCertSign" flag set without BasicConstraints'
          };
        if (keyUsagePresent === true && isCA === true && mustBeCA === false)
          return {
            result: false,
            resultCode: 4,
            resultMessage: 'Unable to build certificate chain - "keyCertSign" flag was not set'
          };
        if (isCA === true && keyUsagePresent === true && needToCheckCRL && cRLSign === false)
          return {
            result: false,
            resultCode: 5,
            resultMessage: 'Unable to build certificate chain - intermediate certificate must have "cRLSign" key usage flag'
          };
      }
      if (isCA === false)
        return {
          result: false,
          resultCode: 7,
          resultMessage: "Unable to build certificate chain - more than one possible end-user certificate"
        };
      return {
        result: true,
        resultCode: 0,
        resultMessage: ""
      };
    }
    const basicCheck = async (path, checkDate) => {
      for (let i = 0;i < path.length; i++)
        if (path[i].notBefore.value > checkDate || path[i].notAfter.value < checkDate)
          return {
            result: false,
            resultCode: 8,
            resultMessage: "The certificate is either not yet valid or expired"
          };
      if (path.length < 2)
        return {
          result: false,
          resultCode: 9,
          resultMessage: "Too short certificate path"
        };
      for (let i = path.length - 2;i >= 0; i--)
        if (path[i].issuer.isEqual(path[i].subject) === false) {
          if (path[i].issuer.isEqual(path[i + 1].subject) === false)
            return {
              result: false,
              resultCode: 10,
              resultMessage: "Incorrect name chaining"
            };
        }
      if (this.crls.length !== 0 || this.ocsps.length !== 0)
        for (let i = 0;i < path.length - 1; i++) {
          let ocspResult = 2;
          let crlResult = {
            status: 0,
            statusMessage: ""
          };
          if (this.ocsps.length !== 0) {
            ocspResult = await findOCSP(path[i], path[i + 1]);
            switch (ocspResult) {
              case 0:
                continue;
              case 1:
                return {
                  result: false,
                  resultCode: 12,
                  resultMessage: "One of certificates was revoked via OCSP response"
                };
            }
          }
          if (this.crls.length !== 0) {
            crlResult = await findCRL(path[i]);
            if (crlResult.status === 0 && crlResult.result)
              for (let j = 0;j < crlResult.result.length; j++) {
                if (crlResult.result[j].crl.isCertificateRevoked(path[i]))
                  return {
                    result: false,
                    resultCode: 12,
                    resultMessage: "One of certificates had been revoked"
                  };
                if ((await checkForCA(crlResult.result[j].certificate, true)).result === false)
                  return {
                    result: false,
                    resultCode: 13,
                    resultMessage: "CRL issuer certificate is not a CA certificate or does not have crlSign flag"
                  };
              }
            else if (passedWhenNotRevValues === false)
              throw new ChainValidationError(11, `No revocation values found for one of certificates: ${crlResult.statusMessage}`);
          } else if (ocspResult === 2)
            return {
              result: false,
              resultCode: 11,
              resultMessage: "No revocation values found for one of certificates"
            };
          if (ocspResult === 2 && crlResult.status === 2 && passedWhenNotRevValues) {
            const issuerCertificate = path[i + 1];
            let extensionFound = false;
            if (issuerCertificate.extensions)
              for (const extension of issuerCertificate.extensions)
                switch (extension.extnID) {
                  case id_CRLDistributionPoints:
                  case id_FreshestCRL:
                  case id_AuthorityInfoAccess:
                    extensionFound = true;
                }
            if (extensionFound)
              throw new ChainValidationError(11, `No revocation values found for one of certificates: ${crlResult.statusMessage}`);
          }
        }
      for (const [i, cert] of path.entries()) {
        if (!i)
          continue;
        if (!(await checkForCA(cert)).result)
          return {
            result: false,
            resultCode: 14,
            resultMessage: "One of intermediate certificates is not a CA certificate"
          };
      }
      return { result: true };
    };
    localCerts.push(...this.trustedCerts);
    localCerts.push(...this.certs);
    for (let i = 0;i < localCerts.length; i++)
      for (let j = 0;j < localCerts.length; j++) {
        if (i === j)
          continue;
        if (bytes_exports2.equal(localCerts[i].tbsView, localCerts[j].tbsView)) {
          localCerts.splice(j, 1);
          i = 0;
          break;
        }
      }
    const leafCert = localCerts[localCerts.length - 1];
    let result;
    const certificatePath = [leafCert];
    result = await buildPath(leafCert, crypto2);
    if (result.length === 0)
      throw new ChainValidationError(60, "Unable to find certificate path");
    for (let i = result.length - 1;i >= 0; i--) {
      let found = false;
      for (let j = 0;j < result[i].length; j++) {
        const certificate = result[i][j];
        for (let k = 0;k < this.trustedCerts.length; k++)
          if (bytes_exports2.equal(certificate.tbsView, this.trustedCerts[k].tbsView)) {
            found = true;
            break;
          }
        if (found)
          break;
      }
      if (!found)
        result.splice(i, 1);
    }
    if (result.length === 0)
      throw new ChainValidationError(97, "No valid certificate paths found");
    let shortestLength = result[0].length;
    let shortestIndex = 0;
    for (let i = 0;i < result.length; i++)
      if (result[i].length < shortestLength) {
        shortestLength = result[i].length;
        shortestIndex = i;
      }
    for (let i = 0;i < result[shortestIndex].length; i++)
      certificatePath.push(result[shortestIndex][i]);
    result = await basicCheck(certificatePath, this.checkDate);
    if (result.result === false)
      throw result;
    return certificatePath;
  }
  async verify(parameters = {}, crypto2 = getCrypto(true)) {
    function compareDNSName(name, constraint) {
      const namePrepared = stringPrep(name);
      const constraintPrepared = stringPrep(constraint);
      const nameSplitted = namePrepared.split(".");
      const constraintSplitted = constraintPrepared.split(".");
      const nameLen = nameSplitted.length;
      const constrLen = constraintSplitted.length;
      if (nameLen === 0 || constrLen === 0 || nameLen < constrLen)
        return false;
      for (let i = 0;i < nameLen; i++)
        if (nameSplitted[i].length === 0)
          return false;
      for (let i = 0;i < constrLen; i++)
        if (constraintSplitted[i].length === 0) {
          if (i === 0) {
            if (constrLen === 1)
              return false;
            continue;
          }
          return false;
        }
      for (let i = 0;i < constrLen; i++) {
        if (constraintSplitted[constrLen - 1 - i].length === 0)
          continue;
        if (nameSplitted[nameLen - 1 - i].localeCompare(constraintSplitted[constrLen - 1 - i]) !== 0)
          return false;
      }
      return true;
    }
    function compareRFC822Name(name, constraint) {
      const namePrepared = stringPrep(name);
      const constraintPrepared = stringPrep(constraint);
      const nameSplitted = namePrepared.split("@");
      const constraintSplitted = constraintPrepared.split("@");
      if (nameSplitted.length === 0 || constraintSplitted.length === 0 || nameSplitted.length < constraintSplitted.length)
        return false;
      if (constraintSplitted.length === 1) {
        if (compareDNSName(nameSplitted[1], constraintSplitted[0])) {
          const ns = nameSplitted[1].split(".");
          const cs = constraintSplitted[0].split(".");
          if (cs[0].length === 0)
            return true;
          return ns.length === cs.length;
        }
        return false;
      }
      return namePrepared.localeCompare(constraintPrepared) === 0;
    }
    function compareUniformResourceIdentifier(name, constraint) {
      let namePrepared = stringPrep(name);
      const constraintPrepared = stringPrep(constraint);
      const ns = namePrepared.split("/");
      if (constraintPrepared.split("/").length > 1)
        return false;
      if (ns.length > 1) {
        for (let i = 0;i < ns.length; i++)
          if (ns[i].length > 0 && ns[i].charAt(ns[i].length - 1) !== ":") {
            namePrepared = ns[i].split(":")[0];
            break;
          }
      }
      if (compareDNSName(namePrepared, constraintPrepared)) {
        const nameSplitted = namePrepared.split(".");
        const constraintSplitted = constraintPrepared.split(".");
        if (constraintSplitted[0].length === 0)
          return true;
        return nameSplitted.length === constraintSplitted.length;
      }
      return false;
    }
    function compareIPAddress(name, constraint) {
      const nameView = name.valueBlock.valueHexView;
      const constraintView = constraint.valueBlock.valueHexView;
      if (nameView.length === 4 && constraintView.length === 8) {
        for (let i = 0;i < 4; i++)
          if ((nameView[i] ^ constraintView[i]) & constraintView[i + 4])
            return false;
        return true;
      }
      if (nameView.length === 16 && constraintView.length === 32) {
        for (let i = 0;i < 16; i++)
          if ((nameView[i] ^ constraintView[i]) & constraintView[i + 16])
            return false;
        return true;
      }
      return false;
    }
    function compareDirectoryName(name, constraint) {
      if (name.typesAndValues.length === 0 || constraint.typesAndValues.length === 0)
        return true;
      if (name.typesAndValues.length < constraint.typesAndValues.length)
        return false;
      let result = true;
      let nameStart = 0;
      for (let i = 0;i < constraint.typesAndValues.length; i++) {
        let localResult = false;
        for (let j = nameStart;j < name.typesAndValues.length; j++) {
          localResult = name.typesAndValues[j].isEqual(constraint.typesAndValues[i]);
          if (name.typesAndValues[j].type === constraint.typesAndValues[i].type)
            result = result && localResult;
          if (localResult === true) {
            if (nameStart === 0 || nameStart === j) {
              nameStart = j + 1;
              break;
            } else
              return false;
          }
        }
        if (localResult === false)
          return false;
      }
      return nameStart === 0 ? false : result;
    }
    try {
      if (this.certs.length === 0)
        throw new Error("Empty certificate array");
      const passedWhenNotRevValues = parameters.passedWhenNotRevValues || false;
      const initialPolicySet = parameters.initialPolicySet || ["2.5.29.32.0"];
      const initialExplicitPolicy = parameters.initialExplicitPolicy || false;
      const initialPolicyMappingInhibit = parameters.initialPolicyMappingInhibit || false;
      const initialInhibitPolicy = parameters.initialInhibitPolicy || false;
      const initialPermittedSubtreesSet = parameters.initialPermittedSubtreesSet || [];
      const initialExcludedSubtreesSet = parameters.initialExcludedSubtreesSet || [];
      const initialRequiredNameForms = parameters.initialRequiredNameForms || [];
      let explicitPolicyIndicator = initialExplicitPolicy;
      let policyMappingInhibitIndicator = initialPolicyMappingInhibit;
      let inhibitAnyPolicyIndicator = initialInhibitPolicy;
      const pendingConstraints = [
        false,
        false,
        false
      ];
      let explicitPolicyPending = 0;
      let policyMappingInhibitPending = 0;
      let inhibitAnyPolicyPending = 0;
      let permittedSubtrees = initialPermittedSubtreesSet;
      let excludedSubtrees = initialExcludedSubtreesSet;
      const requiredNameForms = initialRequiredNameForms;
      let pathDepth = 1;
      this.certs = await this.sort(passedWhenNotRevValues, crypto2);
      const allPolicies = [];
      allPolicies.push(id_AnyPolicy);
      const policiesAndCerts = [];
      const anyPolicyArray = new Array(this.certs.length - 1);
      for (let ii = 0;ii < this.certs.length - 1; ii++)
        anyPolicyArray[ii] = true;
      policiesAndCerts.push(anyPolicyArray);
      const policyMappings = new Array(this.certs.length - 1);
      const certPolicies = new Array(this.certs.length - 1);
      let explicitPolicyStart = explicitPolicyIndicator ? this.certs.length - 1 : -1;
      for (let i = this.certs.length - 2;i >= 0; i--, pathDepth++) {
        const cert = this.certs[i];
        if (cert.extensions) {
          for (let j = 0;j < cert.extensions.length; j++) {
            const extension = cert.extensions[j];
            if (extension.extnID === "2.5.29.32") {
              certPolicies[i] = extension.parsedValue;
              for (let s = 0;s < allPolicies.length; s++)
                if (allPolicies[s] === "2.5.29.32.0") {
                  delete policiesAndCerts[s][i];
                  break;
                }
              for (let k = 0;k < extension.parsedValue.certificatePolicies.length; k++) {
                let policyIndex = -1;
                const policyId = extension.parsedValue.certificatePolicies[k].policyIdentifier;
                for (let s = 0;s < allPolicies.length; s++)
                  if (policyId === allPolicies[s]) {
                    policyIndex = s;
                    break;
                  }
                if (policyIndex === -1) {
                  allPolicies.push(policyId);
                  const certArray = new Array(this.certs.length - 1);
                  certArray[i] = true;
                  policiesAndCerts.push(certArray);
                } else
                  policiesAndCerts[policyIndex][i] = true;
              }
            }
            if (extension.extnID === "2.5.29.33") {
              if (policyMappingInhibitIndicator)
                return {
                  result: false,
                  resultCode: 98,
                  resultMessage: "Policy mapping prohibited"
                };
              policyMappings[i] = extension.parsedValue;
            }
            if (extension.extnID === "2.5.29.36") {
              if (explicitPolicyIndicator === false) {
                if (extension.parsedValue.requireExplicitPolicy === 0) {
                  explicitPolicyIndicator = true;
                  explicitPolicyStart = i;
                } else if (pendingConstraints[0] === false) {
                  pendingConstraints[0] = true;
                  explicitPolicyPending = extension.parsedValue.requireExplicitPolicy;
                } else
                  explicitPolicyPending = explicitPolicyPending > extension.parsedValue.requireExplicitPolicy ? extension.parsedValue.requireExplicitPolicy : explicitPolicyPending;
                if (extension.parsedValue.inhibitPolicyMapping === 0)
                  policyMappingInhibitIndicator = true;
                else if (pendingConstraints[1] === false) {
                  pendingConstraints[1] = true;
                  policyMappingInhibitPending = extension.parsedValue.inhibitPolicyMapping + 1;
                } else
                  policyMappingInhibitPending = policyMappingInhibitPending > extension.parsedValue.inhibitPolicyMapping + 1 ? extension.parsedValue.inhibitPolicyMapping + 1 : policyMappingInhibitPending;
              }
            }
            if (extension.extnID === "2.5.29.54") {
              if (inhibitAnyPolicyIndicator === false) {
                if (extension.parsedValue.valueBlock.valueDec === 0)
                  inhibitAnyPolicyIndicator = true;
                else if (pendingConstraints[2] === false) {
                  pendingConstraints[2] = true;
                  inhibitAnyPolicyPending = extension.parsedValue.valueBlock.valueDec;
                } else
                  inhibitAnyPolicyPending = inhibitAnyPolicyPending > extension.parsedValue.valueBlock.valueDec ? extension.parsedValue.valueBlock.valueDec : inhibitAnyPolicyPending;
              }
            }
          }
          if (inhibitAnyPolicyIndicator === true) {
            let policyIndex = -1;
            for (let searchAnyPolicy = 0;searchAnyPolicy < allPolicies.length; searchAnyPolicy++)
              if (allPolicies[searchAnyPolicy] === "2.5.29.32.0") {
                policyIndex = searchAnyPolicy;
                break;
              }
            if (policyIndex !== -1)
              delete policiesAndCerts[0][i];
          }
          if (explicitPolicyIndicator === false) {
            if (pendingConstraints[0] === true) {
              explicitPolicyPending--;
              if (explicitPolicyPending === 0) {
                explicitPolicyIndicator = true;
                explicitPolicyStart = i;
                pendingConstraints[0] = false;
              }
            }
          }
          if (policyMappingInhibitIndicator === false) {
            if (pendingConstraints[1] === true) {
              policyMappingInhibitPending--;
              if (policyMappingInhibitPending === 0) {
                policyMappingInhibitIndicator = true;
                pendingConstraints[1] = false;
              }
            }
          }
          if (inhibitAnyPolicyIndicator === false) {
            if (pendingConstraints[2] === true) {
              inhibitAnyPolicyPending--;
              if (inhibitAnyPolicyPending === 0) {
                inhibitAnyPolicyIndicator = true;
                pendingConstraints[2] = false;
              }
            }
          }
        }
      }
      for (let i = 0;i < this.certs.length - 1; i++)
        if (i < this.certs.length - 2 && typeof policyMappings[i + 1] !== "undefined")
          for (let k = 0;k < policyMappings[i + 1].mappings.length; k++) {
            if (policyMappings[i + 1].mappings[k].issuerDomainPolicy === "2.5.29.32.0" || policyMappings[i + 1].mappings[k].subjectDomainPolicy === "2.5.29.32.0")
              return {
                result: false,
                resultCode: 99,
                resultMessage: 'The "anyPolicy" should not be a part of policy mapping scheme'
              };
            let issuerDomainPolicyIndex = -1;
            let subjectDomainPolicyIndex = -1;
            for (let n = 0;n < allPolicies.length; n++) {
              if (allPolicies[n] === policyMappings[i + 1].mappings[k].issuerDomainPolicy)
                issuerDomainPolicyIndex = n;
              if (allPolicies[n] === policyMappings[i + 1].mappings[k].subjectDomainPolicy)
                subjectDomainPolicyIndex = n;
            }
            if (typeof policiesAndCerts[issuerDomainPolicyIndex][i] !== "undefined")
              delete policiesAndCerts[issuerDomainPolicyIndex][i];
            for (let j = 0;j < certPolicies[i].certificatePolicies.length; j++)
              if (policyMappings[i + 1].mappings[k].subjectDomainPolicy === certPolicies[i].certificatePolicies[j].policyIdentifier) {
                if (issuerDomainPolicyIndex !== -1 && subjectDomainPolicyIndex !== -1) {
                  for (let m = 0;m <= i; m++)
                    if (typeof policiesAndCerts[subjectDomainPolicyIndex][m] !== "undefined") {
                      policiesAndCerts[issuerDomainPolicyIndex][m] = true;
                      delete policiesAndCerts[subjectDomainPolicyIndex][m];
                    }
                }
              }
          }
      for (let i = 0;i < allPolicies.length; i++)
        if (allPolicies[i] === "2.5.29.32.0")
          for (let j = 0;j < explicitPolicyStart; j++)
            delete policiesAndCerts[i][j];
      const authConstrPolicies = [];
      for (let i = 0;i < policiesAndCerts.length; i++) {
        let found = true;
        for (let j = 0;j < this.certs.length - 1; j++) {
          let anyPolicyFound = false;
          if (j < explicitPolicyStart && allPolicies[i] === "2.5.29.32.0" && allPolicies.length > 1) {
            found = false;
            break;
          }
          if (typeof policiesAndCerts[i][j] === "undefined") {
            if (j >= explicitPolicyStart) {
              for (let k = 0;k < allPolicies.length; k++)
                if (allPolicies[k] === "2.5.29.32.0") {
                  if (policiesAndCerts[k][j] === true)
                    anyPolicyFound = true;
                  break;
                }
            }
            if (!anyPolicyFound) {
              found = false;
              break;
            }
          }
        }
        if (found === true)
          authConstrPolicies.push(allPolicies[i]);
      }
      let userConstrPolicies = [];
      if (initialPolicySet.length === 1 && initialPolicySet[0] === "2.5.29.32.0" && explicitPolicyIndicator === false)
        userConstrPolicies = initialPolicySet;
      else if (authConstrPolicies.length === 1 && authConstrPolicies[0] === "2.5.29.32.0")
        userConstrPolicies = initialPolicySet;
      else
        for (let i = 0;i < authConstrPolicies.length; i++)
          for (let j = 0;j < initialPolicySet.length; j++)
            if (initialPolicySet[j] === authConstrPolicies[i] || initialPolicySet[j] === "2.5.29.32.0") {
              userConstrPolicies.push(authConstrPolicies[i]);
              break;
            }
      const policyResult = {
        result: userConstrPolicies.length > 0,
        resultCode: 0,
        resultMessage: userConstrPolicies.length > 0 ? "" : 'Zero "userConstrPolicies" array, no intersections with "authConstrPolicies"',
        authConstrPolicies,
        userConstrPolicies,
        explicitPolicyIndicator,
        policyMappings,
        certificatePath: this.certs
      };
      if (userConstrPolicies.length === 0)
        return policyResult;
      if (policyResult.result === false)
        return policyResult;
      pathDepth = 1;
      for (let i = this.certs.length - 2;i >= 0; i--, pathDepth++) {
        const cert = this.certs[i];
        let subjectAltNames = [];
        let certPermittedSubtrees = [];
        let certExcludedSubtrees = [];
        if (cert.extensions)
          for (let j = 0;j < cert.extensions.length; j++) {
            const extension = cert.extensions[j];
            if (extension.extnID === "2.5.29.30") {
              if ("permittedSubtrees" in extension.parsedValue)
                certPermittedSubtrees = certPermittedSubtrees.concat(extension.parsedValue.permittedSubtrees);
              if ("excludedSubtrees" in extension.parsedValue)
                certExcludedSubtrees = certExcludedSubtrees.concat(extension.parsedValue.excludedSubtrees);
            }
            if (extension.extnID === "2.5.29.17")
              subjectAltNames = subjectAltNames.concat(extension.parsedValue.altNames);
          }
        let formFound = requiredNameForms.length <= 0;
        for (let j = 0;j < requiredNameForms.length; j++)
          switch (requiredNameForms[j].base.type) {
            case 4:
              if (requiredNameForms[j].base.value.typesAndValues.length !== cert.subject.typesAndValues.length)
                continue;
              formFound = true;
              for (let k = 0;k < cert.subject.typesAndValues.length; k++)
                if (cert.subject.typesAndValues[k].type !== requiredNameForms[j].base.value.typesAndValues[k].type) {
                  formFound = false;
                  break;
                }
              if (formFound === true)
                break;
          }
        if (formFound === false) {
          policyResult.result = false;
          policyResult.resultCode = 21;
          policyResult.resultMessage = "No necessary name form found";
          throw policyResult;
        }
        const constrGroups = [
          [],
          [],
          [],
          [],
          []
        ];
        for (let j = 0;j < permittedSubtrees.length; j++)
          switch (permittedSubtrees[j].base.type) {
            case 1:
              constrGroups[0].push(permittedSubtrees[j]);
              break;
            case 2:
              constrGroups[1].push(permittedSubtrees[j]);
              break;
            case 4:
              constrGroups[2].push(permittedSubtrees[j]);
              break;
            case 6:
              constrGroups[3].push(permittedSubtrees[j]);
              break;
            case 7:
              constrGroups[4].push(permittedSubtrees[j]);
          }
        for (let p = 0;p < 5; p++) {
          let groupPermitted = false;
          let valueExists = false;
          const group = constrGroups[p];
          for (let j = 0;j < group.length; j++) {
            switch (p) {
              case 0:
                if (subjectAltNames.length > 0) {
                  for (let k = 0;k < subjectAltNames.length; k++)
                    if (subjectAltNames[k].type === 1) {
                      valueExists = true;
                      groupPermitted = groupPermitted || compareRFC822Name(subjectAltNames[k].value, group[j].base.value);
                    }
                } else
                  for (let k = 0;k < cert.subject.typesAndValues.length; k++)
                    if (cert.subject.typesAndValues[k].type === "1.2.840.113549.1.9.1" || cert.subject.typesAndValues[k].type === "0.9.2342.19200300.100.1.3") {
                      valueExists = true;
                      groupPermitted = groupPermitted || compareRFC822Name(cert.subject.typesAndValues[k].value.valueBlock.value, group[j].base.value);
                    }
                break;
              case 1:
                if (subjectAltNames.length > 0) {
                  for (let k = 0;k < subjectAltNames.length; k++)
                    if (subjectAltNames[k].type === 2) {
                      valueExists = true;
                      groupPermitted = groupPermitted || compareDNSName(subjectAltNames[k].value, group[j].base.value);
                    }
                }
                break;
              case 2:
                valueExists = true;
                groupPermitted = compareDirectoryName(cert.subject, group[j].base.value);
                break;
              case 3:
                if (subjectAltNames.length > 0) {
                  for (let k = 0;k < subjectAltNames.length; k++)
                    if (subjectAltNames[k].type === 6) {
                      valueExists = true;
                      groupPermitted = groupPermitted || compareUniformResourceIdentifier(subjectAltNames[k].value, group[j].base.value);
                    }
                }
                break;
              case 4:
                if (subjectAltNames.length > 0) {
                  for (let k = 0;k < subjectAltNames.length; k++)
                    if (subjectAltNames[k].type === 7) {
                      valueExists = true;
                      groupPermitted = groupPermitted || compareIPAddress(subjectAltNames[k].value, group[j].base.value);
                    }
                }
            }
            if (groupPermitted)
              break;
          }
          if (groupPermitted === false && group.length > 0 && valueExists) {
            policyResult.result = false;
            policyResult.resultCode = 41;
            policyResult.resultMessage = 'Failed to meet "permitted sub-trees" name constraint';
            throw policyResult;
          }
        }
        let excluded = false;
        for (let j = 0;j < excludedSubtrees.length; j++) {
          switch (excludedSubtrees[j].base.type) {
            case 1:
              if (subjectAltNames.length >= 0) {
                for (let k = 0;k < subjectAltNames.length; k++)
                  if (subjectAltNames[k].type === 1)
                    excluded = excluded || compareRFC822Name(subjectAltNames[k].value, excludedSubtrees[j].base.value);
              } else
                for (let k = 0;k < cert.subject.typesAndValues.length; k++)
                  if (cert.subject.typesAndValues[k].type === "1.2.840.113549.1.9.1" || cert.subject.typesAndValues[k].type === "0.9.2342.19200300.100.1.3")
                    excluded = excluded || compareRFC822Name(cert.subject.typesAndValues[k].value.valueBlock.value, excludedSubtrees[j].base.value);
              break;
            case 2:
              if (subjectAltNames.length > 0) {
                for (let k = 0;k < subjectAltNames.length; k++)
                  if (subjectAltNames[k].type === 2)
                    excluded = excluded || compareDNSName(subjectAltNames[k].value, excludedSubtrees[j].base.value);
              }
              break;
            case 4:
              excluded = excluded || compareDirectoryName(cert.subject, excludedSubtrees[j].base.value);
              break;
            case 6:
              if (subjectAltNames.length > 0) {
                for (let k = 0;k < subjectAltNames.length; k++)
                  if (subjectAltNames[k].type === 6)
                    excluded = excluded || compareUniformResourceIdentifier(subjectAltNames[k].value, excludedSubtrees[j].base.value);
              }
              break;
            case 7:
              if (subjectAltNames.length > 0) {
                for (let k = 0;k < subjectAltNames.length; k++)
                  if (subjectAltNames[k].type === 7)
                    excluded = excluded || compareIPAddress(subjectAltNames[k].value, excludedSubtrees[j].base.value);
              }
          }
          if (excluded)
            break;
        }
        if (excluded === true) {
          policyResult.result = false;
          policyResult.resultCode = 42;
          policyResult.resultMessage = 'Failed to meet "excluded sub-trees" name constraint';
          throw policyResult;
        }
        permittedSubtrees = permittedSubtrees.concat(certPermittedSubtrees);
        excludedSubtrees = excludedSubtrees.concat(certExcludedSubtrees);
      }
      return policyResult;
    } catch (error) {
      if (error instanceof Error) {
        if (error instanceof ChainValidationError)
          return {
            result: false,
            resultCode: error.code,
            resultMessage: error.message,
            error
          };
        return {
          result: false,
          resultCode: -1,
          resultMessage: error.message,
          error
        };
      }
      if (error && typeof error === "object" && "resultMessage" in error)
        return error;
      return {
        result: false,
        resultCode: -1,
        resultMessage: `${error}`
      };
    }
  }
};
var TBS_RESPONSE_DATA = "tbsResponseData";
var SIGNATURE_ALGORITHM$3 = "signatureAlgorithm";
var SIGNATURE$2 = "signature";
var CERTS$1 = "certs";
var BASIC_OCSP_RESPONSE = "BasicOCSPResponse";
var BASIC_OCSP_RESPONSE_TBS_RESPONSE_DATA = `${BASIC_OCSP_RESPONSE}.${TBS_RESPONSE_DATA}`;
var BASIC_OCSP_RESPONSE_SIGNATURE_ALGORITHM = `${BASIC_OCSP_RESPONSE}.${SIGNATURE_ALGORITHM$3}`;
var BASIC_OCSP_RESPONSE_SIGNATURE = `${BASIC_OCSP_RESPONSE}.${SIGNATURE$2}`;
var BASIC_OCSP_RESPONSE_CERTS = `${BASIC_OCSP_RESPONSE}.${CERTS$1}`;
var CLEAR_PROPS$16 = [
  BASIC_OCSP_RESPONSE_TBS_RESPONSE_DATA,
  BASIC_OCSP_RESPONSE_SIGNATURE_ALGORITHM,
  BASIC_OCSP_RESPONSE_SIGNATURE,
  BASIC_OCSP_RESPONSE_CERTS
];
var ID_KP_OCSP_SIGNING = "1.3.6.1.5.5.7.3.9";
var ID_CE_KEY_USAGE = "2.5.29.15";
var ID_CE_EXT_KEY_USAGE = "2.5.29.37";
var BasicOCSPResponse = class BasicOCSPResponse extends PkiObject {
  static {
    this.CLASS_NAME = "BasicOCSPResponse";
  }
  constructor(parameters = {}) {
    super();
    this.tbsResponseData = parameters[TBS_RESPONSE_DATA] ?? BasicOCSPResponse.defaultValues(TBS_RESPONSE_DATA);
    this.signatureAlgorithm = parameters[SIGNATURE_ALGORITHM$3] ?? BasicOCSPResponse.defaultValues(SIGNATURE_ALGORITHM$3);
    this.signature = parameters[SIGNATURE$2] ?? BasicOCSPResponse.defaultValues(SIGNATURE$2);
    if (CERTS$1 in parameters)
      this.certs = parameters[CERTS$1] ?? BasicOCSPResponse.defaultValues(CERTS$1);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case TBS_RESPONSE_DATA:
        return new ResponseData;
      case SIGNATURE_ALGORITHM$3:
        return new AlgorithmIdentifier;
      case SIGNATURE$2:
        return new BitString;
      case CERTS$1:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case "type": {
        let comparisonResult = ResponseData.compareWithDefault("tbs", memberValue.tbs) && ResponseData.compareWithDefault("responderID", memberValue.responderID) && ResponseData.compareWithDefault("producedAt", memberValue.producedAt) && ResponseData.compareWithDefault("responses", memberValue.responses);
        if ("responseExtensions" in memberValue)
          comparisonResult = comparisonResult && ResponseData.compareWithDefault("responseExtensions", memberValue.responseExtensions);
        return comparisonResult;
      }
      case SIGNATURE_ALGORITHM$3:
        return memberValue.algorithmId === "" && "algorithmParams" in memberValue === false;
      case SIGNATURE$2:
        return memberValue.isEqual(BasicOCSPResponse.defaultValues(memberName));
      case CERTS$1:
        return memberValue.length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || BASIC_OCSP_RESPONSE,
      value: [
        ResponseData.schema(names.tbsResponseData || { names: { blockName: BASIC_OCSP_RESPONSE_TBS_RESPONSE_DATA } }),
        AlgorithmIdentifier.schema(names.signatureAlgorithm || { names: { blockName: BASIC_OCSP_RESPONSE_SIGNATURE_ALGORITHM } }),
        new BitString({ name: names.signature || BASIC_OCSP_RESPONSE_SIGNATURE }),
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [new Sequence({ value: [new Repeated({
            name: BASIC_OCSP_RESPONSE_CERTS,
            value: Certificate.schema(names.certs || {})
          })] })]
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$16)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, BasicOCSPResponse.schema());
    AsnError.assertSchema(asn1, this.className);
    this.tbsResponseData = new ResponseData({ schema: asn1.result[BASIC_OCSP_RESPONSE_TBS_RESPONSE_DATA] });
    this.signatureAlgorithm = new AlgorithmIdentifier({ schema: asn1.result[BASIC_OCSP_RESPONSE_SIGNATURE_ALGORITHM] });
    this.signature = asn1.result[BASIC_OCSP_RESPONSE_SIGNATURE];
    if (BASIC_OCSP_RESPONSE_CERTS in asn1.result)
      this.certs = Array.from(asn1.result[BASIC_OCSP_RESPONSE_CERTS], (element) => new Certificate({ schema: element }));
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(this.tbsResponseData.toSchema());
    outputArray.push(this.signatureAlgorithm.toSchema());
    outputArray.push(this.signature);
    if (this.certs)
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [new Sequence({ value: Array.from(this.certs, (o) => o.toSchema()) })]
      }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = {
      tbsResponseData: this.tbsResponseData.toJSON(),
      signatureAlgorithm: this.signatureAlgorithm.toJSON(),
      signature: this.signature.toJSON()
    };
    if (this.certs)
      res.certs = Array.from(this.certs, (o) => o.toJSON());
    return res;
  }
  async getCertificateStatus(certificate, issuerCertificate, crypto2 = getCrypto(true)) {
    const result = {
      isForCertificate: false,
      status: 2
    };
    const hashesObject = {};
    const certIDs = [];
    for (const response of this.tbsResponseData.responses) {
      const hashAlgorithm = crypto2.getAlgorithmByOID(response.certID.hashAlgorithm.algorithmId, true, "CertID.hashAlgorithm");
      if (!hashesObject[hashAlgorithm.name]) {
        hashesObject[hashAlgorithm.name] = 1;
        const certID = new CertID;
        certIDs.push(certID);
        await certID.createForCertificate(certificate, {
          hashAlgorithm: hashAlgorithm.name,
          issuerCertificate
        }, crypto2);
      }
    }
    for (const response of this.tbsResponseData.responses)
      for (const id of certIDs)
        if (response.certID.isEqual(id)) {
          result.isForCertificate = true;
          try {
            switch (response.certStatus.idBlock.isConstructed) {
              case true:
                if (response.certStatus.idBlock.tagNumber === 1)
                  result.status = 1;
                break;
              case false:
                switch (response.certStatus.idBlock.tagNumber) {
                  case 0:
                    result.status = 0;
                    break;
                  case 2:
                    result.status = 2;
                }
            }
          } catch {}
          return result;
        }
    return result;
  }
  async sign(privateKey, hashAlgorithm = "SHA-1", crypto2 = getCrypto(true)) {
    if (!privateKey)
      throw new Error("Need to provide a private key for signing");
    const signatureParams = await crypto2.getSignatureParameters(privateKey, hashAlgorithm);
    const algorithm = signatureParams.parameters.algorithm;
    if (!("name" in algorithm))
      throw new Error("Empty algorithm");
    this.signatureAlgorithm = signatureParams.signatureAlgorithm;
    this.tbsResponseData.tbsView = new Uint8Array(this.tbsResponseData.toSchema(true).toBER());
    const signature = await crypto2.signWithPrivateKey(this.tbsResponseData.tbsView, privateKey, { algorithm });
    this.signature = new BitString({ valueHex: signature });
  }
  async verify(params = {}, crypto2 = getCrypto(true)) {
    if (!this.certs || this.certs.length === 0)
      throw new Error("No certificates attached to the BasicOCSPResponse");
    const embeddedCerts = this.certs;
    const trustedCerts = params.trustedCerts || [];
    const issuerCerts = params.issuerCerts || [];
    const trustedResponders = params.trustedResponders || [];
    const candidateIndices = await BasicOCSPResponse.collectResponderCandidates(embeddedCerts, this.tbsResponseData.responderID, crypto2);
    if (candidateIndices.length === 0)
      throw new Error("No certificate matching the OCSP responderID was found in the response");
    const errors = [];
    let firstCryptoError = null;
    let signatureMismatch = false;
    let hadValidSignature = false;
    for (const idx of candidateIndices) {
      const signerCert = embeddedCerts[idx];
      let signatureOk;
      try {
        signatureOk = await this.verifyResponseSignature(signerCert, crypto2);
      } catch (err) {
        if (firstCryptoError === null)
          firstCryptoError = err;
        errors.push(`candidate #${idx} signature error: ${err.message}`);
        continue;
      }
      if (!signatureOk) {
        signatureMismatch = true;
        continue;
      }
      hadValidSignature = true;
      try {
        const isTrustedResponder = trustedResponders.length > 0 && BasicOCSPResponse.containsCertificateByDer(trustedResponders, signerCert);
        let validatedPathCerts = [];
        if (!isTrustedResponder)
          validatedPathCerts = await BasicOCSPResponse.validateSignerChain(signerCert, embeddedCerts, issuerCerts, trustedCerts, crypto2);
        const authIssuerCandidates = [];
        for (const cert of [
          ...issuerCerts,
          ...embeddedCerts,
          ...trustedCerts,
          ...validatedPathCerts
        ])
          if (!BasicOCSPResponse.containsCertificateByDer(authIssuerCandidates, cert))
            authIssuerCandidates.push(cert);
        let allAuthorized = true;
        for (const singleResponse of this.tbsResponseData.responses)
          if (!await BasicOCSPResponse.isAuthorizedResponderForCertID(signerCert, singleResponse.certID, authIssuerCandidates, trustedResponders, crypto2)) {
            allAuthorized = false;
            break;
          }
        if (allAuthorized)
          return true;
        else
          errors.push(`candidate #${idx}: responder is not authorized for all SingleResponses`);
      } catch (err) {
        errors.push(`candidate #${idx}: ${err.message}`);
      }
    }
    if (signatureMismatch && errors.length === 0 && firstCryptoError === null)
      return false;
    if (hadValidSignature)
      throw new Error(`OCSP responder verification failed. Reasons: ${errors.join("; ")}`);
    if (firstCryptoError)
      throw firstCryptoError;
    throw new Error(`OCSP responder verification failed. Reasons: ${errors.join("; ")}`);
  }
  static containsCertificateByDer(certs, cert) {
    const certDer = cert.toSchema(true).toBER(false);
    return certs.some((c) => bytes_exports2.equal(c.toSchema(true).toBER(false), certDer));
  }
  static async collectResponderCandidates(certs, responderID, crypto2 = getCrypto(true)) {
    const indices = [];
    if (responderID instanceof RelativeDistinguishedNames) {
      for (const [index, certificate] of certs.entries())
        if (certificate.subject.isEqual(responderID))
          indices.push(index);
    } else if (responderID instanceof OctetString)
      for (const [index, certificate] of certs.entries()) {
        const spk = certificate.subjectPublicKeyInfo.subjectPublicKey;
        if (!spk.valueBlock?.valueHexView)
          continue;
        const hash = await crypto2.digest({ name: "sha-1" }, spk.valueBlock.valueHexView);
        if (bytes_exports2.equal(hash, responderID.valueBlock.valueHex))
          indices.push(index);
      }
    else
      throw new Error("Unsupported OCSP responderID type");
    return indices;
  }
  async verifyResponseSignature(candidateCert, crypto2 = getCrypto(true)) {
    return crypto2.verifyWithPublicKey(this.tbsResponseData.tbsView, this.signature, candidateCert.subjectPublicKeyInfo, this.signatureAlgorithm);
  }
  static async validateSignerChain(signerCert, embeddedCerts, issuerCerts, trustedCerts, crypto2 = getCrypto(true)) {
    const additionalCerts = [];
    const addIfCa = (cert) => {
      const caCert = checkCA(cert, signerCert);
      if (caCert && !BasicOCSPResponse.containsCertificateByDer(additionalCerts, caCert))
        additionalCerts.push(caCert);
    };
    for (const cert of issuerCerts)
      addIfCa(cert);
    for (const cert of embeddedCerts)
      addIfCa(cert);
    additionalCerts.push(signerCert);
    const result = await new CertificateChainValidationEngine({
      certs: additionalCerts,
      trustedCerts
    }).verify({}, crypto2);
    if (!result.result || !result.certificatePath)
      throw new Error(`Validation of signer's certificate chain failed${result.resultMessage ? `: ${result.resultMessage}` : ""}`);
    return result.certificatePath.slice(1);
  }
  static async findIssuersForCertID(certID, issuerCandidates, crypto2 = getCrypto(true)) {
    const responseHashAlg = crypto2.getAlgorithmByOID(certID.hashAlgorithm.algorithmId, false);
    if (!responseHashAlg || !("name" in responseHashAlg))
      return [];
    const hashAlgName = responseHashAlg.name;
    const uniqueByDer = [];
    for (const candidate of issuerCandidates)
      if (!BasicOCSPResponse.containsCertificateByDer(uniqueByDer, candidate))
        uniqueByDer.push(candidate);
    const matched = [];
    for (const candidate of uniqueByDer) {
      const candidateID = new CertID;
      try {
        await candidateID.createForCertificate(candidate, {
          hashAlgorithm: hashAlgName,
          issuerCertificate: candidate
        }, crypto2);
      } catch {
        continue;
      }
      if (candidateID.hashAlgorithm.algorithmId !== certID.hashAlgorithm.algorithmId)
        continue;
      if (!bytes_exports2.equal(candidateID.issuerNameHash.valueBlock.valueHexView, certID.issuerNameHash.valueBlock.valueHexView))
        continue;
      if (!bytes_exports2.equal(candidateID.issuerKeyHash.valueBlock.valueHexView, certID.issuerKeyHash.valueBlock.valueHexView))
        continue;
      matched.push(candidate);
    }
    return matched;
  }
  static async certificateMatchesIssuerID(certificate, certID, crypto2 = getCrypto(true)) {
    const responseHashAlg = crypto2.getAlgorithmByOID(certID.hashAlgorithm.algorithmId, false);
    if (!responseHashAlg || !("name" in responseHashAlg))
      return false;
    const hashAlgName = responseHashAlg.name;
    try {
      const nameHash = await crypto2.digest({ name: hashAlgName }, certificate.subject.toSchema().toBER(false));
      if (!bytes_exports2.equal(new Uint8Array(nameHash), certID.issuerNameHash.valueBlock.valueHexView))
        return false;
      const keyBytes = certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView;
      const keyHash = await crypto2.digest({ name: hashAlgName }, keyBytes);
      return bytes_exports2.equal(new Uint8Array(keyHash), certID.issuerKeyHash.valueBlock.valueHexView);
    } catch {
      return false;
    }
  }
  static async isAuthorizedResponderForCertID(signerCert, certID, issuerCandidates, trustedResponders, crypto2 = getCrypto(true)) {
    if (trustedResponders.length > 0 && BasicOCSPResponse.containsCertificateByDer(trustedResponders, signerCert))
      return true;
    if (await BasicOCSPResponse.certificateMatchesIssuerID(signerCert, certID, crypto2))
      return true;
    if (!BasicOCSPResponse.certHasOCSPSigningEKU(signerCert))
      return false;
    if (!BasicOCSPResponse.certKeyUsagePermitsDigitalSignature(signerCert))
      return false;
    const issuers = await BasicOCSPResponse.findIssuersForCertID(certID, issuerCandidates, crypto2);
    for (const issuerCert of issuers) {
      if (!signerCert.issuer.isEqual(issuerCert.subject))
        continue;
      try {
        if (await signerCert.verify(issuerCert, crypto2))
          return true;
      } catch {}
    }
    return false;
  }
  static certHasOCSPSigningEKU(cert) {
    const ext = cert.extensions?.find((e) => e.extnID === ID_CE_EXT_KEY_USAGE);
    if (!ext)
      return false;
    const parsed = ext.parsedValue;
    if (parsed instanceof ExtKeyUsage)
      return parsed.keyPurposes.includes(ID_KP_OCSP_SIGNING);
    try {
      const asn1 = fromBER(ext.extnValue.valueBlock.valueHexView);
      if (asn1.offset === -1)
        return false;
      if (!(asn1.result instanceof Sequence))
        return false;
      return new ExtKeyUsage({ schema: asn1.result }).keyPurposes.includes(ID_KP_OCSP_SIGNING);
    } catch {
      return false;
    }
  }
  static certKeyUsagePermitsDigitalSignature(cert) {
    const ext = cert.extensions?.find((e) => e.extnID === ID_CE_KEY_USAGE);
    if (!ext)
      return true;
    try {
      const asn1 = fromBER(ext.extnValue.valueBlock.valueHexView);
      if (asn1.offset === -1)
        return false;
      if (!(asn1.result instanceof BitString))
        return false;
      const bits = new Uint8Array(asn1.result.valueBlock.valueHexView);
      if (bits.length === 0)
        return false;
      return (bits[0] & 128) !== 0;
    } catch {
      return false;
    }
  }
};
var TBS$1 = "tbs";
var VERSION$6 = "version";
var SUBJECT = "subject";
var SPKI = "subjectPublicKeyInfo";
var ATTRIBUTES$1 = "attributes";
var SIGNATURE_ALGORITHM$2 = "signatureAlgorithm";
var SIGNATURE_VALUE = "signatureValue";
var CSR_INFO = "CertificationRequestInfo";
var CSR_INFO_VERSION = `${CSR_INFO}.version`;
var CSR_INFO_SUBJECT = `${CSR_INFO}.subject`;
var CSR_INFO_SPKI = `${CSR_INFO}.subjectPublicKeyInfo`;
var CSR_INFO_ATTRS = `${CSR_INFO}.attributes`;
var CLEAR_PROPS$15 = [
  CSR_INFO,
  CSR_INFO_VERSION,
  CSR_INFO_SUBJECT,
  CSR_INFO_SPKI,
  CSR_INFO_ATTRS,
  SIGNATURE_ALGORITHM$2,
  SIGNATURE_VALUE
];
function CertificationRequestInfo(parameters = {}) {
  const names = parameters.names ?? {};
  return new Sequence({
    name: names.CertificationRequestInfo || CSR_INFO,
    value: [
      new Integer({ name: names.CertificationRequestInfoVersion || CSR_INFO_VERSION }),
      RelativeDistinguishedNames.schema(names.subject || { names: { blockName: CSR_INFO_SUBJECT } }),
      PublicKeyInfo.schema({ names: { blockName: CSR_INFO_SPKI } }),
      new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [new Repeated({
          optional: true,
          name: names.CertificationRequestInfoAttributes || CSR_INFO_ATTRS,
          value: Attribute.schema(names.attributes || {})
        })]
      })
    ]
  });
}
var CertificationRequest = class CertificationRequest extends PkiObject {
  static {
    this.CLASS_NAME = "CertificationRequest";
  }
  get tbs() {
    return toArrayBuffer2(this.tbsView);
  }
  set tbs(value) {
    this.tbsView = new Uint8Array(value);
  }
  constructor(parameters = {}) {
    super();
    this.tbsView = new Uint8Array(parameters[TBS$1] ?? CertificationRequest.defaultValues(TBS$1));
    this.version = parameters[VERSION$6] ?? CertificationRequest.defaultValues(VERSION$6);
    this.subject = parameters[SUBJECT] ?? CertificationRequest.defaultValues(SUBJECT);
    this.subjectPublicKeyInfo = parameters[SPKI] ?? CertificationRequest.defaultValues(SPKI);
    if (ATTRIBUTES$1 in parameters)
      this.attributes = parameters[ATTRIBUTES$1] ?? CertificationRequest.defaultValues(ATTRIBUTES$1);
    this.signatureAlgorithm = parameters[SIGNATURE_ALGORITHM$2] ?? CertificationRequest.defaultValues(SIGNATURE_ALGORITHM$2);
    this.signatureValue = parameters[SIGNATURE_VALUE] ?? CertificationRequest.defaultValues(SIGNATURE_VALUE);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case TBS$1:
        return EMPTY_BUFFER2;
      case VERSION$6:
        return 0;
      case SUBJECT:
        return new RelativeDistinguishedNames;
      case SPKI:
        return new PublicKeyInfo;
      case ATTRIBUTES$1:
        return [];
      case SIGNATURE_ALGORITHM$2:
        return new AlgorithmIdentifier;
      case SIGNATURE_VALUE:
        return new BitString;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({ value: [
      CertificationRequestInfo(names.certificationRequestInfo || {}),
      new Sequence({
        name: names.signatureAlgorithm || SIGNATURE_ALGORITHM$2,
        value: [new ObjectIdentifier, new Any({ optional: true })]
      }),
      new BitString({ name: names.signatureValue || SIGNATURE_VALUE })
    ] });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$15)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, CertificationRequest.schema());
    AsnError.assertSchema(asn1, this.className);
    this.tbsView = asn1.result.CertificationRequestInfo.valueBeforeDecodeView;
    this.version = asn1.result[CSR_INFO_VERSION].valueBlock.valueDec;
    this.subject = new RelativeDistinguishedNames({ schema: asn1.result[CSR_INFO_SUBJECT] });
    this.subjectPublicKeyInfo = new PublicKeyInfo({ schema: asn1.result[CSR_INFO_SPKI] });
    if (CSR_INFO_ATTRS in asn1.result)
      this.attributes = Array.from(asn1.result[CSR_INFO_ATTRS], (element) => new Attribute({ schema: element }));
    this.signatureAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.signatureAlgorithm });
    this.signatureValue = asn1.result.signatureValue;
  }
  encodeTBS() {
    const outputArray = [
      new Integer({ value: this.version }),
      this.subject.toSchema(),
      this.subjectPublicKeyInfo.toSchema()
    ];
    if (ATTRIBUTES$1 in this)
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: Array.from(this.attributes || [], (o) => o.toSchema())
      }));
    return new Sequence({ value: outputArray });
  }
  toSchema(encodeFlag = false) {
    let tbsSchema;
    if (encodeFlag === false) {
      if (this.tbsView.byteLength === 0)
        return CertificationRequest.schema();
      const asn1 = fromBER(this.tbsView);
      AsnError.assert(asn1, "PKCS#10 Certificate Request");
      tbsSchema = asn1.result;
    } else
      tbsSchema = this.encodeTBS();
    return new Sequence({ value: [
      tbsSchema,
      this.signatureAlgorithm.toSchema(),
      this.signatureValue
    ] });
  }
  toJSON() {
    const object = {
      tbs: hex_exports2.encode(this.tbsView),
      version: this.version,
      subject: this.subject.toJSON(),
      subjectPublicKeyInfo: this.subjectPublicKeyInfo.toJSON(),
      signatureAlgorithm: this.signatureAlgorithm.toJSON(),
      signatureValue: this.signatureValue.toJSON()
    };
    if (ATTRIBUTES$1 in this)
      object.attributes = Array.from(this.attributes || [], (o) => o.toJSON());
    return object;
  }
  async sign(privateKey, hashAlgorithm = "SHA-1", crypto2 = getCrypto(true)) {
    if (!privateKey)
      throw new Error("Need to provide a private key for signing");
    const signatureParams = await crypto2.getSignatureParameters(privateKey, hashAlgorithm);
    const parameters = signatureParams.parameters;
    this.signatureAlgorithm = signatureParams.signatureAlgorithm;
    this.tbsView = new Uint8Array(this.encodeTBS().toBER());
    const signature = await crypto2.signWithPrivateKey(this.tbsView, privateKey, parameters);
    this.signatureValue = new BitString({ valueHex: signature });
  }
  async verify(crypto2 = getCrypto(true)) {
    return crypto2.verifyWithPublicKey(this.tbsView, this.signatureValue, this.subjectPublicKeyInfo, this.signatureAlgorithm);
  }
  async getPublicKey(parameters, crypto2 = getCrypto(true)) {
    return crypto2.getPublicKey(this.subjectPublicKeyInfo, this.signatureAlgorithm, parameters);
  }
};
var DIGEST_ALGORITHM$1 = "digestAlgorithm";
var DIGEST = "digest";
var CLEAR_PROPS$14 = [DIGEST_ALGORITHM$1, DIGEST];
var DigestInfo = class DigestInfo extends PkiObject {
  static {
    this.CLASS_NAME = "DigestInfo";
  }
  constructor(parameters = {}) {
    super();
    this.digestAlgorithm = parameters[DIGEST_ALGORITHM$1] ?? DigestInfo.defaultValues(DIGEST_ALGORITHM$1);
    this.digest = parameters[DIGEST] ?? DigestInfo.defaultValues(DIGEST);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case DIGEST_ALGORITHM$1:
        return new AlgorithmIdentifier;
      case DIGEST:
        return new OctetString;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case DIGEST_ALGORITHM$1:
        return AlgorithmIdentifier.compareWithDefault("algorithmId", memberValue.algorithmId) && "algorithmParams" in memberValue === false;
      case DIGEST:
        return memberValue.isEqual(DigestInfo.defaultValues(memberName));
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [AlgorithmIdentifier.schema(names.digestAlgorithm || { names: { blockName: DIGEST_ALGORITHM$1 } }), new OctetString({ name: names.digest || DIGEST })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$14)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, DigestInfo.schema({ names: {
      digestAlgorithm: { names: { blockName: DIGEST_ALGORITHM$1 } },
      digest: DIGEST
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.digestAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.digestAlgorithm });
    this.digest = asn1.result.digest;
  }
  toSchema() {
    return new Sequence({ value: [this.digestAlgorithm.toSchema(), this.digest] });
  }
  toJSON() {
    return {
      digestAlgorithm: this.digestAlgorithm.toJSON(),
      digest: this.digest.toJSON()
    };
  }
};
var E_CONTENT_TYPE = "eContentType";
var E_CONTENT = "eContent";
var CLEAR_PROPS$13 = [E_CONTENT_TYPE, E_CONTENT];
var EncapsulatedContentInfo = class EncapsulatedContentInfo extends PkiObject {
  static {
    this.CLASS_NAME = "EncapsulatedContentInfo";
  }
  constructor(parameters = {}) {
    super();
    this.eContentType = parameters[E_CONTENT_TYPE] ?? EncapsulatedContentInfo.defaultValues(E_CONTENT_TYPE);
    if (E_CONTENT in parameters) {
      this.eContent = parameters[E_CONTENT] ?? EncapsulatedContentInfo.defaultValues(E_CONTENT);
      if (this.eContent.idBlock.tagClass === 1 && this.eContent.idBlock.tagNumber === 4) {
        if (this.eContent.idBlock.isConstructed === false) {
          const constrString = new OctetString({
            idBlock: { isConstructed: true },
            isConstructed: true
          });
          let offset = 0;
          const viewHex = this.eContent.valueBlock.valueHexView.slice().buffer;
          let length = viewHex.byteLength;
          while (length > 0) {
            const pieceView = new Uint8Array(viewHex, offset, offset + 65536 > viewHex.byteLength ? viewHex.byteLength - offset : 65536);
            const _array = new ArrayBuffer(pieceView.length);
            const _view = new Uint8Array(_array);
            for (let i = 0;i < _view.length; i++)
              _view[i] = pieceView[i];
            constrString.valueBlock.value.push(new OctetString({ valueHex: _array }));
            length -= pieceView.length;
            offset += pieceView.length;
          }
          this.eContent = constrString;
        }
      }
    }
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case E_CONTENT_TYPE:
        return "";
      case E_CONTENT:
        return new OctetString;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case E_CONTENT_TYPE:
        return memberValue === "";
      case E_CONTENT:
        if (memberValue.idBlock.tagClass === 1 && memberValue.idBlock.tagNumber === 4)
          return memberValue.isEqual(EncapsulatedContentInfo.defaultValues(E_CONTENT));
        return false;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new ObjectIdentifier({ name: names.eContentType || "" }), new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [new Any({ name: names.eContent || "" })]
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$13)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, EncapsulatedContentInfo.schema({ names: {
      eContentType: E_CONTENT_TYPE,
      eContent: E_CONTENT
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.eContentType = asn1.result.eContentType.valueBlock.toString();
    if (E_CONTENT in asn1.result)
      this.eContent = asn1.result.eContent;
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(new ObjectIdentifier({ value: this.eContentType }));
    if (this.eContent) {
      if (EncapsulatedContentInfo.compareWithDefault(E_CONTENT, this.eContent) === false)
        outputArray.push(new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [this.eContent]
        }));
    }
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = { eContentType: this.eContentType };
    if (this.eContent && EncapsulatedContentInfo.compareWithDefault(E_CONTENT, this.eContent) === false)
      res.eContent = this.eContent.toJSON();
    return res;
  }
};
var MAC = "mac";
var MAC_SALT = "macSalt";
var ITERATIONS = "iterations";
var CLEAR_PROPS$12 = [
  MAC,
  MAC_SALT,
  ITERATIONS
];
var MacData = class MacData extends PkiObject {
  static {
    this.CLASS_NAME = "MacData";
  }
  constructor(parameters = {}) {
    super();
    this.mac = parameters[MAC] ?? MacData.defaultValues(MAC);
    this.macSalt = parameters[MAC_SALT] ?? MacData.defaultValues(MAC_SALT);
    if (ITERATIONS in parameters)
      this.iterations = parameters[ITERATIONS] ?? MacData.defaultValues(ITERATIONS);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case MAC:
        return new DigestInfo;
      case MAC_SALT:
        return new OctetString;
      case ITERATIONS:
        return 1;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case MAC:
        return DigestInfo.compareWithDefault("digestAlgorithm", memberValue.digestAlgorithm) && DigestInfo.compareWithDefault("digest", memberValue.digest);
      case MAC_SALT:
        return memberValue.isEqual(MacData.defaultValues(memberName));
      case ITERATIONS:
        return memberValue === MacData.defaultValues(memberName);
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      optional: names.optional || true,
      value: [
        DigestInfo.schema(names.mac || { names: { blockName: MAC } }),
        new OctetString({ name: names.macSalt || MAC_SALT }),
        new Integer({
          optional: true,
          name: names.iterations || ITERATIONS
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$12)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, MacData.schema({ names: {
      mac: { names: { blockName: MAC } },
      macSalt: MAC_SALT,
      iterations: ITERATIONS
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.mac = new DigestInfo({ schema: asn1.result.mac });
    this.macSalt = asn1.result.macSalt;
    if (ITERATIONS in asn1.result)
      this.iterations = asn1.result.iterations.valueBlock.valueDec;
  }
  toSchema() {
    const outputArray = [this.mac.toSchema(), this.macSalt];
    if (this.iterations !== undefined)
      outputArray.push(new Integer({ value: this.iterations }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = {
      mac: this.mac.toJSON(),
      macSalt: this.macSalt.toJSON()
    };
    if (this.iterations !== undefined)
      res.iterations = this.iterations;
    return res;
  }
};
var HASH_ALGORITHM = "hashAlgorithm";
var HASHED_MESSAGE = "hashedMessage";
var CLEAR_PROPS$11 = [HASH_ALGORITHM, HASHED_MESSAGE];
var MessageImprint = class MessageImprint extends PkiObject {
  static {
    this.CLASS_NAME = "MessageImprint";
  }
  static async create(hashAlgorithm, message, crypto2 = getCrypto(true)) {
    const hashAlgorithmOID = crypto2.getOIDByAlgorithm({ name: hashAlgorithm }, true, "hashAlgorithm");
    const hashedMessage = await crypto2.digest(hashAlgorithm, message);
    return new MessageImprint({
      hashAlgorithm: new AlgorithmIdentifier({
        algorithmId: hashAlgorithmOID,
        algorithmParams: new Null
      }),
      hashedMessage: new OctetString({ valueHex: hashedMessage })
    });
  }
  constructor(parameters = {}) {
    super();
    this.hashAlgorithm = parameters["hashAlgorithm"] ?? MessageImprint.defaultValues("hashAlgorithm");
    this.hashedMessage = parameters["hashedMessage"] ?? MessageImprint.defaultValues("hashedMessage");
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case HASH_ALGORITHM:
        return new AlgorithmIdentifier;
      case HASHED_MESSAGE:
        return new OctetString;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case HASH_ALGORITHM:
        return memberValue.algorithmId === "" && "algorithmParams" in memberValue === false;
      case HASHED_MESSAGE:
        return memberValue.isEqual(MessageImprint.defaultValues(memberName)) === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [AlgorithmIdentifier.schema(names.hashAlgorithm || {}), new OctetString({ name: names.hashedMessage || "" })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$11)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, MessageImprint.schema({ names: {
      hashAlgorithm: { names: { blockName: HASH_ALGORITHM } },
      hashedMessage: HASHED_MESSAGE
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.hashAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.hashAlgorithm });
    this.hashedMessage = asn1.result.hashedMessage;
  }
  toSchema() {
    return new Sequence({ value: [this.hashAlgorithm.toSchema(), this.hashedMessage] });
  }
  toJSON() {
    return {
      hashAlgorithm: this.hashAlgorithm.toJSON(),
      hashedMessage: this.hashedMessage.toJSON()
    };
  }
};
var REQ_CERT = "reqCert";
var SINGLE_REQUEST_EXTENSIONS = "singleRequestExtensions";
var CLEAR_PROPS$10 = [REQ_CERT, SINGLE_REQUEST_EXTENSIONS];
var Request = class Request extends PkiObject {
  static {
    this.CLASS_NAME = "Request";
  }
  constructor(parameters = {}) {
    super();
    this.reqCert = parameters[REQ_CERT] ?? Request.defaultValues(REQ_CERT);
    if (SINGLE_REQUEST_EXTENSIONS in parameters)
      this.singleRequestExtensions = parameters[SINGLE_REQUEST_EXTENSIONS] ?? Request.defaultValues(SINGLE_REQUEST_EXTENSIONS);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case REQ_CERT:
        return new CertID;
      case SINGLE_REQUEST_EXTENSIONS:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case REQ_CERT:
        return memberValue.isEqual(Request.defaultValues(memberName));
      case SINGLE_REQUEST_EXTENSIONS:
        return memberValue.length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [CertID.schema(names.reqCert || {}), new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [Extensions.schema(names.extensions || { names: { blockName: names.singleRequestExtensions || "" } })]
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$10)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, Request.schema({ names: {
      reqCert: { names: { blockName: REQ_CERT } },
      extensions: { names: { blockName: SINGLE_REQUEST_EXTENSIONS } }
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.reqCert = new CertID({ schema: asn1.result.reqCert });
    if (SINGLE_REQUEST_EXTENSIONS in asn1.result)
      this.singleRequestExtensions = Array.from(asn1.result.singleRequestExtensions.valueBlock.value, (element) => new Extension({ schema: element }));
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(this.reqCert.toSchema());
    if (this.singleRequestExtensions)
      outputArray.push(new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [new Sequence({ value: Array.from(this.singleRequestExtensions, (o) => o.toSchema()) })]
      }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = { reqCert: this.reqCert.toJSON() };
    if (this.singleRequestExtensions)
      res.singleRequestExtensions = Array.from(this.singleRequestExtensions, (o) => o.toJSON());
    return res;
  }
};
var TBS = "tbs";
var VERSION$5 = "version";
var REQUESTOR_NAME = "requestorName";
var REQUEST_LIST = "requestList";
var REQUEST_EXTENSIONS = "requestExtensions";
var TBS_REQUEST$1 = "TBSRequest";
var TBS_REQUEST_VERSION = `${TBS_REQUEST$1}.${VERSION$5}`;
var TBS_REQUEST_REQUESTOR_NAME = `${TBS_REQUEST$1}.${REQUESTOR_NAME}`;
var TBS_REQUEST_REQUESTS = `${TBS_REQUEST$1}.requests`;
var TBS_REQUEST_REQUEST_EXTENSIONS = `${TBS_REQUEST$1}.${REQUEST_EXTENSIONS}`;
var CLEAR_PROPS$9 = [
  TBS_REQUEST$1,
  TBS_REQUEST_VERSION,
  TBS_REQUEST_REQUESTOR_NAME,
  TBS_REQUEST_REQUESTS,
  TBS_REQUEST_REQUEST_EXTENSIONS
];
var TBSRequest = class TBSRequest extends PkiObject {
  static {
    this.CLASS_NAME = "TBSRequest";
  }
  get tbs() {
    return toArrayBuffer2(this.tbsView);
  }
  set tbs(value) {
    this.tbsView = new Uint8Array(value);
  }
  constructor(parameters = {}) {
    super();
    this.tbsView = new Uint8Array(parameters[TBS] ?? TBSRequest.defaultValues(TBS));
    if (VERSION$5 in parameters)
      this.version = parameters[VERSION$5] ?? TBSRequest.defaultValues(VERSION$5);
    if (REQUESTOR_NAME in parameters)
      this.requestorName = parameters[REQUESTOR_NAME] ?? TBSRequest.defaultValues(REQUESTOR_NAME);
    this.requestList = parameters[REQUEST_LIST] ?? TBSRequest.defaultValues(REQUEST_LIST);
    if (REQUEST_EXTENSIONS in parameters)
      this.requestExtensions = parameters[REQUEST_EXTENSIONS] ?? TBSRequest.defaultValues(REQUEST_EXTENSIONS);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case TBS:
        return EMPTY_BUFFER2;
      case VERSION$5:
        return 0;
      case REQUESTOR_NAME:
        return new GeneralName;
      case REQUEST_LIST:
      case REQUEST_EXTENSIONS:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case TBS:
        return memberValue.byteLength === 0;
      case VERSION$5:
        return memberValue === TBSRequest.defaultValues(memberName);
      case REQUESTOR_NAME:
        return memberValue.type === GeneralName.defaultValues("type") && Object.keys(memberValue.value).length === 0;
      case REQUEST_LIST:
      case REQUEST_EXTENSIONS:
        return memberValue.length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || TBS_REQUEST$1,
      value: [
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [new Integer({ name: names.TBSRequestVersion || TBS_REQUEST_VERSION })]
        }),
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: [GeneralName.schema(names.requestorName || { names: { blockName: TBS_REQUEST_REQUESTOR_NAME } })]
        }),
        new Sequence({
          name: names.requestList || "TBSRequest.requestList",
          value: [new Repeated({
            name: names.requests || TBS_REQUEST_REQUESTS,
            value: Request.schema(names.requestNames || {})
          })]
        }),
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 2
          },
          value: [Extensions.schema(names.extensions || { names: { blockName: names.requestExtensions || TBS_REQUEST_REQUEST_EXTENSIONS } })]
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$9)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, TBSRequest.schema());
    AsnError.assertSchema(asn1, this.className);
    this.tbsView = asn1.result.TBSRequest.valueBeforeDecodeView;
    if (TBS_REQUEST_VERSION in asn1.result)
      this.version = asn1.result[TBS_REQUEST_VERSION].valueBlock.valueDec;
    if (TBS_REQUEST_REQUESTOR_NAME in asn1.result)
      this.requestorName = new GeneralName({ schema: asn1.result[TBS_REQUEST_REQUESTOR_NAME] });
    this.requestList = Array.from(asn1.result[TBS_REQUEST_REQUESTS], (element) => new Request({ schema: element }));
    if (TBS_REQUEST_REQUEST_EXTENSIONS in asn1.result)
      this.requestExtensions = Array.from(asn1.result[TBS_REQUEST_REQUEST_EXTENSIONS].valueBlock.value, (element) => new Extension({ schema: element }));
  }
  toSchema(encodeFlag = false) {
    let tbsSchema;
    if (encodeFlag === false) {
      if (this.tbsView.byteLength === 0)
        return TBSRequest.schema();
      const asn1 = fromBER(this.tbsView);
      AsnError.assert(asn1, "TBS Request");
      if (!(asn1.result instanceof Sequence))
        throw new Error("ASN.1 result should be SEQUENCE");
      tbsSchema = asn1.result;
    } else {
      const outputArray = [];
      if (this.version !== undefined)
        outputArray.push(new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [new Integer({ value: this.version })]
        }));
      if (this.requestorName)
        outputArray.push(new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: [this.requestorName.toSchema()]
        }));
      outputArray.push(new Sequence({ value: Array.from(this.requestList, (o) => o.toSchema()) }));
      if (this.requestExtensions)
        outputArray.push(new Constructed({
          idBlock: {
            tagClass: 3,
            tagNumber: 2
          },
          value: [new Sequence({ value: Array.from(this.requestExtensions, (o) => o.toSchema()) })]
        }));
      tbsSchema = new Sequence({ value: outputArray });
    }
    return tbsSchema;
  }
  toJSON() {
    const res = {};
    if (this.version != null)
      res.version = this.version;
    if (this.requestorName)
      res.requestorName = this.requestorName.toJSON();
    res.requestList = Array.from(this.requestList, (o) => o.toJSON());
    if (this.requestExtensions)
      res.requestExtensions = Array.from(this.requestExtensions, (o) => o.toJSON());
    return res;
  }
};
var SIGNATURE_ALGORITHM$1 = "signatureAlgorithm";
var SIGNATURE$1 = "signature";
var CERTS = "certs";
var Signature = class Signature extends PkiObject {
  static {
    this.CLASS_NAME = "Signature";
  }
  constructor(parameters = {}) {
    super();
    this.signatureAlgorithm = parameters[SIGNATURE_ALGORITHM$1] ?? Signature.defaultValues(SIGNATURE_ALGORITHM$1);
    this.signature = parameters[SIGNATURE$1] ?? Signature.defaultValues(SIGNATURE$1);
    if (CERTS in parameters)
      this.certs = parameters[CERTS] ?? Signature.defaultValues(CERTS);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case SIGNATURE_ALGORITHM$1:
        return new AlgorithmIdentifier;
      case SIGNATURE$1:
        return new BitString;
      case CERTS:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case SIGNATURE_ALGORITHM$1:
        return memberValue.algorithmId === "" && "algorithmParams" in memberValue === false;
      case SIGNATURE$1:
        return memberValue.isEqual(Signature.defaultValues(memberName));
      case CERTS:
        return memberValue.length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        AlgorithmIdentifier.schema(names.signatureAlgorithm || {}),
        new BitString({ name: names.signature || "" }),
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [new Sequence({ value: [new Repeated({
            name: names.certs || "",
            value: Certificate.schema({})
          })] })]
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of [
      SIGNATURE_ALGORITHM$1,
      SIGNATURE$1,
      CERTS
    ])
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, Signature.schema({ names: {
      signatureAlgorithm: { names: { blockName: SIGNATURE_ALGORITHM$1 } },
      signature: SIGNATURE$1,
      certs: CERTS
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.signatureAlgorithm = new AlgorithmIdentifier({ schema: asn1.result.signatureAlgorithm });
    this.signature = asn1.result.signature;
    if (CERTS in asn1.result)
      this.certs = Array.from(asn1.result.certs, (element) => new Certificate({ schema: element }));
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(this.signatureAlgorithm.toSchema());
    outputArray.push(this.signature);
    if (this.certs)
      outputArray.push(new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [new Sequence({ value: Array.from(this.certs, (o) => o.toSchema()) })]
      }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = {
      signatureAlgorithm: this.signatureAlgorithm.toJSON(),
      signature: this.signature.toJSON()
    };
    if (this.certs)
      res.certs = Array.from(this.certs, (o) => o.toJSON());
    return res;
  }
};
var TBS_REQUEST = "tbsRequest";
var OPTIONAL_SIGNATURE = "optionalSignature";
var CLEAR_PROPS$8 = [TBS_REQUEST, OPTIONAL_SIGNATURE];
var OCSPRequest = class OCSPRequest extends PkiObject {
  static {
    this.CLASS_NAME = "OCSPRequest";
  }
  constructor(parameters = {}) {
    super();
    this.tbsRequest = parameters[TBS_REQUEST] ?? OCSPRequest.defaultValues(TBS_REQUEST);
    if (OPTIONAL_SIGNATURE in parameters)
      this.optionalSignature = parameters[OPTIONAL_SIGNATURE] ?? OCSPRequest.defaultValues(OPTIONAL_SIGNATURE);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case TBS_REQUEST:
        return new TBSRequest;
      case OPTIONAL_SIGNATURE:
        return new Signature;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case TBS_REQUEST:
        return TBSRequest.compareWithDefault("tbs", memberValue.tbs) && TBSRequest.compareWithDefault("version", memberValue.version) && TBSRequest.compareWithDefault("requestorName", memberValue.requestorName) && TBSRequest.compareWithDefault("requestList", memberValue.requestList) && TBSRequest.compareWithDefault("requestExtensions", memberValue.requestExtensions);
      case OPTIONAL_SIGNATURE:
        return Signature.compareWithDefault("signatureAlgorithm", memberValue.signatureAlgorithm) && Signature.compareWithDefault("signature", memberValue.signature) && Signature.compareWithDefault("certs", memberValue.certs);
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "OCSPRequest",
      value: [TBSRequest.schema(names.tbsRequest || { names: { blockName: TBS_REQUEST } }), new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [Signature.schema(names.optionalSignature || { names: { blockName: OPTIONAL_SIGNATURE } })]
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$8)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, OCSPRequest.schema());
    AsnError.assertSchema(asn1, this.className);
    this.tbsRequest = new TBSRequest({ schema: asn1.result.tbsRequest });
    if (OPTIONAL_SIGNATURE in asn1.result)
      this.optionalSignature = new Signature({ schema: asn1.result.optionalSignature });
  }
  toSchema(encodeFlag = false) {
    const outputArray = [];
    outputArray.push(this.tbsRequest.toSchema(encodeFlag));
    if (this.optionalSignature)
      outputArray.push(new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [this.optionalSignature.toSchema()]
      }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = { tbsRequest: this.tbsRequest.toJSON() };
    if (this.optionalSignature)
      res.optionalSignature = this.optionalSignature.toJSON();
    return res;
  }
  async createForCertificate(certificate, parameters, crypto2 = getCrypto(true)) {
    const certID = new CertID;
    await certID.createForCertificate(certificate, parameters, crypto2);
    this.tbsRequest.requestList.push(new Request({ reqCert: certID }));
  }
  async sign(privateKey, hashAlgorithm = "SHA-1", crypto2 = getCrypto(true)) {
    ParameterError.assertEmpty(privateKey, "privateKey", "OCSPRequest.sign method");
    if (!this.optionalSignature)
      throw new Error('Need to create "optionalSignature" field before signing');
    const signatureParams = await crypto2.getSignatureParameters(privateKey, hashAlgorithm);
    const parameters = signatureParams.parameters;
    this.optionalSignature.signatureAlgorithm = signatureParams.signatureAlgorithm;
    const tbs = this.tbsRequest.toSchema(true).toBER(false);
    const signature = await crypto2.signWithPrivateKey(tbs, privateKey, parameters);
    this.optionalSignature.signature = new BitString({ valueHex: signature });
  }
  verify() {}
};
var RESPONSE_TYPE = "responseType";
var RESPONSE = "response";
var CLEAR_PROPS$7 = [RESPONSE_TYPE, RESPONSE];
var ResponseBytes = class ResponseBytes extends PkiObject {
  static {
    this.CLASS_NAME = "ResponseBytes";
  }
  constructor(parameters = {}) {
    super();
    this.responseType = parameters[RESPONSE_TYPE] ?? ResponseBytes.defaultValues(RESPONSE_TYPE);
    this.response = parameters[RESPONSE] ?? ResponseBytes.defaultValues(RESPONSE);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case RESPONSE_TYPE:
        return "";
      case RESPONSE:
        return new OctetString;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case RESPONSE_TYPE:
        return memberValue === "";
      case RESPONSE:
        return memberValue.isEqual(ResponseBytes.defaultValues(memberName));
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [new ObjectIdentifier({ name: names.responseType || "" }), new OctetString({ name: names.response || "" })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$7)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, ResponseBytes.schema({ names: {
      responseType: RESPONSE_TYPE,
      response: RESPONSE
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.responseType = asn1.result.responseType.valueBlock.toString();
    this.response = asn1.result.response;
  }
  toSchema() {
    return new Sequence({ value: [new ObjectIdentifier({ value: this.responseType }), this.response] });
  }
  toJSON() {
    return {
      responseType: this.responseType,
      response: this.response.toJSON()
    };
  }
};
var RESPONSE_STATUS = "responseStatus";
var RESPONSE_BYTES = "responseBytes";
var OCSPResponse = class OCSPResponse extends PkiObject {
  static {
    this.CLASS_NAME = "OCSPResponse";
  }
  constructor(parameters = {}) {
    super();
    this.responseStatus = parameters[RESPONSE_STATUS] ?? OCSPResponse.defaultValues(RESPONSE_STATUS);
    if (RESPONSE_BYTES in parameters)
      this.responseBytes = parameters[RESPONSE_BYTES] ?? OCSPResponse.defaultValues(RESPONSE_BYTES);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case RESPONSE_STATUS:
        return new Enumerated;
      case RESPONSE_BYTES:
        return new ResponseBytes;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case RESPONSE_STATUS:
        return memberValue.isEqual(OCSPResponse.defaultValues(memberName));
      case RESPONSE_BYTES:
        return ResponseBytes.compareWithDefault("responseType", memberValue.responseType) && ResponseBytes.compareWithDefault("response", memberValue.response);
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "OCSPResponse",
      value: [new Enumerated({ name: names.responseStatus || RESPONSE_STATUS }), new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [ResponseBytes.schema(names.responseBytes || { names: { blockName: RESPONSE_BYTES } })]
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of [RESPONSE_STATUS, RESPONSE_BYTES])
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, OCSPResponse.schema());
    AsnError.assertSchema(asn1, this.className);
    this.responseStatus = asn1.result.responseStatus;
    if (RESPONSE_BYTES in asn1.result)
      this.responseBytes = new ResponseBytes({ schema: asn1.result.responseBytes });
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(this.responseStatus);
    if (this.responseBytes)
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [this.responseBytes.toSchema()]
      }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = { responseStatus: this.responseStatus.toJSON() };
    if (this.responseBytes)
      res.responseBytes = this.responseBytes.toJSON();
    return res;
  }
  async getCertificateStatus(certificate, issuerCertificate, crypto2 = getCrypto(true)) {
    let basicResponse;
    const result = {
      isForCertificate: false,
      status: 2
    };
    if (!this.responseBytes)
      return result;
    if (this.responseBytes.responseType !== "1.3.6.1.5.5.7.48.1.1")
      return result;
    try {
      const asn1Basic = fromBER(this.responseBytes.response.valueBlock.valueHexView);
      AsnError.assert(asn1Basic, "Basic OCSP response");
      basicResponse = new BasicOCSPResponse({ schema: asn1Basic.result });
    } catch {
      return result;
    }
    return basicResponse.getCertificateStatus(certificate, issuerCertificate, crypto2);
  }
  async sign(privateKey, hashAlgorithm, crypto2 = getCrypto(true)) {
    if (this.responseBytes && this.responseBytes.responseType === "1.3.6.1.5.5.7.48.1.1")
      return BasicOCSPResponse.fromBER(this.responseBytes.response.valueBlock.valueHexView).sign(privateKey, hashAlgorithm, crypto2);
    throw new Error(`Unknown ResponseBytes type: ${this.responseBytes?.responseType || "Unknown"}`);
  }
  async verify(issuerCertificate = null, crypto2 = getCrypto(true)) {
    if (RESPONSE_BYTES in this === false)
      throw new Error("Empty ResponseBytes field");
    if (this.responseBytes && this.responseBytes.responseType === "1.3.6.1.5.5.7.48.1.1") {
      const basicResponse = BasicOCSPResponse.fromBER(this.responseBytes.response.valueBlock.valueHexView);
      if (issuerCertificate !== null) {
        if (!basicResponse.certs)
          basicResponse.certs = [];
        basicResponse.certs.push(issuerCertificate);
      }
      return basicResponse.verify({}, crypto2);
    }
    throw new Error(`Unknown ResponseBytes type: ${this.responseBytes?.responseType || "Unknown"}`);
  }
};
var TYPE$1 = "type";
var ATTRIBUTES = "attributes";
var ENCODED_VALUE = "encodedValue";
var CLEAR_PROPS$6 = [ATTRIBUTES];
var SignedAndUnsignedAttributes = class SignedAndUnsignedAttributes extends PkiObject {
  static {
    this.CLASS_NAME = "SignedAndUnsignedAttributes";
  }
  constructor(parameters = {}) {
    super();
    this.type = parameters[TYPE$1] ?? SignedAndUnsignedAttributes.defaultValues(TYPE$1);
    this.attributes = parameters[ATTRIBUTES] ?? SignedAndUnsignedAttributes.defaultValues(ATTRIBUTES);
    this.encodedValue = parameters[ENCODED_VALUE] ?? SignedAndUnsignedAttributes.defaultValues(ENCODED_VALUE);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case TYPE$1:
        return -1;
      case ATTRIBUTES:
        return [];
      case ENCODED_VALUE:
        return EMPTY_BUFFER2;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case TYPE$1:
        return memberValue === SignedAndUnsignedAttributes.defaultValues(TYPE$1);
      case ATTRIBUTES:
        return memberValue.length === 0;
      case ENCODED_VALUE:
        return memberValue.byteLength === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Constructed({
      name: names.blockName || "",
      optional: true,
      idBlock: {
        tagClass: 3,
        tagNumber: names.tagNumber || 0
      },
      value: [new Repeated({
        name: names.attributes || "",
        value: Attribute.schema()
      })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$6)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, SignedAndUnsignedAttributes.schema({ names: {
      tagNumber: this.type,
      attributes: ATTRIBUTES
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.type = asn1.result.idBlock.tagNumber;
    this.encodedValue = toArrayBuffer2(asn1.result.valueBeforeDecodeView);
    const encodedView = new Uint8Array(this.encodedValue);
    encodedView[0] = 49;
    if (ATTRIBUTES in asn1.result === false) {
      if (this.type === 0)
        throw new Error("Wrong structure of SignedUnsignedAttributes");
      else
        return;
    }
    this.attributes = Array.from(asn1.result.attributes, (element) => new Attribute({ schema: element }));
  }
  toSchema() {
    if (SignedAndUnsignedAttributes.compareWithDefault(TYPE$1, this.type) || SignedAndUnsignedAttributes.compareWithDefault(ATTRIBUTES, this.attributes))
      throw new Error('Incorrectly initialized "SignedAndUnsignedAttributes" class');
    return new Constructed({
      optional: true,
      idBlock: {
        tagClass: 3,
        tagNumber: this.type
      },
      value: Array.from(this.attributes, (o) => o.toSchema())
    });
  }
  toJSON() {
    if (SignedAndUnsignedAttributes.compareWithDefault(TYPE$1, this.type) || SignedAndUnsignedAttributes.compareWithDefault(ATTRIBUTES, this.attributes))
      throw new Error('Incorrectly initialized "SignedAndUnsignedAttributes" class');
    return {
      type: this.type,
      attributes: Array.from(this.attributes, (o) => o.toJSON())
    };
  }
};
var VERSION$4 = "version";
var SID = "sid";
var DIGEST_ALGORITHM = "digestAlgorithm";
var SIGNED_ATTRS = "signedAttrs";
var SIGNATURE_ALGORITHM = "signatureAlgorithm";
var SIGNATURE = "signature";
var UNSIGNED_ATTRS = "unsignedAttrs";
var SIGNER_INFO = "SignerInfo";
var SIGNER_INFO_VERSION = `${SIGNER_INFO}.${VERSION$4}`;
var SIGNER_INFO_SID = `${SIGNER_INFO}.${SID}`;
var SIGNER_INFO_DIGEST_ALGORITHM = `${SIGNER_INFO}.${DIGEST_ALGORITHM}`;
var SIGNER_INFO_SIGNED_ATTRS = `${SIGNER_INFO}.${SIGNED_ATTRS}`;
var SIGNER_INFO_SIGNATURE_ALGORITHM = `${SIGNER_INFO}.${SIGNATURE_ALGORITHM}`;
var SIGNER_INFO_SIGNATURE = `${SIGNER_INFO}.${SIGNATURE}`;
var SIGNER_INFO_UNSIGNED_ATTRS = `${SIGNER_INFO}.${UNSIGNED_ATTRS}`;
var CLEAR_PROPS$5 = [
  SIGNER_INFO_VERSION,
  SIGNER_INFO_SID,
  SIGNER_INFO_DIGEST_ALGORITHM,
  SIGNER_INFO_SIGNED_ATTRS,
  SIGNER_INFO_SIGNATURE_ALGORITHM,
  SIGNER_INFO_SIGNATURE,
  SIGNER_INFO_UNSIGNED_ATTRS
];
var SignerInfo = class SignerInfo extends PkiObject {
  static {
    this.CLASS_NAME = "SignerInfo";
  }
  constructor(parameters = {}) {
    super();
    this.version = parameters[VERSION$4] ?? SignerInfo.defaultValues(VERSION$4);
    this.sid = parameters[SID] ?? SignerInfo.defaultValues(SID);
    this.digestAlgorithm = parameters[DIGEST_ALGORITHM] ?? SignerInfo.defaultValues(DIGEST_ALGORITHM);
    if (SIGNED_ATTRS in parameters)
      this.signedAttrs = parameters[SIGNED_ATTRS] ?? SignerInfo.defaultValues(SIGNED_ATTRS);
    this.signatureAlgorithm = parameters[SIGNATURE_ALGORITHM] ?? SignerInfo.defaultValues(SIGNATURE_ALGORITHM);
    this.signature = parameters[SIGNATURE] ?? SignerInfo.defaultValues(SIGNATURE);
    if (UNSIGNED_ATTRS in parameters)
      this.unsignedAttrs = parameters[UNSIGNED_ATTRS] ?? SignerInfo.defaultValues(UNSIGNED_ATTRS);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VERSION$4:
        return 0;
      case SID:
        return new Any;
      case DIGEST_ALGORITHM:
        return new AlgorithmIdentifier;
      case SIGNED_ATTRS:
        return new SignedAndUnsignedAttributes({ type: 0 });
      case SIGNATURE_ALGORITHM:
        return new AlgorithmIdentifier;
      case SIGNATURE:
        return new OctetString;
      case UNSIGNED_ATTRS:
        return new SignedAndUnsignedAttributes({ type: 1 });
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case VERSION$4:
        return SignerInfo.defaultValues(VERSION$4) === memberValue;
      case SID:
        return memberValue instanceof Any;
      case DIGEST_ALGORITHM:
        if (memberValue instanceof AlgorithmIdentifier === false)
          return false;
        return memberValue.isEqual(SignerInfo.defaultValues(DIGEST_ALGORITHM));
      case SIGNED_ATTRS:
        return SignedAndUnsignedAttributes.compareWithDefault("type", memberValue.type) && SignedAndUnsignedAttributes.compareWithDefault("attributes", memberValue.attributes) && SignedAndUnsignedAttributes.compareWithDefault("encodedValue", memberValue.encodedValue);
      case SIGNATURE_ALGORITHM:
        if (memberValue instanceof AlgorithmIdentifier === false)
          return false;
        return memberValue.isEqual(SignerInfo.defaultValues(SIGNATURE_ALGORITHM));
      case SIGNATURE:
      case UNSIGNED_ATTRS:
        return SignedAndUnsignedAttributes.compareWithDefault("type", memberValue.type) && SignedAndUnsignedAttributes.compareWithDefault("attributes", memberValue.attributes) && SignedAndUnsignedAttributes.compareWithDefault("encodedValue", memberValue.encodedValue);
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: SIGNER_INFO,
      value: [
        new Integer({ name: names.version || SIGNER_INFO_VERSION }),
        new Choice({ value: [IssuerAndSerialNumber.schema(names.sidSchema || { names: { blockName: SIGNER_INFO_SID } }), new Choice({ value: [new Constructed({
          optional: true,
          name: names.sid || SIGNER_INFO_SID,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [new OctetString]
        }), new Primitive({
          optional: true,
          name: names.sid || SIGNER_INFO_SID,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          }
        })] })] }),
        AlgorithmIdentifier.schema(names.digestAlgorithm || { names: { blockName: SIGNER_INFO_DIGEST_ALGORITHM } }),
        SignedAndUnsignedAttributes.schema(names.signedAttrs || { names: {
          blockName: SIGNER_INFO_SIGNED_ATTRS,
          tagNumber: 0
        } }),
        AlgorithmIdentifier.schema(names.signatureAlgorithm || { names: { blockName: SIGNER_INFO_SIGNATURE_ALGORITHM } }),
        new OctetString({ name: names.signature || SIGNER_INFO_SIGNATURE }),
        SignedAndUnsignedAttributes.schema(names.unsignedAttrs || { names: {
          blockName: SIGNER_INFO_UNSIGNED_ATTRS,
          tagNumber: 1
        } })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$5)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, SignerInfo.schema());
    AsnError.assertSchema(asn1, this.className);
    this.version = asn1.result[SIGNER_INFO_VERSION].valueBlock.valueDec;
    const currentSid = asn1.result[SIGNER_INFO_SID];
    if (currentSid.idBlock.tagClass === 1)
      this.sid = new IssuerAndSerialNumber({ schema: currentSid });
    else
      this.sid = currentSid;
    this.digestAlgorithm = new AlgorithmIdentifier({ schema: asn1.result[SIGNER_INFO_DIGEST_ALGORITHM] });
    if (SIGNER_INFO_SIGNED_ATTRS in asn1.result)
      this.signedAttrs = new SignedAndUnsignedAttributes({
        type: 0,
        schema: asn1.result[SIGNER_INFO_SIGNED_ATTRS]
      });
    this.signatureAlgorithm = new AlgorithmIdentifier({ schema: asn1.result[SIGNER_INFO_SIGNATURE_ALGORITHM] });
    this.signature = asn1.result[SIGNER_INFO_SIGNATURE];
    if (SIGNER_INFO_UNSIGNED_ATTRS in asn1.result)
      this.unsignedAttrs = new SignedAndUnsignedAttributes({
        type: 1,
        schema: asn1.result[SIGNER_INFO_UNSIGNED_ATTRS]
      });
  }
  toSchema() {
    if (SignerInfo.compareWithDefault(SID, this.sid))
      throw new Error('Incorrectly initialized "SignerInfo" class');
    const outputArray = [];
    outputArray.push(new Integer({ value: this.version }));
    if (this.sid instanceof IssuerAndSerialNumber)
      outputArray.push(this.sid.toSchema());
    else
      outputArray.push(this.sid);
    outputArray.push(this.digestAlgorithm.toSchema());
    if (this.signedAttrs) {
      if (SignerInfo.compareWithDefault(SIGNED_ATTRS, this.signedAttrs) === false)
        outputArray.push(this.signedAttrs.toSchema());
    }
    outputArray.push(this.signatureAlgorithm.toSchema());
    outputArray.push(this.signature);
    if (this.unsignedAttrs) {
      if (SignerInfo.compareWithDefault(UNSIGNED_ATTRS, this.unsignedAttrs) === false)
        outputArray.push(this.unsignedAttrs.toSchema());
    }
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    if (SignerInfo.compareWithDefault(SID, this.sid))
      throw new Error('Incorrectly initialized "SignerInfo" class');
    const res = {
      version: this.version,
      digestAlgorithm: this.digestAlgorithm.toJSON(),
      signatureAlgorithm: this.signatureAlgorithm.toJSON(),
      signature: this.signature.toJSON()
    };
    if (!(this.sid instanceof Any))
      res.sid = this.sid.toJSON();
    if (this.signedAttrs && SignerInfo.compareWithDefault(SIGNED_ATTRS, this.signedAttrs) === false)
      res.signedAttrs = this.signedAttrs.toJSON();
    if (this.unsignedAttrs && SignerInfo.compareWithDefault(UNSIGNED_ATTRS, this.unsignedAttrs) === false)
      res.unsignedAttrs = this.unsignedAttrs.toJSON();
    return res;
  }
};
var VERSION$3 = "version";
var POLICY = "policy";
var MESSAGE_IMPRINT$1 = "messageImprint";
var SERIAL_NUMBER = "serialNumber";
var GEN_TIME = "genTime";
var ORDERING = "ordering";
var NONCE$1 = "nonce";
var ACCURACY = "accuracy";
var TSA = "tsa";
var EXTENSIONS$1 = "extensions";
var TST_INFO = "TSTInfo";
var TST_INFO_VERSION = `${TST_INFO}.${VERSION$3}`;
var TST_INFO_POLICY = `${TST_INFO}.${POLICY}`;
var TST_INFO_MESSAGE_IMPRINT = `${TST_INFO}.${MESSAGE_IMPRINT$1}`;
var TST_INFO_SERIAL_NUMBER = `${TST_INFO}.${SERIAL_NUMBER}`;
var TST_INFO_GEN_TIME = `${TST_INFO}.${GEN_TIME}`;
var TST_INFO_ACCURACY = `${TST_INFO}.${ACCURACY}`;
var TST_INFO_ORDERING = `${TST_INFO}.${ORDERING}`;
var TST_INFO_NONCE = `${TST_INFO}.${NONCE$1}`;
var TST_INFO_TSA = `${TST_INFO}.${TSA}`;
var TST_INFO_EXTENSIONS = `${TST_INFO}.${EXTENSIONS$1}`;
var CLEAR_PROPS$4 = [
  TST_INFO_VERSION,
  TST_INFO_POLICY,
  TST_INFO_MESSAGE_IMPRINT,
  TST_INFO_SERIAL_NUMBER,
  TST_INFO_GEN_TIME,
  TST_INFO_ACCURACY,
  TST_INFO_ORDERING,
  TST_INFO_NONCE,
  TST_INFO_TSA,
  TST_INFO_EXTENSIONS
];
var TSTInfo = class TSTInfo extends PkiObject {
  static {
    this.CLASS_NAME = "TSTInfo";
  }
  constructor(parameters = {}) {
    super();
    this.version = parameters[VERSION$3] ?? TSTInfo.defaultValues(VERSION$3);
    this.policy = parameters[POLICY] ?? TSTInfo.defaultValues(POLICY);
    this.messageImprint = parameters[MESSAGE_IMPRINT$1] ?? TSTInfo.defaultValues(MESSAGE_IMPRINT$1);
    this.serialNumber = parameters[SERIAL_NUMBER] ?? TSTInfo.defaultValues(SERIAL_NUMBER);
    this.genTime = parameters[GEN_TIME] ?? TSTInfo.defaultValues(GEN_TIME);
    if (ACCURACY in parameters)
      this.accuracy = parameters[ACCURACY] ?? TSTInfo.defaultValues(ACCURACY);
    if (ORDERING in parameters)
      this.ordering = parameters[ORDERING] ?? TSTInfo.defaultValues(ORDERING);
    if (NONCE$1 in parameters)
      this.nonce = parameters[NONCE$1] ?? TSTInfo.defaultValues(NONCE$1);
    if (TSA in parameters)
      this.tsa = parameters[TSA] ?? TSTInfo.defaultValues(TSA);
    if (EXTENSIONS$1 in parameters)
      this.extensions = parameters[EXTENSIONS$1] ?? TSTInfo.defaultValues(EXTENSIONS$1);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VERSION$3:
        return 0;
      case POLICY:
        return "";
      case MESSAGE_IMPRINT$1:
        return new MessageImprint;
      case SERIAL_NUMBER:
        return new Integer;
      case GEN_TIME:
        return new Date(0, 0, 0);
      case ACCURACY:
        return new Accuracy;
      case ORDERING:
        return false;
      case NONCE$1:
        return new Integer;
      case TSA:
        return new GeneralName;
      case EXTENSIONS$1:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case VERSION$3:
      case POLICY:
      case GEN_TIME:
      case ORDERING:
        return memberValue === TSTInfo.defaultValues(ORDERING);
      case MESSAGE_IMPRINT$1:
        return MessageImprint.compareWithDefault("hashAlgorithm", memberValue.hashAlgorithm) && MessageImprint.compareWithDefault("hashedMessage", memberValue.hashedMessage);
      case SERIAL_NUMBER:
      case NONCE$1:
        return memberValue.isEqual(TSTInfo.defaultValues(NONCE$1));
      case ACCURACY:
        return Accuracy.compareWithDefault("seconds", memberValue.seconds) && Accuracy.compareWithDefault("millis", memberValue.millis) && Accuracy.compareWithDefault("micros", memberValue.micros);
      case TSA:
        return GeneralName.compareWithDefault("type", memberValue.type) && GeneralName.compareWithDefault("value", memberValue.value);
      case EXTENSIONS$1:
        return memberValue.length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || TST_INFO,
      value: [
        new Integer({ name: names.version || TST_INFO_VERSION }),
        new ObjectIdentifier({ name: names.policy || TST_INFO_POLICY }),
        MessageImprint.schema(names.messageImprint || { names: { blockName: TST_INFO_MESSAGE_IMPRINT } }),
        new Integer({ name: names.serialNumber || TST_INFO_SERIAL_NUMBER }),
        new GeneralizedTime({ name: names.genTime || TST_INFO_GEN_TIME }),
        Accuracy.schema(names.accuracy || { names: { blockName: TST_INFO_ACCURACY } }),
        new Boolean({
          name: names.ordering || TST_INFO_ORDERING,
          optional: true
        }),
        new Integer({
          name: names.nonce || TST_INFO_NONCE,
          optional: true
        }),
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [GeneralName.schema(names.tsa || { names: { blockName: TST_INFO_TSA } })]
        }),
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: [new Repeated({
            name: names.extensions || TST_INFO_EXTENSIONS,
            value: Extension.schema(names.extension || {})
          })]
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$4)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, TSTInfo.schema());
    AsnError.assertSchema(asn1, this.className);
    this.version = asn1.result[TST_INFO_VERSION].valueBlock.valueDec;
    this.policy = asn1.result[TST_INFO_POLICY].valueBlock.toString();
    this.messageImprint = new MessageImprint({ schema: asn1.result[TST_INFO_MESSAGE_IMPRINT] });
    this.serialNumber = asn1.result[TST_INFO_SERIAL_NUMBER];
    this.genTime = asn1.result[TST_INFO_GEN_TIME].toDate();
    if (TST_INFO_ACCURACY in asn1.result)
      this.accuracy = new Accuracy({ schema: asn1.result[TST_INFO_ACCURACY] });
    if (TST_INFO_ORDERING in asn1.result)
      this.ordering = asn1.result[TST_INFO_ORDERING].valueBlock.value;
    if (TST_INFO_NONCE in asn1.result)
      this.nonce = asn1.result[TST_INFO_NONCE];
    if (TST_INFO_TSA in asn1.result)
      this.tsa = new GeneralName({ schema: asn1.result[TST_INFO_TSA] });
    if (TST_INFO_EXTENSIONS in asn1.result)
      this.extensions = Array.from(asn1.result[TST_INFO_EXTENSIONS], (element) => new Extension({ schema: element }));
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(new Integer({ value: this.version }));
    outputArray.push(new ObjectIdentifier({ value: this.policy }));
    outputArray.push(this.messageImprint.toSchema());
    outputArray.push(this.serialNumber);
    outputArray.push(new GeneralizedTime({ valueDate: this.genTime }));
    if (this.accuracy)
      outputArray.push(this.accuracy.toSchema());
    if (this.ordering !== undefined)
      outputArray.push(new Boolean({ value: this.ordering }));
    if (this.nonce)
      outputArray.push(this.nonce);
    if (this.tsa)
      outputArray.push(new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: [this.tsa.toSchema()]
      }));
    if (this.extensions)
      outputArray.push(new Constructed({
        optional: true,
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        value: Array.from(this.extensions, (o) => o.toSchema())
      }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = {
      version: this.version,
      policy: this.policy,
      messageImprint: this.messageImprint.toJSON(),
      serialNumber: this.serialNumber.toJSON(),
      genTime: this.genTime
    };
    if (this.accuracy)
      res.accuracy = this.accuracy.toJSON();
    if (this.ordering !== undefined)
      res.ordering = this.ordering;
    if (this.nonce)
      res.nonce = this.nonce.toJSON();
    if (this.tsa)
      res.tsa = this.tsa.toJSON();
    if (this.extensions)
      res.extensions = Array.from(this.extensions, (o) => o.toJSON());
    return res;
  }
  async verify(params, crypto2 = getCrypto(true)) {
    if (!params.data)
      throw new Error('"data" is a mandatory attribute for TST_INFO verification');
    const data = params.data;
    if (params.notBefore) {
      if (this.genTime < params.notBefore)
        throw new Error("Generation time for TSTInfo object is less than notBefore value");
    }
    if (params.notAfter) {
      if (this.genTime > params.notAfter)
        throw new Error("Generation time for TSTInfo object is more than notAfter value");
    }
    const shaAlgorithm = crypto2.getAlgorithmByOID(this.messageImprint.hashAlgorithm.algorithmId, true, "MessageImprint.hashAlgorithm");
    const hash = await crypto2.digest(shaAlgorithm.name, new Uint8Array(data));
    return bytes_exports2.equal(hash, this.messageImprint.hashedMessage.valueBlock.valueHexView);
  }
};
var VERSION$2 = "version";
var DIGEST_ALGORITHMS = "digestAlgorithms";
var ENCAP_CONTENT_INFO = "encapContentInfo";
var CERTIFICATES = "certificates";
var CRLS = "crls";
var SIGNER_INFOS = "signerInfos";
var OCSPS = "ocsps";
var SIGNED_DATA = "SignedData";
var SIGNED_DATA_VERSION = `${SIGNED_DATA}.${VERSION$2}`;
var SIGNED_DATA_DIGEST_ALGORITHMS = `${SIGNED_DATA}.${DIGEST_ALGORITHMS}`;
var SIGNED_DATA_ENCAP_CONTENT_INFO = `${SIGNED_DATA}.${ENCAP_CONTENT_INFO}`;
var SIGNED_DATA_CERTIFICATES = `${SIGNED_DATA}.${CERTIFICATES}`;
var SIGNED_DATA_CRLS = `${SIGNED_DATA}.${CRLS}`;
var SIGNED_DATA_SIGNER_INFOS = `${SIGNED_DATA}.${SIGNER_INFOS}`;
var CLEAR_PROPS$3 = [
  SIGNED_DATA_VERSION,
  SIGNED_DATA_DIGEST_ALGORITHMS,
  SIGNED_DATA_ENCAP_CONTENT_INFO,
  SIGNED_DATA_CERTIFICATES,
  SIGNED_DATA_CRLS,
  SIGNED_DATA_SIGNER_INFOS
];
var SignedDataVerifyError = class extends Error {
  constructor({ message, code = 0, date = /* @__PURE__ */ new Date, signatureVerified = null, signerCertificate = null, signerCertificateVerified = null, timestampSerial = null, certificatePath = [] }) {
    super(message);
    this.name = "SignedDataVerifyError";
    this.date = date;
    this.code = code;
    this.timestampSerial = timestampSerial;
    this.signatureVerified = signatureVerified;
    this.signerCertificate = signerCertificate;
    this.signerCertificateVerified = signerCertificateVerified;
    this.certificatePath = certificatePath;
  }
};
var SignedData = class SignedData extends PkiObject {
  static {
    this.CLASS_NAME = "SignedData";
  }
  static {
    this.ID_DATA = id_ContentType_Data;
  }
  constructor(parameters = {}) {
    super();
    this.version = parameters[VERSION$2] ?? SignedData.defaultValues(VERSION$2);
    this.digestAlgorithms = parameters[DIGEST_ALGORITHMS] ?? SignedData.defaultValues(DIGEST_ALGORITHMS);
    this.encapContentInfo = parameters[ENCAP_CONTENT_INFO] ?? SignedData.defaultValues(ENCAP_CONTENT_INFO);
    if (CERTIFICATES in parameters)
      this.certificates = parameters[CERTIFICATES] ?? SignedData.defaultValues(CERTIFICATES);
    if (CRLS in parameters)
      this.crls = parameters[CRLS] ?? SignedData.defaultValues(CRLS);
    if (OCSPS in parameters)
      this.ocsps = parameters[OCSPS] ?? SignedData.defaultValues(OCSPS);
    this.signerInfos = parameters[SIGNER_INFOS] ?? SignedData.defaultValues(SIGNER_INFOS);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VERSION$2:
        return 0;
      case DIGEST_ALGORITHMS:
        return [];
      case ENCAP_CONTENT_INFO:
        return new EncapsulatedContentInfo;
      case CERTIFICATES:
        return [];
      case CRLS:
        return [];
      case OCSPS:
        return [];
      case SIGNER_INFOS:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case VERSION$2:
        return memberValue === SignedData.defaultValues(VERSION$2);
      case ENCAP_CONTENT_INFO:
        return EncapsulatedContentInfo.compareWithDefault("eContentType", memberValue.eContentType) && EncapsulatedContentInfo.compareWithDefault("eContent", memberValue.eContent);
      case DIGEST_ALGORITHMS:
      case CERTIFICATES:
      case CRLS:
      case OCSPS:
      case SIGNER_INFOS:
        return memberValue.length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    if (names.optional === undefined)
      names.optional = false;
    return new Sequence({
      name: names.blockName || SIGNED_DATA,
      optional: names.optional,
      value: [
        new Integer({ name: names.version || SIGNED_DATA_VERSION }),
        new Set2({ value: [new Repeated({
          name: names.digestAlgorithms || SIGNED_DATA_DIGEST_ALGORITHMS,
          value: AlgorithmIdentifier.schema()
        })] }),
        EncapsulatedContentInfo.schema(names.encapContentInfo || { names: { blockName: SIGNED_DATA_ENCAP_CONTENT_INFO } }),
        new Constructed({
          name: names.certificates || SIGNED_DATA_CERTIFICATES,
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: CertificateSet.schema().valueBlock.value
        }),
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 1
          },
          value: RevocationInfoChoices.schema(names.crls || { names: { crls: SIGNED_DATA_CRLS } }).valueBlock.value
        }),
        new Set2({ value: [new Repeated({
          name: names.signerInfos || SIGNED_DATA_SIGNER_INFOS,
          value: SignerInfo.schema()
        })] })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$3)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, SignedData.schema());
    AsnError.assertSchema(asn1, this.className);
    this.version = asn1.result[SIGNED_DATA_VERSION].valueBlock.valueDec;
    if (SIGNED_DATA_DIGEST_ALGORITHMS in asn1.result)
      this.digestAlgorithms = Array.from(asn1.result[SIGNED_DATA_DIGEST_ALGORITHMS], (algorithm) => new AlgorithmIdentifier({ schema: algorithm }));
    this.encapContentInfo = new EncapsulatedContentInfo({ schema: asn1.result[SIGNED_DATA_ENCAP_CONTENT_INFO] });
    if (SIGNED_DATA_CERTIFICATES in asn1.result) {
      const certificateSet = new CertificateSet({ schema: new Set2({ value: asn1.result[SIGNED_DATA_CERTIFICATES].valueBlock.value }) });
      this.certificates = certificateSet.certificates.slice(0);
    }
    if (SIGNED_DATA_CRLS in asn1.result)
      this.crls = Array.from(asn1.result[SIGNED_DATA_CRLS], (crl) => {
        if (crl.idBlock.tagClass === 1)
          return new CertificateRevocationList({ schema: crl });
        crl.idBlock.tagClass = 1;
        crl.idBlock.tagNumber = 16;
        return new OtherRevocationInfoFormat({ schema: crl });
      });
    if (SIGNED_DATA_SIGNER_INFOS in asn1.result)
      this.signerInfos = Array.from(asn1.result[SIGNED_DATA_SIGNER_INFOS], (signerInfoSchema) => new SignerInfo({ schema: signerInfoSchema }));
  }
  toSchema(encodeFlag = false) {
    const outputArray = [];
    if (this.certificates && this.certificates.length && this.certificates.some((o) => o instanceof OtherCertificateFormat) || this.crls && this.crls.length && this.crls.some((o) => o instanceof OtherRevocationInfoFormat))
      this.version = 5;
    else if (this.certificates && this.certificates.length && this.certificates.some((o) => o instanceof AttributeCertificateV2))
      this.version = 4;
    else if (this.certificates && this.certificates.length && this.certificates.some((o) => o instanceof AttributeCertificateV1) || this.signerInfos.some((o) => o.version === 3) || this.encapContentInfo.eContentType !== SignedData.ID_DATA)
      this.version = 3;
    else
      this.version = 1;
    outputArray.push(new Integer({ value: this.version }));
    outputArray.push(new Set2({ value: Array.from(this.digestAlgorithms, (algorithm) => algorithm.toSchema()) }));
    outputArray.push(this.encapContentInfo.toSchema());
    if (this.certificates) {
      const certificateSetSchema = new CertificateSet({ certificates: this.certificates }).toSchema();
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: certificateSetSchema.valueBlock.value
      }));
    }
    if (this.crls)
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 1
        },
        value: Array.from(this.crls, (crl) => {
          if (crl instanceof OtherRevocationInfoFormat) {
            const crlSchema = crl.toSchema();
            crlSchema.idBlock.tagClass = 3;
            crlSchema.idBlock.tagNumber = 1;
            return crlSchema;
          }
          return crl.toSchema(encodeFlag);
        })
      }));
    outputArray.push(new Set2({ value: Array.from(this.signerInfos, (signerInfo) => signerInfo.toSchema()) }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = {
      version: this.version,
      digestAlgorithms: Array.from(this.digestAlgorithms, (algorithm) => algorithm.toJSON()),
      encapContentInfo: this.encapContentInfo.toJSON(),
      signerInfos: Array.from(this.signerInfos, (signerInfo) => signerInfo.toJSON())
    };
    if (this.certificates)
      res.certificates = Array.from(this.certificates, (certificate) => certificate.toJSON());
    if (this.crls)
      res.crls = Array.from(this.crls, (crl) => crl.toJSON());
    return res;
  }
  async verify({ signer = -1, data = EMPTY_BUFFER2, trustedCerts = [], checkDate = /* @__PURE__ */ new Date, checkChain = false, passedWhenNotRevValues = false, extendedMode = false, findOrigin = null, findIssuer = null } = {}, crypto2 = getCrypto(true)) {
    let signerCert = null;
    let timestampSerial = null;
    try {
      let messageDigestValue = EMPTY_BUFFER2;
      let shaAlgorithm = "";
      let certificatePath = [];
      const signerInfo = this.signerInfos[signer];
      if (!signerInfo)
        throw new SignedDataVerifyError({
          date: checkDate,
          code: 1,
          message: "Unable to get signer by supplied index"
        });
      if (!this.certificates)
        throw new SignedDataVerifyError({
          date: checkDate,
          code: 2,
          message: "No certificates attached to this signed data"
        });
      if (signerInfo.sid instanceof IssuerAndSerialNumber)
        for (const certificate of this.certificates) {
          if (!(certificate instanceof Certificate))
            continue;
          if (certificate.issuer.isEqual(signerInfo.sid.issuer) && certificate.serialNumber.isEqual(signerInfo.sid.serialNumber)) {
            signerCert = certificate;
            break;
          }
        }
      else {
        const sid = signerInfo.sid;
        const keyId = sid.idBlock.isConstructed ? sid.valueBlock.value[0].valueBlock.valueHex : sid.valueBlock.valueHex;
        for (const certificate of this.certificates) {
          if (!(certificate instanceof Certificate))
            continue;
          const digest = await crypto2.digest({ name: "sha-1" }, certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView);
          if (bytes_exports2.equal(digest, keyId)) {
            signerCert = certificate;
            break;
          }
        }
      }
      if (!signerCert)
        throw new SignedDataVerifyError({
          date: checkDate,
          code: 3,
          message: "Unable to find signer certificate"
        });
      if (this.encapContentInfo.eContentType === "1.2.840.113549.1.9.16.1.4") {
        if (!this.encapContentInfo.eContent)
          throw new SignedDataVerifyError({
            date: checkDate,
            code: 15,
            message: "Error during verification: TSTInfo eContent is empty",
            signatureVerified: null,
            signerCertificate: signerCert,
            timestampSerial,
            signerCertificateVerified: true
          });
        let tstInfo;
        try {
          tstInfo = TSTInfo.fromBER(this.encapContentInfo.eContent.getValue());
        } catch {
          throw new SignedDataVerifyError({
            date: checkDate,
            code: 15,
            message: "Error during verification: TSTInfo wrong ASN.1 schema ",
            signatureVerified: null,
            signerCertificate: signerCert,
            timestampSerial,
            signerCertificateVerified: true
          });
        }
        checkDate = tstInfo.genTime;
        timestampSerial = tstInfo.serialNumber.valueBlock.valueHexView.slice().buffer;
        if (data.byteLength === 0)
          throw new SignedDataVerifyError({
            date: checkDate,
            code: 4,
            message: "Missed detached data input array"
          });
        if (!await tstInfo.verify({ data }, crypto2))
          throw new SignedDataVerifyError({
            date: checkDate,
            code: 15,
            message: "Error during verification: TSTInfo verification is failed",
            signatureVerified: false,
            signerCertificate: signerCert,
            timestampSerial,
            signerCertificateVerified: true
          });
      }
      if (checkChain) {
        const certs = this.certificates.filter((certificate) => certificate instanceof Certificate && !!checkCA(certificate, signerCert));
        const chainParams = {
          checkDate,
          certs,
          trustedCerts
        };
        if (findIssuer)
          chainParams.findIssuer = findIssuer;
        if (findOrigin)
          chainParams.findOrigin = findOrigin;
        const chainEngine = new CertificateChainValidationEngine(chainParams);
        chainEngine.certs.push(signerCert);
        if (this.crls) {
          for (const crl of this.crls)
            if ("thisUpdate" in crl)
              chainEngine.crls.push(crl);
            else if (crl.otherRevInfoFormat === "1.3.6.1.5.5.7.48.1.1")
              chainEngine.ocsps.push(new BasicOCSPResponse({ schema: crl.otherRevInfo }));
        }
        if (this.ocsps)
          chainEngine.ocsps.push(...this.ocsps);
        const verificationResult = await chainEngine.verify({ passedWhenNotRevValues }, crypto2).catch((e) => {
          throw new SignedDataVerifyError({
            date: checkDate,
            code: 5,
            message: `Validation of signer's certificate failed with error: ${e instanceof Object ? e.resultMessage : e}`,
            signerCertificate: signerCert,
            signerCertificateVerified: false
          });
        });
        if (verificationResult.certificatePath)
          certificatePath = verificationResult.certificatePath;
        if (!verificationResult.result)
          throw new SignedDataVerifyError({
            date: checkDate,
            code: 5,
            message: `Validation of signer's certificate failed: ${verificationResult.resultMessage}`,
            signerCertificate: signerCert,
            signerCertificateVerified: false
          });
      }
      const signerInfoHashAlgorithm = crypto2.getAlgorithmByOID(signerInfo.digestAlgorithm.algorithmId);
      if (!("name" in signerInfoHashAlgorithm))
        throw new SignedDataVerifyError({
          date: checkDate,
          code: 7,
          message: `Unsupported signature algorithm: ${signerInfo.digestAlgorithm.algorithmId}`,
          signerCertificate: signerCert,
          signerCertificateVerified: true
        });
      shaAlgorithm = signerInfoHashAlgorithm.name;
      const eContent = this.encapContentInfo.eContent;
      if (eContent) {
        if (eContent.idBlock.tagClass === 1 && eContent.idBlock.tagNumber === 4)
          data = eContent.getValue();
        else
          data = eContent.valueBlock.valueBeforeDecodeView.slice().buffer;
      } else if (data.byteLength === 0)
        throw new SignedDataVerifyError({
          date: checkDate,
          code: 8,
          message: "Missed detached data input array",
          signerCertificate: signerCert,
          signerCertificateVerified: true
        });
      if (signerInfo.signedAttrs) {
        let foundContentType = false;
        let foundMessageDigest = false;
        for (const attribute of signerInfo.signedAttrs.attributes) {
          if (attribute.type === "1.2.840.113549.1.9.3")
            foundContentType = true;
          if (attribute.type === "1.2.840.113549.1.9.4") {
            foundMessageDigest = true;
            messageDigestValue = attribute.values[0].valueBlock.valueHex;
          }
          if (foundContentType && foundMessageDigest)
            break;
        }
        if (foundContentType === false)
          throw new SignedDataVerifyError({
            date: checkDate,
            code: 9,
            message: 'Attribute "content-type" is a mandatory attribute for "signed attributes"',
            signerCertificate: signerCert,
            signerCertificateVerified: true
          });
        if (foundMessageDigest === false)
          throw new SignedDataVerifyError({
            date: checkDate,
            code: 10,
            message: 'Attribute "message-digest" is a mandatory attribute for "signed attributes"',
            signatureVerified: null,
            signerCertificate: signerCert,
            signerCertificateVerified: true
          });
      }
      if (signerInfo.signedAttrs) {
        const messageDigest = await crypto2.digest(shaAlgorithm, new Uint8Array(data));
        if (!bytes_exports2.equal(messageDigest, messageDigestValue))
          throw new SignedDataVerifyError({
            date: checkDate,
            code: 15,
            message: "Error during verification: Message digest doesn't match",
            signatureVerified: null,
            signerCertificate: signerCert,
            timestampSerial,
            signerCertificateVerified: true
          });
        data = signerInfo.signedAttrs.encodedValue;
      }
      const verifyResult = signerInfo.signatureAlgorithm.algorithmId === "1.2.840.113549.1.1.1" ? await crypto2.verifyWithPublicKey(data, signerInfo.signature, signerCert.subjectPublicKeyInfo, signerInfo.signatureAlgorithm, shaAlgorithm) : await crypto2.verifyWithPublicKey(data, signerInfo.signature, signerCert.subjectPublicKeyInfo, signerInfo.signatureAlgorithm);
      if (extendedMode)
        return {
          date: checkDate,
          code: 14,
          message: "",
          signatureVerified: verifyResult,
          signerCertificate: signerCert,
          timestampSerial,
          signerCertificateVerified: true,
          certificatePath
        };
      else
        return verifyResult;
    } catch (e) {
      if (e instanceof SignedDataVerifyError)
        throw e;
      throw new SignedDataVerifyError({
        date: checkDate,
        code: 15,
        message: `Error during verification: ${e instanceof Error ? e.message : e}`,
        signatureVerified: null,
        signerCertificate: signerCert,
        timestampSerial,
        signerCertificateVerified: true
      });
    }
  }
  async sign(privateKey, signerIndex, hashAlgorithm = "SHA-1", data = EMPTY_BUFFER2, crypto2 = getCrypto(true)) {
    if (!privateKey)
      throw new Error("Need to provide a private key for signing");
    const signerInfo = this.signerInfos[signerIndex];
    if (!signerInfo)
      throw new RangeError("SignerInfo index is out of range");
    if (!signerInfo.signedAttrs?.attributes.length && "hash" in privateKey.algorithm && "hash" in privateKey.algorithm && privateKey.algorithm.hash)
      hashAlgorithm = privateKey.algorithm.hash.name;
    const hashAlgorithmOID = crypto2.getOIDByAlgorithm({ name: hashAlgorithm }, true, "hashAlgorithm");
    if (this.digestAlgorithms.filter((algorithm) => algorithm.algorithmId === hashAlgorithmOID).length === 0)
      this.digestAlgorithms.push(new AlgorithmIdentifier({
        algorithmId: hashAlgorithmOID,
        algorithmParams: new Null
      }));
    signerInfo.digestAlgorithm = new AlgorithmIdentifier({
      algorithmId: hashAlgorithmOID,
      algorithmParams: new Null
    });
    const signatureParams = await crypto2.getSignatureParameters(privateKey, hashAlgorithm);
    const parameters = signatureParams.parameters;
    signerInfo.signatureAlgorithm = signatureParams.signatureAlgorithm;
    if (signerInfo.signedAttrs) {
      if (signerInfo.signedAttrs.encodedValue.byteLength !== 0)
        data = signerInfo.signedAttrs.encodedValue;
      else {
        data = signerInfo.signedAttrs.toSchema().toBER();
        const view = toUint8Array2(data);
        view[0] = 49;
      }
    } else {
      const eContent = this.encapContentInfo.eContent;
      if (eContent) {
        if (eContent.idBlock.tagClass === 1 && eContent.idBlock.tagNumber === 4)
          data = eContent.getValue();
        else
          data = eContent.valueBlock.valueBeforeDecodeView.slice().buffer;
      } else if (data.byteLength === 0)
        throw new Error("Missed detached data input array");
    }
    const signature = await crypto2.signWithPrivateKey(data, privateKey, parameters);
    signerInfo.signature = new OctetString({ valueHex: signature });
  }
};
var VERSION$1 = "version";
var AUTH_SAFE = "authSafe";
var MAC_DATA = "macData";
var PARSED_VALUE = "parsedValue";
var CLERA_PROPS = [
  VERSION$1,
  AUTH_SAFE,
  MAC_DATA
];
var PFX = class PFX extends PkiObject {
  static {
    this.CLASS_NAME = "PFX";
  }
  constructor(parameters = {}) {
    super();
    this.version = parameters[VERSION$1] ?? PFX.defaultValues(VERSION$1);
    this.authSafe = parameters[AUTH_SAFE] ?? PFX.defaultValues(AUTH_SAFE);
    if (MAC_DATA in parameters)
      this.macData = parameters[MAC_DATA] ?? PFX.defaultValues(MAC_DATA);
    if (PARSED_VALUE in parameters)
      this.parsedValue = parameters[PARSED_VALUE] ?? PFX.defaultValues(PARSED_VALUE);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VERSION$1:
        return 3;
      case AUTH_SAFE:
        return new ContentInfo;
      case MAC_DATA:
        return new MacData;
      case PARSED_VALUE:
        return {};
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case VERSION$1:
        return memberValue === PFX.defaultValues(memberName);
      case AUTH_SAFE:
        return ContentInfo.compareWithDefault("contentType", memberValue.contentType) && ContentInfo.compareWithDefault("content", memberValue.content);
      case MAC_DATA:
        return MacData.compareWithDefault("mac", memberValue.mac) && MacData.compareWithDefault("macSalt", memberValue.macSalt) && MacData.compareWithDefault("iterations", memberValue.iterations);
      case PARSED_VALUE:
        return memberValue instanceof Object && Object.keys(memberValue).length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Integer({ name: names.version || VERSION$1 }),
        ContentInfo.schema(names.authSafe || { names: { blockName: AUTH_SAFE } }),
        MacData.schema(names.macData || { names: {
          blockName: MAC_DATA,
          optional: true
        } })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLERA_PROPS)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, PFX.schema({ names: {
      version: VERSION$1,
      authSafe: { names: { blockName: AUTH_SAFE } },
      macData: { names: { blockName: MAC_DATA } }
    } }));
    AsnError.assertSchema(asn1, this.className);
    this.version = asn1.result.version.valueBlock.valueDec;
    this.authSafe = new ContentInfo({ schema: asn1.result.authSafe });
    if (MAC_DATA in asn1.result)
      this.macData = new MacData({ schema: asn1.result.macData });
  }
  toSchema() {
    const outputArray = [new Integer({ value: this.version }), this.authSafe.toSchema()];
    if (this.macData)
      outputArray.push(this.macData.toSchema());
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const output = {
      version: this.version,
      authSafe: this.authSafe.toJSON()
    };
    if (this.macData)
      output.macData = this.macData.toJSON();
    return output;
  }
  async makeInternalValues(parameters = {}, crypto2 = getCrypto(true)) {
    ArgumentError.assert(parameters, "parameters", "object");
    if (!this.parsedValue)
      throw new Error('Please call "parseValues" function first in order to make "parsedValue" data');
    ParameterError.assertEmpty(this.parsedValue.integrityMode, "integrityMode", "parsedValue");
    ParameterError.assertEmpty(this.parsedValue.authenticatedSafe, "authenticatedSafe", "parsedValue");
    switch (this.parsedValue.integrityMode) {
      case 0:
        {
          if (!("iterations" in parameters))
            throw new ParameterError("iterations");
          ParameterError.assertEmpty(parameters.pbkdf2HashAlgorithm, "pbkdf2HashAlgorithm");
          ParameterError.assertEmpty(parameters.hmacHashAlgorithm, "hmacHashAlgorithm");
          ParameterError.assertEmpty(parameters.password, "password");
          const saltBuffer = /* @__PURE__ */ new ArrayBuffer(64);
          const saltView = new Uint8Array(saltBuffer);
          crypto2.getRandomValues(saltView);
          const data = this.parsedValue.authenticatedSafe.toSchema().toBER(false);
          this.authSafe = new ContentInfo({
            contentType: ContentInfo.DATA,
            content: new OctetString({ valueHex: data })
          });
          const result = await crypto2.stampDataWithPassword({
            password: parameters.password,
            hashAlgorithm: parameters.hmacHashAlgorithm,
            salt: saltBuffer,
            iterationCount: parameters.iterations,
            contentToStamp: data
          });
          this.macData = new MacData({
            mac: new DigestInfo({
              digestAlgorithm: new AlgorithmIdentifier({ algorithmId: crypto2.getOIDByAlgorithm({ name: parameters.hmacHashAlgorithm }, true, "hmacHashAlgorithm") }),
              digest: new OctetString({ valueHex: result })
            }),
            macSalt: new OctetString({ valueHex: saltBuffer }),
            iterations: parameters.iterations
          });
        }
        break;
      case 1:
        {
          if (!("signingCertificate" in parameters))
            throw new ParameterError("signingCertificate");
          ParameterError.assertEmpty(parameters.privateKey, "privateKey");
          ParameterError.assertEmpty(parameters.hashAlgorithm, "hashAlgorithm");
          const toBeSigned = this.parsedValue.authenticatedSafe.toSchema().toBER(false);
          const cmsSigned = new SignedData({
            version: 1,
            encapContentInfo: new EncapsulatedContentInfo({
              eContentType: "1.2.840.113549.1.7.1",
              eContent: new OctetString({ valueHex: toBeSigned })
            }),
            certificates: [parameters.signingCertificate]
          });
          const result = await crypto2.digest({ name: parameters.hashAlgorithm }, new Uint8Array(toBeSigned));
          const signedAttr = [];
          signedAttr.push(new Attribute({
            type: "1.2.840.113549.1.9.3",
            values: [new ObjectIdentifier({ value: "1.2.840.113549.1.7.1" })]
          }));
          signedAttr.push(new Attribute({
            type: "1.2.840.113549.1.9.5",
            values: [new UTCTime({ valueDate: /* @__PURE__ */ new Date })]
          }));
          signedAttr.push(new Attribute({
            type: "1.2.840.113549.1.9.4",
            values: [new OctetString({ valueHex: result })]
          }));
          cmsSigned.signerInfos.push(new SignerInfo({
            version: 1,
            sid: new IssuerAndSerialNumber({
              issuer: parameters.signingCertificate.issuer,
              serialNumber: parameters.signingCertificate.serialNumber
            }),
            signedAttrs: new SignedAndUnsignedAttributes({
              type: 0,
              attributes: signedAttr
            })
          }));
          await cmsSigned.sign(parameters.privateKey, 0, parameters.hashAlgorithm, undefined, crypto2);
          this.authSafe = new ContentInfo({
            contentType: "1.2.840.113549.1.7.2",
            content: cmsSigned.toSchema(true)
          });
        }
        break;
      default:
        throw new Error(`Parameter "integrityMode" has unknown value: ${this.parsedValue.integrityMode}`);
    }
  }
  async parseInternalValues(parameters, crypto2 = getCrypto(true)) {
    ArgumentError.assert(parameters, "parameters", "object");
    if (parameters.checkIntegrity === undefined)
      parameters.checkIntegrity = true;
    this.parsedValue = {};
    switch (this.authSafe.contentType) {
      case ContentInfo.DATA:
        {
          ParameterError.assertEmpty(parameters.password, "password");
          this.parsedValue.integrityMode = 0;
          ArgumentError.assert(this.authSafe.content, "authSafe.content", OctetString);
          const authSafeContent = this.authSafe.content.getValue();
          this.parsedValue.authenticatedSafe = AuthenticatedSafe.fromBER(authSafeContent);
          if (parameters.checkIntegrity) {
            if (!this.macData)
              throw new Error('Absent "macData" value, can not check PKCS#12 data integrity');
            const hashAlgorithm = crypto2.getAlgorithmByOID(this.macData.mac.digestAlgorithm.algorithmId, true, "digestAlgorithm");
            if (!await crypto2.verifyDataStampedWithPassword({
              password: parameters.password,
              hashAlgorithm: hashAlgorithm.name,
              salt: toArrayBuffer2(this.macData.macSalt.valueBlock.valueHexView),
              iterationCount: this.macData.iterations || 1,
              contentToVerify: authSafeContent,
              signatureToVerify: toArrayBuffer2(this.macData.mac.digest.valueBlock.valueHexView)
            }))
              throw new Error("Integrity for the PKCS#12 data is broken!");
          }
        }
        break;
      case ContentInfo.SIGNED_DATA:
        {
          this.parsedValue.integrityMode = 1;
          const cmsSigned = new SignedData({ schema: this.authSafe.content });
          const eContent = cmsSigned.encapContentInfo.eContent;
          ParameterError.assert(eContent, "eContent", "cmsSigned.encapContentInfo");
          ArgumentError.assert(eContent, "eContent", OctetString);
          const data = eContent.getValue();
          this.parsedValue.authenticatedSafe = AuthenticatedSafe.fromBER(data);
          if (!await cmsSigned.verify({
            signer: 0,
            checkChain: false
          }, crypto2))
            throw new Error("Integrity for the PKCS#12 data is broken!");
        }
        break;
      default:
        throw new Error(`Incorrect value for "this.authSafe.contentType": ${this.authSafe.contentType}`);
    }
  }
};
var STATUS$1 = "status";
var STATUS_STRINGS = "statusStrings";
var FAIL_INFO = "failInfo";
var CLEAR_PROPS$2 = [
  STATUS$1,
  STATUS_STRINGS,
  FAIL_INFO
];
var PKIStatusInfo = class PKIStatusInfo extends PkiObject {
  static {
    this.CLASS_NAME = "PKIStatusInfo";
  }
  constructor(parameters = {}) {
    super();
    this.status = parameters[STATUS$1] ?? PKIStatusInfo.defaultValues(STATUS$1);
    if (STATUS_STRINGS in parameters)
      this.statusStrings = parameters[STATUS_STRINGS] ?? PKIStatusInfo.defaultValues(STATUS_STRINGS);
    if (FAIL_INFO in parameters)
      this.failInfo = parameters[FAIL_INFO] ?? PKIStatusInfo.defaultValues(FAIL_INFO);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case STATUS$1:
        return 2;
      case STATUS_STRINGS:
        return [];
      case FAIL_INFO:
        return new BitString;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case STATUS$1:
        return memberValue === PKIStatusInfo.defaultValues(memberName);
      case STATUS_STRINGS:
        return memberValue.length === 0;
      case FAIL_INFO:
        return memberValue.isEqual(PKIStatusInfo.defaultValues(memberName));
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || "",
      value: [
        new Integer({ name: names.status || "" }),
        new Sequence({
          optional: true,
          value: [new Repeated({
            name: names.statusStrings || "",
            value: new Utf8String
          })]
        }),
        new BitString({
          name: names.failInfo || "",
          optional: true
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$2)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, PKIStatusInfo.schema({ names: {
      status: STATUS$1,
      statusStrings: STATUS_STRINGS,
      failInfo: FAIL_INFO
    } }));
    AsnError.assertSchema(asn1, this.className);
    const _status = asn1.result.status;
    if (_status.valueBlock.isHexOnly === true || _status.valueBlock.valueDec < 0 || _status.valueBlock.valueDec > 5)
      throw new Error('PKIStatusInfo "status" has invalid value');
    this.status = _status.valueBlock.valueDec;
    if (STATUS_STRINGS in asn1.result)
      this.statusStrings = asn1.result.statusStrings;
    if (FAIL_INFO in asn1.result)
      this.failInfo = asn1.result.failInfo;
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(new Integer({ value: this.status }));
    if (this.statusStrings)
      outputArray.push(new Sequence({
        optional: true,
        value: this.statusStrings
      }));
    if (this.failInfo)
      outputArray.push(this.failInfo);
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = { status: this.status };
    if (this.statusStrings)
      res.statusStrings = Array.from(this.statusStrings, (o) => o.toJSON());
    if (this.failInfo)
      res.failInfo = this.failInfo.toJSON();
    return res;
  }
};
var VERSION = "version";
var MESSAGE_IMPRINT = "messageImprint";
var REQ_POLICY = "reqPolicy";
var NONCE = "nonce";
var CERT_REQ = "certReq";
var EXTENSIONS = "extensions";
var TIME_STAMP_REQ = "TimeStampReq";
var TIME_STAMP_REQ_VERSION = `${TIME_STAMP_REQ}.${VERSION}`;
var TIME_STAMP_REQ_MESSAGE_IMPRINT = `${TIME_STAMP_REQ}.${MESSAGE_IMPRINT}`;
var TIME_STAMP_REQ_POLICY = `${TIME_STAMP_REQ}.${REQ_POLICY}`;
var TIME_STAMP_REQ_NONCE = `${TIME_STAMP_REQ}.${NONCE}`;
var TIME_STAMP_REQ_CERT_REQ = `${TIME_STAMP_REQ}.${CERT_REQ}`;
var TIME_STAMP_REQ_EXTENSIONS = `${TIME_STAMP_REQ}.${EXTENSIONS}`;
var CLEAR_PROPS$1 = [
  TIME_STAMP_REQ_VERSION,
  TIME_STAMP_REQ_MESSAGE_IMPRINT,
  TIME_STAMP_REQ_POLICY,
  TIME_STAMP_REQ_NONCE,
  TIME_STAMP_REQ_CERT_REQ,
  TIME_STAMP_REQ_EXTENSIONS
];
var TimeStampReq = class TimeStampReq extends PkiObject {
  static {
    this.CLASS_NAME = "TimeStampReq";
  }
  constructor(parameters = {}) {
    super();
    this.version = parameters[VERSION] ?? TimeStampReq.defaultValues(VERSION);
    this.messageImprint = parameters[MESSAGE_IMPRINT] ?? TimeStampReq.defaultValues(MESSAGE_IMPRINT);
    if (REQ_POLICY in parameters)
      this.reqPolicy = parameters[REQ_POLICY] ?? TimeStampReq.defaultValues(REQ_POLICY);
    if (NONCE in parameters)
      this.nonce = parameters[NONCE] ?? TimeStampReq.defaultValues(NONCE);
    if (CERT_REQ in parameters)
      this.certReq = parameters[CERT_REQ] ?? TimeStampReq.defaultValues(CERT_REQ);
    if (EXTENSIONS in parameters)
      this.extensions = parameters[EXTENSIONS] ?? TimeStampReq.defaultValues(EXTENSIONS);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case VERSION:
        return 0;
      case MESSAGE_IMPRINT:
        return new MessageImprint;
      case REQ_POLICY:
        return "";
      case NONCE:
        return new Integer;
      case CERT_REQ:
        return false;
      case EXTENSIONS:
        return [];
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case VERSION:
      case REQ_POLICY:
      case CERT_REQ:
        return memberValue === TimeStampReq.defaultValues(memberName);
      case MESSAGE_IMPRINT:
        return MessageImprint.compareWithDefault("hashAlgorithm", memberValue.hashAlgorithm) && MessageImprint.compareWithDefault("hashedMessage", memberValue.hashedMessage);
      case NONCE:
        return memberValue.isEqual(TimeStampReq.defaultValues(memberName));
      case EXTENSIONS:
        return memberValue.length === 0;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || TIME_STAMP_REQ,
      value: [
        new Integer({ name: names.version || TIME_STAMP_REQ_VERSION }),
        MessageImprint.schema(names.messageImprint || { names: { blockName: TIME_STAMP_REQ_MESSAGE_IMPRINT } }),
        new ObjectIdentifier({
          name: names.reqPolicy || TIME_STAMP_REQ_POLICY,
          optional: true
        }),
        new Integer({
          name: names.nonce || TIME_STAMP_REQ_NONCE,
          optional: true
        }),
        new Boolean({
          name: names.certReq || TIME_STAMP_REQ_CERT_REQ,
          optional: true
        }),
        new Constructed({
          optional: true,
          idBlock: {
            tagClass: 3,
            tagNumber: 0
          },
          value: [new Repeated({
            name: names.extensions || TIME_STAMP_REQ_EXTENSIONS,
            value: Extension.schema()
          })]
        })
      ]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS$1)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, TimeStampReq.schema());
    AsnError.assertSchema(asn1, this.className);
    this.version = asn1.result[TIME_STAMP_REQ_VERSION].valueBlock.valueDec;
    this.messageImprint = new MessageImprint({ schema: asn1.result[TIME_STAMP_REQ_MESSAGE_IMPRINT] });
    if (TIME_STAMP_REQ_POLICY in asn1.result)
      this.reqPolicy = asn1.result[TIME_STAMP_REQ_POLICY].valueBlock.toString();
    if (TIME_STAMP_REQ_NONCE in asn1.result)
      this.nonce = asn1.result[TIME_STAMP_REQ_NONCE];
    if (TIME_STAMP_REQ_CERT_REQ in asn1.result)
      this.certReq = asn1.result[TIME_STAMP_REQ_CERT_REQ].valueBlock.value;
    if (TIME_STAMP_REQ_EXTENSIONS in asn1.result)
      this.extensions = Array.from(asn1.result[TIME_STAMP_REQ_EXTENSIONS], (element) => new Extension({ schema: element }));
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(new Integer({ value: this.version }));
    outputArray.push(this.messageImprint.toSchema());
    if (this.reqPolicy)
      outputArray.push(new ObjectIdentifier({ value: this.reqPolicy }));
    if (this.nonce)
      outputArray.push(this.nonce);
    if (CERT_REQ in this && TimeStampReq.compareWithDefault(CERT_REQ, this.certReq) === false)
      outputArray.push(new Boolean({ value: this.certReq }));
    if (this.extensions)
      outputArray.push(new Constructed({
        idBlock: {
          tagClass: 3,
          tagNumber: 0
        },
        value: Array.from(this.extensions, (o) => o.toSchema())
      }));
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = {
      version: this.version,
      messageImprint: this.messageImprint.toJSON()
    };
    if (this.reqPolicy !== undefined)
      res.reqPolicy = this.reqPolicy;
    if (this.nonce !== undefined)
      res.nonce = this.nonce.toJSON();
    if (this.certReq !== undefined && TimeStampReq.compareWithDefault(CERT_REQ, this.certReq) === false)
      res.certReq = this.certReq;
    if (this.extensions)
      res.extensions = Array.from(this.extensions, (o) => o.toJSON());
    return res;
  }
};
var STATUS = "status";
var TIME_STAMP_TOKEN = "timeStampToken";
var TIME_STAMP_RESP = "TimeStampResp";
var TIME_STAMP_RESP_STATUS = `${TIME_STAMP_RESP}.${STATUS}`;
var TIME_STAMP_RESP_TOKEN = `${TIME_STAMP_RESP}.${TIME_STAMP_TOKEN}`;
var CLEAR_PROPS = [TIME_STAMP_RESP_STATUS, TIME_STAMP_RESP_TOKEN];
var TimeStampResp = class TimeStampResp extends PkiObject {
  static {
    this.CLASS_NAME = "TimeStampResp";
  }
  constructor(parameters = {}) {
    super();
    this.status = parameters[STATUS] ?? TimeStampResp.defaultValues(STATUS);
    if (TIME_STAMP_TOKEN in parameters)
      this.timeStampToken = parameters[TIME_STAMP_TOKEN] ?? TimeStampResp.defaultValues(TIME_STAMP_TOKEN);
    if (parameters.schema)
      this.fromSchema(parameters.schema);
  }
  static defaultValues(memberName) {
    switch (memberName) {
      case STATUS:
        return new PKIStatusInfo;
      case TIME_STAMP_TOKEN:
        return new ContentInfo;
      default:
        return super.defaultValues(memberName);
    }
  }
  static compareWithDefault(memberName, memberValue) {
    switch (memberName) {
      case STATUS:
        return PKIStatusInfo.compareWithDefault(STATUS, memberValue.status) && "statusStrings" in memberValue === false && "failInfo" in memberValue === false;
      case TIME_STAMP_TOKEN:
        return memberValue.contentType === "" && memberValue.content instanceof Any;
      default:
        return super.defaultValues(memberName);
    }
  }
  static schema(parameters = {}) {
    const names = parameters.names ?? {};
    return new Sequence({
      name: names.blockName || TIME_STAMP_RESP,
      value: [PKIStatusInfo.schema(names.status || { names: { blockName: TIME_STAMP_RESP_STATUS } }), ContentInfo.schema(names.timeStampToken || { names: {
        blockName: TIME_STAMP_RESP_TOKEN,
        optional: true
      } })]
    });
  }
  fromSchema(schema) {
    for (const prop of CLEAR_PROPS)
      delete schema[prop];
    const asn1 = compareSchema(schema, schema, TimeStampResp.schema());
    AsnError.assertSchema(asn1, this.className);
    this.status = new PKIStatusInfo({ schema: asn1.result[TIME_STAMP_RESP_STATUS] });
    if (TIME_STAMP_RESP_TOKEN in asn1.result)
      this.timeStampToken = new ContentInfo({ schema: asn1.result[TIME_STAMP_RESP_TOKEN] });
  }
  toSchema() {
    const outputArray = [];
    outputArray.push(this.status.toSchema());
    if (this.timeStampToken)
      outputArray.push(this.timeStampToken.toSchema());
    return new Sequence({ value: outputArray });
  }
  toJSON() {
    const res = { status: this.status.toJSON() };
    if (this.timeStampToken)
      res.timeStampToken = this.timeStampToken.toJSON();
    return res;
  }
  async sign(privateKey, hashAlgorithm, crypto2 = getCrypto(true)) {
    this.assertContentType();
    return new SignedData({ schema: this.timeStampToken.content }).sign(privateKey, 0, hashAlgorithm, undefined, crypto2);
  }
  async verify(verificationParameters = {
    signer: 0,
    trustedCerts: [],
    data: EMPTY_BUFFER2
  }, crypto2 = getCrypto(true)) {
    this.assertContentType();
    return new SignedData({ schema: this.timeStampToken.content }).verify(verificationParameters, crypto2);
  }
  assertContentType() {
    if (!this.timeStampToken)
      throw new Error("timeStampToken is absent in TSP response");
    if (this.timeStampToken.contentType !== "1.2.840.113549.1.7.2")
      throw new Error(`Wrong format of timeStampToken: ${this.timeStampToken.contentType}`);
  }
};
function initCryptoEngine() {
  if (typeof globalThis !== "undefined" && "crypto" in globalThis) {
    let engineName = "webcrypto";
    if ("webkitSubtle" in globalThis.crypto)
      engineName = "safari";
    setEngine(engineName, new CryptoEngine({
      name: engineName,
      crypto: globalThis.crypto
    }));
  } else if (typeof crypto !== "undefined" && "webcrypto" in crypto) {
    const name = "NodeJS ^15";
    const nodeCrypto = crypto.webcrypto;
    setEngine(name, new CryptoEngine({
      name,
      crypto: nodeCrypto
    }));
  }
}
initCryptoEngine();

// ../../src/verify/timestamp.ts
function loadTrustAnchors(pem) {
  const blocks = [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)];
  const certificates = blocks.map((m, i) => {
    try {
      const der = Uint8Array.from(atob(m[1].replace(/\s+/g, "")), (c) => c.charCodeAt(0));
      return Certificate.fromBER(der);
    } catch {
      throw new Error(`certificate ${i + 1} of the PEM text is not a readable X.509 certificate`);
    }
  });
  return { certificates };
}
var verdicts = new WeakMap;

// ../../src/crypto/json-value.ts
var isPlainObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

// ../../src/crypto/canonical.ts
function compareCodePoints(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0;i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      if (x >= 55296 && y >= 55296) {
        x = x >= 57344 ? x - 2048 : x + 8192;
        y = y >= 57344 ? y - 2048 : y + 8192;
      }
      return x - y;
    }
  }
  return a.length - b.length;
}
function inCodePointOrder(keys) {
  for (let i = 1;i < keys.length; i++)
    if (compareCodePoints(keys[i - 1], keys[i]) > 0)
      return false;
  return true;
}

class CanonicalText {
  text;
  constructor(text) {
    this.text = text;
  }
}
function canonicalJson(value) {
  if (value === null || typeof value !== "object") {
    const s = JSON.stringify(value);
    return s === undefined ? "null" : s;
  }
  if (value instanceof CanonicalText)
    return value.text;
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0;i < value.length; i++) {
      if (i)
        out += ",";
      const v = value[i];
      out += v === undefined || typeof v === "function" ? "null" : canonicalJson(v);
    }
    return out + "]";
  }
  if (typeof value.toJSON === "function")
    return canonicalJson(value.toJSON());
  const keys = Object.keys(value);
  if (!inCodePointOrder(keys))
    keys.sort(compareCodePoints);
  let out = "{";
  let first = true;
  for (const k of keys) {
    const v = value[k];
    if (v === undefined || typeof v === "function")
      continue;
    if (!first)
      out += ",";
    first = false;
    out += JSON.stringify(k) + ":" + canonicalJson(v);
  }
  return out + "}";
}
var encoder = new TextEncoder;
function canonicalBytes(value) {
  return encoder.encode(canonicalJson(value));
}

// ../../src/crypto/signed.ts
function ledgerSignedPayload(r) {
  return { event_id: r.event_id, event_type: r.event_type, ingested_at: r.ingested_at, payload_hash: r.payload_hash, request_hash: r.request_hash, tenant_id: r.tenant_id, v: 1 };
}
function aiSignedPayload(r) {
  return { v: 1, attestation_id: r.attestation_id, tenant_id: r.tenant_id, attestation_type: r.attestation_type, payload_hash: r.payload_hash, input_hash: r.input_hash, output_hash: r.output_hash, created_at: r.created_at };
}
function documentSignedPayload(r) {
  return { v: 1, event_id: r.event_id, tenant_id: r.tenant_id, document_hash: r.document_hash, document_ref: r.document_ref ?? null, metadata_hash: r.metadata_hash ?? null, created_at: r.created_at };
}
function auditSignedData(r) {
  return { action: r.action, actor: r.actor, context: r.context ?? null, event_id: r.event_id, ingested_at: r.ingested_at, metadata: r.metadata ?? null, occurred_at: r.occurred_at, org_id: r.org_id, schema_id: r.schema_id, seq: r.seq, targets: r.targets };
}
function keyRecordSignedPayload(r) {
  return { domain: r.domain, key_id: r.key_id, public_key: r.public_key };
}

// ../../src/verify/records.ts
var HEX64 = /^[0-9a-f]{64}$/;
var utf84 = new TextEncoder;
var sha256Hex = (sha, data) => toHex(sha(typeof data === "string" ? utf84.encode(data) : data));
var keyIdOf = (sha, publicKey) => sha256Hex(sha, publicKey).slice(0, 16);
var canonicalHash = (sha, value) => sha256Hex(sha, canonicalBytes(value));
function compositeHash(sha, contentHashes) {
  const raw = new Uint8Array(contentHashes.length * 32);
  contentHashes.forEach((h, i) => {
    if (typeof h !== "string" || !HEX64.test(h))
      throw new Error(`content hash ${i + 1} is not 64 lowercase hex characters`);
    raw.set(fromHex(h), i * 32);
  });
  return sha256Hex(sha, raw);
}
var valueHash = (sha, value) => typeof value === "string" ? sha256Hex(sha, value) : canonicalHash(sha, value);
function aiPayloadOf(r) {
  return {
    v: 1,
    attestation_type: r.attestation_type ?? null,
    input_hash: r.input_hash ?? null,
    output_hash: r.output_hash ?? null,
    model_provider: r.model_provider ?? null,
    model_name: r.model_name ?? null,
    model_version: r.model_version ?? null,
    subject: r.subject ?? null
  };
}
var aiPayloadHash = (sha, r) => canonicalHash(sha, aiPayloadOf(r));
function sealPayloadOf(r) {
  return { trace_id: r.trace_id, composite_hash: r.composite_hash, item_count: r.item_count, metadata: r.metadata ?? null, sealed_at: r.sealed_at };
}
var sealPayloadHash = (sha, r) => canonicalHash(sha, sealPayloadOf(r));
var metadataHash = (sha, metadata) => metadata === undefined || metadata === null ? null : canonicalHash(sha, metadata);
function hexBytes(v, length) {
  if (typeof v !== "string")
    return null;
  const b = fromHex(v);
  return b && (length === undefined || b.length === length) ? b : null;
}
var strictUtf8 = new TextDecoder("utf-8", { fatal: true });
function decodeSignedJson(bytes) {
  let v;
  try {
    v = JSON.parse(strictUtf8.decode(bytes));
  } catch {
    return { signed: null, error: "not_json" };
  }
  return v && typeof v === "object" && !Array.isArray(v) ? { signed: v, error: null } : { signed: null, error: "not_object" };
}
function checkSignedRecord(p, r) {
  const publicKey = hexBytes(r.public_key, 32);
  const computedKeyId = publicKey ? keyIdOf(p.sha256, publicKey) : null;
  const sig = hexBytes(r.signature, 64);
  const message = hexBytes(r.signed_payload);
  const signatureOk = !!publicKey && !!sig && !!message && p.verify(publicKey, message, sig);
  const { signed, error } = message ? decodeSignedJson(message) : { signed: null, error: null };
  return {
    publicKey,
    computedKeyId,
    keyIdOk: computedKeyId !== null && computedKeyId === r.key_id,
    message,
    signatureShapeOk: sig !== null,
    signatureOk,
    signed,
    decodeError: error,
    canonical: !!signed && !!message && equalBytes(canonicalBytes(signed), message)
  };
}
function checkAuditEvent(p, e, payloadHash, publicKey, signature) {
  let bytes = null;
  try {
    bytes = auditSignedBytes(e);
  } catch {
    bytes = null;
  }
  return { bytes, ...checkAuditSigned(p, bytes, payloadHash, publicKey, signature) };
}
function checkAuditSigned(p, bytes, payloadHash, publicKey, signature) {
  const computed = bytes ? sha256Hex(p.sha256, bytes) : null;
  const signatureOk = !!bytes && !!publicKey && !!signature && publicKey.length === 32 && signature.length === 64 && p.verify(publicKey, bytes, signature);
  return { computed, hashOk: computed !== null && computed === payloadHash, signatureOk };
}
function auditSignedBytes(e) {
  return canonicalBytes(auditSignedData({
    action: e.action,
    actor: e.actor,
    context: e.context,
    event_id: e.id,
    ingested_at: e.ingested_at,
    metadata: e.metadata,
    occurred_at: e.occurred_at,
    org_id: e.org_id,
    schema_id: e.schema_id,
    seq: e.seq,
    targets: e.targets
  }));
}

// ../../src/verify/merkle.ts
var LEAF = new Uint8Array([0]);
var NODE = new Uint8Array([1]);
var HASH_SIZE = 32;
var leafHash = (sha, data) => sha(concat(LEAF, data));
var nodeHash = (sha, left, right) => sha(concat(NODE, left, right));
function rootFromInclusion(sha, index, size, leaf, path) {
  if (!(Number.isSafeInteger(index) && Number.isSafeInteger(size) && index >= 0 && index < size))
    return null;
  if (leaf.length !== HASH_SIZE || path.some((p) => p.length !== HASH_SIZE))
    return null;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of path) {
    if (sn === 0)
      return null;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(sha, p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      r = nodeHash(sha, r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r : null;
}
function verifyInclusion(sha, index, size, leaf, path, root) {
  const r = rootFromInclusion(sha, index, size, leaf, path);
  return r !== null && equalBytes(r, root);
}

// ../../src/verify/log-block.ts
var asKeys = (k) => k instanceof Uint8Array ? [k] : k;
var isObj = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
var isIndex = (v) => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
function openCheckpoint(p, note, publicKeys) {
  const parsedNote = typeof note === "string" ? parseNote(note) : null;
  if (!parsedNote)
    return { checkpoint: null, parsed: null, error: "the checkpoint is not a signed note" };
  const cp = parseCheckpoint(parsedNote.body);
  if (!cp)
    return { checkpoint: null, parsed: null, error: "the note body is not a three-line checkpoint (origin, tree size, base64 root)" };
  for (const key of asKeys(publicKeys)) {
    if (key.length === 32 && verifyNote(p, note, cp.origin, key)) {
      return { checkpoint: { ...cp, note, noteKeyId: toHex(noteKeyId(p.sha256, cp.origin, key)), keyId: keyIdOf(p.sha256, key), publicKey: key }, parsed: cp, error: null };
    }
  }
  const named = parsedNote.signatures.filter((s) => s.name === cp.origin).map((s) => toHex(s.keyId));
  return {
    checkpoint: null,
    parsed: cp,
    error: named.length ? `no signature by a known key of this log (note key id ${named.join(", ")}; known keys give ${asKeys(publicKeys).map((k) => toHex(noteKeyId(p.sha256, cp.origin, k))).join(", ") || "none"})` : `no signature under key name ${cp.origin}`
  };
}
function checkLogBlock(p, leafData, log, publicKeys, expectedOrigin) {
  if (log === undefined || log === null)
    return { status: "absent" };
  if (isObj(log) && log.status === "pending")
    return { status: "pending" };
  const steps = [];
  const done = (checkpoint, l) => ({
    status: "checked",
    ok: steps.every((s) => s.ok),
    steps,
    checkpoint,
    leafIndex: isIndex(l.leaf_index) ? l.leaf_index : null,
    treeSize: isIndex(l.tree_size) ? l.tree_size : null,
    rootHex: typeof l.root_hash === "string" ? l.root_hash : null
  });
  const l = isObj(log) ? log : {};
  const path = Array.isArray(l.audit_path) ? l.audit_path.map((h) => hexBytes(h, 32)) : null;
  const statedLeaf = hexBytes(l.leaf_hash, 32);
  const root = hexBytes(l.root_hash, 32);
  const shapeOk = isIndex(l.leaf_index) && isIndex(l.tree_size) && l.leaf_index < l.tree_size && !!statedLeaf && !!root && !!path && path.every((h) => h !== null) && typeof l.checkpoint === "string";
  if (!shapeOk) {
    steps.push({ check: "log_shape", ok: false, detail: "the log block is not {leaf_index < tree_size, leaf_hash, audit_path: [hex], root_hash, checkpoint}" });
    return done(null, l);
  }
  const index = l.leaf_index;
  const size = l.tree_size;
  const computed = leafHash(p.sha256, leafData);
  const leafOk = equalBytes(computed, statedLeaf);
  steps.push({ check: "leaf_hash", ok: leafOk, detail: leafOk ? "leaf_hash = SHA-256(0x00 || signed bytes)" : `SHA-256(0x00 || signed bytes) is ${toHex(computed)}, the block says ${String(l.leaf_hash)}` });
  const inc = verifyInclusion(p.sha256, index, size, computed, path, root);
  steps.push({ check: "inclusion", ok: inc, detail: inc ? `leaf ${index} is in the tree of ${size} leaves with root ${String(l.root_hash)} (${path.length} path hashes)` : `the audit path does not lead from leaf ${index} to root_hash in a tree of ${size} leaves` });
  const opened = openCheckpoint(p, l.checkpoint, publicKeys);
  const cp = opened.parsed;
  if (!cp) {
    steps.push({ check: "checkpoint", ok: false, detail: opened.error ?? "unreadable checkpoint" });
    return done(null, l);
  }
  const same = cp.treeSize === size && equalBytes(cp.root, root);
  steps.push({ check: "checkpoint", ok: same, detail: same ? `checkpoint ${cp.origin} at tree size ${cp.treeSize} has this root` : `the checkpoint says tree size ${cp.treeSize} and root ${toHex(cp.root)}, the block ${size} and ${String(l.root_hash)}` });
  if (expectedOrigin !== undefined) {
    const ok = typeof expectedOrigin === "string" ? cp.origin === expectedOrigin : ("suffix" in expectedOrigin) ? cp.origin.endsWith(expectedOrigin.suffix) : expectedOrigin.test(cp.origin);
    const expected = typeof expectedOrigin === "string" ? expectedOrigin : ("suffix" in expectedOrigin) ? `…${expectedOrigin.suffix}` : expectedOrigin.expected;
    steps.push({ check: "origin", ok, detail: ok ? `origin ${cp.origin}` : `origin ${cp.origin} is not the expected log (${expected})` });
  }
  const c = opened.checkpoint;
  steps.push({ check: "checkpoint_signature", ok: !!c, detail: c ? `signed note verifies with key ${c.keyId} (note key id ${c.noteKeyId}) under key name ${cp.origin}` : opened.error ?? "the checkpoint signature does not verify" });
  return done(c, l);
}

// ../../src/verify/report.ts
class Checks {
  list = [];
  add(item, check, ok, detail) {
    this.list.push({ item, check, ok, detail });
    return ok;
  }
  skip(item, check, detail) {
    this.list.push({ item, check, ok: true, detail, skipped: true });
  }
}
var clip = (max) => (v) => {
  const s = typeof v === "string" ? v : JSON.stringify(v) ?? "undefined";
  return s.length > max ? s.slice(0, max - 3) + "..." : s;
};
var short = clip(24);
var name = clip(64);

// ../../src/verify/log-rules.ts
var domainOf = (v) => typeof v === "string" && v && !v.includes("/") ? v.toLowerCase() : null;
var afterHost = (origin) => {
  const i = origin.indexOf("/");
  return i > 0 ? origin.slice(i + 1) : null;
};
function tenantLog(domain) {
  const d = domainOf(domain);
  return {
    what: "the tenant's log",
    domain: d,
    origin: { expected: `<host>/${d ?? "<domain>"}`, test: (o) => {
      const rest = afterHost(o);
      return rest !== null && !!rest && !rest.includes("/") && (d === null || rest.toLowerCase() === d);
    } }
  };
}
function orgLog(domain, orgId) {
  const d = domainOf(domain);
  const suffix = `/audit/${String(orgId)}`;
  return {
    what: "the organization's audit log",
    domain: d,
    origin: { expected: `<host>/${d ?? "<domain>"}${suffix}`, test: (o) => {
      if (typeof orgId !== "string" || !o.endsWith(suffix))
        return false;
      const rest = afterHost(o.slice(0, -suffix.length));
      return rest !== null && !!rest && !rest.includes("/") && (d === null || rest.toLowerCase() === d);
    } }
  };
}
function verifyLog(x, item, leaf, log, recordKey, target, keep) {
  const own = hexBytes(recordKey, 32);
  const res = checkLogBlock(x.p, leaf ?? new Uint8Array(0), log, own ? [own, ...x.keys] : x.keys, target.origin);
  if (res.status === "absent") {
    x.c.skip(item, "log", `absent: the document carries no log block, so this record's place in ${target.what} is not checked`);
    return res;
  }
  if (res.status === "pending") {
    x.c.skip(item, "log", `pending: the document says no signed checkpoint of ${target.what} covers this record yet, so its inclusion is not checked`);
    return res;
  }
  if (!leaf)
    x.c.add(item, "log_leaf_hash", false, "the signed bytes are missing or not hex: the leaf cannot be recomputed");
  for (const s of res.steps)
    x.c.add(item, s.check === "log_shape" ? "log" : `log_${s.check}`, s.ok, s.detail);
  const cp = res.checkpoint;
  if (res.ok && leaf && cp && (keep || !x.checkpoint || cp.treeSize > x.checkpoint.tree_size)) {
    x.checkpoint = { origin: cp.origin, tree_size: cp.treeSize, root_hash: toHex(cp.root), key_id: cp.keyId, note_key_id: cp.noteKeyId, public_key: toHex(cp.publicKey), note: cp.note };
  }
  return res;
}
var logState = (r) => r.status === "checked" ? `leaf ${short(r.leafIndex)} of ${short(r.treeSize)}` : r.status;

// ../../src/verify/signed-rules.ts
function verifySigned(x, item, r) {
  const { c } = x;
  const v = checkSignedRecord(x.p, r);
  if (c.add(item, "public_key", v.publicKey !== null, v.publicKey ? "raw Ed25519 public key, 32 bytes" : "public_key is not 64 hex characters") && v.computedKeyId) {
    const kid = v.computedKeyId;
    c.add(item, "key_id", v.keyIdOk, v.keyIdOk ? `${kid} = first 16 hex of SHA-256(public key)` : `key_id ${short(r.key_id)} but SHA-256(public key) starts ${kid}`);
  }
  if (!v.signatureShapeOk)
    c.add(item, "signature", false, "signature is not 128 hex characters");
  else if (!v.message)
    c.add(item, "signature", false, "signed_payload is not hex");
  else if (v.publicKey)
    c.add(item, "signature", v.signatureOk, v.signatureOk ? `Ed25519 signature valid over ${v.message.length} signed bytes` : "Ed25519 signature does not verify over signed_payload");
  if (!v.message)
    return null;
  if (v.decodeError === "not_json") {
    c.add(item, "canonical", false, "signed_payload is not UTF-8 JSON");
    return null;
  }
  if (v.decodeError === "not_object" || !v.signed) {
    c.add(item, "canonical", false, "signed_payload is not a JSON object");
    return null;
  }
  c.add(item, "canonical", v.canonical, v.canonical ? "signed_payload is canonical JSON" : "signed_payload is not in canonical form (key order, spacing or escapes)");
  return v.signed;
}
var KINDS = {
  ledger: { name: "ledger event", build: ledgerSignedPayload },
  ai: { name: "AI attestation", build: aiSignedPayload },
  document: { name: "document anchor", build: documentSignedPayload }
};
function checkKind(x, item, kind, s) {
  const rebuild = KINDS[kind].build;
  const rebuilt = canonicalJson(rebuild(s));
  const ok = rebuilt === canonicalJson(s);
  return x.c.add(item, "record_kind", ok, ok ? `signed payload is a v1 ${KINDS[kind].name}` : `signed payload is not a v1 ${KINDS[kind].name} (fields: ${Object.keys(s).sort().join(", ")})`);
}
function checkFields(x, item, pairs) {
  const bad = pairs.filter(([, a, b]) => canonicalJson(a ?? null) !== canonicalJson(b ?? null) || b === undefined);
  return x.c.add(item, "fields", bad.length === 0, bad.length === 0 ? `${pairs.map((p) => p[0]).join(", ")} agree with the signed payload` : bad.map(([f, a, b]) => `${f}: signed ${short(a)} vs document ${b === undefined ? "missing" : short(b)}`).join("; "));
}
function checkClaims(x, item, claims) {
  const bad = claims.filter(([, v]) => v !== true).map(([k]) => k);
  x.c.add(item, "reported", bad.length === 0, bad.length === 0 ? `server reported ${claims.map((c) => c[0]).join(", ")} true` : `server reported ${bad.join(", ")} not true`);
}
function checkAlgorithm(x, item, algorithm) {
  x.c.add(item, "algorithm", algorithm === "ed25519", `algorithm ${short(algorithm)}`);
}

// ../../src/verify/event-proof.ts
var proofDomain = (d) => d.organization && typeof d.organization === "object" ? d.organization.primary_domain : undefined;
function verifyEventProof(x, d) {
  const item = `event ${name(d.event_id)}`;
  checkAlgorithm(x, item, d.algorithm);
  const s = verifySigned(x, item, d);
  if (s && checkKind(x, item, "ledger", s))
    checkFields(x, item, [["event_id", s.event_id, d.event_id], ["payload_hash", s.payload_hash, d.payload_hash], ["ingested_at", s.ingested_at, d.ingested_at]]);
  if ("payload" in d) {
    const h = canonicalHash(x.p.sha256, d.payload);
    const ok = !!s && h === s.payload_hash;
    x.c.add(item, "payload", ok, ok ? "SHA-256 of the canonical payload given = signed payload_hash" : `SHA-256 of the canonical payload given is ${h}, not the signed payload_hash`);
  }
  checkClaims(x, item, [["signature_valid", d.signature_valid]]);
  verifyLog(x, item, hexBytes(d.signed_payload), d.log, d.public_key, tenantLog(proofDomain(d)), true);
  return ["organization"];
}

// ../../src/verify/ai-proof.ts
function verifyAiProof(x, d) {
  const item = `ai ${name(d.attestation_id)}`;
  const r = isPlainObject(d.record) ? d.record : {};
  checkAlgorithm(x, item, d.algorithm);
  const s = verifySigned(x, item, d);
  if (s && checkKind(x, item, "ai", s)) {
    checkFields(x, item, [
      ["attestation_id", s.attestation_id, d.attestation_id],
      ["attestation_type", s.attestation_type, r.attestation_type],
      ["payload_hash", s.payload_hash, r.payload_hash],
      ["input_hash", s.input_hash, r.input_hash],
      ["output_hash", s.output_hash, r.output_hash],
      ["created_at", s.created_at, r.created_at]
    ]);
  }
  const recomputed = aiPayloadHash(x.p.sha256, r);
  const checkable = "subject" in r || recomputed === r.payload_hash;
  if (checkable)
    x.c.add(item, "payload_hash", recomputed === r.payload_hash, recomputed === r.payload_hash ? "payload_hash recomputed from the record" : `payload_hash recomputes to ${recomputed}`);
  else
    x.c.skip(item, "payload_hash", "not recomputable offline: the record has no subject (signed payload_hash still checked)");
  const v = isPlainObject(d.verification) ? d.verification : {};
  checkClaims(x, item, [["signature_valid", v.signature_valid], ["payload_hash_valid", v.payload_hash_valid]]);
  verifyLog(x, item, hexBytes(d.signed_payload), d.log, d.public_key, tenantLog(proofDomain(d)), true);
  return ["organization", ...checkable ? [] : ["record.model_provider", "record.model_name", "record.model_version"]];
}

// ../../src/verify/audit-event.ts
function verifyAuditEventDoc(x, d, domain) {
  const { c, p } = x;
  const item = `audit event ${name(d.id)}`;
  const pk = hexBytes(d.signing_public_key, 32);
  if (c.add(item, "public_key", pk !== null, pk ? "raw Ed25519 public key, 32 bytes" : "signing_public_key is not 64 hex characters") && pk) {
    const kid = keyIdOf(p.sha256, pk);
    c.add(item, "key_id", d.key_id === kid, d.key_id === kid ? `${kid} = first 16 hex of SHA-256(public key)` : `key_id ${short(d.key_id)} but SHA-256(public key) starts ${kid}`);
  }
  const r = checkAuditEvent(p, d, d.payload_hash, pk, hexBytes(d.signature, 64));
  c.add(item, "payload_hash", r.hashOk, r.hashOk ? "payload_hash = SHA-256 of the canonical signed fields" : r.computed ? `the signed fields hash to ${r.computed}` : "the event cannot be encoded");
  c.add(item, "signature", r.signatureOk, r.signatureOk ? `Ed25519 signature valid over ${r.bytes.length} signed bytes` : "Ed25519 signature does not verify over the rebuilt signed bytes");
  verifyLog(x, item, r.bytes, d.log, d.signing_public_key, orgLog(domain, d.org_id), true);
  return [];
}

// ../../src/verify/document-proof.ts
function verifyDocumentProof(x, d) {
  const item = `document ${name(d.event_id)}`;
  checkAlgorithm(x, item, d.algorithm);
  const s = verifySigned(x, item, d);
  if (s && checkKind(x, item, "document", s)) {
    checkFields(x, item, [["event_id", s.event_id, d.event_id], ["document_hash", s.document_hash, d.document_hash], ["document_ref", s.document_ref, d.document_ref], ["created_at", s.created_at, d.created_at]]);
  }
  checkClaims(x, item, [["signature_valid", d.signature_valid]]);
  verifyLog(x, item, hexBytes(d.signed_payload), d.log, d.public_key, tenantLog(proofDomain(d)), true);
  return ["organization"];
}

// ../../src/verify/key-rules.ts
function publishedKeys(keys) {
  if (!isPlainObject(keys) || !Array.isArray(keys.keys))
    return [];
  return keys.keys.flatMap((k) => isPlainObject(k) && typeof k.public_key === "string" ? [fromBase64Url(k.public_key)] : []).filter((k) => k?.length === 32);
}
function pinKeys(x, domain, used, opts) {
  const { c, p } = x;
  if (opts.keysUnavailable !== undefined) {
    c.skip("keys", "published", `not checked: ${opts.keysUnavailable}`);
    return null;
  }
  if (opts.keys === undefined)
    return null;
  const kd = opts.keys;
  if (!isPlainObject(kd) || !Array.isArray(kd.keys)) {
    c.add("keys", "key_record", false, "the key list is not a GET /keys/{domain} answer");
    return null;
  }
  const listed = typeof kd.domain === "string" ? kd.domain.toLowerCase() : null;
  let ok = c.add("keys", "domain", listed !== null && (domain === null || listed === domain), `key list for ${short(kd.domain)}, document domain ${domain ?? "not stated"}`);
  const platform = isPlainObject(opts.platformKey) && typeof opts.platformKey.public_key === "string" ? fromBase64Url(opts.platformKey.public_key) : null;
  if (opts.platformKey !== undefined) {
    const kidOk = platform?.length === 32 && keyIdOf(p.sha256, platform) === opts.platformKey.key_id;
    ok = c.add("keys", "platform_key", kidOk, kidOk ? `platform key ${keyIdOf(p.sha256, platform)}` : "platform key file is malformed or its key_id does not match its public key") && ok;
  }
  const seen = new Set;
  for (const u of used) {
    const id = String(u.key_id);
    if (seen.has(id))
      continue;
    seen.add(id);
    const rec = kd.keys.find((k) => isPlainObject(k) && k.key_id === u.key_id);
    const raw = rec && typeof rec.public_key === "string" ? fromBase64Url(rec.public_key) : null;
    const published = raw ? toHex(raw) : null;
    const until = rec && typeof rec.valid_until === "string" ? `, retired ${rec.valid_until}` : "";
    ok = c.add(`key ${id}`, "published", published !== null && published === u.public_key, published === u.public_key ? `published for ${short(kd.domain)}${typeof rec?.valid_from === "string" ? ` (valid from ${rec.valid_from}${until})` : ""}` : published ? "public key differs from the published one" : "key_id not published for this domain") && ok;
    if (platform?.length === 32 && rec) {
      const sig = hexBytes(rec.platform_signature, 64);
      const sigOk = !!sig && p.verify(platform, canonicalBytes(keyRecordSignedPayload({ domain: kd.domain, public_key: rec.public_key, key_id: rec.key_id })), sig);
      ok = c.add(`key ${id}`, "platform_signature", sigOk, sigOk ? "key record signed by the platform key" : "platform_signature does not verify") && ok;
    }
  }
  return ok ? listed : null;
}

// ../../src/verify/trace-bundle.ts
var bundleItemName = (i, it) => `item ${i + 1} (${name(isPlainObject(it) ? it.type : undefined)} ${name(isPlainObject(it) ? it.id : undefined)})`;
function verifyItemContent(x, item, it, s) {
  const { c, p } = x;
  const content = it.content_hash;
  if (it.type === "event") {
    if (!c.add(item, "payload", "payload" in it && it.payload !== undefined, "payload" in it ? "the event payload is included" : "the item carries no payload: its content hash cannot be recomputed"))
      return;
    const h = canonicalHash(p.sha256, it.payload);
    c.add(item, "content_hash", h === content, h === content ? "SHA-256 of the canonical payload = content_hash" : `SHA-256 of the canonical payload is ${h}`);
    if (s && checkKind(x, item, "ledger", s))
      checkFields(x, item, [["event_id", s.event_id, it.id], ["payload_hash", s.payload_hash, content], ["ingested_at", s.ingested_at, it.timestamp]]);
    return;
  }
  if (it.type !== "ai_attestation" && it.type !== "document") {
    c.add(item, "type", false, `unknown item type ${short(it.type)}`);
    return;
  }
  if (!c.add(item, "payload", isPlainObject(it.payload), isPlainObject(it.payload) ? `the ${it.type === "document" ? "anchor" : "attestation"} record is included` : "the item carries no payload record: its content cannot be recomputed"))
    return;
  const r = it.payload;
  if (it.type === "ai_attestation") {
    const inputHash = "input" in r ? valueHash(p.sha256, r.input) : r.input_hash;
    const outputHash = "output" in r ? valueHash(p.sha256, r.output) : r.output_hash;
    const h = aiPayloadHash(p.sha256, { ...r, input_hash: inputHash, output_hash: outputHash });
    const stated = !("payload_hash" in r) || r.payload_hash === content;
    c.add(item, "content_hash", h === content && stated, h !== content ? `payload_hash of the record is ${h}` : stated ? "payload_hash recomputed from the hash-only record = content_hash" : `the record states payload_hash ${short(r.payload_hash)}`);
    if (s && checkKind(x, item, "ai", s)) {
      checkFields(x, item, [
        ["attestation_id", s.attestation_id, it.id],
        ["payload_hash", s.payload_hash, content],
        ["created_at", s.created_at, it.timestamp],
        ["attestation_type", s.attestation_type, r.attestation_type],
        ["input_hash", s.input_hash, inputHash],
        ["output_hash", s.output_hash, outputHash]
      ]);
    }
    return;
  }
  if (s && checkKind(x, item, "document", s)) {
    c.add(item, "content_hash", s.document_hash === content, s.document_hash === content ? "content_hash = signed document_hash" : `signed document_hash is ${short(s.document_hash)}`);
    const meta = "metadata" in r ? metadataHash(p.sha256, r.metadata) : r.metadata_hash;
    const pairs = [
      ["event_id", s.event_id, it.id],
      ["created_at", s.created_at, it.timestamp],
      ["document_hash", s.document_hash, r.document_hash],
      ["document_ref", s.document_ref, r.document_ref],
      ["metadata_hash", s.metadata_hash, meta]
    ];
    if ("created_at" in r)
      pairs.push(["payload.created_at", s.created_at, r.created_at]);
    checkFields(x, item, pairs);
  }
}
function verifyItem(x, item, it, target) {
  const s = verifySigned(x, item, it);
  verifyItemContent(x, item, it, s);
  const v = isPlainObject(it.verification) ? it.verification : {};
  checkClaims(x, item, [["content_hash_valid", v.content_hash_valid], ["signature_valid", v.signature_valid]]);
  return { tenant: s?.tenant_id, log: verifyLog(x, item, hexBytes(it.signed_payload), it.log, it.public_key, target, false) };
}
function verifySealBinding(x, h, seal, s, composite, n) {
  const { c, p } = x;
  const base = { trace_id: h.trace_id, composite_hash: composite, item_count: n, sealed_at: seal.sealed_at };
  const carried = isPlainObject(seal.payload) && "metadata" in seal.payload;
  const given = "metadata" in h ? [h.metadata] : carried ? [seal.payload.metadata] : null;
  if (seal.payload !== undefined) {
    const expected = sealPayloadOf({ ...base, metadata: given ? given[0] : null });
    const same = isPlainObject(seal.payload) && canonicalJson(seal.payload) === canonicalJson(expected);
    c.add("seal", "payload", same, same ? "seal.payload is this bundle's trace id, composite hash, count, metadata and seal time" : "seal.payload differs from this bundle's trace id, recomputed composite hash, item count, metadata or seal time");
  }
  const match = (given ?? [null, {}]).some((m) => sealPayloadHash(p.sha256, { ...base, metadata: m }) === s.payload_hash);
  c.add("seal", "payload_hash", match, match ? "signed payload_hash = SHA-256 of canonical {trace_id, composite_hash, item_count, metadata, sealed_at}" : `signed payload_hash does not match this bundle's trace id, composite hash, count, metadata and seal time${given ? "" : " (with metadata null; the bundle does not carry the trace metadata)"}`);
}
function checkLogOrder(x, seal, items) {
  if (seal.status !== "checked" || seal.leafIndex === null)
    return;
  const sealAt = seal.leafIndex;
  const bad = items.map((r, i) => ({ r, i })).filter(({ r }) => r.status !== "checked" || r.leafIndex === null || r.leafIndex >= sealAt);
  x.c.add("bundle", "log_order", bad.length === 0, bad.length === 0 ? `every item precedes the seal (leaf ${sealAt}) in the tenant's log and is covered by a signed checkpoint` : `the seal is at leaf ${sealAt} under a signed checkpoint, so every item must be logged before it; ${bad.slice(0, 5).map(({ r, i }) => `item ${i + 1} is ${logState(r)}`).join(", ")}${bad.length > 5 ? ` and ${bad.length - 5} more` : ""}`);
}
function verifyBundle(x, d) {
  const { c } = x;
  const h = isPlainObject(d.header) ? d.header : {};
  const seal = isPlainObject(d.seal) ? d.seal : {};
  const items = Array.isArray(d.items) ? d.items : [];
  c.add("bundle", "bundle_version", d.bundle_version === 1, d.bundle_version === 1 ? "bundle_version 1" : `unknown bundle_version ${short(d.bundle_version)}: only version 1 is defined`);
  c.add("bundle", "items", Array.isArray(d.items) && items.length > 0 && items.every(isPlainObject), Array.isArray(d.items) ? `${items.length} items` : "items is not an array");
  const target = tenantLog(h.tenant_domain);
  const tenants = new Set;
  const logs = items.map((raw, i) => {
    const r = verifyItem(x, bundleItemName(i, raw), isPlainObject(raw) ? raw : {}, target);
    tenants.add(r.tenant);
    return r.log;
  });
  const seqOk = items.every((it, i) => isPlainObject(it) && it.sequence === i + 1);
  c.add("bundle", "sequence", seqOk, seqOk ? `sequence numbers 1..${items.length} in order` : `sequence numbers out of order: ${items.map((it) => isPlainObject(it) ? short(it.sequence) : "?").join(",")}`);
  const times = items.map((it) => isPlainObject(it) && typeof it.timestamp === "string" ? Date.parse(it.timestamp) : NaN);
  const badTime = times.findIndex((t, i) => Number.isNaN(t) || i > 0 && t < times[i - 1]);
  c.add("bundle", "timestamps", badTime < 0, badTime < 0 ? "item timestamps are non-decreasing" : `item ${badTime + 1} has a missing timestamp or one earlier than the item before`);
  const ids = items.map((it) => isPlainObject(it) ? String(it.id) : "");
  const unique = new Set(ids).size === ids.length;
  c.add("bundle", "unique_items", unique, unique ? "no item appears twice" : "an item appears twice");
  const n = items.length;
  const countOk = h.item_count === n && seal.item_count === n;
  c.add("bundle", "count", countOk, countOk ? `${n} items = header.item_count = seal.item_count` : `items ${n}, header.item_count ${short(h.item_count)}, seal.item_count ${short(seal.item_count)}`);
  let composite = null;
  try {
    composite = compositeHash(x.p.sha256, items.map((it) => isPlainObject(it) ? it.content_hash : ""));
  } catch (e) {
    c.add("bundle", "composite_hash", false, e.message);
  }
  if (composite) {
    const ok = composite === h.composite_hash && composite === seal.composite_hash;
    c.add("bundle", "composite_hash", ok, ok ? `SHA-256 over the ${n} raw digests = ${composite}` : `recomputed ${composite}; header ${short(h.composite_hash)}, seal ${short(seal.composite_hash)}`);
  }
  const s = verifySigned(x, "seal", seal);
  if (s && checkKind(x, "seal", "ledger", s)) {
    checkFields(x, "seal", [["event_type", s.event_type, "trace.sealed"], ["event_id", s.event_id, seal.seal_event_id], ["ingested_at", s.ingested_at, seal.sealed_at], ["header.sealed_at", seal.sealed_at, h.sealed_at]]);
    verifySealBinding(x, h, seal, s, composite ?? String(h.composite_hash), n);
    tenants.add(s.tenant_id);
  }
  c.add("bundle", "tenant", tenants.size === 1, tenants.size === 1 ? "every item and the seal are signed for the same tenant_id" : "items or seal signed for different tenants");
  checkClaims(x, "seal", [["count_confirmed", seal.count_confirmed], ["composite_hash_valid", seal.composite_hash_valid], ["all_signatures_valid", seal.all_signatures_valid]]);
  checkLogOrder(x, verifyLog(x, "seal", hexBytes(seal.signed_payload), seal.log, seal.public_key, target, true), logs);
  return ["header.label", "header.created_at", "header.domain_verified", "organization", "footer"];
}

// ../../src/verify/verify-document.ts
function documentKind(d) {
  if (!isPlainObject(d))
    return "unknown";
  if ("bundle_version" in d)
    return "trace_bundle";
  if ("attestation_id" in d && "record" in d)
    return "ai_proof";
  if ("signing_public_key" in d && "org_id" in d && "seq" in d)
    return "audit_event";
  if ("document_hash" in d && "signed_payload" in d)
    return "document_proof";
  if ("event_id" in d && "signed_payload" in d)
    return "event_proof";
  return "unknown";
}
var lower = (v) => typeof v === "string" && v ? v.toLowerCase() : null;
function verifyDocument(p, json, opts = {}) {
  const c = new Checks;
  let d = json;
  if (typeof d === "string") {
    try {
      d = JSON.parse(d);
    } catch {
      c.add("document", "json", false, "not JSON");
      return { kind: "unknown", ok: false, checks: c.list, unsigned: [] };
    }
  }
  const kind = documentKind(d);
  const doc = isPlainObject(d) ? d : {};
  const x = { p, c, keys: publishedKeys(opts.keys) };
  const keysDomain = isPlainObject(opts.keys) ? lower(opts.keys.domain) : null;
  let domain = null;
  let used = [doc];
  let signerKey = doc.public_key;
  let unsigned = [];
  if (kind === "trace_bundle") {
    unsigned = verifyBundle(x, doc);
    domain = lower(isPlainObject(doc.header) ? doc.header.tenant_domain : undefined);
    const seal = isPlainObject(doc.seal) ? doc.seal : {};
    used = [...Array.isArray(doc.items) ? doc.items.filter(isPlainObject) : [], seal];
    signerKey = seal.public_key;
  } else if (kind === "audit_event") {
    unsigned = verifyAuditEventDoc(x, doc, keysDomain);
    domain = keysDomain;
    used = [{ key_id: doc.key_id, public_key: doc.signing_public_key }];
    signerKey = doc.signing_public_key;
  } else if (kind === "ai_proof") {
    unsigned = verifyAiProof(x, doc);
    domain = lower(proofDomain(doc));
  } else if (kind === "document_proof") {
    unsigned = verifyDocumentProof(x, doc);
    domain = lower(proofDomain(doc));
  } else if (kind === "event_proof") {
    unsigned = verifyEventProof(x, doc);
    domain = lower(proofDomain(doc));
  } else {
    c.add("document", "format", false, "neither an event, AI or document proof, an audit event nor a trace bundle");
  }
  const publishedFor = kind === "unknown" ? null : pinKeys(x, domain, used, opts);
  const ok = c.list.every((k) => k.ok);
  const key = hexBytes(signerKey, 32);
  const signer = key && kind !== "unknown" ? { key_id: keyIdOf(p.sha256, key), public_key: signerKey, published_for: publishedFor, log_origin: x.checkpoint?.origin ?? null } : undefined;
  return { kind, ok, checks: c.list, ...x.checkpoint ? { checkpoint: x.checkpoint } : {}, ...signer ? { signer } : {}, unsigned };
}

// src/rules.ts
var refused = (item, detail) => ({ kind: "unknown", ok: false, checks: [{ item, check: item, ok: false, detail }], unsigned: [] });
async function checkDocument(proof, trust = {}) {
  const opts = { keys: trust.keys };
  if (trust.policy !== undefined) {
    const parsed = parsePolicy(browserPrimitives.sha256, trust.policy);
    if (!parsed.ok)
      return refused("policy", `line ${parsed.line}: ${parsed.error}`);
    opts.policy = parsed.policy;
  }
  if (trust.tsaRoots !== undefined) {
    try {
      opts.tsaAnchors = loadTrustAnchors(trust.tsaRoots);
    } catch (e) {
      return refused("tsa_roots", e.message);
    }
    if (opts.tsaAnchors.certificates.length === 0)
      return refused("tsa_roots", "no CERTIFICATE block in the TSA roots");
  }
  return await verifyDocument(browserPrimitives, proof, opts);
}
function resultOf(report) {
  return {
    valid: report.ok,
    checks: report.checks.map((c) => ({ name: c.check, ok: c.ok, detail: c.detail, item: c.item, ...c.skipped ? { skipped: true } : {} })),
    existed_no_later_than: report.existed_no_later_than ?? null,
    witnessed_by: report.witnessed_by ?? [],
    kind: report.kind,
    ...report.signer ? { signer: report.signer } : {},
    unsigned: report.unsigned
  };
}

export { abytes, ahash, aexists, aoutput, clean, sha256, fromHex, equalBytes, checkDocument, resultOf };
