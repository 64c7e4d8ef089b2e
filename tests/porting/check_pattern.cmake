# Compiles one porting pattern and checks the outcome its comments promise (cmake -P script):
#   cmake -DCOMPILER=<c++> -DCOMPILER_ID=GNU|Clang -DINCLUDE_DIR=<repo>/include -DMODE=plain|kit
#         -DSOURCE=<pattern.cpp> -P check_pattern.cmake
# A pattern says "// plain: accepted|rejected" and "// kit: ..." (or "// kit-gcc:" and
# "// kit-clang:" where the compilers differ). MODE=kit uses the flags of ample::msvc_compat;
# keep the two lists in step with CMakeLists.txt.
foreach(var COMPILER COMPILER_ID INCLUDE_DIR MODE SOURCE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_pattern.cmake: -D${var}=... is required")
  endif()
endforeach()

if(COMPILER_ID STREQUAL "GNU")
  set(kit_id gcc)
  set(kit_flags -fpermissive -fms-extensions)
else()
  set(kit_id clang)
  set(kit_flags -fms-extensions -fdelayed-template-parsing -Wno-microsoft)
endif()
set(flags -std=c++20 -fsyntax-only "-I${INCLUDE_DIR}" -include "${INCLUDE_DIR}/ample/restrict.hpp")
if(MODE STREQUAL "kit")
  list(APPEND flags "-I${INCLUDE_DIR}/ample/msvc_compat" -include "${INCLUDE_DIR}/ample/msvc_compat/msvc_types.h" ${kit_flags})
  file(STRINGS "${SOURCE}" expected REGEX "^// kit(-${kit_id})?: ")
else()
  file(STRINGS "${SOURCE}" expected REGEX "^// plain: ")
endif()
list(LENGTH expected count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "${SOURCE}: expected one outcome line for mode ${MODE} and ${kit_id}, found ${count}")
endif()
string(REGEX REPLACE "^// [a-z-]+: " "" expected "${expected}")

execute_process(COMMAND "${COMPILER}" ${flags} "${SOURCE}" RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(status EQUAL 0)
  set(actual accepted)
else()
  set(actual rejected)
endif()
if(NOT actual STREQUAL expected)
  message(FATAL_ERROR "${SOURCE} (${MODE}, ${kit_id}): expected ${expected}, got ${actual}:\n${output}")
endif()
message(STATUS "${actual}, as documented")
