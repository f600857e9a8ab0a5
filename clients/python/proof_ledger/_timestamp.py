"""RFC 3161 time-stamp tokens: a CMS SignedData (RFC 5652) over a TSTInfo, read with the DER reader of _der.py;
`cryptography` checks the signature and the certificates."""
from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Sequence

from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, padding, rsa

from . import _der
from ._der import DerError, Tlv
from ._time import Instant, parse_generalized_time

__all__ = ["ParsedToken", "TimestampVerdict", "load_pem_certificates", "parse_timestamp_token", "verify_timestamp_token"]

OID_SIGNED_DATA = "1.2.840.113549.1.7.2"
OID_TST_INFO = "1.2.840.113549.1.9.16.1.4"
OID_CONTENT_TYPE = "1.2.840.113549.1.9.3"
OID_MESSAGE_DIGEST = "1.2.840.113549.1.9.4"
OID_SIGNING_CERT = "1.2.840.113549.1.9.16.2.12"
OID_SIGNING_CERT_V2 = "1.2.840.113549.1.9.16.2.47"
OID_TIME_STAMPING = "1.3.6.1.5.5.7.3.8"
OID_SHA256 = "2.16.840.1.101.3.4.2.1"
DIGESTS = {
    "1.3.14.3.2.26": "sha1", "2.16.840.1.101.3.4.2.4": "sha224", OID_SHA256: "sha256",
    "2.16.840.1.101.3.4.2.2": "sha384", "2.16.840.1.101.3.4.2.3": "sha512",
}
HASH_CLASSES = {"sha1": hashes.SHA1, "sha224": hashes.SHA224, "sha256": hashes.SHA256, "sha384": hashes.SHA384, "sha512": hashes.SHA512}
# Signature algorithms whose OID names the hash; rsaEncryption and id-ecPublicKey take the signer's digest algorithm.
SIG_HASH = {
    "1.2.840.113549.1.1.5": "sha1", "1.2.840.113549.1.1.11": "sha256", "1.2.840.113549.1.1.12": "sha384",
    "1.2.840.113549.1.1.13": "sha512", "1.2.840.113549.1.1.14": "sha224",
    "1.2.840.10045.4.3.2": "sha256", "1.2.840.10045.4.3.3": "sha384", "1.2.840.10045.4.3.4": "sha512",
}
OID_ED25519 = "1.3.101.112"
RSA_SIG_OIDS = {"1.2.840.113549.1.1.1", "1.2.840.113549.1.1.5", "1.2.840.113549.1.1.10", "1.2.840.113549.1.1.11",
                "1.2.840.113549.1.1.12", "1.2.840.113549.1.1.13", "1.2.840.113549.1.1.14"}
EC_SIG_OIDS = {"1.2.840.10045.2.1", "1.2.840.10045.4.3.2", "1.2.840.10045.4.3.3", "1.2.840.10045.4.3.4"}
RDN_LABELS = {"2.5.4.3": "CN", "2.5.4.10": "O", "2.5.4.11": "OU", "2.5.4.6": "C", "2.5.4.7": "L", "2.5.4.8": "ST"}


@dataclass(frozen=True)
class TimestampVerdict:
    ok: bool
    reason: str | None = None  # malformed, imprint, no_certificate, signature, eku, signing_certificate, chain
    detail: str = ""
    gen_time: datetime | None = None
    tsa: str = ""
    chain_checked: bool = False


def _fail(reason: str, detail: str) -> TimestampVerdict:
    return TimestampVerdict(False, reason, detail)


@dataclass(frozen=True)
class ParsedToken:
    imprint_algorithm: str
    imprint: bytes
    gen_time: Instant


def _seq(t: Tlv) -> list[Tlv]:
    if t.tag != 0x30:
        raise DerError("not a SEQUENCE")
    return t.children()


@functools.lru_cache(maxsize=1024)
def parse_timestamp_token(token: bytes) -> ParsedToken | None:
    """docs/verification.md "Time-stamp tokens": the strict DER walk every verifier makes (the token DER throughout,
    then ContentInfo (signedData) ->
    [0] SignedData -> encapContentInfo (id-ct-TSTInfo) -> [0] OCTET STRING -> TSTInfo, whose messageImprint and genTime
    (GeneralizedTime, at most nine fraction digits) it returns. None when any step is not as written. Remembered per
    token: every record proof built on one head carries the same tokens."""
    if not _der.der_throughout(token):
        return None
    try:
        ci = _seq(_der.read_one(token))
        if ci[0].oid() != OID_SIGNED_DATA or ci[1].tag != 0xA0:
            return None
        encap = _seq(_seq(ci[1].children()[0])[2])
        if encap[0].oid() != OID_TST_INFO or encap[1].tag != 0xA0:
            return None
        octets = encap[1].children()[0]
        tst = _seq(_der.read_one(octets.octets()))
        imprint = _seq(tst[2])
        alg = _seq(imprint[0])[0].oid()
        if imprint[1].tag != 0x04 or tst[4].tag != 0x18:
            return None
        gen_time = parse_generalized_time(tst[4].content.decode("latin-1"))
    except (DerError, IndexError):
        return None
    return ParsedToken(alg, imprint[1].content, gen_time) if gen_time is not None else None


