# The editor's Foliage dock (issue 35 §6; QtTest, label widgets; an X display via ./scripts/test
# -R widgets.foliage): the dock's settings through the project and the exported JSON, presets,
# undo, play with and without wind in the viewport, a dragged bender, a re-docked viewport.
find_package(Qt6 REQUIRED COMPONENTS Test)
add_executable(tst_foliage_panel widgets/tst_foliage_panel.cpp)
set_target_properties(tst_foliage_panel PROPERTIES AUTOMOC ON)
target_link_libraries(tst_foliage_panel PRIVATE sw::widgets sw::foliage sw::project nlohmann_json::nlohmann_json Qt6::Test)
sw_apply_warnings(tst_foliage_panel)
add_test(NAME widgets.foliage COMMAND tst_foliage_panel)
set_tests_properties(widgets.foliage PROPERTIES LABELS "gl;widgets" TIMEOUT 300
                     SKIP_RETURN_CODE ${SW_SKIP_CODE} ENVIRONMENT "QT_QPA_PLATFORM=xcb")
