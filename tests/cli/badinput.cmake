# The bad-input matrix (issue 12): one line per hostile input, each asserting the exit code, a
# message naming the file and the problem, and that no partial output or temporary is left.
# badinput_gen builds every input in code at test time (fixture `badinput`, folder ${BAD});
# @O@ in a case stands for its own fresh output folder ${BAD}/o/<case>, checked for leftovers.
# Exit codes: 1 usage, 2 I/O, 3 parse, 4 unsupported, 5 invalid input, 6 cancelled, 7 memory.
add_executable(badinput_gen cli/badinput_gen.cpp)
target_link_libraries(badinput_gen PRIVATE sw::formats sw::geometry sw::foundation sw::splat nlohmann_json::nlohmann_json)
sw_apply_warnings(badinput_gen)
set(BAD "${SW_OUT}/bad")
add_test(NAME cli.bad.generate COMMAND badinput_gen "${BAD}")
set_tests_properties(cli.bad.generate PROPERTIES LABELS cli FIXTURES_SETUP badinput)

# sw_bad(<case> <sw_cli_test arguments with @O@>): a matrix case on the generated inputs.
function(sw_bad name)
  set(args)
  foreach(a IN LISTS ARGN)
    string(REPLACE "@O@" "${BAD}/o/${name}" a "${a}")
    list(APPEND args "${a}")
  endforeach()
  sw_cli_test(bad.${name} OUTDIR "${BAD}/o/${name}" ${args})
  if(TEST cli.bad.${name})  # sw_cli_test leaves out address-space-capped cases under ASan
    set_tests_properties(cli.bad.${name} PROPERTIES FIXTURES_REQUIRED badinput)
  endif()
endfunction()
set(GL LABELS cli gl)  # cases that open the headless GL context (dataset, preview, render)

# --- splat clouds: convert -------------------------------------------------------------------
sw_bad(convert_truncated_ply RC 3 MATCH "error: .*truncated\\.ply: .*" ABSENT @O@/x.spz
  ARGS convert ${BAD}/truncated.ply -o @O@/x.spz)
sw_bad(convert_count_larger_than_file RC 3 MATCH "error: .*count_large\\.ply: .*" ABSENT @O@/x.spz
  ARGS convert ${BAD}/count_large.ply -o @O@/x.spz)
sw_bad(convert_header_only_ply RC 3 MATCH "error: .*header_only\\.ply: " ARGS convert ${BAD}/header_only.ply -o @O@/x.spz)
sw_bad(convert_zero_splats RC 5 MATCH "error: .*x\\.spz: the cloud has no splats; a 0-splat file is not written" ABSENT @O@/x.spz
  ARGS convert ${BAD}/zero.ply -o @O@/x.spz)
sw_bad(convert_empty_ply RC 3 MATCH "error: .*empty\\.ply: " ARGS convert ${BAD}/empty.ply -o @O@/x.spz)
sw_bad(convert_not_a_ply RC 3 MATCH "error: .*not_a\\.ply: " ARGS convert ${BAD}/not_a.ply -o @O@/x.spz)
sw_bad(convert_nan RC 5 MATCH "error: .*nan\\.ply: splat 0: .*not finite" ARGS convert ${BAD}/nan.ply -o @O@/x.spz)
sw_bad(convert_inf RC 5 MATCH "error: .*inf\\.ply: splat 0: .*not finite" ARGS convert ${BAD}/inf.ply -o @O@/x.spz)
sw_bad(convert_truncated_spz RC 3 MATCH "error: .*truncated\\.spz: " ARGS convert ${BAD}/truncated.spz -o @O@/x.ply)
sw_bad(convert_garbage_spz RC 3 MATCH "error: .*garbage\\.spz: not an SPZ file" ARGS convert ${BAD}/garbage.spz -o @O@/x.ply)
sw_bad(convert_garbage_splat RC 3 MATCH "error: .*garbage\\.splat: " ARGS convert ${BAD}/garbage.splat -o @O@/x.ply)
sw_bad(convert_empty_splat RC 3 MATCH "error: .*empty\\.splat: \\.splat file is empty" ARGS convert ${BAD}/empty.splat -o @O@/x.ply)
sw_bad(convert_spz4_toc_offset RC 3 MATCH "error: .*bad_toc4\\.spz: SPZ table of contents offset [0-9]+ is out of range at byte offset 16"
  ARGS convert ${BAD}/bad_toc4.spz -o @O@/x.ply)