def load_pem_certificates(pem: bytes | str) -> list[x509.Certificate]:
    """Every CERTIFICATE block of a PEM text; raises ValueError when one is malformed."""
    data = pem.encode() if isinstance(pem, str) else pem
    return x509.load_pem_x509_certificates(data)


def _digest(name: str, data: bytes) -> bytes:
    return hashlib.new(name, data).digest()


def _name_text(cert: x509.Certificate) -> str:
    return ", ".join(f"{RDN_LABELS.get(a.oid.dotted_string, a.oid.dotted_string)}={a.value}" for a in cert.subject)


def _issuer_serial(cert: x509.Certificate) -> tuple[bytes, int]:
    """The issuer Name exactly as encoded in the certificate, and its serial number."""
    tbs = _der.read_one(cert.tbs_certificate_bytes).children()
    i = 1 if tbs[0].tag == 0xA0 else 0
    return tbs[i + 2].raw, tbs[i].integer()


def _ski(cert: x509.Certificate) -> bytes | None:
    try:
        return cert.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value.digest
    except x509.ExtensionNotFound:
        return None


def _verify_signature(cert: x509.Certificate, sig_oid: str, sig_params: list[Tlv], digest_name: str, signature: bytes, data: bytes) -> bool:
    """False for anything that is not a valid signature, a key or algorithm `cryptography` cannot read included."""
    try:
        key = cert.public_key()
        if isinstance(key, ed25519.Ed25519PublicKey):
            if sig_oid != OID_ED25519:
                return False
            key.verify(signature, data)
            return True
        # Only the signature algorithms named for the key's type (the hash taken from the digest algorithm for the
        # bare rsaEncryption and id-ecPublicKey): an unknown identifier is no signature, whatever the bytes.
        if sig_oid not in (RSA_SIG_OIDS if isinstance(key, rsa.RSAPublicKey) else EC_SIG_OIDS):
            return False
        hash_name = SIG_HASH.get(sig_oid, digest_name)
        h = HASH_CLASSES[hash_name]()
        if isinstance(key, rsa.RSAPublicKey):
            if sig_oid == "1.2.840.113549.1.1.10":  # RSASSA-PSS: hash and salt length from the parameters
                ph, salt = hashes.SHA1(), 20
                for p in sig_params[0].children() if sig_params and sig_params[0].constructed else []:
                    inner = p.children()[0]
                    if p.tag == 0xA0:
                        ph = HASH_CLASSES[DIGESTS[inner.children()[0].oid()]]()
                    elif p.tag == 0xA2:
                        salt = inner.integer()
                key.verify(signature, data, padding.PSS(mgf=padding.MGF1(ph), salt_length=salt), ph)
            else:
                key.verify(signature, data, padding.PKCS1v15(), h)
            return True
        if isinstance(key, ec.EllipticCurvePublicKey):
            key.verify(signature, data, ec.ECDSA(h))
            return True
    except Exception:  # noqa: BLE001 - a certificate from the token may hold any bytes: not a valid signature
        return False
    return False


def _eku_problem(cert: x509.Certificate) -> str | None:
    """RFC 3161 2.3: exactly one extended key usage, timeStamping, marked critical."""
    try:
        ext = cert.extensions.get_extension_for_class(x509.ExtendedKeyUsage)
    except x509.ExtensionNotFound:
        return "the TSA certificate has no extended key usage (timeStamping is required)"
    usages = [u.dotted_string for u in ext.value]
    if usages != [OID_TIME_STAMPING]:
        return f"the TSA certificate's extended key usage is {', '.join(usages) or 'empty'}, not timeStamping alone"
    if not ext.critical:
        return "the TSA certificate marks its timeStamping extended key usage as not critical"
    return None


