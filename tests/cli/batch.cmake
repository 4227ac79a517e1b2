# splatwright-cli batch (issue 17): three small generated models through dataset → training →
# bake → export in one process, a failing asset beside a good one, the re-run that skips, the
# hologram preset, shards and their merged summary, SIGINT. Tiny settings: the machine has 2 cores.
set(SW_BATCH_MODELS ${SW_OUT}/batch_models)
file(MAKE_DIRECTORY ${SW_BATCH_MODELS})
set(SW_BATCH_BASE --views 12 --val-views 2 --test-views 0 --resolution 64 --ao-rays 8 --budget 200 --res 32
                  --eval-every 30)
set(SW_BATCH_TINY ${SW_BATCH_BASE} --steps 30)
foreach(seed 1 2 3)
  sw_cli_test(batch.model_m${seed} RC 0 ARGS demo -o ${SW_BATCH_MODELS}/m${seed}.glb --seed ${seed} --plates 64
              --texture-size 256)
  set_tests_properties(cli.batch.model_m${seed} PROPERTIES FIXTURES_SETUP batch_models)
endforeach()
# A corrupt model: this file's text under a .glb name.
add_test(NAME cli.batch.bad_model COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_LIST_FILE} ${SW_OUT}/batch_bad/bad.glb)
set_tests_properties(cli.batch.bad_model PROPERTIES LABELS cli FIXTURES_SETUP batch_models)
set(SW_BATCH_M ${SW_BATCH_MODELS}/m1.glb ${SW_BATCH_MODELS}/m2.glb ${SW_BATCH_MODELS}/m3.glb)

# Three models → three exports and the summary (text and JSON).
sw_cli_test(batch.three RC 0 OUTDIR ${SW_OUT}/cli_batch3
  MATCH "batch: 3 jobs of 3 assets on the CPU.*m1: training.*m2: training.*m3: training.*m1 +200 +[0-9]+ +[0-9.]+ .* done\n.*m2 +200 .* done\n.*m3 +200 .* done\n3 jobs: 3 done or up to date, 0 failed.*summary: .*cli_batch3/summary.json"
  EXISTS ${SW_OUT}/cli_batch3/m1/m1.bin ${SW_OUT}/cli_batch3/m2/m2.bin ${SW_OUT}/cli_batch3/m3/m3.bin
         ${SW_OUT}/cli_batch3/summary.json ${SW_OUT}/cli_batch3/summary.txt
  ARGS batch ${SW_BATCH_M} -o ${SW_OUT}/cli_batch3 ${SW_BATCH_TINY})
# The same call again: every asset is up to date, nothing is rendered or trained.
sw_cli_test(batch.rerun_skips RC 0
  MATCH "m1: skipped: up to date.*m2: skipped.*m3: skipped.*m1 +200 .* skipped\n.*m3 +200 .* skipped\n3 jobs: 3 done or up to date"
  NOMATCH "training|dataset|export"
  ARGS batch ${SW_BATCH_M} -o ${SW_OUT}/cli_batch3 ${SW_BATCH_TINY})
# A changed training setting makes them stale again (stage status, not the files' presence).
sw_cli_test(batch.rerun_stale RC 0 MATCH "m1: training.*m1 +200 .* done\n"
  NOMATCH "m1: dataset"
  ARGS batch ${SW_BATCH_MODELS}/m1.glb -o ${SW_OUT}/cli_batch3 ${SW_BATCH_BASE} --steps 31)
set_tests_properties(cli.batch.rerun_skips PROPERTIES DEPENDS cli.batch.three)
set_tests_properties(cli.batch.rerun_stale PROPERTIES DEPENDS cli.batch.rerun_skips)
# A corrupt model beside a good one: reported with its error, the other finishes, exit 5.
sw_cli_test(batch.failing RC 5 OUTDIR ${SW_OUT}/cli_batch_fail
  MATCH "bad: failed: .*bad.glb: not a glTF file.*m2: done.*bad +- .* failed +.*bad.glb: not a glTF file.*m2 +200 .* done\n2 jobs: 1 done or up to date, 1 failed.*error: .*cli_batch_fail: 1 of 2 jobs failed"
  EXISTS ${SW_OUT}/cli_batch_fail/m2/m2.bin ${SW_OUT}/cli_batch_fail/summary.json
  ARGS batch ${SW_OUT}/batch_bad/bad.glb ${SW_BATCH_MODELS}/m2.glb -o ${SW_OUT}/cli_batch_fail ${SW_BATCH_TINY})
