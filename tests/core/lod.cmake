# core/lod: the LOD tree, selection, resident pool and the LOD folder, on scenes built in code.
sw_core_test(lod_tree SOURCES core/tst_lod_tree.cpp LIBS sw::lod)
sw_core_test(lod_selection SOURCES core/tst_lod_selection.cpp LIBS sw::lod)
sw_core_test(lod_pool SOURCES core/tst_lod_pool.cpp LIBS sw::lod)
sw_core_test(lod_folder SOURCES core/tst_lod_folder.cpp LIBS sw::lod)
sw_core_test(lod_sort SOURCES core/tst_lod_sort.cpp LIBS sw::lod)
sw_core_test(lod_scan_set SOURCES core/tst_lod_scan_set.cpp LIBS sw::lod sw::formats)
sw_core_test(lod_disk SOURCES core/tst_lod_disk.cpp LIBS sw::lod sw::formats)
sw_core_test(lod_streamed_sog SOURCES core/tst_lod_streamed_sog.cpp LIBS sw::lod sw::formats)
sw_core_test(lod_extract SOURCES core/tst_lod_extract.cpp LIBS sw::lod sw::formats)
# PlayCanvas's Streamed SOG and a real SOG of ../shared/assets/scans (registered only where they are).
if(EXISTS "${SW_ASSETS}/scans/PROVENANCE.txt")
  sw_core_test(lod_streamed_scan SOURCES core/tst_lod_streamed_scan.cpp LIBS sw::lod sw::formats LABELS external)
endif()
