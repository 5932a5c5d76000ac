#!/usr/bin/env python3
"""Adds lock-file entries for platform-specific optional packages that the npm
registry reachable from our machines does not serve (for example the macOS and
Windows builds of @swc/core or rollup). `npm install` drops them from
package-lock.json, and `npm ci` then refuses the lock file as out of sync.
The entries carry the package's os/cpu/libc, so npm skips them on Linux x64
exactly as it would with the real entries.

Usage, after `npm install` changed the lock file:  python3 .ci/fill-lock-optional.py
"""
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / 'package-lock.json'

OS = {'darwin': 'darwin', 'win32': 'win32', 'linux': 'linux', 'android': 'android', 'freebsd': 'freebsd',
      'openbsd': 'openbsd', 'openharmony': 'openharmony', 'sunos': 'sunos', 'aix': 'aix', 'netbsd': 'netbsd'}
CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32']


def platform_fields(name: str) -> dict:
    base = name.split('/')[-1]
    fields = {}
    for token, os_name in OS.items():
        if re.search(rf'(^|-){token}(-|$)', base):
            fields['os'] = [os_name]
    for cpu in CPU:
        if re.search(rf'(^|-){cpu}(-|$)', base):
            fields['cpu'] = [cpu]
            break
    if base.endswith('-musl') or 'musleabihf' in base:
        fields['libc'] = ['musl']
    elif base.endswith('-gnu') or 'gnueabihf' in base:
        fields['libc'] = ['glibc']
    return fields


def main() -> int:
    lock = json.loads(LOCK.read_text())
    packages = lock['packages']
    added = 0
    for path, entry in list(packages.items()):
        for dep, spec in (entry.get('optionalDependencies') or {}).items():
            parent_dir = path + '/node_modules/' + dep if path else 'node_modules/' + dep
            top = 'node_modules/' + dep
            if parent_dir in packages or top in packages:
                continue
            fields = platform_fields(dep)
            if 'os' not in fields and 'cpu' not in fields:
                continue
            packages[top] = {'version': spec.lstrip('^~='), 'optional': True, **fields}
            added += 1
    lock['packages'] = dict(sorted(packages.items(), key=lambda kv: (kv[0] != '', kv[0])))
    LOCK.write_text(json.dumps(lock, indent=2) + '\n')
    print(f'added {added} optional platform entries')
    return 0


if __name__ == '__main__':
    sys.exit(main())
