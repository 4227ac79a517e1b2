# core/train: the trainer, the MCMC strategy, training data and metrics (libtorch).
find_package(Torch REQUIRED)
sw_core_test(trainer_strategy SOURCES core/tst_trainer_strategy.cpp LIBS sw::train ${TORCH_LIBRARIES})
sw_core_test(trainer_loop SOURCES core/tst_trainer_loop.cpp LIBS sw::train ${TORCH_LIBRARIES})
# NaN rollback, divergence error, cancel at any step, the memory refusal, the grey val background.
sw_core_test(trainer_survival SOURCES core/tst_trainer_survival.cpp LIBS sw::train ${TORCH_LIBRARIES})
# Many trainings in one process: the lane scheduler on fake devices, K = 3 equal to single runs.
sw_core_test(trainer_batch SOURCES core/tst_trainer_batch.cpp LIBS sw::train ${TORCH_LIBRARIES})
sw_core_test(trainer_data SOURCES core/tst_trainer_data.cpp LIBS sw::train sw::dataset ${TORCH_LIBRARIES})
# trainer_data writes the tiny dataset and the NaN checkpoint the CLI tests read.
set_tests_properties(trainer_data PROPERTIES FIXTURES_SETUP train_fixture)
sw_core_test(surface_sampler SOURCES core/tst_surface_sampler.cpp LIBS sw::geometry)
