#!/usr/bin/env python3
"""Writes a C++ AMP program of random tiled kernels (tests/tiled_fuzz/README.md).

    generate.py --seed S --kernels K [--output FILE]

The same seed always gives the same program. Each kernel is valid C++ AMP by construction, so
that any run of it has one result: all work-items of a tile reach the same barriers in the same
order (barriers only under tile-uniform control flow), and no two work-items race on
tile_static or global memory (the generator tracks, per tile_static array, whether the current
barrier interval reads other work-items' slots or writes the work-item's own slot, and puts a
barrier in between when a statement needs the other). The program prints one line per kernel:

    kernel <n>: <checksum of its outputs> <compiled|fibers>

where the last word is the path its launch took (ample::detail::cpu::tiled_launches()).
"""

import argparse
import random
import sys

# Tile shapes by rank, powers of two so that `local ^ m` stays inside the tile.
TILES = {1: [(4,), (8,), (16,), (32,), (64,)],
         2: [(4, 4), (8, 8), (16, 16), (8, 16), (4, 8)],
         3: [(2, 4, 4), (4, 4, 4), (2, 2, 8), (4, 2, 8)]}
# Names of the local coordinates by rank (the last dimension varies fastest).
LOCAL_NAMES = {1: ["lx"], 2: ["ly", "lx"], 3: ["lz", "ly", "lx"]}
# Elements of the private (per work-item) array.
PRIVATE_SIZE = 4
# Binary operators of the random expressions: all on unsigned, so wrap-around is defined and
# both paths compute bit-identical results.
OPERATORS = ["+", "-", "*", "^", "&", "|"]
MAX_NESTING = 3
# Element types of the exchange arrays: mostly unsigned, sometimes a short vector whose
# components are written one at a time or through swizzles (stores the vectoriser groups), or
# a floating-point type (elements of other widths, conversions both ways).
ELEMENTS = ["unsigned", "unsigned", "unsigned", "uint_2", "uint_4", "float", "double"]
COMPONENTS = {"uint_2": "xy", "uint_4": "xyzw"}
# A floating-point element holds values below 2^16, or half its old value plus one (so below
# 2^17 however often that repeats): exact in a double (halving is exact in a float too, the
# rounding of the sum the same on both paths), and converting it back to unsigned is defined.
FLOATING_MASK = "65535u"
# The operations of the tile's histogram, each with the value it starts from. One operation per
# kernel: updates of one kind commute, so the order the work-items run in does not matter.
HISTOGRAM_OPS = {"add": "0u", "sub": "0u", "xor": "0u", "or": "0u", "and": "~0u", "max": "0u",
                 "min": "~0u", "inc": "0u", "dec": "0u", "compare_exchange_max": "0u"}
# Which modes of a barrier interval exclude each other on one tile_static array: "R" reads
# another work-item's slot, "W" writes the work-item's own, "A" updates any slot atomically.
CONFLICTS = {"R": {"W", "A"}, "W": {"R", "A"}, "A": {"R", "W"}}


class Variable:
    """A variable of the kernel. uniform: the same for all work-items of a tile. mutable: a
    uniform variable that uniform statements may assign."""

    def __init__(self, name, uniform, mutable=False):
        self.name = name
        self.uniform = uniform
        self.mutable = mutable
        self.used = False


class TileState:
    """What the current barrier interval did to each tile_static array.

    modes[a] holds "R" when some work-item read another's slot of a since the last barrier,
    "W" when some work-item wrote its own slot, "A" when some work-item updated a slot
    atomically: two modes that CONFLICTS pairs in one interval would be a race.
    initialized holds the arrays whose every slot has been written, so that reading another
    work-item's slot never reads memory no work-item wrote.
    """

    def __init__(self, arrays, initialized=(), modes=None):
        self.arrays = list(arrays)
        self.initialized = set(initialized)
        self.modes = modes if modes is not None else {a: set() for a in self.arrays}

    def copy(self):
        return TileState(self.arrays, self.initialized, {a: set(m) for a, m in self.modes.items()})

    def barrier(self):
        for modes in self.modes.values():
            modes.clear()

    @staticmethod
    def merge(states):
        """merge() is what holds after any of `states` (the ways into a join point)."""
        merged = states[0].copy()
        for state in states[1:]:
            merged.initialized &= state.initialized
            for array, modes in state.modes.items():
                merged.modes[array] |= modes
        return merged

    def unknown_loop_head(self):
        """unknown_loop_head() is a conservative state at the head of a loop: the body's end
        (not generated yet) may have accessed every array in every mode."""
        head = self.copy()
        for modes in head.modes.values():
            modes.update("RWA")
        return head


