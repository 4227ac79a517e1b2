# Editor tests of the bake workspace (label widgets; X display via ./scripts/test): a cloud
# sampled on the demo drone plus planted floaters is opened, the Floater inspector counts them
# per sign, Delete/Undo and Keep→bake work, a recipe edit changes the material counts, Export
# writes the files and an unwritable folder leaves nothing. SW_SCREENSHOT_DIR=<dir> also saves
# editor-floaters.png and editor-export.png there.
add_executable(tst_editor_bake widgets/tst_editor_bake.cpp)
set_target_properties(tst_editor_bake PROPERTIES AUTOMOC ON)
target_link_libraries(tst_editor_bake PRIVATE sw::editor sw::bake sw::formats sw::render Qt6::Test)
target_compile_definitions(tst_editor_bake PRIVATE SW_TEST_OUTPUT_DIR="${SW_OUT}")
sw_apply_warnings(tst_editor_bake)
add_test(NAME editor_bake COMMAND tst_editor_bake)
set_tests_properties(editor_bake PROPERTIES LABELS "widgets" TIMEOUT 600
                     ENVIRONMENT "QT_QPA_PLATFORM=xcb")

# The Floater inspector's fixes and the cloud edits' undo (issue 16 item 6, build item 2).
add_executable(tst_editor_floaters widgets/tst_editor_floaters.cpp)
set_target_properties(tst_editor_floaters PROPERTIES AUTOMOC ON)
target_link_libraries(tst_editor_floaters PRIVATE sw::editor sw::bake sw::formats sw::render sw::splat Qt6::Test)
target_compile_definitions(tst_editor_floaters PRIVATE SW_TEST_OUTPUT_DIR="${SW_OUT}")
sw_apply_warnings(tst_editor_floaters)
add_test(NAME editor_floaters COMMAND tst_editor_floaters)
set_tests_properties(editor_floaters PROPERTIES LABELS "widgets" TIMEOUT 600
                     ENVIRONMENT "QT_QPA_PLATFORM=xcb")

# Undo round trips of recipe, weapon profile, part and Selection dock edits (issue 16 build item 2).
add_executable(tst_editor_undo widgets/tst_editor_undo.cpp)
set_target_properties(tst_editor_undo PROPERTIES AUTOMOC ON)
target_link_libraries(tst_editor_undo PRIVATE sw::editor sw::project sw::bake sw::formats sw::render sw::splat sw::destruct Qt6::Test)
target_compile_definitions(tst_editor_undo PRIVATE SW_TEST_OUTPUT_DIR="${SW_OUT}")
sw_apply_warnings(tst_editor_undo)
add_test(NAME editor_undo COMMAND tst_editor_undo)
set_tests_properties(editor_undo PROPERTIES LABELS "widgets" TIMEOUT 600
                     ENVIRONMENT "QT_QPA_PLATFORM=xcb")
