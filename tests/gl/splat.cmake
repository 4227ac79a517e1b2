# core/render splat renderer (issue 6): goldens, shell order per heading sector, LOD, effects
# vs their CPU references (transform feedback), links. Need an EGL GL 4.5 context (gl).
sw_core_test(splat_render SOURCES gl/tst_splat_render.cpp gl/tst_splat_fixture.cpp gl/golden.cpp
             LIBS sw::render sw::bake LABELS gl)
sw_core_test(splat_effects SOURCES gl/tst_splat_effects.cpp gl/tst_splat_fixture.cpp
             LIBS sw::render sw::bake LABELS gl)
sw_core_test(splat_preview SOURCES gl/tst_splat_preview.cpp LIBS sw::render)
# core/destruct on the GPU (issue 15): damage state vs the CPU simulation, no see-through holes.
sw_core_test(destruct_gpu SOURCES gl/tst_destruct_gpu.cpp gl/tst_splat_fixture.cpp
             LIBS sw::render sw::bake sw::destruct LABELS gl)
# core/foliage wind on the GPU (issue 35): the compute pass read back vs the CPU reference.
sw_core_test(foliage_gpu SOURCES gl/tst_foliage_gpu.cpp gl/tst_splat_fixture.cpp
             LIBS sw::render sw::bake sw::foliage LABELS gl)
# The foliage scene renderer (issue 35 §3, §5): instanced copies, wind in the vertex shader read back
# against the CPU, determinism in t, fade, hue drift and the look controls.
sw_core_test(foliage_scene SOURCES gl/tst_foliage_scene.cpp gl/tst_splat_fixture.cpp gl/golden.cpp
             LIBS sw::render sw::bake sw::foliage LABELS gl)
# GPU copy culling of the foliage renderer (issue 35): the compute pass's visible set vs the CPU
# reference for random copies and cameras, and frames drawn with either cull.
sw_core_test(foliage_cull SOURCES gl/tst_foliage_cull.cpp gl/tst_splat_fixture.cpp gl/golden.cpp
             LIBS sw::render sw::bake sw::foliage LABELS gl)
# Card trimming leaves the image unchanged (issue 35 §7): a model and its trimmed copy drawn by the
# mesh renderer, within the golden metric. foliage_trim_render: a generated strip and quad card;
# foliage_trim_pine: pine-tree-1 (external, skipped without ../shared/assets).
add_executable(tst_foliage_trim_render gl/tst_foliage_trim_render.cpp gl/tst_splat_fixture.cpp gl/golden.cpp)
target_link_libraries(tst_foliage_trim_render PRIVATE sw_test_support sw::render sw::bake sw::foliage)
sw_apply_warnings(tst_foliage_trim_render)
add_test(NAME foliage_trim_render COMMAND tst_foliage_trim_render "--test-case-exclude=*pine-tree-1*")
add_test(NAME foliage_trim_pine COMMAND tst_foliage_trim_render "--test-case=*pine-tree-1*")
set_tests_properties(foliage_trim_render PROPERTIES LABELS gl SKIP_RETURN_CODE ${SW_SKIP_CODE}
                     ENVIRONMENT "SW_TEST_NAME=foliage_trim_render")
set_tests_properties(foliage_trim_pine PROPERTIES LABELS "gl;external" SKIP_RETURN_CODE ${SW_SKIP_CODE}
                     ENVIRONMENT "SW_TEST_NAME=foliage_trim_pine")
