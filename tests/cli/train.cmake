# splatwright-cli train: fits a fixed-budget cloud to a NeRF-synthetic dataset. The dataset
# and the NaN checkpoint are written by the trainer_data test (fixture train_fixture).
set(SW_TRAIN_DATA ${SW_OUT}/train_dataset)
sw_cli_test(train.tiny RC 0 REQUIRES ${SW_TRAIN_DATA}/transforms_train.json
  MATCH "step +100 .*val L1:.*val PSNR:.*val SSIM:.*opaque share:.*wall time:"
  ARGS train ${SW_TRAIN_DATA} -o ${SW_OUT}/cli_train --budget 150 --steps 150 --res 32 --eval-every 100
       --checkpoint-every 50 --refine-start 20 --refine-stop-before-end 20 --refine-every 10)
sw_cli_test(train.resume RC 0 REQUIRES ${SW_OUT}/cli_train/checkpoint/checkpoint.json
  MATCH "steps 150\\.\\.200.*done: .*cloud.ply"
  ARGS train ${SW_TRAIN_DATA} -o ${SW_OUT}/cli_train_resumed --resume ${SW_OUT}/cli_train/checkpoint --steps 200)
sw_cli_test(train.budget_zero RC 5 MATCH "error: parameter 'budget' = 0 is outside"
  ARGS train ${SW_TRAIN_DATA} -o ${SW_OUT}/cli_train_bad --budget 0)
sw_cli_test(train.not_dataset RC 2 MATCH "error: .*: not a dataset folder: transforms_train.json is missing"
  ARGS train ${SW_OUT} -o ${SW_OUT}/cli_train_bad)
sw_cli_test(train.model_input RC 4 MATCH "render the model first"
  ARGS train ${CMAKE_CURRENT_LIST_FILE} -o ${SW_OUT}/cli_train_bad)
sw_cli_test(train.nan_checkpoint RC 5 MATCH "error: .*checkpoint_50.ply: .*position is not finite"
  ARGS train ${SW_TRAIN_DATA} -o ${SW_OUT}/cli_train_bad --resume ${SW_OUT}/train_nan_checkpoint)
set_tests_properties(cli.train.tiny cli.train.resume cli.train.budget_zero cli.train.nan_checkpoint
  PROPERTIES FIXTURES_REQUIRED train_fixture)
set_tests_properties(cli.train.resume PROPERTIES DEPENDS cli.train.tiny)
