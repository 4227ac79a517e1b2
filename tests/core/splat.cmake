sw_core_test(splat SOURCES core/tst_splat.cpp LIBS sw::splat)
