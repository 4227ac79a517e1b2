# Replays tests/fuzz/corpus (inputs the fuzzers and valgrind found) through every reader.
sw_core_test(fuzz_corpus SOURCES core/tst_fuzz_corpus.cpp LIBS sw::formats sw::geometry sw::dataset sw::project sw::destruct)
target_compile_definitions(tst_fuzz_corpus PRIVATE SW_FUZZ_CORPUS_DIR="${PROJECT_SOURCE_DIR}/tests/fuzz/corpus")
