# core/lod: the LOD tree, selection, resident pool and the LOD folder, on scenes built in code.
sw_core_test(lod_tree SOURCES core/tst_lod_tree.cpp LIBS sw::lod)
sw_core_test(lod_selection SOURCES core/tst_lod_selection.cpp LIBS sw::lod)
sw_core_test(lod_pool SOURCES core/tst_lod_pool.cpp LIBS sw::lod)
sw_core_test(lod_folder SOURCES core/tst_lod_folder.cpp LIBS sw::lod)
sw_core_test(lod_sort SOURCES core/tst_lod_sort.cpp LIBS sw::lod)
sw_core_test(lod_scan_set SOURCES core/tst_lod_scan_set.cpp LIBS sw::lod sw::formats)
