# splatwright-cli render: imports a model and renders it through a headless EGL context.
sw_cli_test(render.portal_orbit RC 0 REQUIRES ${SW_ASSETS}/models/portal.glb LABELS cli gl external
  MATCH "render: .*render_portal_orbit.png.*orbit, azimuth 30.0°, elevation 20.0°, 400x300, grey background"
  ARGS render ${SW_ASSETS}/models/portal.glb -o ${SW_OUT}/render_portal_orbit.png --width 400 --height 300)
sw_cli_test(render.fox_turntable RC 0 REQUIRES ${SW_ASSETS}/models/Fox.glb LABELS cli gl external
  MATCH "turntable, azimuth -45.0°, elevation 40.0°, 320x320, black background"
  ARGS render ${SW_ASSETS}/models/Fox.glb -o ${SW_OUT}/render_fox_turntable.png --width 320 --height 320 --camera turntable --background black --azimuth -45)
sw_cli_test(render.missing_file RC 2 MATCH "error: [^\n]*no_such_model\\.glb"
  ARGS render ${SW_OUT}/no_such_model.glb -o ${SW_OUT}/render_missing.png)
sw_cli_test(render.bad_background RC 1 MATCH "--background: Check purple value in"
  ARGS render ${SW_OUT}/no_such_model.glb -o ${SW_OUT}/render_bad.png --background purple)
