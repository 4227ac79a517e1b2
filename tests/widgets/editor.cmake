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

# Every text of the editor's sources has its Russian translation and English plural forms
# (translations_complete.cmake runs lupdate on the sources into copies of the .ts files).
add_test(NAME editor.translations_complete
  COMMAND ${CMAKE_COMMAND} "-DLUPDATE=$<TARGET_FILE:Qt6::lupdate>" "-DSOURCES=${CMAKE_BINARY_DIR}/translated_sources.txt"
          "-DROOT=${PROJECT_SOURCE_DIR}" "-DTS_DIR=${PROJECT_SOURCE_DIR}/translations" "-DWORK=${SW_OUT}/translations_complete"
          -P "${CMAKE_CURRENT_SOURCE_DIR}/widgets/translations_complete.cmake")
set_tests_properties(editor.translations_complete PROPERTIES LABELS "widgets" TIMEOUT 300)
