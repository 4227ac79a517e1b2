# The real scans of ../shared/assets/scans through info and convert (registered only where they
# are), and bad SOG / Streamed SOG input written here.
set(_scans "${SW_ASSETS}/scans")
if(EXISTS "${_scans}/PROVENANCE.txt")
  sw_cli_test(info.scan_angel_sog RC 0 LABELS cli external
    MATCH "splats: 71359\nSH degree: 0\n" ARGS info "${_scans}/statues/angel.sog")
  sw_cli_test(info.scan_skull_sog RC 0 LABELS cli external
    MATCH "splats: 94936\nSH degree: 3\n" ARGS info "${_scans}/skull.sog")
  sw_cli_test(info.scan_logo_folder RC 0 LABELS cli external
    MATCH "splats: 307128\n" ARGS info "${_scans}/playcanvas-logo")
  sw_cli_test(info.scan_guitar_compressed_ply RC 0 LABELS cli external
    MATCH "splats: 90854\n" ARGS info "${_scans}/guitar.compressed.ply")
  sw_cli_test(info.scan_playbot_streamed RC 0 LABELS cli external
    MATCH "splats: 500000\nSH degree: 2\n" ARGS info "${_scans}/playbot/lod-meta.json")
  sw_cli_test(convert_scan_skull_sog RC 0 LABELS cli external OUTDIR "${SW_OUT}/convert_skull"
    MATCH "converted 94936 splats \\(SH degree 3\\)" EXISTS "${SW_OUT}/convert_skull/skull.ply"
    ARGS convert "${_scans}/skull.sog" -o "${SW_OUT}/convert_skull/skull.ply")
  sw_cli_test(convert_scan_skull_to_sog RC 0 LABELS cli external OUTDIR "${SW_OUT}/convert_skull_sog"
    MATCH "converted 94936 splats \\(SH degree 3\\): .* -> .*skull\\.sog" EXISTS "${SW_OUT}/convert_skull_sog/skull.sog"
    ARGS convert "${_scans}/skull.sog" -o "${SW_OUT}/convert_skull_sog/skull.sog")
  sw_cli_test(convert_scan_onto_itself RC 5 LABELS cli external MATCH "error: .*skull\\.sog: .*input"
    ARGS convert "${_scans}/skull.sog" -o "${_scans}/skull.sog")
endif()

set(_bad "${SW_OUT}/scans_bad")
file(MAKE_DIRECTORY "${_bad}/newer_sog" "${_bad}/outside")
file(WRITE "${_bad}/newer_sog/meta.json" "{\"version\": 9, \"count\": 1}")
sw_cli_test(info.sog_newer_version RC 4 MATCH "error: [^\n]*meta.json: SOG version 9 is newer than this reader"
  ARGS info "${_bad}/newer_sog")
file(WRITE "${_bad}/types.sog" "PK this text file is not a ZIP archive at all")
sw_cli_test(info.sog_not_a_zip RC 3 MATCH "error: [^\n]*types.sog: not a ZIP archive"
  ARGS info "${_bad}/types.sog")
file(WRITE "${_bad}/outside/lod-meta.json"
  "{\"lodLevels\": 1, \"filenames\": [\"../x/meta.json\"], \"tree\": {\"lods\": {\"0\": {\"file\": 0, \"offset\": 0, \"count\": 1}}}}")
sw_cli_test(info.streamed_sog_outside RC 5
  MATCH "error: [^\n]*lod-meta.json: lod-meta.json names '../x/meta.json', outside the manifest's folder"
  ARGS info "${_bad}/outside/lod-meta.json")
