# The `packaging` test: cmake -DBUILD_DIR=<build> -DWORK_DIR=<scratch> -P test_package.cmake
# Runs cpack, extracts the .deb with dpkg-deb -x, checks the desktop entry, icon and binaries
# are in it and that the extracted editor starts and loads its demo (--quit-after-load; the
# test's X display is used with QT_QPA_PLATFORM=xcb).
foreach(var BUILD_DIR WORK_DIR)
  if(NOT ${var})
    message(FATAL_ERROR "${var} is not set")
  endif()
endforeach()
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}/root" "${WORK_DIR}/home")

execute_process(COMMAND cpack -G DEB -B "${WORK_DIR}/pkg" --config "${BUILD_DIR}/CPackConfig.cmake"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cpack failed (${rc}):\n${out}")
endif()
file(GLOB debs "${WORK_DIR}/pkg/splatwright_*.deb")
list(LENGTH debs count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "expected one splatwright_*.deb in ${WORK_DIR}/pkg, found ${count}:\n${out}")
endif()

execute_process(COMMAND dpkg-deb -f "${debs}" Package Depends Maintainer OUTPUT_VARIABLE fields RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT fields MATCHES "Package: splatwright" OR NOT fields MATCHES "Depends: .*libqt6widgets6")
  message(FATAL_ERROR "bad control fields (rc ${rc}):\n${fields}")
endif()
execute_process(COMMAND dpkg-deb -x "${debs}" "${WORK_DIR}/root" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "dpkg-deb -x failed (${rc})")
endif()

set(root "${WORK_DIR}/root/usr")
foreach(f bin/splatwright bin/splatwright-cli share/applications/splatwright.desktop
          share/icons/hicolor/scalable/apps/splatwright.svg)
  if(NOT EXISTS "${root}/${f}")
    message(FATAL_ERROR "missing from the package: /usr/${f}")
  endif()
endforeach()
file(READ "${root}/share/applications/splatwright.desktop" desktop)
foreach(line "Type=Application" "Exec=splatwright" "Icon=splatwright" "Name=Splatwright")
  string(FIND "${desktop}" "${line}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "desktop entry lacks '${line}'")
  endif()
endforeach()
find_program(VALIDATE desktop-file-validate)
if(VALIDATE)
  execute_process(COMMAND "${VALIDATE}" "${root}/share/applications/splatwright.desktop"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "desktop-file-validate: ${out}")
  endif()
endif()

# A clean HOME so the extracted editor writes its cache and settings into the scratch folder.
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=xcb "HOME=${WORK_DIR}/home"
          "XDG_CACHE_HOME=${WORK_DIR}/home/.cache" "XDG_CONFIG_HOME=${WORK_DIR}/home/.config"
          "${root}/bin/splatwright" --quit-after-load
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out TIMEOUT 180)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the extracted editor exited with ${rc}:\n${out}")
endif()
execute_process(COMMAND "${root}/bin/splatwright-cli" --version RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the extracted CLI failed: ${out}")
endif()
message(STATUS "package ${debs} OK")