sw_bad(convert_spz4_stream_count RC 3 MATCH "error: .*bad_streams4\\.spz: SPZ has 9 streams, expected [0-9]+ at byte offset 15"
  ARGS convert ${BAD}/bad_streams4.spz -o @O@/x.ply)
# A declared point count far larger than the streams: an error naming the file, checked before
# allocating (under a 4 GB address-space cap the old reader ran out of memory, exit 7).
sw_bad(convert_spz4_count_beyond_streams RC 3 LIMIT_AS 4000000000
  MATCH "error: .*huge_count4\\.spz: SPZ stream 0 declares 1800 uncompressed bytes, expected [0-9]+ for [0-9]+ points at byte offset 2097192"
  ABSENT @O@/x.ply ARGS convert ${BAD}/huge_count4.spz -o @O@/x.ply)
sw_bad(convert_spz4_forged_sizes RC 3 LIMIT_AS 4000000000
  MATCH "error: .*forged_sizes4\\.spz: SPZ stream 0 holds 1800 bytes, expected [0-9]+ for [0-9]+ points at byte offset 2097280"
  ABSENT @O@/x.ply ARGS convert ${BAD}/forged_sizes4.spz -o @O@/x.ply)
sw_bad(convert_spz4_streams_beyond_file RC 3 LIMIT_AS 4000000000
  MATCH "error: .*overlong_streams4\\.spz: SPZ stream 0 declares 1099511627776 compressed bytes but only [0-9]+ are left in the file at byte offset 2097184"
  ABSENT @O@/x.ply ARGS convert ${BAD}/overlong_streams4.spz -o @O@/x.ply)
sw_bad(convert_folder_as_ply RC 2 MATCH "error: .*dir\\.ply: is a folder, not a file" ARGS convert ${BAD}/dir.ply -o @O@/x.spz)
sw_bad(convert_folder_as_spz RC 2 MATCH "error: .*dir\\.spz: is a folder, not a file" ARGS convert ${BAD}/dir.spz -o @O@/x.ply)
sw_bad(convert_folder_as_splat RC 2 MATCH "error: .*dir\\.splat: is a folder, not a file" ARGS convert ${BAD}/dir.splat -o @O@/x.ply)
sw_bad(convert_onto_folder RC 2 MATCH "error: .*dir\\.spz: is a folder, not a file; choose a file path" EXISTS ${BAD}/dir.spz
  ARGS convert ${BAD}/ok.ply -o ${BAD}/dir.spz)
sw_bad(convert_onto_dev_null RC 0 MATCH "converted 200 splats" ISLINK ${BAD}/null.spz ARGS convert ${BAD}/ok.ply -o ${BAD}/null.spz)
sw_bad(convert_disk_full RC 2 MATCH "error: .*full\\.spz: write failed \\(No space left on device\\)" NOMATCH "tmp-"
  ISLINK ${BAD}/full.spz ARGS convert ${BAD}/ok.ply -o ${BAD}/full.spz)
sw_bad(convert_unwritable RC 2 MATCH "error: /proc/sw-bad\\.spz: cannot create file" ARGS convert ${BAD}/ok.ply -o /proc/sw-bad.spz)
sw_bad(convert_missing_folder RC 2 MATCH "error: .*/no/such/x\\.spz: cannot create file" ARGS convert ${BAD}/ok.ply -o @O@/no/such/x.spz)
sw_bad(convert_missing_input RC 2 MATCH "error: .*absent\\.ply: cannot open file" ARGS convert ${BAD}/absent.ply -o @O@/x.spz)
sw_bad(convert_splat_drops_sh RC 0 MATCH "warning.*x\\.splat: the \\.splat format keeps no spherical harmonics: SH bands 1\\.\\.1 of 200"
  EXISTS @O@/x.splat ARGS convert ${BAD}/ok.ply -o @O@/x.splat)