class KernelWriter:
    """Writes one random kernel as a function `unsigned kernel_<n>()` returning a checksum."""

    def __init__(self, rng, number):
        self.rng = rng
        self.number = number
        # Rank 3 less often: most tiled kernels in use are of rank 1 or 2.
        self.rank = rng.choice([1, 1, 2, 2, 3])
        self.tile = rng.choice(TILES[self.rank])
        self.names = LOCAL_NAMES[self.rank]
        self.tiles = tuple(rng.randint(1, 3) for _ in self.tile)
        self.extent = tuple(t * n for t, n in zip(self.tile, self.tiles))
        self.items = 1
        for t in self.tile:
            self.items *= t
        # Captured uniform values (kernel_params[n][i]); small, so loops stay short.
        self.params = [rng.randint(0, 4) for _ in range(3)]
        self.capture_names = ["a", "b", "c"]
        self.captures = [Variable(name, True) for name in self.capture_names]
        # Tile_static arrays: shaped like the tile for exchanges, flat for reductions.
        self.exchange_arrays = ["s0", "s1"]
        self.element = {a: rng.choice(ELEMENTS) for a in self.exchange_arrays}
        # A padded last dimension, as the transpose seeds pad theirs against bank conflicts.
        self.padded = {a: rng.random() < 0.25 for a in self.exchange_arrays}
        self.reduction_array = "r"
        # A histogram the work-items update atomically at computed slots (shared-memory
        # histograms, counters of a tile).
        self.histogram = "h"
        self.histogram_size = rng.choice([4, 8]) if self.items >= 8 else 4
        self.histogram_op = rng.choice(sorted(HISTOGRAM_OPS))
        # A tile_static scalar one work-item writes and all read (a broadcast).
        self.broadcast = "bc"
        # The output is tracked like a tile_static array too: a work-item writes and reads its
        # own element, and all read the element at the tile's origin between barriers.
        self.output = "out"
        # Some barriers wait on a copy of t.barrier (a work-item's own object).
        self.uses_barrier_copy = False
        # A private array indexed by computed values: work-item memory, not registers.
        self.private = rng.random() < 0.5
        # Sometimes of uint_2: each access a component, the stores the vectoriser groups by
        # member as well as by element.
        self.private_vector = rng.random() < 0.4
        self.private_used = False
        self.used_arrays = set()
        self.uses_counter = False
        self.features = set()
        self.lines = []
        self.indent = 0
        self.scopes = []
        self.next_name = 0
        self.nesting = 0
        # Per enclosing uniform loop, the states at its breaks and continues: both reach the
        # code after the loop (a continue through the loop's test).
        self.exit_states = []

    # ---- output -----------------------------------------------------------------------------

    def emit(self, line):
        self.lines.append("  " * self.indent + line)

    def fresh(self, prefix):
        self.next_name += 1
        return f"{prefix}{self.next_name}"

    def open_scope(self):
        self.scopes.append([])

    def close_scope(self):
        """close_scope() folds the scope's unread temporaries into acc (no unused variables,
        and their values reach the output)."""
        for variable in self.scopes.pop():
            if not variable.used:
                self.emit(f"acc += {variable.name};")

    def declare(self, uniform, expression, mutable=False):
        variable = Variable(self.fresh("u" if uniform else "v"), uniform, mutable)
        qualifier = "const unsigned" if uniform and not mutable else "unsigned"
        self.emit(f"{qualifier} {variable.name} = {expression};")
        self.scopes[-1].append(variable)
        return variable

    # ---- coordinates ------------------------------------------------------------------------

    def local(self, dim):
        """local(d) is the work-item's local coordinate d, as the variable set at the kernel's
        start (a value computed before every barrier) or read from t.local again."""
        if self.rng.random() < 0.6:
            return self.names[dim]
        return f"unsigned(t.local[{dim}])"

    def own_slot(self, array):
        if array == self.output:
            return "[t.global]"
        if array == self.reduction_array:
            return "[f]"
        return "".join(f"[{name}]" for name in self.names)

    def other_slot(self, state, array):
        """other_slot() indexes another work-item's slot: mirrored, rotated, xor-ed or
        transposed coordinates, or computed from any value (reads never race with reads)."""
        if array == self.reduction_array:
            return f"[{self.permuted(state, 'f', self.items)}]"
        if array == self.histogram:
            return f"[({self.expression(state, False, 1)}) % {self.histogram_size}u]"
        if self.rank == 2 and self.tile[0] == self.tile[1] and self.rng.random() < 0.25:
            return "[lx][ly]"
        return "".join(f"[{self.permuted(state, name, size)}]" for name, size in zip(self.names, self.tile))

    def permuted(self, state, coordinate, size):
        kind = self.rng.choice(["mirror", "rotate", "xor", "computed"])
        if kind == "mirror":
            return f"{size - 1}u - {coordinate}"
        if kind == "rotate":
            return f"({coordinate} + {self.rng.randint(1, size - 1)}u) % {size}u"
        if kind == "xor":
            return f"{coordinate} ^ {self.rng.randint(0, size - 1)}u"
        return f"{self.expression(state, False, 1)} % {size}u"

    # ---- expressions ------------------------------------------------------------------------

    def variables(self, uniform_only):
        found = [v for v in self.captures]
        for scope in self.scopes:
            found.extend(v for v in scope if v.uniform or not uniform_only)
        return found

    def uniform_leaf(self):
        """uniform_leaf() is a value that every work-item of the tile has the same: a constant,
        a capture, the tile's position, a uniform temporary or loop counter, or an input
        element at a uniform index."""
        choice = self.rng.randrange(5)
        if choice == 0:
            return f"{self.rng.randint(0, 9)}u"
        if choice == 1:
            return f"unsigned(t.tile[{self.rng.randrange(self.rank)}])"
        if choice == 2:
            return "unsigned(in[t.tile_origin])"
        variable = self.rng.choice(self.variables(uniform_only=True))
        variable.used = True
        return variable.name

    def private_element(self, state, whole=False):
        """private_element() is an element of the private array at a constant or computed index;
        of a uint_2 array, a component of it unless `whole`."""
        self.private_used = True
        if self.rng.random() < 0.3:
            element = f"priv[{self.rng.randrange(PRIVATE_SIZE)}]"
        else:
            element = f"priv[({self.expression(state, False, 1)}) % {PRIVATE_SIZE}u]"
        if self.private_vector and not whole:
            return f"{element}.{self.rng.choice('xy')}"
        return element

    def varying_leaf(self, state):
        choice = self.rng.randrange(8)
        if choice == 7 and self.private:
            return self.private_element(state)
        if choice == 0:
            return "acc"
        if choice == 1:
            return self.local(self.rng.randrange(self.rank))
        if choice == 2:
            return "unsigned(in[t.global])"
        if choice == 3:
            return self.input_elsewhere()
        if choice == 4:
            # The histogram has no slot of a work-item's own: others may update any slot.
            own = [a for a in self.used_arrays
                   if a in state.initialized and a not in (self.broadcast, self.histogram)]
            if self.rng.random() < 0.3:
                self.features.add("own output read")
                return "unsigned(out[t.global])"
            if own:
                array = self.rng.choice(sorted(own))
                self.features.add("own tile_static slot read")
                return self.element_read(array, self.own_slot(array))
        variable = self.rng.choice(self.variables(uniform_only=False))
        variable.used = True
        return variable.name

    def input_elsewhere(self):
        """input_elsewhere() reads the input at another work-item's index (read-only memory:
        no race)."""
        coordinates = [f"int((unsigned(t.global[{d}]) + {self.rng.randint(1, 50)}u) % {size}u)"
                       for d, size in enumerate(self.extent)]
        return f"unsigned(in({', '.join(coordinates)}))"

    def expression(self, state, uniform, depth=0):
        """expression() is a random unsigned expression; uniform: from uniform values only."""
        if depth >= 2 or self.rng.random() < 0.3:
            if uniform or self.rng.random() < 0.3:
                return self.uniform_leaf()
            return self.varying_leaf(state)
        kind = self.rng.randrange(10)
        left = self.expression(state, uniform, depth + 1)
        if kind < 6:
            right = self.expression(state, uniform, depth + 1)
            return f"({left} {self.rng.choice(OPERATORS)} {right})"
        if kind < 8:
            return f"({left} {self.rng.choice(['>>', '<<'])} {self.rng.randint(1, 5)}u)"
        condition = self.condition(state, uniform, depth + 1)
        right = self.expression(state, uniform, depth + 1)
        return f"({condition} ? {left} : {right})"

    def condition(self, state, uniform, depth=0):
        left = self.expression(state, uniform, depth + 1)
        if self.rng.random() < 0.5:
            return f"(({left}) & {self.rng.choice([1, 2, 4])}u) != 0u"
        return f"({left}) % {self.rng.randint(2, 5)}u == {self.rng.randint(0, 1)}u"

    def uniform_condition(self, state):
        """uniform_condition() is tile-uniform and (through the tile's position) differs
        between tiles, so that tiles take different ways; sometimes it reads tile_static at a
        uniform index, which all work-items see the same after a barrier."""
        readable = [a for a in sorted(self.used_arrays) + [self.output]
                    if a in state.initialized and not state.modes[a] & CONFLICTS["R"]]
        if readable and self.rng.random() < 0.25:
            array = self.rng.choice(readable)
            state.modes[array].add("R")
            self.features.add("uniform branch on a value in memory")
            if array == self.output:
                return f"(unsigned(out[t.tile_origin]) & 1u) == {self.rng.randint(0, 1)}u"
            if array == self.broadcast:
                index = ""
            elif array in (self.reduction_array, self.histogram):
                index = "[0]"
            else:
                index = "[0]" * self.rank
            return f"({self.element_read(array, index)} & 1u) == {self.rng.randint(0, 1)}u"
        tile = f"unsigned(t.tile[{self.rng.randrange(self.rank)}])"
        return f"(({tile} + {self.expression(state, True, 1)}) & 1u) == {self.rng.randint(0, 1)}u"

    # ---- tile_static accesses ---------------------------------------------------------------

    def barrier(self, state):
        """barrier() waits: mostly t.barrier.wait(), sometimes another spelling (the fences
        that order tile_static memory) or a copy of the barrier."""
        barrier = "t.barrier"
        if self.rng.random() < 0.15:
            self.uses_barrier_copy = True
            self.features.add("barrier copy")
            barrier = "barrier"
        method = self.rng.choice(["wait"] * 4 + ["wait_with_all_memory_fence", "wait_with_tile_static_memory_fence"])
        self.emit(f"{barrier}.{method}();")
        state.barrier()

    def can_access(self, state, array, mode, uniform):
        """can_access() says whether `mode` ("R" read another slot, "W" write own slot, "A"
        update atomically) is allowed on `array` now; under uniform control flow it first
        waits at a barrier when the interval already holds a conflicting mode (every work-item
        reaches that barrier)."""
        if mode != "W" and array not in state.initialized:
            return False
        if state.modes[array] & CONFLICTS[mode]:
            if not uniform:
                return False
            self.barrier(state)
        return True

    def write_own(self, state, array, uniform):
        if not self.can_access(state, array, "W", uniform):
            return False
        slot = f"{array}{self.own_slot(array)}"
        if array == self.output:
            self.emit(f"{slot} = int({self.expression(state, False)});")
        elif self.element.get(array) in ("float", "double"):
            self.used_arrays.add(array)
            self.features.add("floating-point slots")
            kind = self.element[array]
            value = f"{kind}(({self.expression(state, False)}) & {FLOATING_MASK})"
            # Its old value only where the own slot holds one (every slot was written).
            if array in state.initialized and self.rng.random() < 0.5:
                value = f"{slot} * {'0.5f' if kind == 'float' else '0.5'} + {value}"
            self.emit(f"{slot} = {value};")
        elif self.element.get(array, "unsigned") != "unsigned":
            self.used_arrays.add(array)
            self.write_vector(state, array, slot)
        else:
            self.used_arrays.add(array)
            value = self.expression(state, False)
            # slot = slot would draw -Wself-assign.
            self.emit(f"{slot} {'+=' if value == slot else '='} {value};")
        state.modes[array].add("W")
        if uniform:
            state.initialized.add(array)
        return True

    def read_other(self, state, array, uniform):
        if not self.can_access(state, array, "R", uniform):
            return False
        op = self.rng.choice(["+=", "^=", "-="])
        value = self.element_read(array, self.other_slot(state, array))
        self.emit(f"acc {op} {value} * {self.rng.choice([1, 3, 5, 7])}u;")
        state.modes[array].add("R")
        return True

    def element_read(self, array, slot):
        """element_read() is an unsigned read of `array`'s element at `slot`: the element, or of
        a short vector a component, a component of a swizzle, or the sum of two components."""
        kind = self.element.get(array, "unsigned")
        if kind == "unsigned":
            return f"{array}{slot}"
        if kind in ("float", "double"):
            return f"unsigned({array}{slot})"
        components = COMPONENTS[kind]
        choice = self.rng.randrange(3)
        if choice == 0:
            return f"{array}{slot}.{self.rng.choice(components)}"
        if choice == 1:
            self.features.add("short vector swizzle read")
            swizzle = "".join(self.rng.sample(components, 2))
            return f"uint_2({array}{slot}.{swizzle}).{self.rng.choice('xy')}"
        first, second = self.rng.sample(components, 2)
        return f"({array}{slot}.{first} + {array}{slot}.{second})"

    def write_vector(self, state, array, slot):
        """write_vector() writes the work-item's own short vector at `slot`: whole while the
        array may hold slots no work-item wrote (so that no read sees a component never
        written), afterwards also one component, a swizzle or a compound assignment."""
        kind = self.element[array]
        components = COMPONENTS[kind]
        self.features.add("short vector slots")
        choice = self.rng.randrange(4) if array in state.initialized else 0
        if choice == 0:
            values = ", ".join(self.expression(state, False, 1) for _ in components)
            self.emit(f"{slot} = {kind}({values});")
        elif choice == 1:
            self.emit(f"{slot}.{self.rng.choice(components)} = {self.expression(state, False)};")
        elif choice == 2:
            self.features.add("short vector swizzle write")
            swizzle = "".join(self.rng.sample(components, 2))
            values = ", ".join(self.expression(state, False, 1) for _ in range(2))
            self.emit(f"{slot}.{swizzle} = uint_2({values});")
        else:
            self.emit(f"{slot} {self.rng.choice(['+=', '^=', '*='])} {self.expression(state, False, 1)};")

    # ---- statements -------------------------------------------------------------------------

    def block(self, state, uniform, budget, loop):
        """block() writes up to `budget` statements into a new scope and returns the state at
        its end."""
        self.open_scope()
        for _ in range(budget):
            state = self.statement(state, uniform, loop)
        self.close_scope()
        return state

    def nested_block(self, state, uniform, loop, extra=(), exchange_first=False):
        """nested_block() writes a block one level deeper, with `extra` variables in scope.
        exchange_first: often start it with an exchange, so that most uniform branches and
        loops hold a barrier."""
        self.indent += 1
        self.nesting += 1
        self.scopes.append(list(extra))
        if exchange_first and self.rng.random() < 0.6:
            state = self.stmt_exchange(state, uniform, loop)
        state = self.block(state, uniform, self.rng.randint(1, 3), loop)
        self.scopes.pop()
        self.nesting -= 1
        self.indent -= 1
        return state

    def statement(self, state, uniform, loop):
        """statement() writes one random statement and returns the tile state after it.
        uniform: all work-items of the tile run it (barriers allowed). loop: inside a uniform
        loop, not inside a switch (where break would leave the switch)."""
        nested = self.nesting < MAX_NESTING
        choices = [("assign", 4), ("temporary", 2), ("atomic", 1), ("tile_write", 2), ("tile_read", 2),
                   ("output_write", 1), ("private_write", 2 if self.private else 0),
                   ("divergent_if", 2 if nested else 0), ("divergent_loop", 1 if nested else 0),
                   ("strided_loop", 1), ("tile_atomic", 2)]
        if uniform:
            choices += [("barrier", 1), ("exchange", 4), ("exchange_call", 1), ("reduction", 1),
                        ("strided_reduction", 1), ("broadcast", 1), ("histogram_clear", 1),
                        ("uniform_temporary", 2), ("uniform_update", 2),
                        ("uniform_if", 3 if nested else 0), ("uniform_loop", 3 if nested else 0),
                        ("uniform_do_while", 1 if nested else 0), ("uniform_switch", 1 if nested else 0),
                        ("uniform_return", 1)]
            if loop:
                choices += [("uniform_break", 1), ("uniform_continue", 1)]
        names = [name for name, weight in choices for _ in range(weight)]
        return getattr(self, "stmt_" + self.rng.choice(names))(state, uniform, loop)

    def stmt_barrier(self, state, uniform, loop):
        """A barrier of its own: two in a row, one first or last in a branch or loop."""
        self.barrier(state)
        return state

    def stmt_assign(self, state, uniform, loop):
        value = self.expression(state, False)
        # acc = acc would draw -Wself-assign.
        self.emit(f"acc {'+=' if value == 'acc' else '='} {value};")
        return state

    def stmt_temporary(self, state, uniform, loop):
        self.declare(False, self.expression(state, False))
        return state

    def stmt_uniform_temporary(self, state, uniform, loop):
        self.declare(True, self.expression(state, True), mutable=self.rng.random() < 0.5)
        return state

    def stmt_uniform_update(self, state, uniform, loop):
        """Assigns a uniform variable (uniform control flow, uniform value): it stays uniform,
        while it changes from one barrier interval or loop iteration to the next."""
        mutable = [v for v in self.variables(uniform_only=True) if v.mutable]
        if not mutable:
            return self.stmt_uniform_temporary(state, uniform, loop)
        variable = self.rng.choice(mutable)
        self.features.add("uniform variable assigned")
        self.emit(f"{variable.name} = {self.expression(state, True)};")
        return state

    def stmt_exchange_call(self, state, uniform, loop):
        """exchange() of the prelude: barriers inside a called function (which takes an
        unpadded array of unsigned)."""
        plain = [a for a in self.exchange_arrays if self.element[a] == "unsigned" and not self.padded[a]]
        if not plain:
            return self.stmt_exchange(state, uniform, loop)
        array = self.rng.choice(plain)
        self.can_access(state, array, "W", True)
        self.used_arrays.add(array)
        self.features.add("barriers in a called function")
        self.emit(f"acc ^= exchange(t, {array}, {self.expression(state, False)}, {self.expression(state, False, 1)});")
        state.barrier()
        state.initialized.add(array)
        return state

    def stmt_broadcast(self, state, uniform, loop):
        """One work-item writes a tile_static scalar (or its output element at the tile's
        origin), all read it after a barrier: a uniform value that uniform branches and loop
        bounds may use."""
        if self.rng.random() < 0.3:
            array, writer, read = self.output, "f == 0u", "unsigned(out[t.tile_origin])"
            self.features.add("broadcast through global memory")
        else:
            array, writer, read = self.broadcast, f"f == {self.rng.randrange(self.items)}u", self.broadcast
            self.used_arrays.add(array)
            self.features.add("broadcast")
        self.can_access(state, array, "W", True)
        value = self.expression(state, False)
        self.emit(f"if ({writer}) {array}{self.own_slot(array) if array == self.output else ''} = {value};")
        self.barrier(state)
        state.initialized.add(array)
        state.modes[array].add("R")
        self.declare(True, f"{read} % 5u")
        return state

    def stmt_atomic(self, state, uniform, loop):
        # Only the final counts are observed: the old values returned depend on the order in
        # which work-items run, which differs between fibers and compiled tiles.
        self.uses_counter = True
        self.features.add("atomic_fetch_add")
        self.emit(f"atomic_fetch_add(&counter[int(acc % 4u)], int({self.expression(state, False)} & 255u));")
        return state

    def stmt_histogram_clear(self, state, uniform, loop):
        """Sets every slot of the histogram to its operation's start value, one work-item per
        slot (a tile has at least as many work-items as the histogram slots)."""
        array = self.histogram
        self.can_access(state, array, "W", True)
        self.used_arrays.add(array)
        self.features.add("tile_static histogram")
        self.emit(f"if (f < {self.histogram_size}u) {array}[f] = {HISTOGRAM_OPS[self.histogram_op]};")
        state.modes[array].add("W")
        state.initialized.add(array)
        return state

    def stmt_tile_atomic(self, state, uniform, loop):
        """Updates a computed slot of the histogram atomically: any work-item, any slot, under
        any control flow. As with the global counter, old values returned are never used."""
        array = self.histogram
        if array not in state.initialized:
            return self.stmt_histogram_clear(state, uniform, loop) if uniform else state
        if not self.can_access(state, array, "A", uniform):
            return state
        slot = f"&{array}[({self.expression(state, False, 1)}) % {self.histogram_size}u]"
        value = self.expression(state, False, 1)
        op = self.histogram_op
        self.features.add("tile_static atomic")
        if op in ("inc", "dec"):
            self.emit(f"atomic_fetch_{op}({slot});")
        elif op == "compare_exchange_max":
            # The loop every GPU programmer writes for an operation the hardware lacks: retry
            # until the slot held what this work-item last saw.
            self.features.add("tile_static compare-exchange loop")
            target, seen, wanted = self.fresh("p"), self.fresh("seen"), self.fresh("want")
            self.emit("{")
            self.emit(f"  unsigned* const {target} = {slot};")
            self.emit(f"  const unsigned {wanted} = {value};")
            self.emit(f"  unsigned {seen} = 0u;")
            larger = f"{seen} > {wanted} ? {seen} : {wanted}"
            self.emit(f"  while (!atomic_compare_exchange({target}, &{seen}, {larger})) {{")
            self.emit("  }")
            self.emit("}")
        else:
            self.emit(f"atomic_fetch_{op}({slot}, {value});")
        state.modes[array].add("A")
        return state

    def stmt_tile_write(self, state, uniform, loop):
        if self.write_own(state, self.rng.choice(self.exchange_arrays), uniform) and not uniform:
            self.features.add("tile_static write under divergence")
        return state

    def stmt_private_write(self, state, uniform, loop):
        self.features.add("private array")
        if self.private_vector:
            self.features.add("private array of short vectors")
            choice = self.rng.randrange(3)
            if choice == 1:
                values = ", ".join(self.expression(state, False, 1) for _ in range(2))
                self.emit(f"{self.private_element(state, whole=True)} = uint_2({values});")
                return state
            if choice == 2:
                values = ", ".join(self.expression(state, False, 1) for _ in range(2))
                self.emit(f"{self.private_element(state, whole=True)}.yx = uint_2({values});")
                return state
        self.emit(f"{self.private_element(state)} = {self.expression(state, False)};")
        return state

    def stmt_output_write(self, state, uniform, loop):
        if self.write_own(state, self.output, uniform):
            self.features.add("output written before the end")
        return state

    def stmt_tile_read(self, state, uniform, loop):
        arrays = self.exchange_arrays + [self.reduction_array, self.histogram]
        if self.read_other(state, self.rng.choice(arrays), uniform):
            self.features.add("tile_static read" + ("" if uniform else " under divergence"))
        return state

    def stmt_exchange(self, state, uniform, loop):
        """Write own slot, barrier, read another work-item's slot."""
        array = self.rng.choice(self.exchange_arrays)
        self.features.add("exchange")
        self.write_own(state, array, True)
        self.barrier(state)
        self.read_other(state, array, True)
        return state

    def stmt_reduction(self, state, uniform, loop):
        """A tree reduction of acc over the tile through tile_static, a barrier per step."""
        array = self.reduction_array
        self.can_access(state, array, "W", True)
        self.used_arrays.add(array)
        self.features.add("tree reduction")
        step = self.fresh("s")
        self.emit(f"{array}[f] = acc & 65535u;")
        self.barrier(state)
        self.emit(f"for (unsigned {step} = {self.items // 2}u; {step} > 0u; {step} /= 2u) {{")
        self.emit(f"  if (f < {step}) {array}[f] += {array}[f + {step}];")
        self.emit("  t.barrier.wait();")
        self.emit("}")
        self.emit(f"acc += {array}[0];")
        state.initialized.add(array)
        state.modes[array].add("R")
        return state

    def stmt_strided_reduction(self, state, uniform, loop):
        """A tree reduction with interleaved addressing, its steps written out with constant
        strides: each step's guard is the index it computes, `2 * s * f + s < N` or (a scan's
        up-sweep) `(f + 1) * 2 * s - 1 < N`, a condition of the work-item that the pass counts
        at compile time."""
        array = self.reduction_array
        self.can_access(state, array, "W", True)
        self.used_arrays.add(array)
        self.features.add("strided tree reduction")
        up_sweep = self.rng.random() < 0.5
        self.emit(f"{array}[f] = acc & 65535u;")
        stride = 1
        while stride < self.items:
            self.barrier(state)
            index = self.fresh("i")
            if up_sweep:
                self.emit(f"if (const unsigned {index} = (f + 1u) * {2 * stride}u - 1u; {index} < {self.items}u) "
                          f"{array}[{index}] += {array}[{index} - {stride}u];")
            else:
                self.emit(f"if (const unsigned {index} = 2u * {stride}u * f; {index} + {stride}u < {self.items}u) "
                          f"{array}[{index}] += {array}[{index} + {stride}u];")
            stride *= 2
        self.barrier(state)
        self.emit(f"acc += {array}[{self.items - 1 if up_sweep else 0}u];")
        state.initialized.add(array)
        state.modes[array].add("R")
        return state

    def stmt_divergent_if(self, state, uniform, loop):
        """A branch that work-items take different ways; no barrier inside it. The work-items
        of both ways run in the same barrier interval, so the else arm continues from the
        state after the then arm."""
        self.features.add("divergent branch")
        self.emit(f"if ({self.condition(state, False)}) {{")
        after = self.nested_block(state.copy(), False, loop=False)
        if self.rng.random() < 0.5:
            self.emit("} else {")
            after = self.nested_block(after, False, loop=False)
        self.emit("}")
        return TileState.merge([state, after])

    def stmt_divergent_loop(self, state, uniform, loop):
        """A loop whose trip count differs between work-items; no barrier inside it. Without
        barriers the interval's modes only grow, so what was allowed in the first iteration
        stays allowed in the next."""
        self.features.add("divergent loop")
        counter = self.fresh("j")
        coordinate = self.local(self.rng.randrange(self.rank))
        bound = self.rng.choice([coordinate, f"(acc % {self.rng.randint(2, 6)}u)",
                                 f"({coordinate} % {self.rng.randint(2, 7)}u)"])
        last = None
        if self.rng.random() < 0.4:
            # What the last iteration left: the same expression for all, yet each work-item's
            # own value after the loop.
            self.features.add("value of a divergent loop's last iteration")
            last = self.declare(False, self.expression(state, True, 1))
        self.emit(f"for (unsigned {counter} = 0u; {counter} < {bound}; ++{counter}) {{")
        if last:
            self.emit(f"  {last.name} = {counter} * {self.rng.randint(2, 9)}u + {self.uniform_leaf()};")
        if self.rng.random() < 0.3:
            self.features.add("divergent break")
            self.emit(f"  if (((acc ^ {counter}) & 3u) == 0u) break;")
        after = self.nested_block(state.copy(), False, loop=False, extra=[Variable(counter, False)])
        self.emit("}")
        return TileState.merge([state, after])

    def stmt_strided_loop(self, state, uniform, loop):
        """A grid-stride loop of each work-item's own over its row of the input: work-item w
        reads in(.., start + w + k * stride) until the row ends, so neighbouring work-items
        read neighbouring elements, the loop strides, and the trip counts differ between
        work-items (the shape LockstepInnerLoops runs in lockstep). Read-only memory: no race."""
        self.features.add("strided loop")
        counter = self.fresh("j")
        last = self.rank - 1
        # Mostly 2 or 3: loops long enough that LLVM keeps them (it unrolls short ones away).
        stride = self.rng.choice([2, 3, 2, 3, self.tile[last], self.rng.randint(1, 9)])
        start = f"unsigned(t.global[{last}])"
        if self.rng.random() < 0.3:
            start = f"({start} + {self.uniform_leaf()} % 4u)"
        coordinates = [f"t.global[{d}]" for d in range(last)] + [f"int({counter})"]
        self.emit(f"for (unsigned {counter} = {start}; {counter} < {self.extent[last]}u; {counter} += {stride}u) {{")
        self.emit(f"  acc = acc * {self.rng.choice([1, 3, 5])}u + (unsigned(in({', '.join(coordinates)})) ^ {counter});")
        if self.rng.random() < 0.3:
            self.features.add("strided loop break")
            self.emit(f"  if ((acc & 7u) == {self.rng.randint(0, 7)}u) break;")
        self.emit("}")
        return state

    def stmt_uniform_if(self, state, uniform, loop):
        self.features.add("uniform if")
        self.emit(f"if ({self.uniform_condition(state)}) {{")
        ways = [self.nested_block(state.copy(), True, loop, exchange_first=True)]
        if self.rng.random() < 0.7:
            self.features.add("uniform if/else")
            self.emit("} else {")
            ways.append(self.nested_block(state.copy(), True, loop, exchange_first=True))
        else:
            ways.append(state)
        self.emit("}")
        return TileState.merge(ways)

    def stmt_uniform_switch(self, state, uniform, loop):
        self.features.add("uniform switch")
        self.emit(f"switch ({self.expression(state, True, 1)} % 3u) {{")
        ways = []
        for label in ["case 0u:", "case 1u:", "default:"]:
            self.emit(f"{label} {{")
            ways.append(self.nested_block(state.copy(), True, loop=False, exchange_first=True))
            self.emit("  break;")
            self.emit("}")
        self.emit("}")
        return TileState.merge(ways)

    def stmt_uniform_loop(self, state, uniform, loop):
        """A loop with a tile-uniform trip count (a capture, a constant or the tile's position)
        and, usually, barriers inside. The body starts from a conservative state, since its
        end (the state of the next iteration's start) is not known yet; after the loop holds
        what held before it (no iteration), at the body's end, or at a break or continue."""
        self.features.add("uniform loop" + (" (nested)" if loop else ""))
        counter = self.fresh("i")
        capture = self.rng.choice(self.captures)
        bound = self.uniform_bound(state)
        increment = self.rng.choice([f"++{counter}", f"{counter} += 2u"])
        self.emit(f"for (unsigned {counter} = 0u; {counter} < {bound}; {increment}) {{")
        self.exit_states.append([])
        end = self.nested_block(state.unknown_loop_head(), True, loop=True, extra=[Variable(counter, True)],
                                exchange_first=True)
        self.emit("}")
        return TileState.merge([state, end] + self.exit_states.pop())

    def uniform_bound(self, state):
        """uniform_bound() is a small tile-uniform trip count: a capture, a constant, the tile's
        position or a uniform expression (which may read broadcast values)."""
        kind = self.rng.randrange(4)
        if kind == 0:
            capture = self.rng.choice(self.captures)
            capture.used = True
            return capture.name
        if kind == 1:
            return f"{self.rng.randint(1, 3)}u"
        if kind == 2:
            return f"(unsigned(t.tile[{self.rng.randrange(self.rank)}]) % 3u + 1u)"
        return f"({self.expression(state, True, 1)} % 4u)"

    def stmt_uniform_do_while(self, state, uniform, loop):
        """A uniform do-while loop: the test at the end, the body run at least once."""
        self.features.add("uniform do-while")
        counter = Variable(self.fresh("k"), True)
        counter.used = True
        self.emit(f"unsigned {counter.name} = 0u;")
        self.emit("do {")
        self.exit_states.append([])
        end = self.nested_block(state.unknown_loop_head(), True, loop=True, exchange_first=True)
        # The counter joins the scope after its test: the bound must not read it.
        self.emit(f"}} while (++{counter.name} < {self.uniform_bound(end)});")
        self.scopes[-1].append(counter)
        return TileState.merge([state, end] + self.exit_states.pop())

    def stmt_uniform_break(self, state, uniform, loop):
        self.features.add("uniform break")
        self.emit(f"if ({self.uniform_condition(state)}) break;")
        self.exit_states[-1].append(state.copy())
        return state

    def stmt_uniform_continue(self, state, uniform, loop):
        self.features.add("uniform continue")
        self.emit(f"if ({self.uniform_condition(state)}) continue;")
        self.exit_states[-1].append(state.copy())
        return state

    def stmt_uniform_return(self, state, uniform, loop):
        """An early return that all work-items of a tile take, or none."""
        self.features.add("uniform early return")
        # The return writes the output: no reading of the tile's origin element in the same
        # interval, the condition's included (its writer may be the first to return).
        self.can_access(state, self.output, "W", True)
        state.modes[self.output].add("W")
        self.emit(f"if ({self.uniform_condition(state)}) {{")
        self.emit(f"  out[t.global] = int(acc ^ {self.rng.randint(0, 255)}u);")
        self.emit("  return;")
        self.emit("}")
        return state

    # ---- the kernel -------------------------------------------------------------------------

    def body(self):
        """body() writes the lambda's body into self.lines."""
        state = TileState(self.exchange_arrays + [self.reduction_array, self.histogram, self.broadcast, self.output],
                          initialized=[self.output])
        self.indent = 2
        self.open_scope()
        for dim, name in enumerate(self.names):
            self.emit(f"const unsigned {name} = unsigned(t.local[{dim}]);")
        flat = self.names[0]
        for name, size in zip(self.names[1:], self.tile[1:]):
            flat = f"{flat} * {size}u + {name}" if flat == self.names[0] else f"({flat}) * {size}u + {name}"
        self.emit(f"const unsigned f = {flat};")
        self.emit("unsigned acc = unsigned(in[t.global]);")
        declarations = len(self.lines)
        state = self.block(state, True, self.rng.randint(4, 9), loop=False)
        self.can_access(state, self.output, "W", True)
        if self.rng.random() < 0.3:
            # No barrier follows: a work-item may return on its own.
            self.features.add("divergent return after the last barrier")
            self.emit(f"if ({self.condition(state, False)}) {{")
            self.emit("  out[t.global] = int(acc);")
            self.emit("  return;")
            self.emit("}")
        self.emit(f"out[t.global] = int(acc * {self.rng.choice([3, 5, 7, 9])}u + f);")
        self.close_scope()
        if self.private_used:
            if self.private_vector:
                declaration = (f"uint_2 priv[{PRIVATE_SIZE}] = "
                               "{uint_2(acc, f), uint_2(acc ^ f, 7u), uint_2(f, 1u), uint_2(acc, 3u)};")
            else:
                declaration = f"unsigned priv[{PRIVATE_SIZE}] = {{acc, f, acc ^ f, 7u}};"
            self.lines.insert(declarations, "  " * self.indent + declaration)

    def write(self):
        """write() returns the lines of the function kernel_<n>()."""
        self.body()
        if any(self.padded[a] for a in self.used_arrays if a in self.padded):
            self.features.add("padded tile_static")
        shape = ", ".join(str(e) for e in self.extent)
        tile = ", ".join(str(t) for t in self.tile)
        lines = [f"// kernel {self.number}: tile {tile}, extent {shape}; {', '.join(sorted(self.features))}",
                 f"[[gnu::noinline]] unsigned kernel_{self.number}() {{"]
        if any(v.used for v in self.captures):
            lines.append(f"  const int* const p = kernel_params[{self.number}];")
        for index, variable in enumerate(self.captures):
            if variable.used:
                lines.append(f"  const unsigned {variable.name} = unsigned(p[{index}]);")
        size = " * ".join(str(e) for e in self.extent)
        lines += [f"  std::vector<int> input = make_input({size}, {self.number});",
                  f"  std::vector<int> output = make_output({size}, {self.number});",
                  "  std::vector<int> counts(4, 0);",
                  f"  array_view<const int, {self.rank}> in({shape}, input);",
                  f"  array_view<int, {self.rank}> out({shape}, output);"]
        if self.uses_counter:
            lines.append("  array_view<int, 1> counter(4, counts);")
        lines.append(f"  parallel_for_each(out.extent.tile<{tile}>(), [=](tiled_index<{tile}> t) restrict(amp) {{")
        if self.uses_barrier_copy:
            lines.append("    const tile_barrier barrier = t.barrier;")
        for array in sorted(self.used_arrays):
            if array == self.broadcast:
                lines.append(f"    tile_static unsigned {array};")
            elif array == self.reduction_array:
                lines.append(f"    tile_static unsigned {array}[{self.items}];")
            elif array == self.histogram:
                lines.append(f"    tile_static unsigned {array}[{self.histogram_size}];  // {self.histogram_op}")
            else:
                shape = list(self.tile)
                if self.padded[array]:
                    shape[-1] += 1
                lines.append(f"    tile_static {self.element[array]} {array}{''.join(f'[{t}]' for t in shape)};")
        lines += self.lines
        lines += ["  });",
                  "  out.synchronize();"]
        if self.uses_counter:
            lines.append("  counter.synchronize();")
        lines += ["  return checksum(output) * 31u + checksum(counts);",
                  "}",
                  ""]
        return lines