def _signing_cert_problem(attrs: dict[str, list[Tlv]], cert: x509.Certificate) -> str | None:
    """RFC 3161 2.4.1 / RFC 5816: the signed attributes name the signing certificate by its hash."""
    v2 = OID_SIGNING_CERT_V2 in attrs
    values = attrs.get(OID_SIGNING_CERT_V2) or attrs.get(OID_SIGNING_CERT)
    if not values:
        return "the token does not name its signing certificate (no ESS signing-certificate attribute)"
    try:
        first = values[0].children()[0].children()[0].children()  # SigningCertificate{V2} -> certs -> ESSCertID{v2}
        alg = "sha256" if v2 else "sha1"
        if v2 and first[0].tag == 0x30:
            alg = DIGESTS.get(first[0].children()[0].oid(), "")
            first = first[1:]
        stated = first[0].octets()
    except (DerError, IndexError):
        return "the ESS signing-certificate attribute is unreadable"
    if not alg:
        return "the ESS signing-certificate attribute uses an unsupported hash algorithm"
    from cryptography.hazmat.primitives.serialization import Encoding

    if _digest(alg, cert.public_bytes(Encoding.DER)) != stated:
        return "the ESS signing-certificate attribute names another certificate than the one that signed"
    return None


def _valid_at(cert: x509.Certificate, t: datetime) -> bool:
    return cert.not_valid_before_utc <= t <= cert.not_valid_after_utc


def _is_ca(cert: x509.Certificate) -> bool:
    try:
        return bool(cert.extensions.get_extension_for_class(x509.BasicConstraints).value.ca)
    except Exception:  # noqa: BLE001 - no basic constraints, or extensions that cannot be read: not a CA
        return False


def _certificate(der: bytes) -> x509.Certificate | None:
    try:
        return x509.load_der_x509_certificate(der)
    except Exception:  # noqa: BLE001 - any bytes
        return None


def _issued(child: x509.Certificate, issuer: x509.Certificate) -> bool:
    """`issuer` issued `child`: the names chain and the signature verifies (anything unreadable: it did not)."""
    try:
        child.verify_directly_issued_by(issuer)
        return True
    except Exception:  # noqa: BLE001 - certificates from the token may hold any bytes
        return False


def _chain_problem(signer: x509.Certificate, others: list[x509.Certificate], anchors: Sequence[x509.Certificate], at: datetime) -> str | None:
    """docs/verification.md "Time-stamp tokens", the chain: from the signer, each certificate valid at `at`, up to a
    trusted anchor (the certificate itself, or one that issued it), through at most eight CA certificates of the token."""
    cur, seen = signer, 0
    while seen < 8:
        if not _valid_at(cur, at):
            return f"certificate {_name_text(cur)} is not valid at {at.isoformat()}"
        for a in anchors:
            if a == cur:
                return None
        for a in anchors:
            if _issued(cur, a):
                return None if _valid_at(a, at) else f"the anchor {_name_text(a)} is not valid at {at.isoformat()}"
        nxt = next((o for o in others if o != cur and _is_ca(o) and _issued(cur, o)), None)
        if nxt is None:
            return "no path to a trusted anchor"
        cur, seen = nxt, seen + 1
    return "the chain is too long"


def verify_timestamp_token(token: bytes, data: bytes, anchors: Sequence[x509.Certificate] = ()) -> TimestampVerdict:
    """The checks below; whatever the token holds, a verdict (an unreadable part is `malformed`), never an exception."""
    try:
        return _verify_token(token, data, anchors)
    except Exception as e:  # noqa: BLE001 - a token may hold any bytes
        return _fail("malformed", f"the token could not be read: {e.__class__.__name__}")


