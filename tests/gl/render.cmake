# core/render tests. Camera math is pure (unit); the others need an EGL GL 4.5 context (gl):
# Mesa's surfaceless llvmpipe needs no X server.
sw_core_test(render_camera SOURCES gl/tst_render_camera.cpp LIBS sw::render)
sw_core_test(render_headless SOURCES gl/tst_render_headless.cpp gl/fixture_mesh.cpp
             LIBS sw::render LABELS gl)
sw_core_test(render_golden SOURCES gl/tst_render_golden.cpp gl/golden.cpp gl/fixture_mesh.cpp
             LIBS sw::render LABELS gl)
sw_core_test(dataset_render SOURCES gl/tst_dataset_render.cpp gl/golden.cpp
             LIBS sw::dataset sw::demo sw::render LABELS gl)
