# The trainer in the device build (SPLATWRIGHT_RASTER_ONLY, docs/cuda.md): sw_train and
# bench_train on a GPU machine that has no Qt, Assimp, Embree or GL. Declares the modules the
# trainer links under their usual names, each with only the sources the trainer uses:
# foundation (all of it), splat, formats (PLY), geometry (mesh, surface sampler: no import or
# ray queries), dataset (belt, transforms.json: no GL renderer). Their few dependencies
# (Eigen, nlohmann_json, libpng, zlib, stb) come from Debian packages unpacked into a prefix on
# CMAKE_PREFIX_PATH. Sets SW_DEVICE_TRAINER to ON when they were found; otherwise the device
# build stays rasterizer-only.
set(SW_DEVICE_TRAINER OFF)
find_package(Eigen3 3.3 NO_MODULE QUIET)
find_package(nlohmann_json 3 QUIET)
find_package(PNG QUIET)
find_path(SW_STB_INCLUDE stb/stb_image.h)
find_library(SW_STB_LIBRARY stb)
if(NOT (Eigen3_FOUND AND nlohmann_json_FOUND AND PNG_FOUND AND SW_STB_INCLUDE AND SW_STB_LIBRARY))
  message(STATUS "device build: no Eigen/nlohmann_json/libpng/stb found, so no trainer (rasterizer only)")
  return()
endif()
set(SW_DEVICE_TRAINER ON)

set(_core "${PROJECT_SOURCE_DIR}/core")
target_sources(sw_foundation PRIVATE ${_core}/foundation/file_io.cpp ${_core}/foundation/image_io.cpp
               ${_core}/foundation/log.cpp ${_core}/foundation/progress.cpp ${_core}/foundation/schema.cpp
               ${_core}/foundation/interrupt.cpp ${_core}/foundation/memory.cpp ${_core}/foundation/output_folder.cpp)
target_include_directories(sw_foundation PRIVATE "${SW_STB_INCLUDE}")
target_link_libraries(sw_foundation PRIVATE nlohmann_json::nlohmann_json PNG::PNG "${SW_STB_LIBRARY}")

function(_sw_device_module name)
  cmake_parse_arguments(M "" "" "SOURCES;DEPS" ${ARGN})
  list(TRANSFORM M_SOURCES PREPEND "${_core}/${name}/")
  add_library(sw_${name} STATIC ${M_SOURCES})
  add_library(sw::${name} ALIAS sw_${name})
  target_include_directories(sw_${name} PUBLIC "${PROJECT_SOURCE_DIR}")
  target_link_libraries(sw_${name} PUBLIC sw::foundation Eigen3::Eigen ${M_DEPS})
  sw_apply_warnings(sw_${name})
endfunction()
_sw_device_module(splat SOURCES splat_cloud.cpp)
_sw_device_module(formats SOURCES ply.cpp detail/ply_header.cpp DEPS sw::splat)
_sw_device_module(geometry SOURCES mesh.cpp surface_sampler.cpp)
_sw_device_module(dataset SOURCES belt.cpp transforms.cpp DEPS sw::geometry nlohmann_json::nlohmann_json)
