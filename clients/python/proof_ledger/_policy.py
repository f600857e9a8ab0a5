"""C2SP tlog-policy: log, witness, group and quorum lines, and whether a set of cosigners meets the quorum."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ._note import COSIGNATURE, ED25519, parse_vkey

__all__ = ["Policy", "PolicyError", "parse_policy", "quorum_met", "describe_quorum"]

NONE = "none"


class PolicyError(ValueError):
    """A policy file that cannot be read; `line` is 1-based."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"policy line {line}: {message}")
        self.line = line


@dataclass
class PolicyLog:
    origin: str
    public_key: bytes


@dataclass
class PolicyWitness:
    name: str  # the policy's own label
    key_name: str  # the key name its cosignature lines carry
    public_key: bytes


@dataclass
class Policy:
    logs: list[PolicyLog] = field(default_factory=list)
    witnesses: list[PolicyWitness] = field(default_factory=list)
    groups: dict[str, tuple[int, list[str]]] = field(default_factory=dict)
    quorum: str | None = None  # None: `quorum none`


def parse_policy(text: str) -> Policy:
    """Reads a tlog-policy text; raises PolicyError naming the first bad line."""
    p = Policy()
    defined: set[str] = set()
    quorum_line = 0
    lines = text.split("\n")
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    for n, raw in enumerate(lines, 1):
        bad = next((c for c in raw if (ord(c) < 0x20 and c != "\t") or ord(c) == 0x7F), None)
        if bad is not None:
            raise PolicyError(n, "carriage return: use LF line endings" if bad == "\r" else f"control character 0x{ord(bad):02x}")
        words = [w for w in re.split(r"[ \t]+", raw) if w]
        if not words or words[0].startswith("#"):
            continue
        kw, args = words[0], words[1:]

        def fresh(name: str) -> None:
            if name == NONE:
                raise PolicyError(n, f'the name "{NONE}" is reserved')
            if name in defined:
                raise PolicyError(n, f'the name "{name}" is already defined')

        if kw == "log":
            if not 1 <= len(args) <= 2:
                raise PolicyError(n, "expected: log <vkey> [<url>]")
            k = parse_vkey(args[0], ED25519)
            if k is None:
                raise PolicyError(n, "the log key is not an Ed25519 signed-note vkey with a matching key id")
            if any(l.public_key == k[1] for l in p.logs):
                raise PolicyError(n, "this log key is already listed")
            p.logs.append(PolicyLog(k[0], k[1]))
        elif kw == "witness":
            if not 2 <= len(args) <= 3:
                raise PolicyError(n, "expected: witness <name> <vkey> [<url>]")
            fresh(args[0])
            k = parse_vkey(args[1], COSIGNATURE)
            if k is None:
                raise PolicyError(n, "the witness key is not an Ed25519 cosigner vkey (type 0x04) with a matching key id")
            if any(w.public_key == k[1] for w in p.witnesses):
                raise PolicyError(n, "this witness key is already listed")
            p.witnesses.append(PolicyWitness(args[0], k[0], k[1]))
            defined.add(args[0])
        elif kw == "group":
            if len(args) < 3:
                raise PolicyError(n, "expected: group <name> <k|all|any> <member>...")
            name, k_text, members = args[0], args[1], args[2:]
            fresh(name)
            if len(set(members)) != len(members):
                raise PolicyError(n, f"group {name} lists a member twice")
            for m in members:
                if m == NONE or m not in defined:
                    raise PolicyError(n, f"group {name} names {m}, which no earlier line defines")
            k = len(members) if k_text == "all" else 1 if k_text == "any" else int(k_text) if re.fullmatch(r"[1-9][0-9]{0,5}", k_text) else 0
            if not 1 <= k <= len(members):
                raise PolicyError(n, f"the threshold must be all, any or a number from 1 to {len(members)}")
            p.groups[name] = (k, members)
            defined.add(name)
        elif kw == "quorum":
            if len(args) != 1:
                raise PolicyError(n, "expected: quorum <name|none>")
            if quorum_line:
                raise PolicyError(n, f"a second quorum line (the first is line {quorum_line})")
            if args[0] != NONE and args[0] not in defined:
                raise PolicyError(n, f"the quorum names {args[0]}, which no earlier line defines")
            p.quorum = None if args[0] == NONE else args[0]
            quorum_line = n
        else:
            raise PolicyError(n, f'unknown keyword "{kw}" (expected log, witness, group or quorum)')
    if not quorum_line:
        raise PolicyError(len(lines), 'no quorum line (write "quorum none" to require no cosignature)')
    return p


def quorum_met(p: Policy, cosigned: set[str]) -> bool:
    """A witness counts when it cosigned; a group when at least k of its members count."""
    if p.quorum is None:
        return True
    memo: dict[str, bool] = {}

    def met(name: str) -> bool:
        if name not in memo:
            g = p.groups.get(name)
            memo[name] = sum(1 for m in g[1] if met(m)) >= g[0] if g else name in cosigned
        return memo[name]

    return met(p.quorum)


def describe_quorum(p: Policy) -> str:
    if p.quorum is None:
        return "none"

    def say(name: str) -> str:
        g = p.groups.get(name)
        if not g:
            return name
        k, members = g
        kt = "all" if k == len(members) and len(members) > 1 else "any" if k == 1 and len(members) > 1 else str(k)
        return f"{kt} of ({', '.join(say(m) for m in members)})"

    return say(p.quorum)
