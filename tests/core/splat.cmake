sw_core_test(splat SOURCES core/tst_splat.cpp LIBS sw::splat)
sw_core_test(selection SOURCES core/tst_selection.cpp LIBS sw::splat)
