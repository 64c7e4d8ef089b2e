# ample_compiled_tiles_notice(<majors>) says once, at configure time, how the tiled kernels of
# this project's C++ compiler will run: compiled into loops where the compiler is a Clang whose
# major is among <majors> (those Ample built its compiled-barrier plugin for), else on fibers,
# with what to change to get the compiled path. Used by Ample's own build and by
# ampleConfig.cmake, for the projects that find the installed package.
function(ample_compiled_tiles_notice majors)
  get_property(told GLOBAL PROPERTY AMPLE_COMPILED_TILES_TOLD)
  if(told)
    return()
  endif()
  set_property(GLOBAL PROPERTY AMPLE_COMPILED_TILES_TOLD TRUE)
  set(newest "")
  string(REGEX MATCH "^[0-9]+" major "${CMAKE_CXX_COMPILER_VERSION}")
  string(REPLACE ";" ", " listed "${majors}")
  if(majors)
    list(GET majors -1 newest)
  endif()
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang" AND major IN_LIST majors)
    message(STATUS "Ample: tiled kernels are compiled into loops (compiled-barrier plugin for Clang ${major})")
  elseif(NOT majors)
    message(STATUS "Ample: tiled kernels run on fibers: Ample was built without its compiled-barrier plugin "
                   "(no LLVM development package found); install llvm-19-dev, rebuild Ample and use clang++-19 "
                   "to compile them into loops")
  elseif(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(STATUS "Ample: tiled kernels run on fibers: Ample has no compiled-barrier plugin for Clang ${major} "
                   "(it has one for Clang ${listed}); use one of those, or install llvm-${major}-dev and rebuild Ample")
  else()
    message(STATUS "Ample: tiled kernels run on fibers with ${CMAKE_CXX_COMPILER_ID}; Clang (majors ${listed}) "
                   "compiles them into loops with Ample's compiled-barrier plugin: configure with CXX=clang++-${newest}")
  endif()
endfunction()
