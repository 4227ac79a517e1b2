# splatwright-cli demo: writes the generated demo drone as a GLB.
sw_cli_test(demo.default RC 0
  MATCH "components: +160 open plates.*inverted: +64 plates.*parts: +hull gun_left gun_right engine.*texture: +1024x1024"
  ARGS demo -o ${SW_OUT}/cli_demo_drone.glb)
sw_cli_test(demo.flags RC 0 MATCH "seed: +11.*components: +120 open plates.*inverted: +30 plates.*texture: +512x512"
  ARGS demo -o ${SW_OUT}/cli_demo_small.glb --seed 11 --plates 120 --texture-size 512 --inverted-share 0.25)
sw_cli_test(demo.bad_plates RC 5 MATCH "error: parameter 'plates' = 0 is outside"
  ARGS demo -o ${SW_OUT}/cli_demo_bad.glb --plates 0)
sw_cli_test(demo.bad_share RC 5 MATCH "error: parameter 'inverted-share' expects a float"
  ARGS demo -o ${SW_OUT}/cli_demo_bad.glb --inverted-share lots)
sw_cli_test(demo.unwritable RC 2 MATCH "error: /nonexistent-splatwright-dir/drone.glb: cannot create file"
  ARGS demo -o /nonexistent-splatwright-dir/drone.glb)
sw_cli_test(demo.no_output RC 1 MATCH "--output is required" ARGS demo)
sw_cli_test(demo.plated RC 0
  MATCH "style: +plated.*components: +240 open plates over a closed hull.*inverted: +80 plates.*parts: +hull\n"
  ARGS demo -o ${SW_OUT}/cli_demo_plated.glb --style plated --texture-size 512)
sw_cli_test(demo.plated_flags RC 0 MATCH "components: +100 open plates over a closed hull.*inverted: +50 plates"
  ARGS demo -o ${SW_OUT}/cli_demo_plated_small.glb --style plated --plates 100 --inverted-share 0.5 --texture-size 256)
sw_cli_test(demo.bad_style RC 5 MATCH "error: parameter 'style'"
  ARGS demo -o ${SW_OUT}/cli_demo_bad.glb --style blobby)
