# core/pipeline: the user-level jobs shared by the CLI and the editor (unit; the training
# jobs with the trainer).
sw_core_test(pipeline SOURCES core/tst_pipeline.cpp LIBS sw::pipeline)
if(SPLATWRIGHT_TORCH)
  find_package(Torch REQUIRED)
  sw_core_test(pipeline_training SOURCES core/tst_pipeline_training.cpp LIBS sw::pipeline)
  # It trains on the tiny dataset the trainer_data test writes.
  set_tests_properties(pipeline_training PROPERTIES FIXTURES_REQUIRED train_fixture)
endif()
if(SPLATWRIGHT_TORCH)
  sw_core_test(pipeline_all SOURCES core/tst_pipeline_all.cpp LIBS sw::pipeline LABELS unit gl)
  set_tests_properties(pipeline_all PROPERTIES FIXTURES_REQUIRED demo_glb)
  # runBatch: planning, shards, summaries, the hologram preset's own training (issue 17).
  sw_core_test(pipeline_batch SOURCES core/tst_pipeline_batch.cpp LIBS sw::pipeline LABELS unit gl)
  set_tests_properties(pipeline_batch PROPERTIES FIXTURES_REQUIRED demo_glb)
endif()
