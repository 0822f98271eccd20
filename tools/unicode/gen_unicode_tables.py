#!/usr/bin/env python3
"""Writes core/src/tokenizer/unicode_tables.inc from the Unicode Character Database.

Inputs (Debian package `unicode-data`, /usr/share/unicode): UnicodeData.txt,
CompositionExclusions.txt, PropList.txt, DerivedCoreProperties.txt. The output holds what the tokenizer normalizers need:
  - full (recursive) canonical and compatibility decompositions (Hangul syllables are algorithmic
    and not listed),
  - canonical combining classes as ranges,
  - primary composites (canonical pairs minus the full composition exclusions),
  - simple lowercase mappings,
  - general-category classes as ranges (nonspacing mark, other mark, "other" = Cc Cf Co Cs Cn),
  - the White_Space property,
  - word characters of regular expressions (\\w: Alphabetic, marks, Nd, Pc, Join_Control).

usage: tools/unicode/gen_unicode_tables.py [UCD_DIR] > core/src/tokenizer/unicode_tables.inc
"""
import os
import re
import sys

ucd = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode"


def read(name):
    with open(os.path.join(ucd, name), encoding="utf-8") as f:
        return f.read()


def version():
    m = re.search(r"Version (\d+\.\d+\.\d+)", read("ReadMe.txt"))
    return m.group(1) if m else "unknown"


# UnicodeData.txt: code;name;category;ccc;bidi;decomposition;...;upper;lower;title
category = {}
ccc = {}
decomp = {}  # cp -> (is_compat, [cps])
lower = {}
pending_first = None
for line in read("UnicodeData.txt").splitlines():
    f = line.split(";")
    cp = int(f[0], 16)
    name = f[1]
    if name.endswith(", First>"):
        pending_first = cp
        continue
    first = cp
    if name.endswith(", Last>"):
        first = pending_first
    for c in range(first, cp + 1):
        category[c] = f[2]
        if f[3] != "0":
            ccc[c] = int(f[3])
    if f[5]:
        parts = f[5].split()
        compat = parts[0].startswith("<")
        if compat:
            parts = parts[1:]
        decomp[cp] = (compat, [int(p, 16) for p in parts])
    if f[13]:
        lower[cp] = int(f[13], 16)

exclusions = set()
for line in read("CompositionExclusions.txt").splitlines():
    line = line.split("#")[0].strip()
    if line:
        exclusions.add(int(line, 16))

def property_ranges(name, prop_name):
    out = []
    for line in read(name).splitlines():
        body = line.split("#")[0].strip()
        if not body:
            continue
        rng, prop = [s.strip() for s in body.split(";")]
        if prop != prop_name:
            continue
        a, _, b = rng.partition("..")
        out.append((int(a, 16), int(b or a, 16)))
    return out


white_space = property_ranges("PropList.txt", "White_Space")
alphabetic = set()
for a, b in property_ranges("DerivedCoreProperties.txt", "Alphabetic"):
    alphabetic.update(range(a, b + 1))


def full(cp, compat):
    if cp not in decomp:
        return [cp]
    is_compat, parts = decomp[cp]
    if is_compat and not compat:
        return [cp]
    out = []
    for p in parts:
        out.extend(full(p, compat))
    return out


canonical = {}
compatibility = {}
for cp in sorted(decomp):
    c = full(cp, False)
    k = full(cp, True)
    if c != [cp]:
        canonical[cp] = c
    if k != [cp] and k != canonical.get(cp):
        compatibility[cp] = k

compose = []
for cp in sorted(decomp):
    is_compat, parts = decomp[cp]
    if is_compat or len(parts) != 2 or cp in exclusions:
        continue
    if ccc.get(cp, 0) != 0 or ccc.get(parts[0], 0) != 0:  # non-starter decompositions
        continue
    compose.append((parts[0], parts[1], cp))
compose.sort()


