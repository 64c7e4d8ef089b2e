# lit configuration of the compiled-barrier pass's IR tests and of the restriction checker's
# diagnostic tests (restrict/). An IR test is a C++ kernel run through Clang's front end only,
# then through the passes with opt, and checked with FileCheck. A checker test is a C++ file
# compiled with the checker loaded under -verify: every diagnostic Clang emits must be one its
# `expected-error {{...}}` / `expected-note {{...}}` comments name, and each must appear.
import os

import lit.formats

config.name = "ample-compiled-barriers-llvm" + config.llvm_major
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.exec_root

# The passes in the order Pipeline.cpp runs them at the pipeline's start.
pipeline = ("ample-clone-tile-bodies,ample-inline-barrier-paths,function(ample-simplify-tile-clones,"
            "ample-canonicalize-barriers,ample-insert-implicit-barriers,ample-form-work-item-loops,"
            "ample-hoist-launch-object-loads),"
            "ample-privatize-tile-static,ample-bind-compiled-tiles")
front_end = "{clang} {flags} -S -emit-llvm -Xclang -disable-llvm-passes".format(clang=config.clangxx,
                                                                              flags=config.front_end_flags)
# A front end without flags of its own ("%front_end %s -o %t.ll", the line whole) takes the
# headers the build precompiled with these flags (compiler/plugin/CMakeLists.txt); one with
# flags of its own (written before %s) parses them anew, as the flags may change them.
front_end_pch = os.path.join(config.exec_root, "front_end.pch")
if os.path.exists(front_end_pch):
    config.substitutions.append((r"%front_end %s -o %t\.ll$", front_end + " -include-pch " + front_end_pch +
                                 " %s -o %t.ll"))
config.substitutions.append(("%front_end", front_end))
config.substitutions.append(("%ample_passes",
                             "{opt} -load-pass-plugin={plugin} -passes='{pipeline}' "
                             "-pass-remarks-missed=ample-compiled-barriers -S".format(
                                 opt=os.path.join(config.llvm_tools_dir, "opt"), plugin=config.plugin,
                                 pipeline=pipeline)))
# The device-code pass alone, with its remarks (kernels that stay CPU-only).
config.substitutions.append(("%ample_device_code",
                             "{opt} -load-pass-plugin={plugin} -passes=ample-extract-device-code "
                             "-pass-remarks-missed=ample-device-code -S".format(
                                 opt=os.path.join(config.llvm_tools_dir, "opt"), plugin=config.plugin)))
# The whole -O2 pipeline in opt, with the plugin's passes where Clang puts them (value names kept).
config.substitutions.append(("%opt_o2", "{opt} -load-pass-plugin={plugin} -passes='default<O2>' -S".format(
    opt=os.path.join(config.llvm_tools_dir, "opt"), plugin=config.plugin)))
config.substitutions.append(("%full_o2", "{clang} {flags} -fpass-plugin={plugin} -S -emit-llvm".format(
    clang=config.clangxx, flags=config.front_end_flags, plugin=config.plugin)))
# The checker's tests, where this build has the checker for this major.
if config.checker:
    config.substitutions.append(("%clangxx_amp", "{clang} -std=c++20 -I{include} -include ample/restrict.hpp "
                                 "-fplugin={checker}".format(clang=config.clangxx, include=config.ample_include,
                                                            checker=config.checker)))
    # The checker loaded into %front_end, for device code of amp code resolved as Ample's builds resolve it.
    config.substitutions.append(("%load_checker", "-fplugin=" + config.checker))
    config.available_features.add("checker")
else:
    config.excludes.add("restrict")
# The math libraries' bitcode beside the plugin: device code's math functions (DeviceMath.h).
plugin_dir = os.path.dirname(config.plugin)
if os.path.exists(os.path.join(plugin_dir, "nvptx64--nvidiacl.bc")):
    config.available_features.add("libclc")
if os.path.exists(os.path.join(plugin_dir, "libdevice.10.bc")):
    config.available_features.add("libdevice")
config.substitutions.append(("%libdevice", os.path.join(plugin_dir, "libdevice.10.bc")))
config.environment["PATH"] = os.pathsep.join([config.llvm_tools_dir, config.environment.get("PATH", "")])