def _verify_token(token: bytes, data: bytes, anchors: Sequence[x509.Certificate]) -> TimestampVerdict:
    """Checks, in order: the structure (SignedData, one signer, TSTInfo), the imprint = SHA-256(data), the CMS signature
    by the embedded certificate, its EKU (timeStamping alone, critical), the ESS signing-certificate attribute, and the
    chain to one of `anchors` at genTime (not checked when none are given). Never raises."""
    try:
        ci = _der.read_one(token).children()
        if ci[0].oid() != OID_SIGNED_DATA:
            return _fail("malformed", f"the token is a CMS {ci[0].oid()}, not SignedData")
        sd = ci[1].children()[0].children()
        encap = sd[2].children()
        if encap[0].oid() != OID_TST_INFO:
            return _fail("malformed", f"the signed content is {encap[0].oid()}, not a TSTInfo")
        e_content = encap[1].children()[0].octets()
        rest = sd[3:]
        certs: list[x509.Certificate] = []
        if rest and rest[0].tag == 0xA0:
            # A certificate that cannot be read is of no use to any path: it is left out, not a reason to refuse.
            certs = [c for c in (_certificate(t.raw) for t in rest[0].children() if t.tag == 0x30) if c is not None]
        signer_infos = rest[-1].children()
        if len(signer_infos) != 1:
            return _fail("malformed", f"the token has {len(signer_infos)} signers, RFC 3161 allows one")
        si = signer_infos[0].children()
        tst = _der.read_one(e_content).children()
        imprint = tst[2].children()
        gen_time = tst[4].generalized_time()
        tsa_name = next((t for t in tst[5:] if t.tag == 0xA0), None)
    except (DerError, IndexError, ValueError):
        return _fail("malformed", "the token is not a DER CMS SignedData over a TSTInfo")
    try:
        alg = imprint[0].children()[0].oid()
        stated = imprint[1].octets()
    except (DerError, IndexError):
        return _fail("malformed", "the message imprint is unreadable")
    if alg != OID_SHA256:
        return _fail("imprint", f"the message imprint uses hash algorithm {alg}, not SHA-256")
    expected = hashlib.sha256(data).digest()
    if stated != expected:
        return _fail("imprint", f"the token stamps {stated.hex()}, not SHA-256 of the data {expected.hex()}")
    # SignerInfo: version, sid, digestAlgorithm, [0] signedAttrs?, signatureAlgorithm, signature, [1] unsignedAttrs?
    try:
        sid, digest_alg = si[1], DIGESTS.get(si[2].children()[0].oid())
        i = 3
        signed_attrs = si[i] if si[i].tag == 0xA0 else None
        i += 1 if signed_attrs else 0
        sig_alg = si[i].children()
        signature = si[i + 1].octets()
        attrs: dict[str, list[Tlv]] = {}
        for a in signed_attrs.children() if signed_attrs else []:
            ac = a.children()
            attrs[ac[0].oid()] = ac[1].children()
    except (DerError, IndexError):
        return _fail("malformed", "the SignerInfo is unreadable")
    if digest_alg is None:
        return _fail("signature", "the signer's digest algorithm is not supported")
    signer = None
    try:
        for c in certs:
            if sid.tag == 0x30:
                issuer, serial = sid.children()[0].raw, sid.children()[1].integer()
                if _issuer_serial(c) == (issuer, serial):
                    signer = c
            elif sid.tag == 0x80 and _ski(c) == sid.content:
                signer = c
    except (DerError, IndexError, ValueError):
        signer = None
    if signer is None:
        return _fail("no_certificate", "the token does not carry the TSA certificate that signed it (ask with certReq)")
    if signed_attrs is None:
        signed = e_content
    else:
        ct = attrs.get(OID_CONTENT_TYPE)
        md = attrs.get(OID_MESSAGE_DIGEST)
        try:
            if not ct or ct[0].oid() != OID_TST_INFO:
                return _fail("signature", "the signed content-type attribute is not id-ct-TSTInfo")
            if not md or md[0].octets() != _digest(digest_alg, e_content):
                return _fail("signature", "the signed message-digest attribute does not match the TSTInfo")
        except DerError:
            return _fail("signature", "the signed attributes are unreadable")
        signed = b"\x31" + signed_attrs.raw[1:]  # signed as an explicit SET OF (RFC 5652 5.4)
    try:
        sig_oid = sig_alg[0].oid()
    except DerError:
        return _fail("malformed", "the signature algorithm is unreadable")
    if not _verify_signature(signer, sig_oid, sig_alg[1:], digest_alg, signature, signed):
        return _fail("signature", "the CMS signature over the TSTInfo does not verify")
    eku = _eku_problem(signer)
    if eku:
        return _fail("eku", eku)
    ess = _signing_cert_problem(attrs, signer)
    if ess:
        return _fail("signing_certificate", ess)
    if anchors:
        problem = _chain_problem(signer, [c for c in certs if c != signer], anchors, gen_time)
        if problem:
            return _fail("chain", f"the TSA certificate ({_name_text(signer)}) does not chain to a trusted anchor at {gen_time.isoformat()}: {problem}")
    name = _name_text(signer)
    if tsa_name is not None:
        try:
            gn = tsa_name.children()[0]
            if gn.tag == 0xA4:  # directoryName
                name = ", ".join(
                    f"{RDN_LABELS.get(atv.children()[0].oid(), atv.children()[0].oid())}={atv.children()[1].content.decode('utf-8', 'replace')}"
                    for rdn in gn.children()[0].children() for atv in rdn.children()
                )
        except (DerError, IndexError):
            pass
    return TimestampVerdict(True, gen_time=gen_time.astimezone(timezone.utc), tsa=name, chain_checked=bool(anchors))
