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
# Autosave and crash recovery (widgets.editor_recovery): autosave, a simulated crash, restore,
# discard, the interval setting, autosave after a stage.
add_executable(tst_editor_recovery widgets/tst_editor_recovery.cpp)
set_target_properties(tst_editor_recovery PROPERTIES AUTOMOC ON)
target_link_libraries(tst_editor_recovery PRIVATE sw::editor sw::project sw::dataset Qt6::Test)
target_compile_definitions(tst_editor_recovery PRIVATE SW_TEST_OUTPUT_DIR="${SW_OUT}")
sw_apply_warnings(tst_editor_recovery)
add_test(NAME widgets.editor_recovery COMMAND tst_editor_recovery)
set_tests_properties(widgets.editor_recovery PROPERTIES LABELS "widgets" TIMEOUT 300
                     SKIP_RETURN_CODE ${SW_SKIP_CODE} ENVIRONMENT "QT_QPA_PLATFORM=xcb")
# The layout (widgets.editor_layout): no elided dock title at 1280×800 / 1920×1080 in English
# and Russian, layout restored between runs, Reset Layout, the language menu, one name per action.
add_executable(tst_editor_layout widgets/tst_editor_layout.cpp)
set_target_properties(tst_editor_layout PROPERTIES AUTOMOC ON)
target_link_libraries(tst_editor_layout PRIVATE sw::editor Qt6::Test)
sw_apply_warnings(tst_editor_layout)
add_test(NAME widgets.editor_layout COMMAND tst_editor_layout)
set_tests_properties(widgets.editor_layout PROPERTIES LABELS "widgets" TIMEOUT 300
                     SKIP_RETURN_CODE ${SW_SKIP_CODE} ENVIRONMENT "QT_QPA_PLATFORM=xcb")
# Presets on every parameter panel (widgets.param_presets).
add_executable(tst_param_presets widgets/tst_param_presets.cpp)
set_target_properties(tst_param_presets PROPERTIES AUTOMOC ON)
target_link_libraries(tst_param_presets PRIVATE sw::editor sw::widgets sw::bake sw::dataset sw::destruct sw::render sw::geometry Qt6::Test)
target_compile_definitions(tst_param_presets PRIVATE SW_TEST_OUTPUT_DIR="${SW_OUT}")
sw_apply_warnings(tst_param_presets)
add_test(NAME widgets.param_presets COMMAND tst_param_presets)
set_tests_properties(widgets.param_presets PROPERTIES LABELS "widgets" TIMEOUT 120 ENVIRONMENT "QT_QPA_PLATFORM=offscreen")
# The Foliage dock's Trim Cards… on the foliage_gen fixture's leaf.glb (widgets.editor_foliage_trim).
add_executable(tst_editor_foliage_trim widgets/tst_editor_foliage_trim.cpp)
set_target_properties(tst_editor_foliage_trim PROPERTIES AUTOMOC ON)
target_link_libraries(tst_editor_foliage_trim PRIVATE sw::editor sw::geometry Qt6::Test)
target_compile_definitions(tst_editor_foliage_trim PRIVATE SW_TEST_OUTPUT_DIR="${SW_OUT}"
                           SW_FOLIAGE_DIR="${SW_OUT}/foliage")
sw_apply_warnings(tst_editor_foliage_trim)
add_test(NAME widgets.editor_foliage_trim COMMAND tst_editor_foliage_trim)
set_tests_properties(widgets.editor_foliage_trim PROPERTIES LABELS "widgets" TIMEOUT 300 FIXTURES_REQUIRED foliage_glb
                     SKIP_RETURN_CODE ${SW_SKIP_CODE} ENVIRONMENT "QT_QPA_PLATFORM=xcb")
