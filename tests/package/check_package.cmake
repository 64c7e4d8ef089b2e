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
run("${WORK_DIR}/build/msvc_consumer")
