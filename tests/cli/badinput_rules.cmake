# The bad-input matrix, continued (issue 34's classes): one-line usage errors, reserved bytes and
# stage-less presets, corrupt base colours, images in an external .bin, late cancels and sweeps
# of stale temporaries. Inputs from badinput_gen (writeRuleInputs), cases as in badinput.cmake.

# --- usage errors are one line naming the command, exit 1 -----------------------------------
sw_bad(usage_range_one_line RC 1
  MATCH "^splatwright-cli preview: error: --zoom: Value 17 not in range 1 to 16 \\(--help lists the options\\)\n$"
  ARGS preview ${BAD}/ok.ply -o @O@/p.png --zoom 17)
sw_bad(usage_missing_input_one_line RC 1 MATCH "^splatwright-cli convert: error: input is required \\(--help lists the options\\)\n$"
  ARGS convert)
sw_bad(usage_extra_argument_one_line RC 1 MATCH "^splatwright-cli convert: error: .*extra\\.ply.* \\(--help lists the options\\)\n$"
  ARGS convert ${BAD}/ok.ply ${BAD}/extra.ply -o @O@/x.spz)
sw_bad(usage_no_command_one_line RC 1 MATCH "^splatwright-cli: error: A subcommand is required \\(--help lists the options\\)\n$" ARGS)

# --- readers: reserved bytes, presets and projects that do not say what they are -------------
sw_bad(convert_spz4_reserved_byte RC 4
  MATCH "error: .*reserved4\\.spz: SPZ v4 reserved header byte is 1, not 0: written by a newer SPZ version this reader does not know at byte offset 20"
  ABSENT @O@/x.ply ARGS convert ${BAD}/reserved4.spz -o @O@/x.ply)
sw_bad(dataset_preset_without_stage RC 5 ${GL}
  MATCH "error: .*nostage\\.dataset\\.json: not a preset for the dataset stage: it has no \"stage\": \"dataset\" entry" ABSENT @O@/ds
  ARGS dataset ${BAD}/cube.glb -o @O@/ds --dataset-preset ${BAD}/presets/nostage.dataset.json)
sw_bad(project_version_zero RC 4 MATCH "error: .*proj_v0\\.splatproj: unsupported project version 0" ARGS info ${BAD}/proj_v0.splatproj)

# --- base colours: corrupt is an error naming the model, material and texture ---------------
sw_bad(import_corrupt_png RC 3
  MATCH "error: .*uri/broken_png\\.gltf: base-colour texture of material \"paint\" is corrupt \\(.*broken\\.png"
  ARGS info ${BAD}/uri/broken_png.gltf)
sw_bad(import_corrupt_ktx2 RC 3
  MATCH "error: .*uri/broken_ktx2\\.gltf: base-colour texture of material \"paint\" is corrupt \\(.*broken\\.ktx2"
  ARGS info ${BAD}/uri/broken_ktx2.gltf)
sw_bad(import_corrupt_png_no_dataset RC 3 ${GL} MATCH "error: .*broken_png\\.gltf: base-colour texture .* is corrupt"
  ABSENT @O@/ds ARGS dataset ${BAD}/uri/broken_png.gltf -o @O@/ds ${DS})
# glTF 2.0 allows an image in a bufferView of the .gltf's external .bin: read, 8x8 texture.
sw_bad(import_image_in_external_bin RC 0 MATCH "textures: 1.*embedded #0 8x8.*warnings: 1" ARGS info ${BAD}/extview/cube.gltf)
sw_bad(plain_glb_image_in_external_bin RC 0 EXISTS @O@/cube.glb ARGS plain-glb ${BAD}/extview/cube.gltf -o @O@/cube.glb)

# --- late cancels: a signal during the final fsync still wins, nothing is put in place -------
sw_bad(convert_sigint_after_sync RC 6 SIGNAL INT AT "(synced)"
  MATCH "error: .*x\\.spz: cancelled \\(interrupted\\); nothing was written" ABSENT @O@/x.spz
  ARGS convert ${BAD}/ok.ply -o @O@/x.spz)
sw_bad(convert_sigterm_after_sync RC 6 SIGNAL TERM AT "(synced)"
  MATCH "error: .*x\\.ply: cancelled \\(interrupted\\); nothing was written" ABSENT @O@/x.ply
  ARGS convert ${BAD}/ok.spz -o @O@/x.ply)
