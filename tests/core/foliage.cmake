# core/foliage (issue 35): the CPU reference of the foliage shaders — settings and their scene
# JSON, plants, wind field and gusts, bending of vertices and splats, benders, scatter, fade, hue,
# card trimming (quads, strips and bent cards), copy culling by fade and view.
sw_core_test(foliage
  SOURCES core/tst_foliage_settings.cpp core/tst_foliage_wind.cpp core/tst_foliage_plant.cpp
          core/tst_foliage_bend.cpp core/tst_foliage_bender.cpp core/tst_foliage_scatter.cpp
          core/tst_foliage_trim.cpp core/tst_foliage_trim_strip.cpp core/tst_foliage_cull.cpp
  LIBS sw::foliage)