# Several budgets of one asset from a list: the asset itself and its own hologram training.
sw_cli_test(batch.presets RC 0 OUTDIR ${SW_OUT}/cli_batch_presets
  MATCH "m3: training.*m3-hologram: training.*m3 +200 .* done\n.*m3-hologram +1800 .* done\n"
  EXISTS ${SW_OUT}/cli_batch_presets/m3/m3.bin ${SW_OUT}/cli_batch_presets/m3-hologram/m3-hologram.bin
  ARGS batch ${SW_BATCH_MODELS}/m3.glb -o ${SW_OUT}/cli_batch_presets ${SW_BATCH_BASE} --steps 20 --preset custom,hologram)
sw_cli_test(batch.bad_preset RC 5 MATCH "error: --preset 'giant' is not one of: boss, small, hologram, custom"
  ARGS batch ${SW_BATCH_MODELS}/m3.glb -o ${SW_OUT}/cli_batch_bad --preset giant)
sw_cli_test(batch.bad_shard RC 5 MATCH "error: --shard '3/2': expected i/n"
  ARGS batch ${SW_BATCH_MODELS}/m3.glb -o ${SW_OUT}/cli_batch_bad --shard 3/2)
if(NOT SPLATWRIGHT_CUDA)  # a CUDA build may run where a GPU is present
  sw_cli_test(batch.bad_devices RC 5 MATCH "error: device list '0': device 0 does not exist \\(0 visible\\)"
    ARGS batch ${SW_BATCH_MODELS}/m3.glb -o ${SW_OUT}/cli_batch_bad --devices 0)
endif()
# Shards: 1/2 takes m1 and m3 (by name, every other), 2/2 takes m2 and writes the merged summary.
sw_cli_test(batch.shard1 RC 0 OUTDIR ${SW_OUT}/cli_batch_shard
  MATCH "batch: 2 jobs of 3 assets, shard 1/2.*m1 .* done\n.*m3 .* done\n2 jobs.*summary: .*summary-1-of-2.json"
  NOMATCH "m2"
  ARGS batch ${SW_BATCH_M} -o ${SW_OUT}/cli_batch_shard ${SW_BATCH_TINY} --shard 1/2)
sw_cli_test(batch.shard2 RC 0
  MATCH "batch: 1 job of 3 assets, shard 2/2.*m2 .* done\n.*summary: all 2 shards done: .*cli_batch_shard/summary.json"
  EXISTS ${SW_OUT}/cli_batch_shard/summary.json ${SW_OUT}/cli_batch_shard/m1/m1.bin ${SW_OUT}/cli_batch_shard/m2/m2.bin
         ${SW_OUT}/cli_batch_shard/m3/m3.bin
  ARGS batch ${SW_BATCH_M} -o ${SW_OUT}/cli_batch_shard ${SW_BATCH_TINY} --shard 2/2)
sw_cli_test(batch.merge RC 0 MATCH "m1 .* done\n.*m2 .* done\n.*m3 .* done\n3 jobs: 3 done"
  ARGS batch --merge -o ${SW_OUT}/cli_batch_shard)
set_tests_properties(cli.batch.shard2 PROPERTIES DEPENDS cli.batch.shard1)
set_tests_properties(cli.batch.merge PROPERTIES DEPENDS cli.batch.shard2)
# Never replaces what it did not write: a folder of the user's where a job's export would go.
add_test(NAME cli.batch.foreign_setup COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_LIST_FILE}
         ${SW_OUT}/cli_batch_foreign/m1/notes.txt)
set_tests_properties(cli.batch.foreign_setup PROPERTIES LABELS cli FIXTURES_SETUP batch_foreign)
sw_cli_test(batch.foreign RC 5 MATCH "error: .*cli_batch_foreign/m1: .*not written by splatwright"
  EXISTS ${SW_OUT}/cli_batch_foreign/m1/notes.txt ABSENT ${SW_OUT}/cli_batch_foreign/cache
  ARGS batch ${SW_BATCH_MODELS}/m1.glb -o ${SW_OUT}/cli_batch_foreign ${SW_BATCH_TINY})
# Ctrl-C while the trainings run (at the first "step ..." report of one): exit 6, no temporaries left.
sw_cli_test(batch.sigint RC 6 OUTDIR ${SW_OUT}/cli_batch_sigint SIGNAL INT AT step MATCH "cancelled"
  ARGS batch ${SW_BATCH_M} -o ${SW_OUT}/cli_batch_sigint ${SW_BATCH_BASE} --steps 100000)