sw_bad(convert_spz_clamps_scale RC 0 MATCH "warning.*x\\.spz: 600 scale values have ln σ outside SPZ's \\[-10, 5\\.94\\] and are clamped"
  ARGS convert ${BAD}/bigscale.ply -o @O@/x.spz)
sw_bad(convert_stale_temporary RC 0 MATCH "removed the temporary .*out\\.spz\\.tmp-4194399-deadbeef"
  ABSENT ${BAD}/stale/out.spz.tmp-4194399-deadbeef EXISTS ${BAD}/stale/out.spz ARGS convert ${BAD}/ok.ply -o ${BAD}/stale/out.spz)
# Ctrl-C / SIGTERM mid-conversion: the signal comes while the conversion waits at the test-only
# pause point before its output is opened (AT: the output's path). Exit 6, no output, no temporary.
sw_bad(convert_sigint RC 6 SIGNAL INT AT x.spz MATCH "error: .*x\\.spz: cancelled \\(interrupted\\); nothing was written"
  ABSENT @O@/x.spz ARGS convert ${BAD}/ok.ply -o @O@/x.spz)
sw_bad(convert_sigterm RC 6 SIGNAL TERM AT x.spz MATCH "error: .*x\\.spz: cancelled \\(interrupted\\); nothing was written"
  ABSENT @O@/x.spz ARGS convert ${BAD}/ok.ply -o @O@/x.spz --spz-version 4)
sw_bad(usage_missing_output RC 1 MATCH "--output is required" ARGS convert ${BAD}/ok.ply)
sw_bad(usage_bad_number RC 1 MATCH "--spz-version" ARGS convert ${BAD}/ok.ply -o @O@/x.spz --spz-version three)
sw_bad(usage_unknown_command RC 1 MATCH "subcommand is required" ARGS frobnicate)
sw_bad(usage_unknown_flag RC 1 MATCH "--no-such-flag" ARGS convert ${BAD}/ok.ply -o @O@/x.spz --no-such-flag)

# --- models: info, demo, render, dataset -----------------------------------------------------
sw_bad(info_folder_as_model RC 2 MATCH "error: .*dir\\.glb: is a folder, not a file" ARGS info ${BAD}/dir.glb)
sw_bad(info_truncated_glb RC 3 MATCH "error: .*truncated\\.glb: " ARGS info ${BAD}/truncated.glb)
sw_bad(info_garbage_glb RC 3 MATCH "error: .*garbage\\.glb: " ARGS info ${BAD}/garbage.glb)
sw_bad(info_zero_faces RC 5 MATCH "error: .*nofaces\\.gltf: .*no triangles" ARGS info ${BAD}/nofaces.gltf)
sw_bad(info_zero_area RC 5 MATCH "error: .*zero_area\\.glb: every triangle has zero area" ARGS info ${BAD}/zero_area.glb)
sw_bad(info_texture_16k RC 4 MATCH "error: .*tex16k\\.gltf: base-colour texture .*16384x16384, larger than the 8192 px limit"
  ARGS info ${BAD}/tex16k.gltf)
sw_bad(info_texture_is_folder RC 0 MATCH "warnings: 1.*texdir\\.png: is a folder, not a file" ARGS info ${BAD}/dir_tex.gltf)
sw_bad(info_missing_texture RC 0 MATCH "warnings: 1.*no_such_texture\\.png: texture file not found" ARGS info ${BAD}/missing_tex.gltf)
sw_bad(info_no_uvs RC 0 MATCH "warnings: 1.*has a base-colour texture but its mesh has no UVs" ARGS info ${BAD}/nouv.glb)
sw_bad(demo_onto_folder RC 2 MATCH "error: .*dir\\.glb: is a folder, not a file" EXISTS ${BAD}/dir.glb ARGS demo -o ${BAD}/dir.glb)
sw_bad(demo_onto_dev_null RC 0 ISLINK ${BAD}/null.glb ARGS demo -o ${BAD}/null.glb --texture-size 256)
sw_bad(render_onto_folder RC 2 MATCH "error: .*dir\\.png: is a folder, not a file" EXISTS ${BAD}/dir.png ${GL}
  ARGS render ${BAD}/cube.glb -o ${BAD}/dir.png)
