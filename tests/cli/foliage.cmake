# splatwright-cli foliage-trim (issue 35 §7): alpha-MASK cards cut to tight polygons, empty ones
# dropped, the area reported; bad input gets a one-line error naming the file and nothing is
# written. foliage_gen builds the fixtures in code at test time (fixture `foliage_glb`).
add_executable(foliage_gen cli/foliage_gen.cpp)
target_link_libraries(foliage_gen PRIVATE sw::geometry sw::formats sw::project sw::foundation)
sw_apply_warnings(foliage_gen)
set(SW_FOLIAGE "${SW_OUT}/foliage")
add_test(NAME cli.foliage.generate COMMAND foliage_gen "${SW_FOLIAGE}")
set_tests_properties(cli.foliage.generate PROPERTIES LABELS cli FIXTURES_SETUP foliage_glb)

# sw_foliage_test(<case> <sw_cli_test arguments>): a case on the generated fixtures.
function(sw_foliage_test name)
  sw_cli_test(foliage.${name} ${ARGN})
  set_tests_properties(cli.foliage.${name} PROPERTIES FIXTURES_REQUIRED foliage_glb)
endfunction()

set(_F "${SW_FOLIAGE}")
sw_foliage_test(trim RC 0 CLEAN ${_F}/trimmed.glb EXISTS ${_F}/trimmed.glb NOLEFTOVER ${_F}
  MATCH "cards: +2 \\(1 dropped, empty\\), margin 2 texels, 4 mip levels.*card area: +2 -> 0\\.[0-9]+ model units\\^2 \\(5[0-9]\\.[0-9] % saved\\).*wrote .*trimmed\\.glb: [0-9]+ triangles"
  ARGS foliage-trim ${_F}/leaf.glb -o ${_F}/trimmed.glb)
# A trimmed card is a polygon, no longer a quad: trimming the copy again goes triangle by
# triangle and finds little more to cut.
sw_foliage_test(trim_again RC 0 CLEAN ${_F}/again.glb EXISTS ${_F}/again.glb
  MATCH "cards: +1 \\(0 dropped, empty\\).*pieces: +[0-9]+ triangles of [01] cards that are not quads.*\\(([0-9]|1[0-9])\\.[0-9] % saved\\)"
  ARGS foliage-trim ${_F}/trimmed.glb -o ${_F}/again.glb)
set_tests_properties(cli.foliage.trim_again PROPERTIES DEPENDS cli.foliage.trim)
sw_foliage_test(margin RC 0 CLEAN ${_F}/margin.glb MATCH "margin 6 texels.*\\((4|5)[0-9]\\.[0-9] % saved\\)"
  ARGS foliage-trim ${_F}/leaf.glb -o ${_F}/margin.glb --margin 6)
sw_foliage_test(bad_margin RC 5 CLEAN ${_F}/x.glb MATCH "error: parameter 'margin' = -1 is outside \\[0, 64\\] \\(given as --margin -1\\)" ABSENT ${_F}/x.glb
  ARGS foliage-trim ${_F}/leaf.glb -o ${_F}/x.glb --margin -1)
sw_foliage_test(degenerate_uvs RC 5 CLEAN ${_F}/x.glb ABSENT ${_F}/x.glb
  MATCH "error: .*nonquad\\.glb \\(material 'M_Leaf'\\), face [0-9]+: a triangle of the card has degenerate UVs"
  ARGS foliage-trim ${_F}/nonquad.glb -o ${_F}/x.glb)
# --mip-levels 0 keeps full-resolution texels only: the tightest cut (far cards lose the
# thickening their mip levels give).
sw_foliage_test(full_resolution RC 0 CLEAN ${_F}/full.glb EXISTS ${_F}/full.glb MATCH "0 mip levels.*\\(6[0-9]\\.[0-9] % saved\\)"
  ARGS foliage-trim ${_F}/leaf.glb -o ${_F}/full.glb --mip-levels 0)
