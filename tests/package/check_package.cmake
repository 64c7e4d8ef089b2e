# Installs the build tree into a scratch prefix and builds and runs a user's project against
# the installed package with the same compiler (cmake -P script):
#   cmake -DBUILD_DIR=<ample build> -DSOURCE_DIR=<this dir> -DWORK_DIR=<scratch> -DCXX=<c++>
#         -DEXPECT_COMPILED_TILES=ON|OFF -P check_package.cmake
# EXPECT_COMPILED_TILES: the consumer's tiled kernel must take the compiled path (the package
# loads the pass plugin of CXX's Clang major and the library does not default to fibers).
foreach(var BUILD_DIR SOURCE_DIR WORK_DIR CXX EXPECT_COMPILED_TILES)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_package.cmake: -D${var}=... is required")
  endif()
endforeach()

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "failed (${status}): ${ARGN}\n${output}")
  endif()
  message(STATUS "${output}")
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
run(${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${WORK_DIR}/prefix")
run(${CMAKE_COMMAND} -S "${SOURCE_DIR}/consumer" -B "${WORK_DIR}/build" -DCMAKE_CXX_COMPILER=${CXX}
    -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DCMAKE_BUILD_TYPE=Release -DEXPECT_COMPILED_TILES=${EXPECT_COMPILED_TILES})
run(${CMAKE_COMMAND} --build "${WORK_DIR}/build")
run("${WORK_DIR}/build/consumer")
# Where the package has the restriction checker for the consumer's Clang, a kernel calling a
# host function does not build, and the error names the rule.
execute_process(COMMAND ${CXX} -dumpversion OUTPUT_VARIABLE cxx_version OUTPUT_STRIP_TRAILING_WHITESPACE)
string(REGEX MATCH "^[0-9]+" cxx_major "${cxx_version}")
file(GLOB config "${WORK_DIR}/prefix/lib*/cmake/ample/ampleConfig.cmake")
file(STRINGS "${config}" checker_line REGEX "set\\(ample_RESTRICTION_CHECKER_MAJORS")
string(REGEX MATCHALL "[0-9]+" checker_majors "${checker_line}")
list(FIND checker_majors "${cxx_major}" checker_index)
if(CXX MATCHES "clang" AND NOT checker_index EQUAL -1)
  execute_process(COMMAND ${CMAKE_COMMAND} --build "${WORK_DIR}/build" --target violation
                  RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(status EQUAL 0 OR NOT output MATCHES "error: \\[C3930\\] 'host_only' cannot be called from amp-restricted code")
    message(FATAL_ERROR "the installed restriction checker did not refuse violation.cpp (${status}):\n${output}")
  endif()
  message(STATUS "violation.cpp refused as expected")
endif()
run("${WORK_DIR}/build/msvc_consumer")
