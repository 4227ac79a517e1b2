# core/demo (generated demo drone) and core/geometry's GLB writer.
sw_core_test(demo SOURCES core/tst_demo.cpp
  LIBS sw::demo sw::geometry nlohmann_json::nlohmann_json)