sw_foliage_test(bad_mip_levels RC 5 CLEAN ${_F}/x.glb ABSENT ${_F}/x.glb MATCH "error: parameter 'mip-levels' = 13 is outside \\[0, 12\\] \\(given as --mip-levels 13\\)"
  ARGS foliage-trim ${_F}/leaf.glb -o ${_F}/x.glb --mip-levels 13)
sw_foliage_test(bad_view_mip RC 5 CLEAN ${_F}/x.glb ABSENT ${_F}/x.glb MATCH "error: parameter 'view-mip' = 13 is outside \\[-1, 12\\] \\(given as --view-mip 13\\)"
  ARGS foliage-trim ${_F}/leaf.glb -o ${_F}/x.glb --view-mip 13)
sw_foliage_test(bad_subdivide RC 5 CLEAN ${_F}/x.glb ABSENT ${_F}/x.glb MATCH "error: parameter 'subdivide' = 5 is outside \\[0, 4\\] \\(given as --subdivide 5\\)"
  ARGS foliage-trim ${_F}/leaf.glb -o ${_F}/x.glb --subdivide 5)
sw_foliage_test(transparent RC 5 CLEAN ${_F}/x.glb ABSENT ${_F}/x.glb
  MATCH "error: .*transparent\\.glb \\(material 'M_Leaf'\\): .*fully transparent"
  ARGS foliage-trim ${_F}/transparent.glb -o ${_F}/x.glb)
sw_foliage_test(no_texture RC 5 CLEAN ${_F}/x.glb ABSENT ${_F}/x.glb
  MATCH "error: .*notexture\\.glb \\(material 'M_Leaf'\\): alpha-MASK material has no texture"
  ARGS foliage-trim ${_F}/notexture.glb -o ${_F}/x.glb)
sw_foliage_test(no_cards RC 5 CLEAN ${_F}/x.glb ABSENT ${_F}/x.glb
  MATCH "error: .*opaque\\.glb: the model has no alpha-MASK cards to trim"
  ARGS foliage-trim ${_F}/opaque.glb -o ${_F}/x.glb)
sw_foliage_test(onto_input RC 5 MATCH "error: .*leaf\\.glb: .*input"
  ARGS foliage-trim ${_F}/leaf.glb -o ${_F}/leaf.glb --overwrite)
sw_foliage_test(missing RC 2 CLEAN ${_F}/x.glb ABSENT ${_F}/x.glb MATCH "error: .*nope\\.glb: "
  ARGS foliage-trim ${_F}/nope.glb -o ${_F}/x.glb)

# A real pine (../shared/assets/foliage/pine-tree-1): its needle material is MASK and each of its
# 136 cards is a bent strip of 4 quads (8 triangles sharing edges), trimmed triangle by triangle.
set(_pine "${SW_ASSETS}/foliage/pine-tree-1/scene.gltf")
sw_cli_test(foliage.trim_pine RC 0 REQUIRES "${_pine}" LABELS cli external CLEAN ${SW_OUT}/foliage_pine.glb
  EXISTS ${SW_OUT}/foliage_pine.glb
  MATCH "cards: +136 \\(0 dropped, empty\\).*pieces: +17408 triangles of 136 cards that are not quads \\([0-9]+ dropped, empty\\), subdivide 2.*card area: .* model units\\^2 \\(2[0-9]\\.[0-9] % saved\\).*wrote .*foliage_pine\\.glb"
  ARGS foliage-trim ${_pine} -o ${SW_OUT}/foliage_pine.glb)
# Tuned for the mip level the pines are drawn at in bench_foliage_scene (--view-mip 6, a card a
# few 4x4 blocks wide), almost every triangle stays whole: cutting would touch more blocks.
sw_cli_test(foliage.trim_pine_far RC 0 REQUIRES "${_pine}" LABELS cli external CLEAN ${SW_OUT}/foliage_pine_far.glb
  EXISTS ${SW_OUT}/foliage_pine_far.glb
  MATCH "kept whole: +10[0-9][0-9] quads and triangles \\(cutting them costs more 4x4 blocks at mip 6\\).*\\(0\\.[0-9] % saved\\)"
  ARGS foliage-trim ${_pine} -o ${SW_OUT}/foliage_pine_far.glb --view-mip 6)

