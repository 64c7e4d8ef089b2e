# Prints the innermost loop of an assembly file with the most FMAs (a label and the last backward
# jump to it, no other label inside), for llvm-mca.
import re, sys
lines = open(sys.argv[1]).read().splitlines()
labels = {}
best = None
for i, line in enumerate(lines):
    m = re.match(r'^(\.?[A-Za-z0-9_.$]+):', line)
    if m:
        labels[m.group(1)] = i
    m = re.match(r'^\s+j[a-z]+\s+(\.?[A-Za-z0-9_.$]+)', line)
    if m and m.group(1) in labels and labels[m.group(1)] < i:
        body = [l for l in lines[labels[m.group(1)] + 1:i + 1] if l.startswith('\t') and not l.strip().startswith('.')]
        fmas = sum('vfmadd' in l or 'vfmadd' in l for l in body)
        if best is None or fmas > best[0]:
            best = (fmas, body)
print('\n'.join(best[1]))
print(f'# {best[0]} FMAs in {len(best[1])} instructions', file=sys.stderr)
