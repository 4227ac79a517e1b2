# Viewport widget (QtTest). Needs an X server: ./scripts/test runs ctest under Xvfb; by hand use
# xvfb-run -a -s '-screen 0 1280x800x24' ctest -R widgets.viewport. Without DISPLAY it skips.
find_package(Qt6 REQUIRED COMPONENTS Test)
add_executable(tst_viewport widgets/tst_viewport.cpp gl/fixture_mesh.cpp)
set_target_properties(tst_viewport PROPERTIES AUTOMOC ON)
target_include_directories(tst_viewport PRIVATE "${PROJECT_SOURCE_DIR}")
target_link_libraries(tst_viewport PRIVATE sw::widgets Qt6::Test)
sw_apply_warnings(tst_viewport)
add_test(NAME widgets.viewport COMMAND tst_viewport)
set_tests_properties(widgets.viewport PROPERTIES LABELS "gl;widgets" SKIP_RETURN_CODE ${SW_SKIP_CODE}
                     ENVIRONMENT "QT_QPA_PLATFORM=xcb")

# Selection tools driven by QTest mouse/key events (issue 16 build item 1).
add_executable(tst_viewport_selection widgets/tst_viewport_selection.cpp)
set_target_properties(tst_viewport_selection PROPERTIES AUTOMOC ON)
target_include_directories(tst_viewport_selection PRIVATE "${PROJECT_SOURCE_DIR}")
target_link_libraries(tst_viewport_selection PRIVATE sw::widgets sw::render Qt6::Test)
sw_apply_warnings(tst_viewport_selection)
add_test(NAME widgets.viewport_selection COMMAND tst_viewport_selection)
set_tests_properties(widgets.viewport_selection PROPERTIES LABELS "gl;widgets" SKIP_RETURN_CODE ${SW_SKIP_CODE}
                     ENVIRONMENT "QT_QPA_PLATFORM=xcb")
