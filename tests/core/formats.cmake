sw_core_test(formats_half SOURCES core/tst_formats_half.cpp LIBS sw::formats)
sw_core_test(formats
  SOURCES core/tst_formats_ply.cpp core/tst_formats_spz.cpp core/tst_formats_spl2.cpp
          core/tst_formats_splat.cpp core/tst_formats_fuzz.cpp core/tst_formats_axes.cpp
  LIBS sw::formats)
sw_core_test(formats_external SOURCES core/tst_formats_external.cpp LIBS sw::formats LABELS external)