sw_bad(export_sigint_after_sync RC 6 SIGNAL INT AT "(synced)" MATCH "cancelled" ABSENT @O@/e/cube.bin
  ARGS export ${BAD}/ok.ply --model ${BAD}/cube.glb -o @O@/e)

# --- stale temporaries of other outputs in the folder are swept, with a line; the user's stay -
sw_bad(stale_temporaries_of_other_outputs RC 0 MATCH "removed the temporary .*stale_other/old\\.tmp-4194399-0000cafe of an interrupted run"
  ABSENT ${BAD}/stale_other/old.tmp-4194399-0000cafe ${BAD}/stale_other/cloud.ply.tmp-4194399-0badf00d
  EXISTS ${BAD}/stale_other/notes.tmp-4194399-12345678/keep.txt ${BAD}/stale_other/draft.tmp-2024-final ${BAD}/stale_other/out.spz
  ARGS convert ${BAD}/ok.ply -o ${BAD}/stale_other/out.spz)

# --- an output that does not fit on its disk is refused before a temporary fills it -----------
# (SW_TEST_DISK_FREE stands for the disk's free bytes)
sw_bad(convert_output_larger_than_the_free_space RC 2 ENV SW_TEST_DISK_FREE=5000
  MATCH "error: .*x\\.ply: the file would be [0-9]+ KB but its disk has 5000 bytes free; nothing was written" ABSENT @O@/x.ply
  ARGS convert ${BAD}/ok.spz -o @O@/x.ply)
sw_bad(export_larger_than_the_free_space RC 2 ENV SW_TEST_DISK_FREE=5000 MATCH "the file would be .* but its disk has 5000 bytes free"
  ABSENT @O@/e/cube.bin ARGS export ${BAD}/ok.ply --model ${BAD}/cube.glb -o @O@/e)

# --- more files a glTF names: a socket, a link or an escape leading outside, a device ---------
sw_bad(info_image_is_a_socket RC 5 MATCH "error: .*uri/sock\\.png: is not a regular file \\(a pipe, socket or device, named by the glTF as 'sock\\.png'\\)"
  ARGS info ${BAD}/uri/socket_tex.gltf)
sw_bad(info_image_link_outside RC 5 MATCH "error: .*link_tex\\.gltf: the glTF names 'link_out\\.png', outside the model's folder"
  ARGS info ${BAD}/uri/link_tex.gltf)
sw_bad(info_image_escaped_outside RC 5 MATCH "error: .*escaped_tex\\.gltf: the glTF names '\\.\\./outside/paint\\.png', outside the model's folder"
  ARGS info ${BAD}/uri/escaped_tex.gltf)
sw_bad(info_buffer_device RC 5 MATCH "error: .*zero_buf\\.gltf: the glTF names '/dev/zero', outside the model's folder" ARGS info ${BAD}/uri/zero_buf.gltf)
sw_bad(info_buffer_device_allowed RC 5 MATCH "error: /dev/zero: is not a regular file \\(a pipe, socket or device"
  ARGS info ${BAD}/uri/zero_buf.gltf --allow-outside)

# --- projects of a version this build does not read; presets of the wrong kind ---------------
sw_bad(project_version_negative RC 4 MATCH "error: .*proj_vneg\\.splatproj: unsupported project version -1" ARGS info ${BAD}/proj_vneg.splatproj)
sw_bad(project_version_string RC 4 MATCH "error: .*proj_vstr\\.splatproj: unsupported project version \"2\"" ARGS info ${BAD}/proj_vstr.splatproj)
sw_bad(project_version_future RC 4 MATCH "error: .*proj_v99\\.splatproj: unsupported project version 99" ARGS info ${BAD}/proj_v99.splatproj)
sw_bad(dataset_preset_of_another_stage RC 5 ${GL} MATCH "error: .*train\\.dataset\\.json: preset is for stage '\"train\"', not 'dataset'"
  ABSENT @O@/ds ARGS dataset ${BAD}/cube.glb -o @O@/ds --dataset-preset ${BAD}/presets/train.dataset.json)
sw_bad(import_preset_without_stage RC 5 MATCH "error: .*nostage\\.import\\.json: not a preset for the import stage: it has no \"stage\""
  ARGS info ${BAD}/cube.glb --import-preset ${BAD}/presets/nostage.import.json)
sw_bad(import_preset_not_an_object RC 3 MATCH "error: .*list\\.json: not a JSON object"
  ARGS info ${BAD}/cube.glb --import-preset ${BAD}/presets/list.json)
