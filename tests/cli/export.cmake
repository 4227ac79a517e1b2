# splatwright-cli export: bake a cloud against its model and write the game files. The fixture
# (demo drone GLB + 3000 splats sampled on it + broken clouds) comes from bake_cli_fixture.
set(SW_EXPORT_FIX "${SW_OUT}/export_fixture")
sw_cli_test(export.drone RC 0
  MATCH "splats: +3000 in.*floaters: +far [0-9]+, detached [0-9]+, silhouette [0-9]+, dataset skipped; removed.*chunks: +[0-9]+ in.*file: +drone.bin.*file: +drone.meta.json.*file: +drone.json.*file: +drone.ply.*file: +drone.spz.*warning: +no dataset given"
  CLEAN ${SW_OUT}/export_drone
  ARGS export ${SW_EXPORT_FIX}/drone.ply --model ${SW_EXPORT_FIX}/drone.glb -o ${SW_OUT}/export_drone)
sw_cli_test(export.flags RC 0 MATCH "chunks: +[0-9]+ in.*file: +boss.bin.*file: +boss.meta.json" NOMATCH "boss.ply|boss.spz"
  CLEAN ${SW_OUT}/export_flags
  ARGS export ${SW_EXPORT_FIX}/drone.ply --model ${SW_EXPORT_FIX}/drone.glb -o ${SW_OUT}/export_flags --name boss
       --chunk-splats 200 --far-distance 0.08 --no-ply --no-spz)
sw_cli_test(export.truncated_ply RC 3 MATCH "error: .*truncated.ply: "
  ARGS export ${SW_EXPORT_FIX}/truncated.ply --model ${SW_EXPORT_FIX}/drone.glb -o ${SW_OUT}/export_bad)
sw_cli_test(export.nan_positions RC 5 MATCH "error: .*nan.ply: .*splat 5"
  ARGS export ${SW_EXPORT_FIX}/nan.ply --model ${SW_EXPORT_FIX}/drone.glb -o ${SW_OUT}/export_bad)
sw_cli_test(export.unwritable RC 2 MATCH "error: /proc/splatwright-export: cannot create export folder"
  ARGS export ${SW_EXPORT_FIX}/drone.ply --model ${SW_EXPORT_FIX}/drone.glb -o /proc/splatwright-export)
sw_cli_test(export.bad_flag RC 5 MATCH "error: parameter 'core-opacity' = 2 is outside"
  ARGS export ${SW_EXPORT_FIX}/drone.ply --model ${SW_EXPORT_FIX}/drone.glb -o ${SW_OUT}/export_bad --core-opacity 2)
sw_cli_test(export.no_model RC 5 MATCH "error: .*drone.ply: a cloud needs --model"
  ARGS export ${SW_EXPORT_FIX}/drone.ply -o ${SW_OUT}/x)
# A project: its model (hash-checked), its trained cloud and settings.
sw_cli_test(export.project RC 0
  MATCH "splats: +3000 in.*file: +drone.bin.*file: +drone.meta.json.*file: +drone.boss-railgun.weapon.json.*file: +drone.spz"
  CLEAN ${SW_OUT}/export_project
  ARGS export ${SW_EXPORT_FIX}/drone.splatproj -o ${SW_OUT}/export_project)
sw_cli_test(export.project_untrained RC 5 MATCH "error: .*untrained.cache/training/cloud.ply: the project has no trained cloud"
  ARGS export ${SW_EXPORT_FIX}/untrained.splatproj -o ${SW_OUT}/export_bad)
sw_cli_test(export.project_with_model RC 5 MATCH "error: .*drone.splatproj: --model is taken from the project"
  ARGS export ${SW_EXPORT_FIX}/drone.splatproj --model ${SW_EXPORT_FIX}/drone.glb -o ${SW_OUT}/export_bad)
# A cloud that does not fit its model is refused unless --force; so is a project whose model
# changed since it was saved. Export writes SPZ v3 and v4 by default, one version on request.
sw_cli_test(export.wrong_model RC 5 MATCH "error: .*other.glb: .*lie far from the model's surface.*--force"
  ARGS export ${SW_EXPORT_FIX}/drone.ply --model ${SW_EXPORT_FIX}/other.glb -o ${SW_OUT}/export_wrong)
