sw_core_test(dataset SOURCES core/tst_dataset.cpp LIBS sw::dataset nlohmann_json::nlohmann_json)
