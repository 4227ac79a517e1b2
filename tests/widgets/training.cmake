# Editor tests of the Training dock (label widgets; X display via ./scripts/test; torch builds
# only): a synthetic dataset trains with a live chart and preview while the GUI stays
# responsive; cancel keeps the checkpoint and Resume continues from it; a bad dataset folder,
# CUDA without a GPU and a missing dataset (rendered first) are handled.
add_executable(tst_editor_training widgets/tst_editor_training.cpp)
set_target_properties(tst_editor_training PROPERTIES AUTOMOC ON)
target_link_libraries(tst_editor_training PRIVATE sw::editor sw::train sw::dataset Qt6::Test)
target_compile_definitions(tst_editor_training PRIVATE SW_TEST_OUTPUT_DIR="${SW_OUT}")
sw_apply_warnings(tst_editor_training)
add_test(NAME editor_training COMMAND tst_editor_training)
set_tests_properties(editor_training PROPERTIES LABELS "widgets" TIMEOUT 600
                     ENVIRONMENT "QT_QPA_PLATFORM=xcb")

# The editor's jobs built from the project: a run made before the first save moves into the
# project's cache on save, stamped, so the CLI's `all` renders and trains nothing again.
add_executable(tst_editor_project_cache widgets/tst_editor_project_cache.cpp)
set_target_properties(tst_editor_project_cache PROPERTIES AUTOMOC ON)
target_link_libraries(tst_editor_project_cache PRIVATE sw::editor sw::pipeline sw::train Qt6::Test)
target_compile_definitions(tst_editor_project_cache PRIVATE SW_TEST_OUTPUT_DIR="${SW_OUT}")
sw_apply_warnings(tst_editor_project_cache)
add_test(NAME editor_project_cache COMMAND tst_editor_project_cache)
set_tests_properties(editor_project_cache PROPERTIES LABELS "widgets" TIMEOUT 600
                     ENVIRONMENT "QT_QPA_PLATFORM=xcb")