def ranges(value_of):
    out = []
    start = None
    prev = None
    for c in range(0x110000):
        v = value_of(c)
        if start is not None and v == prev:
            continue
        if start is not None and prev:
            out.append((start, c - 1, prev))
        start, prev = c, v
    if prev:
        out.append((start, 0x10FFFF, prev))
    return out


def category_class(c):
    cat = category.get(c, "Cn")
    if cat == "Mn":
        return 1
    if cat in ("Mc", "Me"):
        return 2
    if cat in ("Cc", "Cf", "Co", "Cs", "Cn"):
        return 3
    return 0


def is_word(c):  # regex \w (UTS #18): Alphabetic, marks, decimal digits, connector punctuation, joiners
    return c in alphabetic or category.get(c, "Cn") in ("Mn", "Mc", "Me", "Nd", "Pc") or c in (0x200C, 0x200D)


ccc_ranges = ranges(lambda c: ccc.get(c, 0))
word_ranges = ranges(lambda c: 1 if is_word(c) else 0)
cat_ranges = ranges(category_class)


def emit_decomp(name, table):
    data = []
    rows = []
    for cp, seq in table.items():
        rows.append("{0x%X,%d,%d}" % (cp, len(data), len(seq)))
        data.extend(seq)
    print("inline constexpr Decomposition %s[] = {" % name)
    for i in range(0, len(rows), 6):
        print("    " + ",".join(rows[i:i + 6]) + ",")
    print("};")
    print("inline constexpr char32_t %sData[] = {" % name)
    for i in range(0, len(data), 12):
        print("    " + ",".join("0x%X" % d for d in data[i:i + 12]) + ",")
    print("};")


print("// Generated by tools/unicode/gen_unicode_tables.py from the Unicode Character Database %s" % version())
print("// (UnicodeData.txt, CompositionExclusions.txt, PropList.txt, DerivedCoreProperties.txt).")
print("// Do not edit; rerun the script.")
print("// Included by core/src/tokenizer/unicode_normalize.cpp only.")
print("namespace gna::tok::ucd {")
print('inline constexpr const char* kVersion = "%s";' % version())
print("struct Decomposition { char32_t cp; unsigned offset; unsigned length; };")
print("struct Range { char32_t first, last; unsigned char value; };")
print("struct Composition { char32_t first, second, composite; };")
print("struct Mapping { char32_t from, to; };")
print("// Full canonical decompositions, sorted by code point.")
emit_decomp("kCanonical", canonical)
print("// Full compatibility decompositions where they differ from the canonical ones.")
emit_decomp("kCompatibility", compatibility)


def emit_table(comment, declaration, fmt, rows, per_line=6):
    """A C++ array `declaration` of `rows`, each formatted with `fmt`, `per_line` to a line."""
    for line in comment.split("\n"):
        print("// " + line)
    print("inline constexpr %s[] = {" % declaration)
    for i in range(0, len(rows), per_line):
        print("    " + ",".join(fmt % r for r in rows[i:i + per_line]) + ",")
    print("};")


emit_table("Canonical combining classes other than 0.", "Range kCombiningClass", "{0x%X,0x%X,%d}", ccc_ranges)
emit_table("Primary composites, sorted by (first, second).", "Composition kComposition", "{0x%X,0x%X,0x%X}", compose)
emit_table("Simple lowercase mappings (UnicodeData.txt field 13).", "Mapping kLowercase", "{0x%X,0x%X}",
           sorted(lower.items()), 8)
emit_table("General-category classes: 1 nonspacing mark (Mn), 2 other mark (Mc, Me),\n"
           "3 other (Cc, Cf, Co, Cs, Cn). Code points not listed are 0.", "Range kCategoryClass", "{0x%X,0x%X,%d}",
           cat_ranges)
emit_table("White_Space property (PropList.txt).", "Range kWhiteSpace", "{0x%X,0x%X,1}", white_space,
           max(1, len(white_space)))
emit_table("Word characters of regular expressions (\\w): Alphabetic, M, Nd, Pc, Join_Control.", "Range kWord",
           "{0x%X,0x%X,%d}", word_ranges)
print("}  // namespace gna::tok::ucd")
