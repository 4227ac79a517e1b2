# The GPU path of large scans (issue 36 item 4): order and cull against the CPU path, fenced
# uploads, eviction and a full pool, images against the cloud renderer. Needs an EGL GL 4.5 context (gl).
sw_core_test(scan_render SOURCES gl/tst_scan_render.cpp gl/tst_splat_fixture.cpp gl/golden.cpp
             LIBS sw::render sw::lod sw::bake LABELS gl)