set_tests_properties(cli.batch.three cli.batch.rerun_skips cli.batch.rerun_stale cli.batch.failing cli.batch.presets
  cli.batch.bad_preset cli.batch.bad_shard cli.batch.shard1 cli.batch.shard2 cli.batch.sigint
  PROPERTIES FIXTURES_REQUIRED batch_models)
set_tests_properties(cli.batch.foreign PROPERTIES FIXTURES_REQUIRED "batch_models;batch_foreign")
set_tests_properties(cli.batch.three cli.batch.rerun_skips cli.batch.rerun_stale cli.batch.failing cli.batch.presets
  cli.batch.shard1 cli.batch.shard2 cli.batch.sigint PROPERTIES LABELS "cli;gl")
# The farm on a real single-node Slurm (munged, slurmctld, slurmd started by the script on
# localhost): an sbatch --array=0-2 over the three models, three exports and the merged summary.
# SKIPPED (77) with the reason where Slurm cannot start (not root, packages missing).
add_test(NAME cli.batch.slurm
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/slurm_batch.sh $<TARGET_FILE:splatwright-cli> ${SW_OUT}/cli_batch_slurm
          ${SW_BATCH_M} -- ${SW_BATCH_TINY})
set_tests_properties(cli.batch.slurm PROPERTIES LABELS "cli;gl;slurm" SKIP_RETURN_CODE ${SW_SKIP_CODE}
  FIXTURES_REQUIRED batch_models RUN_SERIAL TRUE TIMEOUT 600
  PASS_REGULAR_EXPRESSION "merged summary: .*3 jobs done" SKIP_REGULAR_EXPRESSION "SKIPPED: Slurm cannot start")
# Names refused before any work: two assets' jobs of one name (m3's hologram job beside an asset
# named m3-hologram), an asset named like the batch folder's own summary, an empty list.
set(SW_BATCH_LISTS ${SW_OUT}/batch_lists)
file(WRITE ${SW_BATCH_LISTS}/clash.json "{\"assets\": [{\"model\": \"${SW_BATCH_MODELS}/m3.glb\", \"presets\": [\"custom\", \"hologram\"]}, {\"model\": \"${SW_BATCH_MODELS}/m1.glb\", \"name\": \"m3-hologram\"}]}")
file(WRITE ${SW_BATCH_LISTS}/reserved.json "[{\"model\": \"${SW_BATCH_MODELS}/m1.glb\", \"name\": \"summary.json\"}]")
file(WRITE ${SW_BATCH_LISTS}/empty.json "{\"assets\": []}")
sw_cli_test(batch.job_name_clash RC 5 ABSENT ${SW_OUT}/cli_batch_clash
  MATCH "error: .*m1.glb: job 'm3-hologram' of asset 'm3-hologram' has the name of asset 'm3''s job; rename one of the assets"
  ARGS batch ${SW_BATCH_LISTS}/clash.json -o ${SW_OUT}/cli_batch_clash ${SW_BATCH_TINY})
sw_cli_test(batch.reserved_name RC 5 ABSENT ${SW_OUT}/cli_batch_reserved
  MATCH "error: .*m1.glb: asset name 'summary.json' is not a safe file name .*the batch folder's own"
  ARGS batch ${SW_BATCH_LISTS}/reserved.json -o ${SW_OUT}/cli_batch_reserved ${SW_BATCH_TINY})
sw_cli_test(batch.empty_list RC 5 MATCH "error: .*empty.json: the list names no model or project"
  ARGS batch ${SW_BATCH_LISTS}/empty.json -o ${SW_OUT}/cli_batch_empty)
set_tests_properties(cli.batch.job_name_clash cli.batch.reserved_name PROPERTIES FIXTURES_REQUIRED batch_models)
# --timings: each job's wall time by stage, and the sum over the jobs (issue 37's whole job).
sw_cli_test(batch.timings RC 0 OUTDIR ${SW_OUT}/cli_batch_timings
  MATCH "timings: m2: dataset [0-9]+\\.[0-9][0-9] s, training [0-9]+\\.[0-9][0-9] s, bake \\+ export [0-9]+\\.[0-9][0-9] s; total [0-9]+\\.[0-9][0-9] s\ntimings: all jobs: "
  ARGS batch ${SW_BATCH_MODELS}/m2.glb -o ${SW_OUT}/cli_batch_timings ${SW_BATCH_TINY} --timings)
set_tests_properties(cli.batch.timings PROPERTIES FIXTURES_REQUIRED batch_models)
