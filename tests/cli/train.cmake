# splatwright-cli train: fits a fixed-budget cloud to a NeRF-synthetic dataset. The dataset
# and the NaN checkpoint are written by the trainer_data test (fixture train_fixture).
set(SW_TRAIN_DATA ${SW_OUT}/train_dataset)
sw_cli_test(train.tiny RC 0 REQUIRES ${SW_TRAIN_DATA}/transforms_train.json CLEAN ${SW_OUT}/cli_train
  MATCH "step +100 .*SSIM [0-9.]+ \\(on grey 0.5\\).*val metrics: +on grey 0.5 .*metrics.json.*val L1:.*val PSNR:.*val SSIM:.*opaque share:.*wall time:"
  ARGS train ${SW_TRAIN_DATA} -o ${SW_OUT}/cli_train --budget 150 --steps 150 --res 32 --eval-every 100
       --checkpoint-every 50 --refine-start 20 --refine-stop-before-end 20 --refine-every 10)
sw_cli_test(train.resume RC 0 REQUIRES ${SW_OUT}/cli_train/checkpoint/checkpoint.json CLEAN ${SW_OUT}/cli_train_resumed
  MATCH "steps 150\\.\\.200.*done: .*cloud.ply"
  ARGS train ${SW_TRAIN_DATA} -o ${SW_OUT}/cli_train_resumed --resume ${SW_OUT}/cli_train/checkpoint --steps 200)
sw_cli_test(train.budget_zero RC 5 MATCH "error: parameter 'budget' = 0 is outside"
  ARGS train ${SW_TRAIN_DATA} -o ${SW_OUT}/cli_train_bad --budget 0)
sw_cli_test(train.not_dataset RC 2 MATCH "error: .*: not a dataset folder: transforms_train.json is missing"
  ARGS train ${SW_OUT} -o ${SW_OUT}/cli_train_bad)
sw_cli_test(train.model_input RC 4 MATCH "error: .*train.cmake: neither a dataset folder nor a model file"
  ARGS train ${CMAKE_CURRENT_LIST_FILE} -o ${SW_OUT}/cli_train_bad)
# A model input: the dataset stage (same flags as `splatwright-cli dataset`) into <out>/dataset, then training.
sw_cli_test(train.model RC 0 CLEAN ${SW_OUT}/cli_train_model
  MATCH "dataset: .*cli_train_model/dataset.*12 train, 2 val, 0 test at 64.*train: 12 train / 2 val views at 32x32, 200 start splats.*done: .*cloud.ply"
  ARGS train ${SW_OUT}/cli_dataset_demo.glb -o ${SW_OUT}/cli_train_model --views 12 --val-views 2 --test-views 0
       --resolution 64 --ao-rays 8 --budget 200 --steps 30 --res 32 --eval-every 30 --seed 3)
sw_cli_test(train.model_missing RC 2 MATCH "error: .*no_such_model.glb"
  ARGS train ${SW_OUT}/no_such_model.glb -o ${SW_OUT}/cli_train_bad)
sw_cli_test(train.model_bad_dataset_flag RC 5 MATCH "recipe.*ao, flat, cel"
  ARGS train ${SW_OUT}/cli_dataset_demo.glb -o ${SW_OUT}/cli_train_bad --recipe pbr)
sw_cli_test(train.model_with_model_flag RC 5 MATCH "--model is for dataset inputs"
  ARGS train ${SW_OUT}/cli_dataset_demo.glb -o ${SW_OUT}/cli_train_bad --model ${SW_OUT}/cli_dataset_demo.glb)
set_tests_properties(cli.train.model cli.train.model_bad_dataset_flag cli.train.model_with_model_flag
  PROPERTIES FIXTURES_REQUIRED demo_glb)
set_tests_properties(cli.train.model PROPERTIES LABELS "cli;gl")
sw_cli_test(train.nan_checkpoint RC 5 MATCH "error: .*checkpoint_50.ply: .*position is not finite"
  ARGS train ${SW_TRAIN_DATA} -o ${SW_OUT}/cli_train_bad --resume ${SW_OUT}/train_nan_checkpoint)
if(NOT SPLATWRIGHT_CUDA)  # a CUDA build may run where a GPU is present
  sw_cli_test(train.no_cuda RC 8 MATCH "error: CUDA device requested but this build has no CUDA backend"
    REQUIRES ${SW_TRAIN_DATA}/transforms_train.json
    ARGS train ${SW_TRAIN_DATA} -o ${SW_OUT}/cli_train_bad --device cuda --steps 1)
  set_tests_properties(cli.train.no_cuda PROPERTIES FIXTURES_REQUIRED train_fixture)
