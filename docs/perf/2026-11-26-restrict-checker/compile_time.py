"""Compile time of the samples' and the bench's translation units without and with the
restriction checker (docs/design/restrict-checker.md).

    python3 compile_time.py <build dir>/compile_commands.json ROUNDS

Each file is compiled with its build command (object to /dev/null), alternately without the
checker's -fplugin and with it, ROUNDS times; the medians per file and their sums are printed.
"""
import json, shlex, subprocess, sys, time, statistics
db = json.load(open(sys.argv[1])); rounds = int(sys.argv[2])
files = [c for c in db if ('/samples/' in c['file'] or '/bench/' in c['file']) and c['file'].endswith('.cpp')]
def cmd(c, checker):
    args = shlex.split(c['command'])
    out = []
    skip = False
    for x in args:
        if skip: skip = False; continue
        if x in ('-o', '-MF', '-MT', '-MQ'): skip = True; continue
        if x in ('-MD',): continue
        if x.startswith('-fplugin=') and not checker: continue
        out.append(x)
    return out + ['-o', '/dev/null']
tot = {False: 0.0, True: 0.0}
for c in files:
    t = {False: [], True: []}
    for r in range(rounds):
        for checker in (False, True):
            s = time.perf_counter(); subprocess.run(cmd(c, checker), cwd=c['directory'], check=True, capture_output=True); t[checker].append(time.perf_counter() - s)
    a, b = statistics.median(t[False]), statistics.median(t[True])
    tot[False] += a; tot[True] += b
    print(f"{c['file'].split('/work/main/')[1]:60s} {a:7.2f} {b:7.2f} {100*(b/a-1):+6.1f}%", flush=True)
print(f"{'total':60s} {tot[False]:7.2f} {tot[True]:7.2f} {100*(tot[True]/tot[False]-1):+6.1f}%  ({len(files)} files, median of {rounds} per file)")
