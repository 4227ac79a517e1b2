# Editor tests of the dataset and parts workspaces (label widgets; X display via ./scripts/test):
# the Dataset panel renders a tiny dataset, the frame browser lists it, cancel leaves no folder,
# camera markers follow the belt, a picked component moves to another part and the project
# file round-trips it.
add_executable(tst_editor_dataset widgets/tst_editor_dataset.cpp)
set_target_properties(tst_editor_dataset PROPERTIES AUTOMOC ON)
target_link_libraries(tst_editor_dataset PRIVATE sw::editor sw::dataset sw::project sw::pipeline sw::bake sw::render Qt6::Test)
target_compile_definitions(tst_editor_dataset PRIVATE SW_TEST_OUTPUT_DIR="${SW_OUT}")
sw_apply_warnings(tst_editor_dataset)
add_test(NAME editor_dataset COMMAND tst_editor_dataset)
set_tests_properties(editor_dataset PROPERTIES LABELS "widgets" TIMEOUT 300
                     ENVIRONMENT "QT_QPA_PLATFORM=xcb")
