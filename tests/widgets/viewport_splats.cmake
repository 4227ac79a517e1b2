# The viewport's splat side and the editor's splat view (QtTest, label widgets; an X display via
# ./scripts/test or xvfb-run -a -s '-screen 0 1280x800x24' ctest -R widgets.viewport_splats):
# LOD, overlays, picking, the Effects panel, the game-scale dock, re-docking, the main window's
# cloud → baked model display. SW_SCREENSHOT_DIR=docs/screenshots writes the editor screenshots.
find_package(Qt6 REQUIRED COMPONENTS Test)
add_executable(tst_viewport_splats widgets/tst_viewport_splats.cpp)
set_target_properties(tst_viewport_splats PROPERTIES AUTOMOC ON)
target_link_libraries(tst_viewport_splats PRIVATE sw::editor sw::widgets sw::bake sw::demo sw::render Qt6::Test)
sw_apply_warnings(tst_viewport_splats)
add_test(NAME widgets.viewport_splats COMMAND tst_viewport_splats)
set_tests_properties(widgets.viewport_splats PROPERTIES LABELS "gl;widgets" TIMEOUT 300
                     SKIP_RETURN_CODE ${SW_SKIP_CODE} ENVIRONMENT "QT_QPA_PLATFORM=xcb")