sw_bad(render_disk_full RC 2 MATCH "error: .*full\\.png: write failed \\(No space left on device\\)" ${GL}
  ARGS render ${BAD}/cube.glb -o ${BAD}/full.png)
sw_bad(render_too_large_for_memory RC 7 ${GL} LIMIT_AS 3000000000
  MATCH "error: .*r\\.png: a 8192x8192 render with 4x MSAA needs 3072 MiB but only [0-9]+ MiB are available" ABSENT @O@/r.png
  ARGS render ${BAD}/cube.glb -o @O@/r.png --width 8192 --height 8192)
sw_bad(bench_render_too_large_for_memory RC 7 ${GL} LIMIT_AS 3000000000
  MATCH "error: a 8192x8192 render with 4x MSAA needs 3072 MiB but only [0-9]+ MiB are available"
  ARGS bench-render --width 8192 --height 8192 --samples 4 --frames 1)

set(DS --views 6 --val-views 1 --test-views 0 --resolution 16 --ao-rays 4)
sw_bad(dataset_into_the_models_folder RC 5 ${GL}
  MATCH "error: .*/user: the folder exists and holds '(m\\.glb|notes\\.txt)', which splatwright did not write; nothing was replaced"
  EXISTS ${BAD}/user/m.glb ${BAD}/user/notes.txt NOLEFTOVER ${BAD}/user ARGS dataset ${BAD}/user/m.glb -o ${BAD}/user ${DS})
sw_bad(dataset_onto_the_model RC 5 ${GL} MATCH "error: .*m\\.glb: exists and is not a folder; it is left untouched"
  EXISTS ${BAD}/user/m.glb ARGS dataset ${BAD}/user/m.glb -o ${BAD}/user/m.glb ${DS})
sw_bad(dataset_into_a_foreign_folder RC 5 ${GL} MATCH "error: .*/userdata: the folder exists and holds 'notes\\.txt'"
  EXISTS ${BAD}/userdata/notes.txt ARGS dataset ${BAD}/cube.glb -o ${BAD}/userdata ${DS})
sw_bad(dataset_zero_area RC 5 ${GL} MATCH "error: .*zero_area\\.glb: every triangle has zero area" ABSENT @O@/ds
  ARGS dataset ${BAD}/zero_area.glb -o @O@/ds ${DS})
sw_bad(dataset_zero_faces RC 5 ${GL} MATCH "error: .*nofaces\\.gltf: .*no triangles" ABSENT @O@/ds
  ARGS dataset ${BAD}/nofaces.gltf -o @O@/ds ${DS})
sw_bad(dataset_truncated_glb RC 3 ${GL} MATCH "error: .*truncated\\.glb: " ABSENT @O@/ds ARGS dataset ${BAD}/truncated.glb -o @O@/ds ${DS})
sw_bad(dataset_texture_is_folder RC 0 ${GL} MATCH "dataset: .*6 train, 1 val.*texdir\\.png: is a folder, not a file"
  ARGS dataset ${BAD}/dir_tex.gltf -o @O@/ds ${DS})
sw_bad(dataset_missing_texture RC 0 ${GL} MATCH "dataset: .*6 train, 1 val.*no_such_texture\\.png: texture file not found"
  ARGS dataset ${BAD}/missing_tex.gltf -o @O@/ds ${DS})
sw_bad(dataset_texture_16k RC 4 ${GL} MATCH "error: .*tex16k\\.gltf: .*larger than the 8192 px limit" ABSENT @O@/ds
  ARGS dataset ${BAD}/tex16k.gltf -o @O@/ds ${DS})
sw_bad(dataset_unwritable RC 2 ${GL} MATCH "error: /proc/sw-bad-ds.*: cannot" ARGS dataset ${BAD}/cube.glb -o /proc/sw-bad-ds ${DS})
sw_bad(dataset_stale_temporary RC 0 ${GL} MATCH "removed the temporary .*ds\\.tmp-4194399-0000abcd"
  ABSENT ${BAD}/stale_ds/ds.tmp-4194399-0000abcd EXISTS ${BAD}/stale_ds/ds/transforms_train.json
  ARGS dataset ${BAD}/cube.glb -o ${BAD}/stale_ds/ds ${DS})