# splatwright-cli foliage (issue 35 §8): a foliage scene rendered offscreen to PNG, or a sequence.
sw_foliage_test(scene RC 0 CLEAN ${_F}/scene.png EXISTS ${_F}/scene.png
  MATCH "asset: +mesh, 12 vertices, [0-9]+ plants? \\((connected|whole)\\).*scene: +20 copies, 2 benders, t = 1\\.500 s.*drawn: +[0-9]+ copies in [0-9]+ draws.*wrote .*scene\\.png"
  ARGS foliage ${_F}/leaf.glb --scatter 20 --seed 3 --preset storm --bender ${_F}/walk.json --time 1.5
       --png ${_F}/scene.png --width 320 --height 200)
sw_foliage_test(sequence RC 0 CLEAN ${_F}/seq_0000.png ${_F}/seq_0001.png ${_F}/seq_0002.png
  EXISTS ${_F}/seq_0000.png ${_F}/seq_0001.png ${_F}/seq_0002.png ABSENT ${_F}/seq.png ${_F}/seq_0003.png
  MATCH "3 frames at 12 fps.*wrote .*seq_0000\\.png.*wrote .*seq_0002\\.png"
  ARGS foliage ${_F}/leaf.glb --scatter 5 --settings ${_F}/storm.json --time 0 --frames 3 --fps 12
       --png ${_F}/seq.png --width 160 --height 100)
# The node fade of the JSON [6, 10] from a camera 30 m away: every copy past end is culled.
sw_foliage_test(fade RC 0 CLEAN ${_F}/fade.png EXISTS ${_F}/fade.png MATCH "drawn: +0 copies"
  ARGS foliage ${_F}/leaf.glb --scatter 10 --settings ${_F}/storm.json --distance 30 --time 0
       --png ${_F}/fade.png --width 160 --height 100)
sw_foliage_test(splats RC 0 CLEAN ${_F}/splats.png EXISTS ${_F}/splats.png
  MATCH "asset: +splats, 600 splats, 1 plant \\(whole\\), 1\\.[0-9]+ m tall.*scene: +4 copies"
  ARGS foliage ${_F}/pine.ply --scatter 4 --preset breeze --time 2 --png ${_F}/splats.png --width 160 --height 100)
# A splat plant beside the mesh copies, in the same frame: one draw per mesh material, one for the
# splats, one for the ground, each once per distance band (4).
sw_foliage_test(beside RC 0 CLEAN ${_F}/beside.png EXISTS ${_F}/beside.png MATCH "drawn: +3 copies in 16 draws"
  ARGS foliage ${_F}/leaf.glb --scatter 2 --beside ${_F}/pine.ply --preset storm --time 1 --png ${_F}/beside.png
       --width 160 --height 100)
# Bad input: one line naming the file, nothing written.
sw_foliage_test(scene_no_texture RC 5 CLEAN ${_F}/x.png ABSENT ${_F}/x.png
  MATCH "error: .*notexture\\.glb \\(material 'M_Leaf'\\): alpha-MASK material has no texture"
  ARGS foliage ${_F}/notexture.glb --time 0 --png ${_F}/x.png)
sw_foliage_test(scene_untextured RC 5 CLEAN ${_F}/x.png ABSENT ${_F}/x.png
  MATCH "error: .*untextured\\.glb: a foliage model needs a base-colour texture"
  ARGS foliage ${_F}/untextured.glb --time 0 --png ${_F}/x.png)
sw_foliage_test(scene_transparent RC 5 CLEAN ${_F}/x.png ABSENT ${_F}/x.png
  MATCH "error: .*transparent\\.glb \\(material 'M_Leaf'\\): MASK texture '.*' is fully transparent"
  ARGS foliage ${_F}/transparent.glb --time 0 --png ${_F}/x.png)