sw_cli_test(export.wrong_model_forced RC 0 MATCH "file: +other.bin"
  ARGS export ${SW_EXPORT_FIX}/drone.ply --model ${SW_EXPORT_FIX}/other.glb -o ${SW_OUT}/export_forced --force)
sw_cli_test(export.changed_model RC 5 MATCH "error: .*changed.glb: .*not the one recorded with the cloud"
  ARGS export ${SW_EXPORT_FIX}/changed.splatproj -o ${SW_OUT}/export_changed)
sw_cli_test(export.spz_versions RC 0 MATCH "normals: .*0 flipped.*belly cull: .*file: +drone.spz.*file: +drone.v4.spz.*file: +drone.dropped.png"
  ARGS export ${SW_EXPORT_FIX}/drone.ply --model ${SW_EXPORT_FIX}/drone.glb -o ${SW_OUT}/export_spz)
sw_cli_test(export.spz_v4_only RC 0 MATCH "file: +drone.spz" NOMATCH "drone.v4.spz"
  ARGS export ${SW_EXPORT_FIX}/drone.ply --model ${SW_EXPORT_FIX}/drone.glb -o ${SW_OUT}/export_spz4 --spz-version 4)
set_tests_properties(cli.export.wrong_model cli.export.wrong_model_forced cli.export.changed_model
                     cli.export.spz_versions cli.export.spz_v4_only PROPERTIES FIXTURES_REQUIRED bake_cli_fixture)
set_tests_properties(cli.export.drone cli.export.flags cli.export.truncated_ply cli.export.nan_positions
                     cli.export.unwritable cli.export.bad_flag cli.export.no_model cli.export.project
                     cli.export.project_untrained cli.export.project_with_model
                     PROPERTIES FIXTURES_REQUIRED bake_cli_fixture)
# A project is accepted wherever a model is: info and dataset use its model, import settings and parts.
sw_cli_test(export.project_info RC 0 MATCH "model: [^\n]*drone.glb.*cube edge 1.6"
  ARGS info ${SW_EXPORT_FIX}/drone.splatproj)
sw_cli_test(export.project_dataset RC 0 LABELS cli gl
  MATCH "dataset: [^\n]*export_project_dataset.*8 train, 0 val, 0 test at 32"
  ARGS dataset ${SW_EXPORT_FIX}/drone.splatproj -o ${SW_OUT}/export_project_dataset --views 8 --val-views 0
       --test-views 0 --resolution 32 --ao-rays 4)
sw_cli_test(export.project_bad_belt RC 5 MATCH "error: elevation-min is above elevation-max \\(60° > 20°\\)"
  ARGS dataset ${SW_EXPORT_FIX}/drone.splatproj -o ${SW_OUT}/x --elevation-min 60 --elevation-max 20)
set_tests_properties(cli.export.project_info cli.export.project_dataset cli.export.project_bad_belt
                     PROPERTIES FIXTURES_REQUIRED bake_cli_fixture)
# --axes model keeps model space in the PLY and SPZ (docs/formats.md "Axes"); the SPL2 .bin is
# model space either way: its bytes do not change with the setting.
sw_cli_test(export.axes_model RC 0 MATCH "file: +drone.bin.*file: +drone.ply.*file: +drone.spz"
  CLEAN ${SW_OUT}/export_axes_model
  ARGS export ${SW_EXPORT_FIX}/drone.ply --model ${SW_EXPORT_FIX}/drone.glb -o ${SW_OUT}/export_axes_model --axes model)
sw_cli_test(export.axes_bad RC 5 MATCH "error: parameter 'axes'"
  ARGS export ${SW_EXPORT_FIX}/drone.ply --model ${SW_EXPORT_FIX}/drone.glb -o ${SW_OUT}/export_bad --axes sideways)
set_tests_properties(cli.export.axes_model cli.export.axes_bad PROPERTIES FIXTURES_REQUIRED bake_cli_fixture)
add_test(NAME cli.export.axes_spl2_unchanged
  COMMAND ${CMAKE_COMMAND} -E compare_files ${SW_OUT}/export_drone/drone.bin ${SW_OUT}/export_axes_model/drone.bin)
set_tests_properties(cli.export.axes_spl2_unchanged PROPERTIES LABELS cli DEPENDS "cli.export.drone;cli.export.axes_model")
