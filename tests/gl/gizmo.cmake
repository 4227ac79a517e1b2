# core/render gizmo pass (camera markers, part overlay): golden image + pixel checks (gl).
sw_core_test(gizmo SOURCES gl/tst_gizmo.cpp gl/golden.cpp
             LIBS sw::render sw::dataset LABELS gl)