sw_foliage_test(scene_billion RC 5 CLEAN ${_F}/x.png ABSENT ${_F}/x.png
  MATCH "error: .*leaf\\.glb: --scatter 1000000000 is outside \\[1, 10000000\\] copies"
  ARGS foliage ${_F}/leaf.glb --scatter 1000000000 --time 0 --png ${_F}/x.png)
sw_foliage_test(scene_bender_nan RC 5 CLEAN ${_F}/x.png ABSENT ${_F}/x.png
  MATCH "error: .*walk_nan\\.json: benders\\[0\\]\\.points\\[1\\]: not a finite number \\(NaN\\)"
  ARGS foliage ${_F}/leaf.glb --bender ${_F}/walk_nan.json --time 0 --png ${_F}/x.png)
sw_foliage_test(scene_bender_type RC 3 CLEAN ${_F}/x.png ABSENT ${_F}/x.png
  MATCH "error: .*walk_type\\.json: benders\\[0\\]\\.speed: expected a number, got string"
  ARGS foliage ${_F}/leaf.glb --bender ${_F}/walk_type.json --time 0 --png ${_F}/x.png)
sw_foliage_test(scene_json_type RC 3 CLEAN ${_F}/x.png ABSENT ${_F}/x.png
  MATCH "error: .*wrong_type\\.json: env\\.foliage\\.wind\\.speed: expected a number, got string"
  ARGS foliage ${_F}/leaf.glb --settings ${_F}/wrong_type.json --time 0 --png ${_F}/x.png)
sw_foliage_test(scene_bad_preset RC 5 CLEAN ${_F}/x.png ABSENT ${_F}/x.png MATCH "error: .*gale"
  ARGS foliage ${_F}/leaf.glb --preset gale --time 0 --png ${_F}/x.png)
sw_foliage_test(scene_bad_fade RC 5 CLEAN ${_F}/x.png ABSENT ${_F}/x.png MATCH "error: --fade: fade \\[40\\.0+, 30\\.0+\\]: end before start"
  ARGS foliage ${_F}/leaf.glb --fade 40,30 --time 0 --png ${_F}/x.png)
sw_foliage_test(scene_onto_input RC 5 MATCH "error: .*walk\\.json: .*input"
  ARGS foliage ${_F}/leaf.glb --bender ${_F}/walk.json --time 0 --png ${_F}/walk.json --overwrite)

# A cloud trained in a project whose model was normalised stands at the model's height in metres
# (1 / the import's scale, found through the project beside its cache), beside the model itself;
# --units-scale sets the scale by hand; a bad value names the flag.
sw_foliage_test(units_recorded RC 0 CLEAN ${_F}/units.png EXISTS ${_F}/units.png
  MATCH "asset: +splats, .* (5\\.0[0-5]|4\\.9[5-9]) m tall.*units: +[0-9.]+ m per unit \\(the normalisation of .*tallpine\\.glb\\).*beside: .*tallpine\\.glb, 5\\.00 m tall"
  ARGS foliage ${_F}/pineproj.cache/training/cloud.ply --beside ${_F}/tallpine.glb --time 1 --width 160 --height 100
       --png ${_F}/units.png)
sw_foliage_test(units_flag RC 0 CLEAN ${_F}/units2.png EXISTS ${_F}/units2.png
  MATCH " 5\\.09 m tall.*units: +3 m per unit \\(--units-scale\\)"
  ARGS foliage ${_F}/pine.ply --units-scale 3 --time 1 --width 160 --height 100 --png ${_F}/units2.png)
sw_foliage_test(units_none RC 0 CLEAN ${_F}/units3.png MATCH " 1\\.70 m tall.*units: +1 m per unit \\(none recorded"
  ARGS foliage ${_F}/pine.ply --time 1 --width 160 --height 100 --png ${_F}/units3.png)
sw_foliage_test(bad_units_scale RC 5 CLEAN ${_F}/x.png ABSENT ${_F}/x.png MATCH "error: .*--units-scale -2"
  ARGS foliage ${_F}/pine.ply --units-scale -2 --time 1 --png ${_F}/x.png)
