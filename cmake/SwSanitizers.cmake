# Sanitizer builds, in their own build folders (never build/release):
#   SPLATWRIGHT_SANITIZE=ON  AddressSanitizer + UndefinedBehaviorSanitizer on every target
#                            (build/asan: scripts/sanitize, run by .ci/run after scripts/test).
#   SPLATWRIGHT_FUZZ=ON      the same plus libFuzzer coverage (clang only) and the fuzz targets
#                            in tests/fuzz (build/fuzz: scripts/fuzz).
# UBSan findings are fatal (-fno-sanitize-recover), so a report fails the test or the fuzz run.
set(SW_SANITIZER_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
if(SPLATWRIGHT_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "SPLATWRIGHT_FUZZ needs clang (libFuzzer): configure with -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang")
  endif()
  list(APPEND SW_SANITIZER_FLAGS -fsanitize=fuzzer-no-link)
endif()
add_compile_options(${SW_SANITIZER_FLAGS})
add_link_options(-fsanitize=address,undefined)
