# splatwright-cli destruct (issue 15): the export fixture's drone baked once into its own folder,
# then shot with each weapon profile; bad input gets one-line errors.
set(SW_DESTRUCT_FIX "${SW_OUT}/export_fixture")
set(SW_DESTRUCT_OUT "${SW_OUT}/destruct")
sw_cli_test(destruct.setup RC 0 MATCH "file: +drone.bin"
  ARGS export ${SW_DESTRUCT_FIX}/drone.ply --model ${SW_DESTRUCT_FIX}/drone.glb -o ${SW_DESTRUCT_OUT} --no-ply --no-spz)
set_tests_properties(cli.destruct.setup PROPERTIES FIXTURES_REQUIRED bake_cli_fixture FIXTURES_SETUP destruct_bin)
sw_cli_test(destruct.railgun RC 0
  MATCH "profile railgun \\(pierce\\), seed 1.*shots: +5 \\(0 missed\\).*chunks: +[0-9]+ cracked, [1-9][0-9]* torn.*json: .*railgun.json.*png: .*railgun.png \\([0-9]+x[0-9]+, game scale 100 px"
  ARGS destruct ${SW_DESTRUCT_OUT}/drone.bin --profile railgun --shots 5 --seed 1 --png ${SW_DESTRUCT_OUT}/railgun.png
       --json ${SW_DESTRUCT_OUT}/railgun.json --write-profile ${SW_DESTRUCT_OUT}/railgun.weapon.json)
sw_cli_test(destruct.profile_file RC 0 MATCH "profile railgun \\(pierce\\), seed 3.*shots: +2"
  ARGS destruct ${SW_DESTRUCT_OUT}/drone.bin --profile ${SW_DESTRUCT_OUT}/railgun.weapon.json --shots 2 --seed 3)
sw_cli_test(destruct.mortar RC 0 MATCH "profile mortar \\(epicenter\\).*damaged: +[1-9][0-9]* slots"
  ARGS destruct ${SW_DESTRUCT_OUT}/drone.bin --profile mortar --shots 3)
sw_cli_test(destruct.heal RC 0 MATCH "damaged: +0 slots; layers 1-4: 0 0 0 0.*healed: +100 %"
  ARGS destruct ${SW_DESTRUCT_OUT}/drone.bin --profile cannon --shots 6 --heal 1)
sw_cli_test(destruct.settings RC 0
  MATCH "settings: island-max 0, chunk-copies 2, piece-coverage 0.75.*chunks: +[0-9]+ cracked, [1-9][0-9]* torn, 0 islands.*json: .*settings.json"
  ARGS destruct ${SW_DESTRUCT_OUT}/drone.bin --profile mortar --shots 4 --island-max 0 --chunk-copies 2 --piece-coverage 0.75
       --json ${SW_DESTRUCT_OUT}/settings.json)
sw_cli_test(destruct.bad_setting RC 5 MATCH "error: parameter 'piece-coverage' = 100 is outside \\[0.25, 16\\] \\(given as --piece-coverage 100\\)"
  ARGS destruct ${SW_DESTRUCT_OUT}/drone.bin --piece-coverage 100)
sw_cli_test(destruct.project RC 0 MATCH "profile cannon \\(shot\\).*shots: +2"
  ARGS destruct ${SW_DESTRUCT_FIX}/drone.splatproj --shots 2)
sw_cli_test(destruct.project_weapon RC 0 MATCH "profile boss-railgun \\(pierce\\).*shots: +2"
  ARGS destruct ${SW_DESTRUCT_FIX}/drone.splatproj --profile boss-railgun --shots 2)
sw_cli_test(destruct.missing RC 2 MATCH "error: .*nope.bin: "
  ARGS destruct ${SW_DESTRUCT_OUT}/nope.bin)
sw_cli_test(destruct.not_spl2 RC 3 MATCH "error: .*drone.glb: "
  ARGS destruct ${SW_DESTRUCT_FIX}/drone.glb)
sw_cli_test(destruct.unknown_profile RC 5 MATCH "error: unknown weapon profile 'laser' \\(built-ins: cannon, mortar, railgun"
  ARGS destruct ${SW_DESTRUCT_OUT}/drone.bin --profile laser)
sw_cli_test(destruct.profile_not_json RC 3 MATCH "error: .*drone.bin: "
  ARGS destruct ${SW_DESTRUCT_OUT}/drone.bin --profile ${SW_DESTRUCT_OUT}/drone.bin)
sw_cli_test(destruct.untrained_project RC 5 MATCH "error: .*untrained.cache/training/cloud.ply: the project has no trained cloud"
  ARGS destruct ${SW_DESTRUCT_FIX}/untrained.splatproj)
sw_cli_test(destruct.bad_heal RC 1 MATCH "--heal: Value 2 not in range"
  ARGS destruct ${SW_DESTRUCT_OUT}/drone.bin --heal 2)
sw_cli_test(destruct.unwritable RC 2 MATCH "error: /proc/destruct.json: "
  ARGS destruct ${SW_DESTRUCT_OUT}/drone.bin --shots 1 --json /proc/destruct.json)
set_tests_properties(cli.destruct.railgun cli.destruct.mortar cli.destruct.settings cli.destruct.bad_setting cli.destruct.heal cli.destruct.missing cli.destruct.not_spl2
                     cli.destruct.unknown_profile cli.destruct.profile_not_json cli.destruct.bad_heal cli.destruct.unwritable
                     PROPERTIES FIXTURES_REQUIRED destruct_bin)
