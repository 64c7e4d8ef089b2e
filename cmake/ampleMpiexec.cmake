# ample_mpiexec_command(<out> <ranks> <program> [args...]) sets <out> to the command line that
# runs <program> on <ranks> MPI ranks of this machine, for CTest:
# - Open MPI refuses more ranks than cores unless told --oversubscribe (the CI machines have 2
#   cores; the tests run 4 ranks), and refuses to run as root (containers) unless the
#   environment allows it (ample_mpiexec_environment);
# - --bind-to none: Open MPI binds each rank to one core by default, which would leave a
#   rank's Ample worker threads sharing that core;
# - mpi_yield_when_idle: a waiting rank yields its core instead of spinning (the test machines
#   run several ranks per core, next to other tests).
cmake_host_system_information(RESULT ample_mpiexec_cores QUERY NUMBER_OF_LOGICAL_CORES)
execute_process(COMMAND ${MPIEXEC_EXECUTABLE} --version OUTPUT_VARIABLE ample_mpiexec_version ERROR_QUIET)
if(ample_mpiexec_version MATCHES "Open MPI|OpenRTE")
  set(ample_mpiexec_flags --oversubscribe --bind-to none --mca mpi_yield_when_idle 1)
else()
  set(ample_mpiexec_flags "")
endif()

function(ample_mpiexec_command out ranks program)
  set(${out} ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${ranks} ${ample_mpiexec_flags} ${MPIEXEC_PREFLAGS}
      ${program} ${MPIEXEC_POSTFLAGS} ${ARGN} PARENT_SCOPE)
endfunction()

# ample_mpiexec_environment(<out> <ranks>) sets <out> to the environment of such a run: root
# allowed (Open MPI), and AMPLE_NUM_THREADS = cores / ranks (at least 1), so that oversubscribed
# ranks do not each start a thread per core.
function(ample_mpiexec_environment out ranks)
  math(EXPR threads "${ample_mpiexec_cores} / ${ranks}")
  if(threads LESS 1)
    set(threads 1)
  endif()
  set(${out} OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 AMPLE_NUM_THREADS=${threads} PARENT_SCOPE)
endfunction()

# ample_add_mpi_run(<test> <ranks> <program> [args...] [PASS <regex>] [TIMEOUT <s>]) registers
# CTest test <test>: <program> on <ranks> ranks, label "mpi", and a timeout (120 s unless
# given) so that a rank left waiting for a failed one fails the test instead of stalling CI.
function(ample_add_mpi_run test ranks program)
  cmake_parse_arguments(PARSE_ARGV 3 arg "" "PASS;TIMEOUT" "")
  if(NOT arg_TIMEOUT)
    set(arg_TIMEOUT 120)
  endif()
  ample_mpiexec_command(command ${ranks} $<TARGET_FILE:${program}> ${arg_UNPARSED_ARGUMENTS})
  ample_mpiexec_environment(environment ${ranks})
  add_test(NAME ${test} COMMAND ${command})
  set(processors ${ranks})
  if(processors GREATER ample_mpiexec_cores)
    set(processors ${ample_mpiexec_cores})
  endif()
  set_tests_properties(${test} PROPERTIES LABELS mpi TIMEOUT ${arg_TIMEOUT} PROCESSORS ${processors}
                                          ENVIRONMENT "${environment}")
  if(arg_PASS)
    set_tests_properties(${test} PROPERTIES PASS_REGULAR_EXPRESSION "${arg_PASS}")
  endif()
endfunction()
