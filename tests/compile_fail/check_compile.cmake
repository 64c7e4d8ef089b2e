# Runs one compile_fail snippet through the compiler and checks the outcome (cmake -P script).
#
#   cmake -DCOMPILER=<c++> -DINCLUDE_DIR=<repo>/include -DSOURCE=<snippet.cpp> -P check_compile.cmake
#
# The snippet says what it expects in comment lines:
#   // expect-success          the snippet must compile (a positive control);
#   // expect-error: <regex>   compilation must fail and the compiler's output must match <regex>
#                              (a CMake regular expression; with several lines, every one must match).
# A test that only demanded failure would pass for any typo or a broken command line; matching
# the message proves the snippet fails for the reason it was written for.
foreach(var COMPILER INCLUDE_DIR SOURCE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_compile.cmake: -D${var}=... is required")
  endif()
endforeach()

file(STRINGS "${SOURCE}" success_lines REGEX "^// expect-success")
file(STRINGS "${SOURCE}" error_lines REGEX "^// expect-error: ")
if(NOT success_lines AND NOT error_lines)
  message(FATAL_ERROR "${SOURCE} has neither '// expect-success' nor '// expect-error: <regex>'")
endif()

execute_process(
  COMMAND "${COMPILER}" -std=c++20 -fsyntax-only "-I${INCLUDE_DIR}" "${SOURCE}"
  RESULT_VARIABLE status
  OUTPUT_VARIABLE output
  ERROR_VARIABLE output)

if(success_lines)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "expected ${SOURCE} to compile, but the compiler said (status ${status}):\n${output}")
  endif()
  message(STATUS "compiled, as expected")
  return()
endif()

if(status EQUAL 0)
  message(FATAL_ERROR "expected ${SOURCE} to fail to compile, but it compiled")
endif()
foreach(line IN LISTS error_lines)
  string(REGEX REPLACE "^// expect-error: " "" pattern "${line}")
  if(NOT output MATCHES "${pattern}")
    message(FATAL_ERROR "${SOURCE} failed to compile, but no message matches \"${pattern}\". The compiler said:\n${output}")
  endif()
  message(STATUS "failed to compile with a message matching \"${pattern}\", as expected")
endforeach()
