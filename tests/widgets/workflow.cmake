# Issue #16 (editor workflow): the overlay legend and palette, the Effects scrub bar
# (widgets.editor_legend; label widgets, an X display via ./scripts/test).
find_package(Qt6 REQUIRED COMPONENTS Test)
add_executable(tst_editor_legend widgets/tst_editor_legend.cpp)
set_target_properties(tst_editor_legend PROPERTIES AUTOMOC ON)
target_link_libraries(tst_editor_legend PRIVATE sw::editor sw::widgets sw::bake sw::demo sw::render Qt6::Test)
sw_apply_warnings(tst_editor_legend)
add_test(NAME widgets.editor_legend COMMAND tst_editor_legend)
set_tests_properties(widgets.editor_legend PROPERTIES LABELS "gl;widgets" TIMEOUT 300
                     SKIP_RETURN_CODE ${SW_SKIP_CODE} ENVIRONMENT "QT_QPA_PLATFORM=xcb")
