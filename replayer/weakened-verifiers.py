#!/usr/bin/env python3
"""Checks that DumpReplayFuzzTest.edit's kept inputs catch six weakened verifiers.

The edit target's property (a dump changed only in what replay is compared against never
replays as bit-exact) is only as good as the inputs that reach each comparison. This script
clones the repository, weakens the verifier one way at a time, and runs the target's kept
inputs in regression mode (no fuzzing): every weakened build must fail, the build as it is must
pass. Run it after adding or changing a seed dump: a new seed changes which dump an input picks,
so an input may stop reaching the comparison it was kept for (docs/testing.md, "Fuzzing",
stop 54). It needs git, Maven with the project's dependencies, and about a minute a build.

    replayer/weakened-verifiers.py            # from the repository's root, on HEAD
"""
import pathlib
import subprocess
import sys
import tempfile

SC = "replayer/src/main/java/org/fdrsim/replayer/StateComparison.java"
MC = "replayer/src/main/java/org/fdrsim/replayer/MemoryComparison.java"
VP = "replayer/src/main/java/org/fdrsim/replayer/ValidationProbe.java"

# name -> (file, text as it is, weakened text)
WEAKENINGS = {
    "a final state's r1-r15 not compared": (SC,
        "            if (want.register(r) != got.register(r)) {",
        "            if (!(withIcAndState && r < 16) && want.register(r) != got.register(r)) {"),
    "a checkpoint's CSRs not compared": (SC,
        "            if (want.csr(csr) != got.csr(csr)) {",
        "            if (withIcAndState && want.csr(csr) != got.csr(csr)) {"),
    "a memory difference first found at an odd word not reported": (MC,
        "            if (d >= 0) {",
        "            if (d >= 0 && (d / 8) % 2 == 0) {"),
    "a page's upper half not compared": (MC,
        "            if (d >= 0) {",
        "            if (d >= 0 && d - base < 2048) {"),
    "state hashes not compared": (VP,
        "            if (got != want.hash()) {",
        "            if (false && got != want.hash()) {"),
    "a device store's value not compared": (VP,
        "        if (!want.equals(got)) {",
        "        if (want.ic() != got.ic() || want.address() != got.address()) {"),
}

TEST = ["mvn", "-B", "-q", "-o", "test", "-pl", "replayer", "-am", "-Dtest=DumpReplayFuzzTest#edit",
        "-Dsurefire.failIfNoSpecifiedTests=false"]


def passes(clone):
    return subprocess.run(TEST, cwd=clone, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0


def main():
    root = pathlib.Path(subprocess.check_output(["git", "rev-parse", "--show-toplevel"], text=True).strip())
    with tempfile.TemporaryDirectory(prefix="weakened-") as scratch:
        clone = pathlib.Path(scratch) / "fdrsim"
        subprocess.run(["git", "clone", "-q", str(root), str(clone)], check=True)
        wrong = 0
        for name, (path, sound, weak) in WEAKENINGS.items():
            file = clone / path
            text = file.read_text()
            if text.count(sound) != 1:
                print(f"cannot weaken ({name}): {path} no longer holds the line once; update this script")
                return 2
            file.write_text(text.replace(sound, weak))
            caught = not passes(clone)
            file.write_text(text)
            print(f"{'caught' if caught else 'MISSED'}: {name}")
            wrong += not caught
        sound_passes = passes(clone)
        print(f"{'passes' if sound_passes else 'FAILS'}: the verifier as it is")
        return 0 if wrong == 0 and sound_passes else 1


if __name__ == "__main__":
    sys.exit(main())