sw_bad(dataset_replaces_its_own RC 0 ${GL} MATCH "dataset: .*own.*6 train" EXISTS ${BAD}/own/ds/.splatwright-output.json
  NOLEFTOVER ${BAD}/own ARGS dataset ${BAD}/cube.glb -o ${BAD}/own/ds ${DS})
sw_bad(dataset_replaces_its_own_again RC 0 ${GL} MATCH "dataset: .*own.*4 train" EXISTS ${BAD}/own/ds/train/r_3.png
  ABSENT ${BAD}/own/ds/train/r_5.png NOLEFTOVER ${BAD}/own
  ARGS dataset ${BAD}/cube.glb -o ${BAD}/own/ds --views 4 --val-views 1 --test-views 0 --resolution 16 --ao-rays 4)
set_tests_properties(cli.bad.dataset_replaces_its_own_again PROPERTIES DEPENDS cli.bad.dataset_replaces_its_own)
# Ctrl-C / SIGTERM mid-run (at the first "rendering ..." report: the temporary folder holds the
# first view): exit 6, no dataset, no temporary.
sw_bad(dataset_sigint RC 6 ${GL} SIGNAL INT AT rendering MATCH "cancelled" ABSENT @O@/ds ARGS dataset ${BAD}/cube.glb -o @O@/ds ${DS})
sw_bad(dataset_sigterm RC 6 ${GL} SIGNAL TERM AT rendering MATCH "cancelled" ABSENT @O@/ds ARGS dataset ${BAD}/cube.glb -o @O@/ds ${DS})

# --- preview ---------------------------------------------------------------------------------
sw_bad(preview_folder_as_bin RC 2 MATCH "error: .*dir\\.bin: is a folder, not a file" ARGS preview ${BAD}/dir.bin -o @O@/p.png)
sw_bad(preview_garbage_bin RC 3 MATCH "error: .*garbage\\.bin: " ABSENT @O@/p.png ARGS preview ${BAD}/garbage.bin -o @O@/p.png)
sw_bad(preview_short_bin RC 3 MATCH "error: .*short\\.bin: " ARGS preview ${BAD}/short.bin -o @O@/p.png)
sw_bad(preview_zero_splats RC 5 MATCH "error: .*zero\\.ply: .*no splats" ARGS preview ${BAD}/zero.ply -o @O@/p.png)
sw_bad(preview_onto_folder RC 2 ${GL} MATCH "error: .*dir\\.png: is a folder, not a file" EXISTS ${BAD}/dir.png
  ARGS preview ${BAD}/ok.ply -o ${BAD}/dir.png --game-scale 40)
sw_bad(preview_onto_dev_null RC 0 ${GL} ISLINK ${BAD}/null.png ARGS preview ${BAD}/ok.ply -o ${BAD}/null.png --game-scale 40)
sw_bad(preview_too_large_for_memory RC 7 ${GL} LIMIT_AS 12000000000
  MATCH "error: .*p\\.png: the game-scale sheet \\(2000 px at x16\\) needs [0-9]+ MiB but only [0-9]+ MiB are available" ABSENT @O@/p.png
  ARGS preview ${BAD}/ok.ply -o @O@/p.png --game-scale 2000 --zoom 16)
sw_bad(preview_view_too_large_for_memory RC 7 ${GL} LIMIT_AS 3000000000
  MATCH "error: .*p\\.png: a 8192x8192 render with 4x MSAA needs 3072 MiB but only [0-9]+ MiB are available" ABSENT @O@/p.png
  ARGS preview ${BAD}/ok.ply -o @O@/p.png --view 8192x8192)
sw_bad(preview_zoom_out_of_range RC 1 MATCH "--zoom" ARGS preview ${BAD}/ok.ply -o @O@/p.png --zoom 17)

# --- export: folders, datasets with bad poses or images --------------------------------------
set(EXP ${BAD}/ok.ply --model ${BAD}/cube.glb)
sw_bad(export_would_replace_the_input RC 5 MATCH "error: .*exportdir/cube\\.ply: it exists and was not written by splatwright"
  EXISTS ${BAD}/exportdir/cube.ply NOLEFTOVER ${BAD}/exportdir
  ARGS export ${BAD}/exportdir/cube.ply --model ${BAD}/cube.glb -o ${BAD}/exportdir)
