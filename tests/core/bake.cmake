# core/bake: normal snap, floaters, split, orders, channels, materials, chunks, bake, export.
sw_core_test(bake SOURCES core/tst_bake_floaters.cpp core/tst_bake_split.cpp core/tst_bake_channels.cpp core/tst_bake_truth.cpp
                          core/tst_bake_chunks.cpp core/tst_bake_export.cpp core/tst_bake_cloud_fit.cpp
             LIBS sw::bake sw::dataset sw::demo sw::destruct nlohmann_json::nlohmann_json)

# Writes the CLI export fixture (demo drone GLB + a cloud sampled on it) for tests/cli/export.cmake.
add_executable(bake_cli_fixture core/tst_bake_cli_fixture.cpp)
target_link_libraries(bake_cli_fixture PRIVATE sw::bake sw::demo sw::project)
sw_apply_warnings(bake_cli_fixture)
add_test(NAME bake.cli_fixture COMMAND bake_cli_fixture "${SW_OUT}/export_fixture")
set_tests_properties(bake.cli_fixture PROPERTIES LABELS cli FIXTURES_SETUP bake_cli_fixture)
