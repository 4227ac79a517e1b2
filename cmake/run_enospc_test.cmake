cmake_policy(SET CMP0053 NEW)
# ENOSPC on a real file system (issue 12): mounts an 8 KiB tmpfs at -DMNT (needs root; skipped
# with exit 77 otherwise), runs splatwright-cli -DEXE with -DARGS (joined by ::, %MNT% = the
# mount point) and checks exit code 2, a "No space left on device" message naming -DNAMES (a
# regex of the user's path, never a temporary's), and that the mount holds nothing afterwards:
# no partial output, no temporary, no empty folder.
execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT uid STREQUAL "0")
  message("SKIP: mounting a small tmpfs needs root")
  return()  # ctest reads the SKIP line (SW_SKIP_LINE); cmake_language(EXIT) needs CMake 3.29
endif()
file(MAKE_DIRECTORY "${MNT}")
execute_process(COMMAND umount "${MNT}" ERROR_QUIET)
execute_process(COMMAND mount -t tmpfs -o size=8k tmpfs "${MNT}" RESULT_VARIABLE mounted ERROR_VARIABLE why)
if(NOT mounted EQUAL 0)
  message("SKIP: cannot mount a tmpfs here (${why})")
  return()  # ctest reads the SKIP line (SW_SKIP_LINE); cmake_language(EXIT) needs CMake 3.29
endif()
string(REPLACE "%MNT%" "${MNT}" args "${ARGS}")
string(REPLACE "::" ";" argv "${args}")
execute_process(COMMAND "${EXE}" ${argv} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(GLOB_RECURSE left LIST_DIRECTORIES true "${MNT}/*")
execute_process(COMMAND umount "${MNT}")
set(all "${out}${err}")
message("$ splatwright-cli ${argv}\n${all}(exit ${rc})\nleft on the tmpfs: ${left}")
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "expected exit code 2, got ${rc}")
endif()
# Either the write ran into ENOSPC or the file was measured against the free space first.
if(NOT all MATCHES "error: ${NAMES}: (.*No space left on device|the file would be .* but its disk has .* free)")
  message(FATAL_ERROR "the error does not name ${NAMES} with ENOSPC")
endif()
if(all MATCHES "tmp-|\\.export")
  message(FATAL_ERROR "the error names a temporary path")
endif()
if(left)
  message(FATAL_ERROR "left behind on the full disk: ${left}")
endif()
