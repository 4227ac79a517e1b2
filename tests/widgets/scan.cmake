# Large scans in the editor (issue 36 item 5; QtTest, label widgets; an X display via
# ./scripts/test -R editor_scan): Open Scan on an LOD folder written by the test draws splats and
# fills the HUD; the GPU scan renderer's picture matches the former cloud path's within the golden
# metric, false colour changes it, a re-dock draws it again, a budget below the coarsest levels
# draws what fits; the quality preset and the budgets change what is drawn (a tiny budget a coarser
# picture, never an error), a corrupt lod.json is one error line naming it, a single PLY is one
# chunk, Build LOD… writes a folder and opens it (a folder of the user's files refused), the fly
# camera moves the eye with keys.
find_package(Qt6 REQUIRED COMPONENTS Test)
add_executable(tst_editor_scan widgets/tst_editor_scan.cpp gl/golden.cpp support/test_support.cpp)
set_target_properties(tst_editor_scan PROPERTIES AUTOMOC ON)
target_link_libraries(tst_editor_scan PRIVATE sw::editor sw::lod sw::formats Qt6::Test)
# gl/golden.cpp: the golden metric, for the GPU path against the former cloud path.
target_compile_definitions(tst_editor_scan PRIVATE SW_TEST_OUTPUT_DIR="${SW_OUT}" SW_ASSETS_DIR="${SW_ASSETS}"
                           SW_SHARED_ASSETS="${SW_SHARED_DIR}/assets" SW_GOLDEN_DIR="${CMAKE_CURRENT_SOURCE_DIR}/golden")
sw_apply_warnings(tst_editor_scan)
add_test(NAME editor_scan COMMAND tst_editor_scan)
set_tests_properties(editor_scan PROPERTIES LABELS "gl;widgets" TIMEOUT 300 ENVIRONMENT "QT_QPA_PLATFORM=xcb")
# Cutting an asset out of a scan: Crop Box, Extract to Cloud and Export Extract on a generated LOD folder.
add_executable(tst_editor_scancut widgets/tst_editor_scancut.cpp)
set_target_properties(tst_editor_scancut PROPERTIES AUTOMOC ON)
target_link_libraries(tst_editor_scancut PRIVATE sw::editor sw::lod sw::formats Qt6::Test)
target_compile_definitions(tst_editor_scancut PRIVATE SW_TEST_OUTPUT_DIR="${SW_OUT}")
sw_apply_warnings(tst_editor_scancut)
add_test(NAME editor_scancut COMMAND tst_editor_scancut)
set_tests_properties(editor_scancut PROPERTIES LABELS "gl;widgets" TIMEOUT 300 ENVIRONMENT "QT_QPA_PLATFORM=xcb")