PRELUDE = """\
// Generated by tests/tiled_fuzz/generate.py --seed {seed} --kernels {kernels}: random tiled
// kernels, each valid C++ AMP, so that fibers (AMPLE_TILED=fibers) and compiled tiles must print
// the same checksums. Do not edit; regenerate.
#include "tiled_fuzz_support.hpp"

using namespace concurrency;
using namespace concurrency::graphics;

// The captured values of each kernel, read through a global the compiler cannot fold.
int kernel_params[{kernels}][3] = {{
{params}
}};
"""


def generate(seed, kernels):
    """generate() returns the program's text for `seed` and `kernels`."""
    rng = random.Random(seed)
    writers = [KernelWriter(rng, n) for n in range(kernels)]
    bodies = [line for writer in writers for line in writer.write()]
    params = ",\n".join("    {%s}" % ", ".join(str(p) for p in w.params) for w in writers)
    main = ["int main() {"] + [f"  report({n}, kernel_{n});" for n in range(kernels)] + ["}", ""]
    return PRELUDE.format(seed=seed, kernels=kernels, params=params) + "\n" + "\n".join(bodies + main)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--kernels", type=int, required=True)
    parser.add_argument("--output", help="file to write (default: standard output)")
    args = parser.parse_args()
    text = generate(args.seed, args.kernels)
    if args.output:
        with open(args.output, "w") as out:
            out.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