sw_bad(export_singular_pose RC 5 MATCH "error: .*ds_zero_pose/transforms_train\\.json: frame 2: transform_matrix has bottom row"
  ABSENT @O@/e ARGS export ${EXP} --dataset ${BAD}/ds_zero_pose -o @O@/e)
sw_bad(export_skewed_pose RC 5 MATCH "error: .*ds_skewed_pose/transforms_train\\.json: frame 3: .*not orthonormal"
  ABSENT @O@/e ARGS export ${EXP} --dataset ${BAD}/ds_skewed_pose -o @O@/e)
sw_bad(export_camera_inside RC 5 MATCH "error: .*ds_inside/transforms_train\\.json: frame 0: .*inside the model's cube"
  ABSENT @O@/e ARGS export ${EXP} --dataset ${BAD}/ds_inside -o @O@/e)
sw_bad(export_dataset_png_is_folder RC 2 MATCH "error: .*ds_png_dir/train/r_1\\.png: is a folder, not a file"
  ABSENT @O@/e ARGS export ${EXP} --dataset ${BAD}/ds_png_dir -o @O@/e)
sw_bad(export_truncated_png RC 3 MATCH "error: .*ds_truncated_png/train/r_4\\.png: " ABSENT @O@/e
  ARGS export ${EXP} --dataset ${BAD}/ds_truncated_png -o @O@/e)
sw_bad(export_nan_cloud RC 5 MATCH "error: .*nan\\.ply: splat 0" ABSENT @O@/e ARGS export ${BAD}/nan.ply --model ${BAD}/cube.glb -o @O@/e)
sw_bad(export_zero_area_model RC 5 MATCH "error: .*zero_area\\.glb: every triangle has zero area" ABSENT @O@/e
  ARGS export ${BAD}/ok.ply --model ${BAD}/zero_area.glb -o @O@/e)
sw_bad(export_stale_temporaries RC 0 MATCH "removed the temporary .*/\\.cube\\.export\\.tmp-4194399-0000beef"
  ABSENT ${BAD}/exportstale/e/.cube.export.tmp-4194399-0000beef ${BAD}/exportstale/e/.cube.export-4194399
  EXISTS ${BAD}/exportstale/e/cube.bin NOLEFTOVER ${BAD}/exportstale ARGS export ${EXP} -o ${BAD}/exportstale/e)
sw_bad(export_ok RC 0 MATCH "file: +cube\\.bin" EXISTS @O@/e/cube.bin @O@/e/.splatwright-output.json ARGS export ${EXP} -o @O@/e)
# Ctrl-C / SIGTERM mid-export: during the bake (its floater pass) and while the files are
# encoded. Exit 6 naming the export folder or the model, no folder, no .e.export-* temporary.
sw_bad(export_sigint RC 6 SIGNAL INT AT encoding MATCH "error: .*(/e|cube\\.glb): [a-z ]*cancelled" ABSENT @O@/e
  ARGS export ${EXP} -o @O@/e)
sw_bad(export_sigterm RC 6 SIGNAL TERM AT floaters MATCH "error: .*(/e|cube\\.glb): [a-z ]*cancelled" ABSENT @O@/e
  ARGS export ${EXP} -o @O@/e)

# --- a full disk (a real 8 KiB tmpfs; root only, else skipped) --------------------------------
function(sw_enospc name)
  cmake_parse_arguments(T "" "NAMES" "ARGS" ${ARGN})
  string(REPLACE ";" "::" joined "${T_ARGS}")
  add_test(NAME cli.bad.${name}
    COMMAND ${CMAKE_COMMAND} "-DEXE=$<TARGET_FILE:splatwright-cli>" "-DARGS=${joined}" "-DNAMES=${T_NAMES}"
            "-DMNT=${BAD}/mnt_${name}" -P "${PROJECT_SOURCE_DIR}/cmake/run_enospc_test.cmake")
  set_tests_properties(cli.bad.${name} PROPERTIES LABELS "cli;gl" SKIP_RETURN_CODE ${SW_SKIP_CODE}
                       SKIP_REGULAR_EXPRESSION "${SW_SKIP_LINE}" FIXTURES_REQUIRED badinput)
