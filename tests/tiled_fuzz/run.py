#!/usr/bin/env python3
"""Compares fibers and compiled tiles on random tiled kernels (tests/tiled_fuzz/README.md).

    run.py --build-dir BUILD --work-dir WORK [--seed S] [--kernels K] [--rounds N | --seconds T]
           [--source PATH...] [--keep-dir DIR] [--cxx CXX] [--build-type TYPE] [--min-compiled F]
           [--ptxas PTXAS]

Installs the Ample build BUILD into WORK/prefix, configures tests/tiled_fuzz/project against
it with compiler CXX, then per round writes a program of K random kernels (generate.py, seed S,
then S+1, ...), builds it and runs it twice: with AMPLE_TILED=fibers (the reference) and with
the default path. Fails at the first kernel whose results differ, keeping the program in
DIR; also fails when the default run took the compiled path for fewer than F of the kernels
(a kernel the pass declines runs on fibers too, and its comparison proves nothing), and when
a kernel got no device code (the device-code pass's remark: every kernel is valid C++ AMP, so
each must run on a GPU too). With --ptxas, NVIDIA's assembler must accept every kernel's PTX
(tests/backend/ptxas_check.py; skipped, saying so, where PTXAS does not exist).
--source checks given programs instead, each printing `kernel <n>: <result> <path>` lines (a
kept failure, the regressions/ a directory holds).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import time

# No __pycache__ in the source tree from a test run.
sys.dont_write_bytecode = True
import generate  # noqa: E402 (after the line above)

HERE = os.path.dirname(os.path.abspath(__file__))
# A run this long is hung (a lost barrier wake-up); the kernels take milliseconds.
RUN_TIMEOUT_S = 120
LINE = re.compile(r"^kernel (\d+): (.*) (compiled|fibers)$|^kernel (\d+): (exception .*)$")
# The device-code pass's remark on a kernel it kept on the CPU (compiler/src/ExtractDeviceCode.cpp).
CPU_ONLY = re.compile(r"remark: kernel (.*?) runs on the CPU only: (.*) \[-Rpass-missed=ample-device-code\]")
PTXAS_CHECK = os.path.join(HERE, "..", "backend", "ptxas_check.py")
# ptxas_check.py's exit status where there is no ptxas (CTest's skip).
SKIPPED = 77


class Failure(Exception):
    pass


def run(command, env=None, timeout=None):
    """run() runs `command` and returns its output; Failure when it fails."""
    try:
        result = subprocess.run(command, env=env, timeout=timeout, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
    except subprocess.TimeoutExpired:
        raise Failure(f"timed out after {timeout} s: {' '.join(command)}")
    if result.returncode != 0:
        raise Failure(f"exit status {result.returncode}: {' '.join(command)}\n{result.stdout}")
    return result.stdout


def parse(output):
    """parse() maps each kernel number to (result, path) from the program's output."""
    kernels = {}
    for line in output.splitlines():
        match = LINE.match(line)
        if match and match.group(1):
            kernels[int(match.group(1))] = (match.group(2), match.group(3))
        elif match:
            kernels[int(match.group(4))] = (match.group(5), "fibers")
    return kernels


def sources(paths):
    """sources() lists the programs `paths` name: files, and the .cpp files of dirs."""
    found = []
    for path in paths:
        if os.path.isdir(path):
            found += sorted(os.path.join(path, name) for name in os.listdir(path) if name.endswith(".cpp"))
        else:
            found.append(path)
    return found


def environment(tiled):
    """environment() is ours with AMPLE_TILED set to `tiled`, or unset for None (an inherited
    AMPLE_TILED=fibers would make the comparison vacuous)."""
    env = dict(os.environ)
    env.pop("AMPLE_TILED", None)
    if tiled:
        env["AMPLE_TILED"] = tiled
    return env


