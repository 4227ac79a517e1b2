# The editor's Destruction dock (issue 15 item 8; QtTest, label widgets; an X display via
# ./scripts/test -R widgets.destruct): the demo drone baked in code is shot
# through the dock's actions (volley, a click on the viewport, heal, scrub, step, reset), the
# stats follow, heal restores the plating exactly, the state equals the CLI's volley (the same
# core functions) and a re-docked viewport still draws the damage.
find_package(Qt6 REQUIRED COMPONENTS Test)
add_executable(tst_destruct_panel widgets/tst_destruct_panel.cpp)
set_target_properties(tst_destruct_panel PROPERTIES AUTOMOC ON)
target_link_libraries(tst_destruct_panel PRIVATE sw::widgets sw::destruct sw::pipeline sw::bake sw::demo sw::render Qt6::Test)
sw_apply_warnings(tst_destruct_panel)
add_test(NAME widgets.destruct COMMAND tst_destruct_panel)
set_tests_properties(widgets.destruct PROPERTIES LABELS "gl;widgets" TIMEOUT 300
                     SKIP_RETURN_CODE ${SW_SKIP_CODE} ENVIRONMENT "QT_QPA_PLATFORM=xcb")