endfunction()
sw_enospc(dataset_disk_full NAMES ".*mnt_dataset_disk_full/ds(/[^:]*)?"
  ARGS dataset ${BAD}/cube.glb -o %MNT%/ds ${DS})
sw_enospc(export_disk_full NAMES ".*mnt_export_disk_full/e(/cube\\.[a-z.]+)?"
  ARGS export ${BAD}/ok.ply --model ${BAD}/cube.glb -o %MNT%/e)

# --- single-file outputs: the one output rule (core/foundation/output_file.h) -----------------
# Never an input, never through a link, never a file splatwright did not write (unless
# --overwrite); the refused file or link is left as it was, nothing else is written.
set(OWN "the user's file")
sw_bad(convert_onto_its_input RC 5 MATCH "error: .*inputs/ok\\.ply: is an input of this job .*; nothing was written"
  EXISTS ${BAD}/inputs/ok.ply ARGS convert ${BAD}/inputs/ok.ply -o ${BAD}/inputs/ok.ply)
sw_bad(convert_onto_its_input_spelled_otherwise RC 5 MATCH "error: .*inputs/\\./ok\\.ply: is an input of this job"
  ARGS convert ${BAD}/inputs/ok.ply -o ${BAD}/inputs/./ok.ply)
sw_bad(convert_through_a_link RC 5 MATCH "error: .*links/to_mine\\.spz: is a symbolic link to .*owned/mine\\.spz; splatwright does not write through links"
  ISLINK ${BAD}/links/to_mine.spz ARGS convert ${BAD}/ok.ply -o ${BAD}/links/to_mine.spz)
sw_bad(convert_onto_a_users_file RC 5 MATCH "error: .*owned/mine\\.spz: exists and was not written by splatwright .*--overwrite"
  EXISTS ${BAD}/owned/mine.spz ARGS convert ${BAD}/ok.ply -o ${BAD}/owned/mine.spz)
sw_bad(convert_onto_a_users_ply RC 5 MATCH "error: .*owned/mine\\.ply: exists and was not written by splatwright"
  ARGS convert ${BAD}/ok.ply -o ${BAD}/owned/mine.ply)
sw_bad(convert_overwrite_a_users_file RC 0 MATCH "converted 200 splats" EXISTS ${BAD}/owned/spare.spz
  ARGS convert ${BAD}/ok.ply -o ${BAD}/owned/spare.spz --overwrite)
sw_bad(convert_overwrite_never_its_input RC 5 MATCH "error: .*inputs/ok\\.ply: is an input of this job"
  ARGS convert ${BAD}/inputs/ok.ply -o ${BAD}/inputs/ok.ply --overwrite)
sw_bad(convert_overwrite_never_through_a_link RC 5 MATCH "error: .*to_mine\\.spz: is a symbolic link"
  ISLINK ${BAD}/links/to_mine.spz ARGS convert ${BAD}/ok.ply -o ${BAD}/links/to_mine.spz --overwrite)
sw_bad(convert_into_its_own_record RC 0 MATCH "converted 200 splats" EXISTS @O@/x.spz @O@/.splatwright-output.json
  ARGS convert ${BAD}/ok.ply -o @O@/x.spz)
sw_bad(demo_onto_a_users_file RC 5 MATCH "error: .*owned/mine\\.glb: exists and was not written by splatwright"
  EXISTS ${BAD}/owned/mine.glb ARGS demo -o ${BAD}/owned/mine.glb --texture-size 256)
sw_bad(demo_through_a_link RC 5 MATCH "error: .*links/to_mine\\.glb: is a symbolic link" ISLINK ${BAD}/links/to_mine.glb
  ARGS demo -o ${BAD}/links/to_mine.glb --texture-size 256)
sw_bad(demo_overwrite_a_users_file RC 0 MATCH "demo drone: .*owned/spare\\.glb" ARGS demo -o ${BAD}/owned/spare.glb --texture-size 256 --overwrite)
sw_bad(render_onto_its_model RC 5 MATCH "error: .*inputs/cube\\.glb: is an input of this job" EXISTS ${BAD}/inputs/cube.glb
  ARGS render ${BAD}/inputs/cube.glb -o ${BAD}/inputs/cube.glb)
