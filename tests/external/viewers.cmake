# The demo's export in the web viewers artists use (issue 38): its PLY in Spark and PlayCanvas,
# its SPZ v3 in Spark and v4 in PlayCanvas, each at the viewer's defaults, compared with the
# source GLB rendered by three.js from the same camera in the same page (headless Chromium,
# Debian's). The upright export must beat the same export turned 90° about X or Z by 2 dB PSNR.
# Needs node, /usr/bin/chromium and `npm ci` in tests/external/viewers (scripts/deps.sh does
# both); without them the test is skipped naming what is missing. Frames: output/viewer_frames.
set(SW_VIEWERS_DIR "${CMAKE_CURRENT_SOURCE_DIR}/external/viewers")
set(SW_VIEWERS_FIX "${SW_OUT}/export_fixture")
sw_cli_test(viewers.export RC 0 MATCH "file: +drone.ply.*file: +drone.spz.*file: +drone.v4.spz"
  CLEAN ${SW_OUT}/viewers_export LABELS external
  ARGS export ${SW_VIEWERS_FIX}/drone.ply --model ${SW_VIEWERS_FIX}/drone.glb -o ${SW_OUT}/viewers_export)
set_tests_properties(cli.viewers.export PROPERTIES FIXTURES_REQUIRED bake_cli_fixture FIXTURES_SETUP viewers_export)
find_program(SW_NODE node)
if(SW_NODE)
  add_test(NAME external.viewers
    COMMAND ${SW_NODE} "${SW_VIEWERS_DIR}/run.mjs" --glb "${SW_VIEWERS_FIX}/drone.glb" --dir "${SW_OUT}/viewers_export"
            --name drone --out "${SW_OUT}/viewer_frames" --margin 2)
else()
  add_test(NAME external.viewers COMMAND ${CMAKE_COMMAND} -E echo "SKIP: node is not installed (scripts/deps.sh)")
endif()
set_tests_properties(external.viewers PROPERTIES LABELS external SKIP_RETURN_CODE ${SW_SKIP_CODE}
                     SKIP_REGULAR_EXPRESSION "${SW_SKIP_LINE}" TIMEOUT 900 FIXTURES_REQUIRED viewers_export)
# The Streamed SOG lod-build writes (issue 36), opened by PlayCanvas's engine: the same levels and
# splats per level as our LOD folder beside it, every centre the engine decodes inside its node's
# bound, and a matching frame: the engine draws the finest level and the scan the folder was built
# from (its PLY) from one camera, ≥ 35 dB apart (measured 51.9) and ≥ 6 dB closer than the scan
# turned 90° about X (18.1). The folder is lod_gen's (tests/cli/lod.cmake); skipped like the test
# above. Frames: output/streamed_sog_frames.
if(SW_NODE)
  add_test(NAME external.viewers_streamed_sog COMMAND ${SW_NODE} "${SW_VIEWERS_DIR}/streamed.mjs" --dir "${SW_OUT}/lod/ok"
           --scan "${SW_OUT}/lod/scene.ply" --out "${SW_OUT}/streamed_sog_frames" --min-psnr 35 --margin 6)
else()
  add_test(NAME external.viewers_streamed_sog COMMAND ${CMAKE_COMMAND} -E echo "SKIP: node is not installed (scripts/deps.sh)")
endif()
set_tests_properties(external.viewers_streamed_sog PROPERTIES LABELS external SKIP_RETURN_CODE ${SW_SKIP_CODE}
                     SKIP_REGULAR_EXPRESSION "${SW_SKIP_LINE}" TIMEOUT 600 FIXTURES_REQUIRED lod_inputs)
# A Streamed SOG written by PlayCanvas's splat-transform (npm, CPU) from lod_gen's scan opens in
# ours: lod-info streams both levels, convert reads the finest with the scan's count and bounds.
if(SW_NODE)
  add_test(NAME external.splat_transform_streamed_sog
    COMMAND ${SW_NODE} "${SW_VIEWERS_DIR}/splat_transform.mjs" --cli $<TARGET_FILE:splatwright-cli>
            --scan "${SW_OUT}/lod/scene.ply" --out "${SW_OUT}/splat_transform")
else()
  add_test(NAME external.splat_transform_streamed_sog COMMAND ${CMAKE_COMMAND} -E echo "SKIP: node is not installed (scripts/deps.sh)")
endif()
set_tests_properties(external.splat_transform_streamed_sog PROPERTIES LABELS external SKIP_RETURN_CODE ${SW_SKIP_CODE}
                     SKIP_REGULAR_EXPRESSION "${SW_SKIP_LINE}" TIMEOUT 600 FIXTURES_REQUIRED lod_inputs)
