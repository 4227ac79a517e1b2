# core/destruct (issue 15): the destruction simulation.
sw_core_test(destruct SOURCES core/tst_destruct.cpp LIBS sw::destruct)