set_tests_properties(cli.destruct.profile_file PROPERTIES FIXTURES_REQUIRED destruct_bin DEPENDS cli.destruct.railgun)
set_tests_properties(cli.destruct.project cli.destruct.project_weapon cli.destruct.untrained_project PROPERTIES FIXTURES_REQUIRED bake_cli_fixture)
# A saved session replays to the same state; a broken one is refused naming the file and action.
add_test(NAME cli.destruct.replay
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/destruct_replay.sh $<TARGET_FILE:splatwright-cli> ${SW_DESTRUCT_OUT}/drone.bin
          ${SW_OUT}/destruct_replay)
set_tests_properties(cli.destruct.replay PROPERTIES LABELS cli FIXTURES_REQUIRED destruct_bin)
# Its files follow the one output rule: never the model, never one file twice.
sw_cli_test(destruct.json_onto_the_model RC 5 MATCH "error: .*drone\\.bin: is an input of this job"
  EXISTS ${SW_DESTRUCT_OUT}/drone.bin ARGS destruct ${SW_DESTRUCT_OUT}/drone.bin --shots 1 --json ${SW_DESTRUCT_OUT}/drone.bin)
sw_cli_test(destruct.png_onto_the_model RC 5 MATCH "error: .*drone\\.bin: is an input of this job"
  ARGS destruct ${SW_DESTRUCT_OUT}/drone.bin --shots 1 --png ${SW_DESTRUCT_OUT}/drone.bin)
sw_cli_test(destruct.profile_onto_the_model RC 5 MATCH "error: .*drone\\.bin: is an input of this job"
  ARGS destruct ${SW_DESTRUCT_OUT}/drone.bin --shots 1 --write-profile ${SW_DESTRUCT_OUT}/drone.bin)
sw_cli_test(destruct.session_onto_the_model RC 5 MATCH "error: .*drone\\.bin: is an input of this job"
  ARGS destruct ${SW_DESTRUCT_OUT}/drone.bin --shots 1 --save-session ${SW_DESTRUCT_OUT}/drone.bin)
sw_cli_test(destruct.one_file_twice RC 5 MATCH "error: .*twice\\.json: is asked for twice"
  ABSENT ${SW_DESTRUCT_OUT}/twice.json ARGS destruct ${SW_DESTRUCT_OUT}/drone.bin --shots 1 --json ${SW_DESTRUCT_OUT}/twice.json
  --save-session ${SW_DESTRUCT_OUT}/twice.json)
set_tests_properties(cli.destruct.json_onto_the_model cli.destruct.png_onto_the_model cli.destruct.profile_onto_the_model
                     cli.destruct.session_onto_the_model cli.destruct.one_file_twice PROPERTIES FIXTURES_REQUIRED destruct_bin)
# A weapon profile at the bottom of a range (stored as float) loads and writes back; one past is refused.
sw_cli_test(destruct.profile_at_its_bound RC 0 MATCH "shots: +1 \\(0 missed\\)"
  ARGS destruct ${SW_DESTRUCT_OUT}/drone.bin --shots 1 --profile ${SW_OUT}/bad/profiles/cool_min.weapon.json
       --write-profile ${SW_DESTRUCT_OUT}/cool.weapon.json)
sw_cli_test(destruct.profile_past_its_bound RC 5 MATCH "error: .*cool_below\\.weapon\\.json: parameter 'cooling' = 0.0099 is outside"
  ARGS destruct ${SW_DESTRUCT_OUT}/drone.bin --shots 1 --profile ${SW_OUT}/bad/profiles/cool_below.weapon.json)
set_tests_properties(cli.destruct.profile_at_its_bound cli.destruct.profile_past_its_bound
                     PROPERTIES FIXTURES_REQUIRED "destruct_bin;badinput")
# A heading that is not a finite number is a usage error, not an absurd allocation.
sw_cli_test(destruct.heading_nan RC 1 MATCH "--heading: Value nan is not a finite number"
  ARGS destruct ${SW_DESTRUCT_OUT}/drone.bin --heading nan)
sw_cli_test(destruct.preview_heading_nan RC 1 MATCH "--heading: Value nan is not a finite number"
  ARGS preview ${SW_DESTRUCT_OUT}/drone.bin -o ${SW_DESTRUCT_OUT}/never.png --heading nan)
set_tests_properties(cli.destruct.heading_nan cli.destruct.preview_heading_nan PROPERTIES FIXTURES_REQUIRED destruct_bin)
# A profile file must say it is one; Ctrl-C while the sheet is drawn stops it, no PNG.
sw_cli_test(destruct.profile_without_stage RC 5
  MATCH "error: .*nostage\\.weapon\\.json: not a preset for the weapon stage: it has no \"stage\": \"weapon\" entry"
  ARGS destruct ${SW_DESTRUCT_OUT}/drone.bin --profile ${SW_OUT}/bad/presets/nostage.weapon.json)
set_tests_properties(cli.destruct.profile_without_stage PROPERTIES FIXTURES_REQUIRED "destruct_bin;badinput")
sw_cli_test(destruct.sigint_while_drawing RC 6 SIGNAL INT AT "drawing the game-scale sheet" MATCH "cancelled"
  ABSENT ${SW_DESTRUCT_OUT}/sigint.png ARGS destruct ${SW_DESTRUCT_OUT}/drone.bin --shots 1 --game-scale 600
  --png ${SW_DESTRUCT_OUT}/sigint.png)
set_tests_properties(cli.destruct.sigint_while_drawing PROPERTIES FIXTURES_REQUIRED destruct_bin LABELS "cli;gl")