endif()
# White stays available; the printout names it.
sw_cli_test(train.val_white RC 0 REQUIRES ${SW_TRAIN_DATA}/transforms_train.json
  MATCH "step +20 .*\\(on white\\).*val metrics: +on white"
  ARGS train ${SW_TRAIN_DATA} -o ${SW_OUT}/cli_train_white --budget 150 --steps 20 --res 32 --eval-every 20
       --val-background 1)
# An absurd budget under a 3 GB address space: refused before allocating, exit 7 (out of memory),
# no abort. The command runs under sh for its ulimit.
add_test(NAME cli.train.out_of_memory
  COMMAND ${CMAKE_COMMAND} -DEXE=/bin/sh
          "-DARGS=-c::ulimit -v 3000000 && exec \"$<TARGET_FILE:splatwright-cli>\" train ${SW_TRAIN_DATA} -o ${SW_OUT}/cli_train_oom --budget 10000000 --res 32"
          -DRC=7 "-DMATCH=error: not enough memory to train: a budget of 10000000 splats at 32x32 needs about .* GiB.*--budget"
          -DNOMATCH=c10::Error "-DREQUIRES=${SW_TRAIN_DATA}/transforms_train.json"
          -P "${PROJECT_SOURCE_DIR}/cmake/run_cli_test.cmake"
  WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}")
set_tests_properties(cli.train.out_of_memory PROPERTIES LABELS cli SKIP_RETURN_CODE ${SW_SKIP_CODE})
set_tests_properties(cli.train.tiny cli.train.resume cli.train.budget_zero cli.train.nan_checkpoint
  cli.train.val_white cli.train.out_of_memory
  PROPERTIES FIXTURES_REQUIRED train_fixture)
set_tests_properties(cli.train.resume PROPERTIES DEPENDS cli.train.tiny)
# Resume restores the checkpoint's settings (the editor's call does the same, tst_pipeline_training):
# a lower --budget is reported, not applied; --steps continues the run.
sw_cli_test(train.resume_budget RC 0 REQUIRES ${SW_OUT}/cli_train/checkpoint/checkpoint.json
  MATCH "resume: budget: 150 from the checkpoint \\(asked 100\\).*budget 150, steps 150\\.\\.170.*done: .*cli_train_resume_budget/cloud.ply"
  ARGS train ${SW_TRAIN_DATA} -o ${SW_OUT}/cli_train_resume_budget --resume ${SW_OUT}/cli_train/checkpoint --budget 100 --steps 170)
# A finished checkpoint resumed into a new folder: a clear error (was "cloud.ply: cannot create file").
sw_cli_test(train.resume_finished RC 5
  MATCH "error: .*cli_train/checkpoint: the checkpoint is at step 150 of 150; raise steps to continue"
  ARGS train ${SW_TRAIN_DATA} -o ${SW_OUT}/cli_train_resume_finished --resume ${SW_OUT}/cli_train/checkpoint)
set_tests_properties(cli.train.resume_budget cli.train.resume_finished PROPERTIES FIXTURES_REQUIRED train_fixture
                     DEPENDS cli.train.tiny)
# Named budget presets of the train schema (--preset, also --train-preset): the hologram is a
# retrain with its own cap of 1800, and a flag given beside a preset wins over it.
sw_cli_test(train.preset_hologram RC 0 REQUIRES ${SW_TRAIN_DATA}/transforms_train.json CLEAN ${SW_OUT}/cli_train_hologram
  MATCH "budget 1800, steps 0\\.\\.20.*done: .*cli_train_hologram/cloud.ply"
  ARGS train ${SW_TRAIN_DATA} -o ${SW_OUT}/cli_train_hologram --preset hologram --steps 20 --res 32 --eval-every 20)
sw_cli_test(train.preset_flag_wins RC 0 REQUIRES ${SW_TRAIN_DATA}/transforms_train.json CLEAN ${SW_OUT}/cli_train_small
  MATCH "budget 1500, steps 0\\.\\.20.*done: "
  ARGS train ${SW_TRAIN_DATA} -o ${SW_OUT}/cli_train_small --train-preset small --budget 1500 --steps 20 --res 32 --eval-every 20)
sw_cli_test(train.preset_unknown RC 1 MATCH "'giant' is neither a preset \\(boss, small, hologram, custom\\) nor an existing JSON file"
  ARGS train ${SW_TRAIN_DATA} -o ${SW_OUT}/cli_train_bad --preset giant)
set_tests_properties(cli.train.preset_hologram cli.train.preset_flag_wins PROPERTIES FIXTURES_REQUIRED train_fixture)