class Harness:
    def __init__(self, args):
        self.args = args
        self.work = os.path.abspath(args.work_dir)
        self.source = os.path.join(self.work, "kernels.cpp")
        self.build = os.path.join(self.work, "build")
        self.program = os.path.join(self.build, "tiled_fuzz_kernels")
        self.configured = False
        self.ptxas_missing_said = False

    def write(self, text):
        """write() makes `text` the program to check; the first call installs Ample and
        configures the project (CMake wants its source to exist)."""
        if not self.configured:
            shutil.rmtree(self.work, ignore_errors=True)
            os.makedirs(self.work)
        with open(self.source, "w") as out:
            out.write(text)
        if not self.configured:
            prefix = os.path.join(self.work, "prefix")
            run(["cmake", "--install", self.args.build_dir, "--prefix", prefix])
            run(["cmake", "-S", os.path.join(HERE, "project"), "-B", self.build,
                 f"-DCMAKE_CXX_COMPILER={self.args.cxx}", f"-DCMAKE_PREFIX_PATH={prefix}",
                 f"-DCMAKE_BUILD_TYPE={self.args.build_type}", f"-DKERNELS_SOURCE={self.source}"])
            self.configured = True

    def check(self, label):
        """check() builds and runs the program on both paths; Failure on a difference."""
        started = time.monotonic()
        build_output = run(["cmake", "--build", self.build])
        built_in = time.monotonic() - started
        started = time.monotonic()
        fibers = parse(run([self.program], env=environment("fibers"), timeout=RUN_TIMEOUT_S))
        default = parse(run([self.program], env=environment(None), timeout=RUN_TIMEOUT_S))
        ran_in = time.monotonic() - started

        if not fibers or sorted(fibers) != sorted(default):
            raise Failure(f"the two runs printed different kernels "
                          f"(fibers {sorted(fibers)}, default {sorted(default)})")
        for number in sorted(fibers):
            # Every kernel is valid C++ AMP: an exception on fibers is the generator's fault.
            if fibers[number][0].startswith("exception"):
                raise Failure(f"kernel {number} threw on fibers, so the generator wrote an invalid kernel: "
                              f"{fibers[number][0]}")
            if fibers[number][0] != default[number][0]:
                raise Failure(f"kernel {number} differs: fibers {fibers[number][0]}, compiled {default[number][0]}")
        if any(path == "compiled" for _, path in fibers.values()):
            raise Failure("a kernel ran compiled under AMPLE_TILED=fibers")

        declined = [n for n in sorted(default) if default[n][1] != "compiled"]
        compiled = len(default) - len(declined)
        print(f"{label}: {len(default)} kernel(s), same results; {compiled} ran compiled"
              + (f", on fibers: {', '.join(f'kernel {n}' for n in declined)}" if declined else "")
              + f" [build {built_in:.1f} s, runs {ran_in:.1f} s]", flush=True)
        if declined:
            remarks = [line for line in build_output.splitlines() if "remark:" in line]
            print("\n".join(f"  {line}" for line in remarks) or "  (the compiler gave no remark)")
        if compiled < self.args.min_compiled * len(default):
            raise Failure(f"only {compiled} of {len(default)} kernels ran compiled "
                          f"(at least {self.args.min_compiled:.0%} must)")
        cpu_only = [f"{match.group(1)}: {match.group(2)}" for match in map(CPU_ONLY.search, build_output.splitlines())
                    if match]
        if cpu_only:
            raise Failure("the device-code pass kept valid kernels on the CPU:\n  " + "\n  ".join(cpu_only))
        if self.args.ptxas:
            self.assemble()

    def assemble(self):
        """assemble() has ptxas assemble the PTX of every kernel in the program."""
        result = subprocess.run([sys.executable, PTXAS_CHECK, self.args.ptxas, self.build], stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        if result.returncode == SKIPPED:
            if not self.ptxas_missing_said:
                print(f"  {result.stdout.strip()}", flush=True)
                self.ptxas_missing_said = True
        elif result.returncode != 0:
            raise Failure(f"ptxas refused device code:\n{result.stdout}")
        else:
            print(f"  {result.stdout.strip()}", flush=True)

    def keep(self, label):
        """keep() copies the program to --keep-dir and returns where it is."""
        if not self.args.keep_dir:
            return self.source
        os.makedirs(self.args.keep_dir, exist_ok=True)
        kept = os.path.join(self.args.keep_dir, re.sub(r"[^A-Za-z0-9_.-]+", "-", label) + ".cpp")
        shutil.copyfile(self.source, kept)
        return kept


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build-dir", required=True, help="the Ample build to install and test")
    parser.add_argument("--work-dir", required=True, help="scratch dir (emptied first)")
    parser.add_argument("--seed", type=int, help="seed of the first round (default: the time)")
    parser.add_argument("--kernels", type=int, default=20, help="kernels per program (default 20)")
    parser.add_argument("--rounds", type=int, help="programs to try (default 1, or as many as --seconds allows)")
    parser.add_argument("--seconds", type=float, help="start no round after this many seconds")
    parser.add_argument("--source", nargs="+", help="check these programs (or the .cpp files of these dirs) "
                        "instead of generating")
    parser.add_argument("--keep-dir", help="where to keep a failing program")
    parser.add_argument("--cxx", default="clang++", help="C++ compiler (default clang++)")
    parser.add_argument("--build-type", default="Release", help="CMAKE_BUILD_TYPE (default Release)")
    parser.add_argument("--min-compiled", type=float, default=0.9,
                        help="fraction of kernels that must run compiled (default 0.9)")
    parser.add_argument("--ptxas", help="NVIDIA's ptxas: assemble every kernel's PTX with it")
    args = parser.parse_args()

    harness = Harness(args)
    common = (f"python3 {os.path.relpath(os.path.abspath(__file__))} --build-dir {args.build_dir} "
              f"--work-dir {args.work_dir} --cxx {args.cxx} --build-type {args.build_type} "
              f"--min-compiled {args.min_compiled}" + (f" --ptxas {args.ptxas}" if args.ptxas else ""))
    try:
        if args.source:
            for path in sources(args.source):
                label, reproduce = os.path.basename(path), f"{common} --source {path}"
                with open(path) as source:
                    harness.write(source.read())
                harness.check(label)
            return 0

        seed = args.seed if args.seed is not None else int(time.time())
        rounds = args.rounds if args.rounds is not None else (sys.maxsize if args.seconds else 1)
        print(f"tiled fuzz: first seed {seed}, {args.kernels} kernels per program", flush=True)
        started = time.monotonic()
        for done in range(1, rounds + 1):
            label, reproduce = f"seed-{seed}", f"{common} --seed {seed} --kernels {args.kernels}"
            harness.write(generate.generate(seed, args.kernels))
            harness.check(label)
            seed += 1
            if args.seconds and time.monotonic() - started > args.seconds:
                break
        print(f"tiled fuzz: {done} program(s) of {args.kernels} kernels, fibers and compiled tiles agreed "
              f"[{time.monotonic() - started:.0f} s]")
        return 0
    except Failure as failure:
        print(f"tiled fuzz: {label} FAILED: {failure}", file=sys.stderr)
        if harness.configured:
            print(f"  source: {harness.keep(label)}", file=sys.stderr)
        print(f"  reproduce: {reproduce}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
