#!/usr/bin/env python3
"""Availability scan for .ci/portability: every API that a Swift file under Sources/ references,
looked up in the toolchain's symbol graphs, against the minimums that Package.swift declares.

usage: portability-availability.py PACKAGE_ROOT INDEX_STORE SYMBOL_GRAPH_DIR

The references come from the compiler's index store (read through the toolchain's
libIndexStore.so), so they are the declarations the compiler resolved, overloads included, not
names matched in text. The symbol graphs written on Linux still carry the standard library's
Apple availability (InlineArray: macOS 26; Synchronization's Atomic: macOS 15), which is what
makes this check possible without a Mac. Exits 1 and names file:line, the API and the version
that introduced it for every reference newer than a declared minimum.
"""

import ctypes
import glob
import json
import os
import re
import sys

def fatal(message):
    print(f"error: {message}", flush=True)
    sys.exit(2)


LIB_INDEX_STORE = os.environ.get("PORTABILITY_LIBINDEXSTORE", "/opt/swift/usr/lib/libIndexStore.so")

# Roles from clang/include/indexstore/indexstore.h.
ROLE_DECLARATION = 1 << 0
ROLE_DEFINITION = 1 << 1
ROLE_REFERENCE = 1 << 2
DEPENDENCY_RECORD = 2

# Availability domains of the symbol graphs, by the platform whose minimum governs them: an app
# extension (a Notification Service Extension) and Mac Catalyst deploy with the iOS/macOS
# minimums; Mac Catalyst's versions follow iOS's.
DOMAINS = {
    "macOS": "macOS", "macOSAppExtension": "macOS",
    "iOS": "iOS", "iOSAppExtension": "iOS", "macCatalyst": "iOS", "macCatalystAppExtension": "iOS",
    "tvOS": "tvOS", "tvOSAppExtension": "tvOS",
    "watchOS": "watchOS", "watchOSAppExtension": "watchOS",
    "visionOS": "visionOS", "visionOSAppExtension": "visionOS",
}


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]

    def text(self):
        return ctypes.string_at(self.data, self.length).decode("utf-8", "replace") if self.length else ""


def declared_minimums(root):
    """The `platforms:` line of Package.swift, as {"macOS": (13, 0), ...}."""
    source = open(os.path.join(root, "Package.swift"), encoding="utf-8").read()
    match = re.search(r"platforms:\s*\[(.*?)\]", source, re.S)
    if not match:
        fatal("Package.swift declares no `platforms:`; SwiftPM would assume "
                 "macOS 10.13 / iOS 12, older than anything this scan can vouch for")
    minimums = {}
    for name, major, minor in re.findall(r"\.(macOS|iOS|tvOS|watchOS|visionOS)\(\s*\.v(\d+)(?:_(\d+))?\s*\)",
                                         match.group(1)):
        minimums[name] = (int(major), int(minor or 0))
    if not minimums:
        fatal("cannot read the versions of Package.swift's `platforms:` line "
                 "(expected the .macOS(.v13) form)")
    return minimums


def load_symbol_graphs(directory):
    """Every symbol's Apple availability and its memberOf parent, by USR."""
    availability, parent, title, defaults = {}, {}, {}, {}
    files = sorted(glob.glob(os.path.join(directory, "*.symbols.json")))
    if not files:
        fatal(f"no symbol graphs in {directory}")
    for path in files:
        with open(path, encoding="utf-8") as handle:
            graph = json.load(handle)
        for symbol in graph["symbols"]:
            usr = symbol["identifier"]["precise"]
            title.setdefault(usr, ".".join(symbol.get("pathComponents") or [symbol["names"]["title"]]))
            entries = [a for a in symbol.get("availability") or [] if a.get("domain") in DOMAINS]
            if entries:
                availability.setdefault(usr, entries)
        for relation in graph["relationships"]:
            if relation["kind"] == "defaultImplementationOf":
                defaults.setdefault(relation["target"], set()).add(relation["source"])
            if relation["kind"] != "memberOf":
                continue
            # A member that a type inherits from a protocol extension appears once more as
            # "member::SYNTHESIZED::type", whose parent is that type (UInt128 for `&*`); the
            # compiler's USR is the member's own, whose parent is the protocol.
            parent.setdefault(relation["source"], relation["target"])
    return availability, parent, title, defaults


