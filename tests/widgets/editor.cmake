# Editor tests (label widgets; they need an X display: ./scripts/test runs ctest under Xvfb).
find_package(Qt6 REQUIRED COMPONENTS Test)

add_executable(tst_editor widgets/tst_editor.cpp)
set_target_properties(tst_editor PROPERTIES AUTOMOC ON)
target_link_libraries(tst_editor PRIVATE sw::editor Qt6::Test)
target_compile_definitions(tst_editor PRIVATE SW_TEST_OUTPUT_DIR="${SW_OUT}")
sw_apply_warnings(tst_editor)
add_test(NAME editor COMMAND tst_editor)
set_tests_properties(editor PROPERTIES LABELS "widgets" TIMEOUT 300
                     ENVIRONMENT "QT_QPA_PLATFORM=xcb")

# The executable starts, shows its embedded demo in Russian and exits 0.
add_test(NAME editor.quit_after_load_ru COMMAND splatwright --lang ru --quit-after-load)
set_tests_properties(editor.quit_after_load_ru PROPERTIES LABELS "widgets" TIMEOUT 300
  ENVIRONMENT "QT_QPA_PLATFORM=xcb;XDG_CACHE_HOME=${SW_OUT}/editor-home/cache;XDG_CONFIG_HOME=${SW_OUT}/editor-home/config")

# cpack → dpkg-deb -x → the extracted editor starts (see packaging/test_package.cmake).
add_test(NAME packaging
  COMMAND ${CMAKE_COMMAND} "-DBUILD_DIR=${CMAKE_BINARY_DIR}" "-DWORK_DIR=${SW_OUT}/packaging"
          -P "${PROJECT_SOURCE_DIR}/packaging/test_package.cmake")
set_tests_properties(packaging PROPERTIES LABELS "packaging" TIMEOUT 900 RUN_SERIAL TRUE)
