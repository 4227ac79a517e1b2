# The bad-input matrix, train cases (tests/cli/badinput.cmake has the rest and the generator).
set(TR --steps 5 --budget 100 --res 16 --eval-every 5)
sw_bad(train_singular_pose RC 5 MATCH "error: .*ds_zero_pose/transforms_train\\.json: frame 2: transform_matrix has bottom row"
  ABSENT @O@/t/cloud.ply ARGS train ${BAD}/ds_zero_pose -o @O@/t ${TR})
sw_bad(train_skewed_pose RC 5 MATCH "error: .*ds_skewed_pose/transforms_train\\.json: frame 3: .*not orthonormal"
  ABSENT @O@/t/cloud.ply ARGS train ${BAD}/ds_skewed_pose -o @O@/t ${TR})
sw_bad(train_camera_inside RC 5 MATCH "error: .*ds_inside/transforms_train\\.json: frame 0: .*inside the model's cube"
  ARGS train ${BAD}/ds_inside -o @O@/t ${TR})
sw_bad(train_dataset_png_is_folder RC 2 MATCH "error: .*ds_png_dir/train/r_1\\.png: is a folder, not a file"
  ARGS train ${BAD}/ds_png_dir -o @O@/t ${TR})
sw_bad(train_truncated_png RC 3 MATCH "error: .*ds_truncated_png/train/r_4\\.png: " ARGS train ${BAD}/ds_truncated_png -o @O@/t ${TR})
sw_bad(train_grey_png_warns RC 0 MATCH "warning.*ds_grey/train/r_0\\.png: no transparent pixel" EXISTS @O@/t/cloud.ply
  ARGS train ${BAD}/ds_grey -o @O@/t ${TR} --model ${BAD}/cube.glb)
sw_bad(train_steps_zero RC 5 MATCH "error: parameter 'steps' = 0 is outside \\[1, 1000000\\] \\(given as --steps 0\\)" ARGS train ${BAD}/ds_ok -o @O@/t --steps 0)
sw_bad(train_budget_zero RC 5 MATCH "error: parameter 'budget' = 0 is outside .* \\(given as --budget 0\\)" ARGS train ${BAD}/ds_ok -o @O@/t --budget 0)
sw_bad(train_budget_one RC 0 MATCH "budget 1," ARGS train ${BAD}/ds_ok -o @O@/t --steps 2 --budget 1 --res 16 --eval-every 2
  --model ${BAD}/cube.glb)
sw_bad(train_would_replace_the_users_cloud RC 5 MATCH "error: .*userrun/cloud\\.ply: it exists and was not written by splatwright"
  EXISTS ${BAD}/userrun/cloud.ply NOLEFTOVER ${BAD}/userrun ARGS train ${BAD}/ds_ok -o ${BAD}/userrun ${TR})
sw_bad(train_empty_visual_hull RC 5 MATCH "error: .*ds_clear: empty visual hull: no point of the cube projects inside alpha"
  ABSENT @O@/t/cloud.ply ARGS train ${BAD}/ds_clear -o @O@/t ${TR})
sw_bad(train_zero_area_model RC 5 MATCH "error: .*zero_area\\.glb: every triangle has zero area" ABSENT @O@/t/cloud.ply
  ARGS train ${BAD}/ds_ok -o @O@/t ${TR} --model ${BAD}/zero_area.glb)
if(NOT SPLATWRIGHT_CUDA)
  sw_bad(train_cuda_without_gpu RC 8 MATCH "error: CUDA device requested" ARGS train ${BAD}/ds_ok -o @O@/t --device cuda)
endif()
# Ctrl-C / SIGTERM during `train model.glb`: in the dataset stage (at its first "rendering ..."
# report), then in training (at its first "step ..." report). Exit 6, no temporaries.
sw_bad(train_model_sigterm_in_dataset RC 6 LABELS cli gl SIGNAL TERM AT rendering MATCH "cancelled"
  ABSENT @O@/t/dataset @O@/t/cloud.ply
  ARGS train ${BAD}/cube.glb -o @O@/t --views 6 --val-views 1 --test-views 0 --resolution 16 --ao-rays 4 --steps 100000 --res 16)
sw_bad(train_model_sigint_in_training RC 6 LABELS cli gl SIGNAL INT AT step
  MATCH "error: .*/t/checkpoint: training cancelled at step [0-9]+" ABSENT @O@/t/cloud.ply
  EXISTS @O@/t/dataset/transforms_train.json
  ARGS train ${BAD}/cube.glb -o @O@/t --views 12 --val-views 2 --test-views 0 --resolution 32 --ao-rays 4 --steps 1000000 --res 32)
# No leftovers: a run that fails or is cancelled before it has a checkpoint removes the run
# folder it created; a run refused for its dataset folder writes nothing into the user's folder.
sw_bad(train_failed_removes_its_folder RC 3 MATCH "removed .*/t, created by the run that stopped.*error: .*r_4\\.png: "
  ABSENT @O@/t ARGS train ${BAD}/ds_truncated_png -o @O@/t ${TR})
sw_bad(train_cancelled_removes_its_folder RC 6 SIGNAL INT AT "loading the dataset" MATCH "cancelled"
  ABSENT @O@/t ARGS train ${BAD}/ds_ok -o @O@/t ${TR})
sw_bad(train_refused_dataset_writes_nothing RC 5
  MATCH "error: .*userrun2/dataset: it exists and was not written by splatwright"
  ABSENT ${BAD}/userrun2/.splatwright-output.json EXISTS ${BAD}/userrun2/mine.txt ${BAD}/userrun2/dataset/notes.txt
  ARGS train ${BAD}/cube.glb -o ${BAD}/userrun2 ${TR})
sw_bad(batch_pack_zero_one_line RC 1
  MATCH "^splatwright-cli batch: error: --pack: Value 0 not in range 1 to 256 \\(--help lists the options\\)\n$"
  ARGS batch ${BAD}/cube.glb -o @O@/b --pack 0)