def effective_availability(usr, availability, parent):
    """The symbol's own Apple availability, or its nearest enclosing type's when it has none."""
    seen = set()
    while usr and usr not in seen:
        seen.add(usr)
        if usr in availability:
            return usr, availability[usr]
        usr = parent.get(usr)
    return None, None


def version(entry):
    return (entry.get("major", 0), entry.get("minor", 0), entry.get("patch", 0))


def spelled(v):
    return ".".join(str(part) for part in (v[:2] if len(v) > 2 and v[2] == 0 else v))


def problems(entries, minimums):
    """What in the availability entries a deployment at the minimums cannot use."""
    newer, unusable = [], []
    for entry in entries:
        platform = DOMAINS[entry["domain"]]
        if platform not in minimums:
            continue
        domain = entry["domain"]
        if entry.get("isUnconditionallyUnavailable"):
            unusable.append(f"unavailable on {domain}")
        if "obsoleted" in entry:
            unusable.append(f"obsoleted in {domain} {spelled(version(entry['obsoleted']))}")
        if "introduced" in entry and version(entry["introduced"]) > minimums[platform] + (0,):
            newer.append(f"{domain} {spelled(version(entry['introduced']))}")
    return (["introduced in " + ", ".join(newer)] if newer else []) + unusable


def references(root, store_path):
    """(file, line, column, usr, name) of every reference in a Swift file under Sources/."""
    lib = ctypes.CDLL(LIB_INDEX_STORE)
    voidp, boolean, uint = ctypes.c_void_p, ctypes.c_bool, ctypes.c_uint
    for name, result, arguments in [
        ("indexstore_store_create", voidp, [ctypes.c_char_p, ctypes.POINTER(voidp)]),
        ("indexstore_error_get_description", ctypes.c_char_p, [voidp]),
        ("indexstore_store_units_apply_f", boolean, [voidp, uint, voidp, voidp]),
        ("indexstore_unit_reader_create", voidp, [voidp, ctypes.c_char_p, ctypes.POINTER(voidp)]),
        ("indexstore_unit_reader_dispose", None, [voidp]),
        ("indexstore_unit_reader_get_modification_time", None,
         [voidp, ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64)]),
        ("indexstore_unit_reader_dependencies_apply_f", boolean, [voidp, voidp, voidp]),
        ("indexstore_unit_dependency_get_kind", ctypes.c_int, [voidp]),
        ("indexstore_unit_dependency_get_name", StringRef, [voidp]),
        ("indexstore_unit_dependency_get_filepath", StringRef, [voidp]),
        ("indexstore_record_reader_create", voidp, [voidp, ctypes.c_char_p, ctypes.POINTER(voidp)]),
        ("indexstore_record_reader_dispose", None, [voidp]),
        ("indexstore_record_reader_occurrences_apply_f", boolean, [voidp, voidp, voidp]),
        ("indexstore_occurrence_get_symbol", voidp, [voidp]),
        ("indexstore_occurrence_get_roles", ctypes.c_uint64, [voidp]),
        ("indexstore_occurrence_get_line_col", None, [voidp, ctypes.POINTER(uint), ctypes.POINTER(uint)]),
        ("indexstore_symbol_get_usr", StringRef, [voidp]),
        ("indexstore_symbol_get_name", StringRef, [voidp]),
    ]:
        function = getattr(lib, name)
        function.restype, function.argtypes = result, arguments

    error = voidp()
    store = lib.indexstore_store_create(store_path.encode(), ctypes.byref(error))
    if not store:
        fatal(f"cannot open the index store {store_path}: "
                 f"{lib.indexstore_error_get_description(error).decode()}")

    UnitApplier = ctypes.CFUNCTYPE(boolean, voidp, StringRef)
    DependencyApplier = ctypes.CFUNCTYPE(boolean, voidp, voidp)
    OccurrenceApplier = ctypes.CFUNCTYPE(boolean, voidp, voidp)

    units = []
    unit_applier = UnitApplier(lambda _, name: units.append(name.text()) or True)
    lib.indexstore_store_units_apply_f(store, 0, None, unit_applier)

    sources = os.path.join(os.path.realpath(root), "Sources") + os.sep
    # source file -> (unit time, record): the store is kept between builds, so a file's newest
    # unit names its current record, and a file that no longer exists is left out.
    newest = {}
    for unit in units:
        reader = lib.indexstore_unit_reader_create(store, unit.encode(), ctypes.byref(error))
        if not reader:
            continue
        seconds, nanoseconds = ctypes.c_int64(), ctypes.c_int64()
        lib.indexstore_unit_reader_get_modification_time(reader, ctypes.byref(seconds), ctypes.byref(nanoseconds))
        unit_time = (seconds.value, nanoseconds.value)

        def dependency(_, dep):
            if lib.indexstore_unit_dependency_get_kind(dep) == DEPENDENCY_RECORD:
                path = os.path.realpath(lib.indexstore_unit_dependency_get_filepath(dep).text())
                if path.startswith(sources) and path.endswith(".swift") and os.path.exists(path):
                    record = lib.indexstore_unit_dependency_get_name(dep).text()
                    if path not in newest or newest[path][0] < unit_time:
                        newest[path] = (unit_time, record)
            return True

        dependency_applier = DependencyApplier(dependency)
        lib.indexstore_unit_reader_dependencies_apply_f(reader, None, dependency_applier)
        lib.indexstore_unit_reader_dispose(reader)

    found = []
    for path, (_, record) in sorted(newest.items()):
        reader = lib.indexstore_record_reader_create(store, record.encode(), ctypes.byref(error))
        if not reader:
            fatal(f"cannot read the index record of {path}")
        relative = os.path.relpath(path, os.path.realpath(root))

        def occurrence(_, occ):
            roles = lib.indexstore_occurrence_get_roles(occ)
            if roles & ROLE_REFERENCE and not roles & (ROLE_DECLARATION | ROLE_DEFINITION):
                symbol = lib.indexstore_occurrence_get_symbol(occ)
                line, column = uint(), uint()
                lib.indexstore_occurrence_get_line_col(occ, ctypes.byref(line), ctypes.byref(column))
                found.append((relative, line.value, column.value,
                              lib.indexstore_symbol_get_usr(symbol).text(),
                              lib.indexstore_symbol_get_name(symbol).text()))
            return True

        occurrence_applier = OccurrenceApplier(occurrence)
        lib.indexstore_record_reader_occurrences_apply_f(reader, None, occurrence_applier)
        lib.indexstore_record_reader_dispose(reader)
    return len(newest), found


