# convert: PLY / SPZ / .splat conversions on the shared assets, chained through SW_OUT, plus errors.
set(_fruit "${SW_ASSETS}/splats/fruit_drops_minimal.ply")
set(_seal "${SW_ASSETS}/splats/luma-seal.splat")

sw_cli_test(convert_ply_to_spz3 RC 0 REQUIRES "${_fruit}" LABELS cli external
  MATCH "converted 4721 splats \\(SH degree 3\\)"
  ARGS convert "${_fruit}" -o "${SW_OUT}/convert_fruit.spz")
sw_cli_test(convert_spz_to_ply RC 0 REQUIRES "${_fruit}" LABELS cli external
  MATCH "converted 4721 splats \\(SH degree 3\\)"
  ARGS convert "${SW_OUT}/convert_fruit.spz" -o "${SW_OUT}/convert_fruit_back.ply")
set_tests_properties(cli.convert_spz_to_ply PROPERTIES DEPENDS cli.convert_ply_to_spz3)
sw_cli_test(convert_splat_to_spz4 RC 0 REQUIRES "${_seal}" LABELS cli external
  MATCH "converted 101780 splats \\(SH degree 0\\)"
  ARGS convert "${_seal}" -o "${SW_OUT}/convert_seal.spz" --spz-version 4)
sw_cli_test(convert_spz4_to_ply RC 0 REQUIRES "${_seal}" LABELS cli external
  MATCH "converted 101780 splats"
  ARGS convert "${SW_OUT}/convert_seal.spz" -o "${SW_OUT}/convert_seal.ply")
set_tests_properties(cli.convert_spz4_to_ply PROPERTIES DEPENDS cli.convert_splat_to_spz4)

sw_cli_test(convert_missing_input RC 2 MATCH "error: .*no_such\\.ply"
  ARGS convert "${SW_OUT}/no_such.ply" -o "${SW_OUT}/never.spz")
sw_cli_test(convert_bad_extension RC 4 MATCH "unknown splat file extension '\\.obj'"
  ARGS convert "${SW_OUT}/cloud.obj" -o "${SW_OUT}/never.spz")
sw_cli_test(convert_bad_spz_version RC 5 MATCH "--spz-version must be 3 or 4, got 7"
  ARGS convert "${SW_OUT}/no_such.ply" -o "${SW_OUT}/never.spz" --spz-version 7)
sw_cli_test(convert_bad_output_extension RC 4 REQUIRES "${_fruit}" LABELS cli external
  MATCH "unknown splat file extension '\\.bin'"
  ARGS convert "${_fruit}" -o "${SW_OUT}/never.bin")
# Axes: --axes model writes model space; anything but standard or model is refused.
sw_cli_test(convert_axes_model RC 0 REQUIRES "${_fruit}" LABELS cli external
  MATCH "converted 4721 splats"
  ARGS convert "${_fruit}" -o "${SW_OUT}/convert_fruit_model.spz" --axes model)
sw_cli_test(convert_bad_axes RC 5 MATCH "unknown axes 'sideways' \\(expected standard or model\\)"
  ARGS convert "${SW_OUT}/no_such.ply" -o "${SW_OUT}/never.spz" --axes sideways)
# glTF KHR_gaussian_splatting: PLY -> GLB -> PLY keeps every splat and SH band; a .gltf too; a
# mesh glTF is not a splat cloud.
sw_cli_test(convert_ply_to_glb RC 0 REQUIRES "${_fruit}" LABELS cli external
  MATCH "converted 4721 splats \\(SH degree 3\\)"
  ARGS convert "${_fruit}" -o "${SW_OUT}/convert_fruit.glb")
sw_cli_test(convert_glb_to_ply RC 0 REQUIRES "${_fruit}" LABELS cli external
  MATCH "converted 4721 splats \\(SH degree 3\\)"
  ARGS convert "${SW_OUT}/convert_fruit.glb" -o "${SW_OUT}/convert_fruit_from_glb.ply")
set_tests_properties(cli.convert_glb_to_ply PROPERTIES DEPENDS cli.convert_ply_to_glb)
sw_cli_test(info_glb_cloud RC 0 REQUIRES "${_fruit}" LABELS cli external
  MATCH "splat cloud: .*convert_fruit\\.glb\nsplats: 4721\nSH degree: 3"
  ARGS info "${SW_OUT}/convert_fruit.glb")
set_tests_properties(cli.info_glb_cloud PROPERTIES DEPENDS cli.convert_ply_to_glb)
sw_cli_test(convert_seal_to_gltf RC 0 REQUIRES "${_seal}" LABELS cli external
  MATCH "converted 101780 splats \\(SH degree 0\\)"
  ARGS convert "${_seal}" -o "${SW_OUT}/convert_seal.gltf")
sw_cli_test(convert_mesh_glb_refused RC 5 REQUIRES "${SW_ASSETS}/models/portal.glb" LABELS cli external
  MATCH "error: .*portal\\.glb: the glTF has no KHR_gaussian_splatting primitive"
  ARGS convert "${SW_ASSETS}/models/portal.glb" -o "${SW_OUT}/never.ply")
