# splatwright-cli foliage-trim (issue 35 §7): alpha-MASK cards cut to tight polygons, empty ones
# dropped, the area reported; bad input gets a one-line error naming the file and nothing is
# written. foliage_gen builds the fixtures in code at test time (fixture `foliage_glb`).
add_executable(foliage_gen cli/foliage_gen.cpp)
target_link_libraries(foliage_gen PRIVATE sw::geometry sw::foundation)
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
  MATCH "cards: +2 \\(1 dropped, empty\\), margin 2 texels.*card area: +2 -> 0\\.[0-9]+ model units\\^2 \\(6[0-9]\\.[0-9] % saved\\).*wrote .*trimmed\\.glb: [0-9]+ triangles"
  ARGS foliage-trim ${_F}/leaf.glb -o ${_F}/trimmed.glb)
# A trimmed card is a polygon, no longer a quad: trimming the copy again is refused, nothing written.
sw_foliage_test(trim_again RC 5 CLEAN ${_F}/again.glb ABSENT ${_F}/again.glb
  MATCH "error: .*trimmed\\.glb \\(material 'M_Leaf'\\): a card of [3-6] triangles is not a quad"
  ARGS foliage-trim ${_F}/trimmed.glb -o ${_F}/again.glb)
set_tests_properties(cli.foliage.trim_again PROPERTIES DEPENDS cli.foliage.trim)
sw_foliage_test(margin RC 0 CLEAN ${_F}/margin.glb MATCH "margin 6 texels.*\\((4|5)[0-9]\\.[0-9] % saved\\)"
  ARGS foliage-trim ${_F}/leaf.glb -o ${_F}/margin.glb --margin 6)
sw_foliage_test(bad_margin RC 5 CLEAN ${_F}/x.glb MATCH "error: --margin -1 is outside \\[0, 64\\] texels" ABSENT ${_F}/x.glb
  ARGS foliage-trim ${_F}/leaf.glb -o ${_F}/x.glb --margin -1)
sw_foliage_test(not_quad RC 5 CLEAN ${_F}/x.glb ABSENT ${_F}/x.glb
  MATCH "error: .*nonquad\\.glb \\(material 'M_Leaf'\\): a card of 3 triangles is not a quad"
  ARGS foliage-trim ${_F}/nonquad.glb -o ${_F}/x.glb)
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

# A real pine (../shared/assets/foliage/pine-tree-1): its needle material is MASK, but each of its
# 136 cards is a strip of 4 quads (8 triangles sharing edges), which trimCards does not split yet:
# refused with the one-line error naming the file and the material, nothing written.
set(_pine "${SW_ASSETS}/foliage/pine-tree-1/scene.gltf")
sw_cli_test(foliage.trim_pine RC 5 REQUIRES "${_pine}" LABELS cli external CLEAN ${SW_OUT}/foliage_pine.glb
  ABSENT ${SW_OUT}/foliage_pine.glb MATCH "error: .*scene\\.gltf \\(material 'Tree_1Mat'\\): a card of 8 triangles is not a quad"
  ARGS foliage-trim ${_pine} -o ${SW_OUT}/foliage_pine.glb)
