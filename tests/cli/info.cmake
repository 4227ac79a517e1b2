# splatwright-cli info: one line per test. External models need ../shared/assets.
set(_models "${SW_ASSETS}/models")
sw_cli_test(info.flight_helmet RC 0 REQUIRES "${_models}/FlightHelmet/FlightHelmet.gltf" LABELS cli external
  MATCH "meshes: 6\ntriangles: 94722\nislands: 82 "
  ARGS info "${_models}/FlightHelmet/FlightHelmet.gltf")
sw_cli_test(info.flight_helmet_base_colour RC 0 REQUIRES "${_models}/FlightHelmet/FlightHelmet.gltf" LABELS cli external
  MATCH "MetalPartsMat: base colour FlightHelmet_Materials_MetalPartsMat_BaseColor.png \\(baseColorTexture\\)"
  NOMATCH "base colour [^ ]*(Normal|OcclusionRoughMetal)"
  ARGS info "${_models}/FlightHelmet/FlightHelmet.gltf")
sw_cli_test(info.portal RC 0 REQUIRES "${_models}/portal.glb" LABELS cli external
  MATCH "PortalFrame: base colour embedded #2 \\(baseColorTexture\\)"
  ARGS info "${_models}/portal.glb")
sw_cli_test(info.jet_fighter RC 0 REQUIRES "${_models}/jet-fighter.glb" LABELS cli external
  MATCH "triangles: 36446\n.*F-2-airframe: base colour embedded #0 \\(baseColorTexture\\).*\\[0\\] embedded #0 4096x4096"
  ARGS info "${_models}/jet-fighter.glb")
sw_cli_test(info.missing_file RC 2 MATCH "error: [^\n]*no_such_model.glb: file not found"
  ARGS info "${SW_OUT}/no_such_model.glb")
file(WRITE "${SW_OUT}/corrupt.glb" "glTF this is not a GLB container")
sw_cli_test(info.corrupt_glb RC 3 MATCH "error: [^\n]*corrupt.glb: (truncated GLB|GLB first chunk|not a glTF)"
  ARGS info "${SW_OUT}/corrupt.glb")
file(WRITE "${SW_OUT}/corrupt.obj" "v 0 0 0\nv 1 0 0\nf 1 2 7\n")
sw_cli_test(info.corrupt_obj RC 3 MATCH "error: [^\n]*corrupt.obj: cannot parse"
  ARGS info "${SW_OUT}/corrupt.obj")
sw_cli_test(info.bad_flag RC 5 MATCH "error: parameter .cube-edge. = -3 is outside"
  ARGS info --cube-edge -3 "${SW_OUT}/corrupt.obj")
# plain-glb: the copy Blender reads in bench/dataset_vs_blender.sh (its figures: tst_geometry_external).
sw_cli_test(plain_glb.missing_file RC 2 MATCH "error: [^\n]*no_such_model.glb: cannot open file"
  ABSENT "${SW_OUT}/plain_missing.glb" ARGS plain-glb "${SW_OUT}/no_such_model.glb" -o "${SW_OUT}/plain_missing.glb")
sw_cli_test(plain_glb.corrupt_glb RC 3 MATCH "error: [^\n]*corrupt.glb: (truncated GLB|GLB first chunk|not a glTF)"
  ABSENT "${SW_OUT}/plain_corrupt.glb" ARGS plain-glb "${SW_OUT}/corrupt.glb" -o "${SW_OUT}/plain_corrupt.glb")