def main():
    root, store_path, graphs = sys.argv[1:4]
    minimums = declared_minimums(root)
    availability, parent, title, defaults = load_symbol_graphs(graphs)
    file_count, found = references(root, store_path)
    if file_count == 0:
        fatal("the index store has no Swift file under Sources/ (was the build "
                 "run with -index-store-path?)")

    failures, looked_up, seen, requirements_with_defaults = [], set(), set(), set()
    for relative, line, column, usr, name in sorted(found):
        owner, entries = effective_availability(usr, availability, parent)
        if usr in title or owner:
            looked_up.add(usr)
        if not entries or (relative, line, usr) in seen:
            continue
        seen.add((relative, line, usr))
        reasons = problems(entries, minimums)
        if reasons and any(not problems(effective_availability(d, availability, parent)[1] or [], minimums)
                           for d in defaults.get(usr, ())):
            # A protocol requirement added later than its default implementation (`&*` of
            # FixedWidthInteger: a requirement from macOS 15, an extension method before): at
            # the minimums the compiler resolves the call to the default implementation.
            requirements_with_defaults.add(title.get(usr, name))
            continue
        if reasons:
            api = title.get(usr, name)
            via = "" if owner == usr else f" (as a member of {title.get(owner, owner)})"
            failures.append(f"{relative}:{line}:{column}: {api}{via} is " + "; ".join(reasons))

    spelled_minimums = ", ".join(f"{p} {spelled(v)}" for p, v in minimums.items())
    print(f"availability: {len(found)} references in {file_count} Swift files under Sources/, "
          f"{len(looked_up)} distinct toolchain APIs found in the symbol graphs; "
          f"minimums {spelled_minimums}")
    if requirements_with_defaults:
        print("availability: newer protocol requirements whose older default implementation the "
              "compiler picks at the minimums (not failures): " + ", ".join(sorted(requirements_with_defaults)))
    for failure in failures:
        print(f"error: {failure}")
    if failures:
        print(f"availability: {len(failures)} reference(s) newer than the declared minimums "
              f"({spelled_minimums})")
        return 1
    print("availability: nothing newer than the declared minimums")
    return 0


if __name__ == "__main__":
    sys.exit(main())
