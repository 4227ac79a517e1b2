# Helpers shared by every target: one warnings list, one way to declare a core module.

set(SW_WARNINGS -Wall -Wextra -Wpedantic -Wshadow=local -Wnon-virtual-dtor -Wcast-align
    -Wunused -Woverloaded-virtual -Wnull-dereference -Wdouble-promotion -Wformat=2
    -Wimplicit-fallthrough)
if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")  # clang builds: build/fuzz (scripts/fuzz)
  list(TRANSFORM SW_WARNINGS REPLACE "^-Wshadow=local$" "-Wshadow-uncaptured-local")
endif()

# sw_apply_warnings(<target>): the project's warnings on a target we own.
function(sw_apply_warnings target)
  target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:${SW_WARNINGS}>)
endfunction()

# sw_core_module(<name> SOURCES ... [PUBLIC_DEPS ...] [PRIVATE_DEPS ...])
# Declares the static library sw_<name> for core/<name>; headers are included as
# "core/<name>/<file>.h" from the repository root.
function(sw_core_module name)
  cmake_parse_arguments(M "" "" "SOURCES;PUBLIC_DEPS;PRIVATE_DEPS" ${ARGN})
  add_library(sw_${name} STATIC ${M_SOURCES})
  add_library(sw::${name} ALIAS sw_${name})
  target_include_directories(sw_${name} PUBLIC "${PROJECT_SOURCE_DIR}")
  target_link_libraries(sw_${name} PUBLIC ${M_PUBLIC_DEPS} PRIVATE ${M_PRIVATE_DEPS})
  sw_apply_warnings(sw_${name})
endfunction()