sw_bad(render_onto_a_users_png RC 5 MATCH "error: .*owned/mine\\.png: exists and was not written by splatwright"
  ARGS render ${BAD}/inputs/cube.glb -o ${BAD}/owned/mine.png)
sw_bad(render_through_a_link RC 5 MATCH "error: .*links/to_mine\\.png: is a symbolic link" ISLINK ${BAD}/links/to_mine.png
  ARGS render ${BAD}/inputs/cube.glb -o ${BAD}/links/to_mine.png)
sw_bad(plain_glb_onto_its_input RC 5 MATCH "error: .*inputs/cube\\.glb: is an input of this job" EXISTS ${BAD}/inputs/cube.glb
  ARGS plain-glb ${BAD}/inputs/cube.glb -o ${BAD}/inputs/cube.glb)
sw_bad(plain_glb_through_a_link RC 5 MATCH "error: .*links/to_mine\\.glb: is a symbolic link" ISLINK ${BAD}/links/to_mine.glb
  ARGS plain-glb ${BAD}/inputs/cube.glb -o ${BAD}/links/to_mine.glb)
sw_bad(plain_glb_onto_a_users_file RC 5 MATCH "error: .*owned/mine\\.glb: exists and was not written by splatwright"
  ARGS plain-glb ${BAD}/inputs/cube.glb -o ${BAD}/owned/mine.glb)
sw_bad(preview_onto_its_mesh RC 5 MATCH "error: .*inputs/cube\\.glb: is an input of this job"
  ARGS preview ${BAD}/inputs/ok.ply --mesh ${BAD}/inputs/cube.glb -o ${BAD}/inputs/cube.glb)
sw_bad(preview_onto_its_cloud RC 5 MATCH "error: .*inputs/ok\\.ply: is an input of this job"
  ARGS preview ${BAD}/inputs/ok.ply -o ${BAD}/inputs/ok.ply)

# --- files a glTF names: never a pipe (it would block), never outside the model's folder ----
sw_bad(info_image_is_a_pipe RC 5 MATCH "error: .*uri/pipe\\.png: is not a regular file \\(a pipe, socket or device, named by the glTF as 'pipe\\.png'\\)"
  ARGS info ${BAD}/uri/fifo_tex.gltf)
sw_bad(info_buffer_is_a_pipe RC 5 MATCH "error: .*uri/pipe\\.bin: is not a regular file" ARGS info ${BAD}/uri/fifo_buf.gltf)
sw_bad(dataset_image_is_a_pipe RC 5 ${GL} MATCH "error: .*pipe\\.png: is not a regular file" ABSENT @O@/ds
  ARGS dataset ${BAD}/uri/fifo_tex.gltf -o @O@/ds ${DS})
sw_bad(info_image_outside RC 5
  MATCH "error: .*outside_tex\\.gltf: the glTF names '\\.\\./outside/paint\\.png', outside the model's folder; it is not read \\(--allow-outside reads it\\)"
  ARGS info ${BAD}/uri/outside_tex.gltf)
sw_bad(info_image_absolute RC 5 MATCH "error: .*etc_tex\\.gltf: the glTF names '/etc/passwd', outside the model's folder"
  ARGS info ${BAD}/uri/etc_tex.gltf)
sw_bad(info_image_outside_allowed RC 0 MATCH "warnings: [1-9]" ARGS info ${BAD}/uri/outside_tex.gltf --allow-outside)
sw_bad(plain_glb_image_outside RC 5 MATCH "error: .*outside_tex\\.gltf: the glTF names '\\.\\./outside/paint\\.png', outside"
  ABSENT @O@/x.glb ARGS plain-glb ${BAD}/uri/outside_tex.gltf -o @O@/x.glb)
sw_bad(dataset_image_outside RC 5 ${GL} MATCH "error: .*outside_tex\\.gltf: the glTF names" ABSENT @O@/ds
  ARGS dataset ${BAD}/uri/outside_tex.gltf -o @O@/ds ${DS})
