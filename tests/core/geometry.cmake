# core/geometry: import, winding repair, components. Unit tests build their fixtures in code;
# the external ones read ../shared/assets (FlightHelmet, portal, jet-fighter, Fox).
sw_core_test(geometry SOURCES core/tst_geometry.cpp core/tst_geometry_import.cpp core/tst_gltf_json.cpp LIBS sw::geometry)
sw_core_test(geometry_external SOURCES core/tst_geometry_external.cpp LIBS sw::geometry LABELS external)
# KTX2 / Basis ETC1S decoding: ETC1 blocks by hand, files built in code, truncation and corruption.
sw_core_test(ktx2 SOURCES core/tst_ktx2.cpp LIBS sw::geometry)
