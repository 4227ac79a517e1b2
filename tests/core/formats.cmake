sw_core_test(formats_half SOURCES core/tst_formats_half.cpp LIBS sw::formats)
sw_core_test(formats
  SOURCES core/tst_formats_ply.cpp core/tst_formats_spz.cpp core/tst_formats_spl2.cpp
          core/tst_formats_splat.cpp core/tst_formats_fuzz.cpp core/tst_formats_axes.cpp
          core/tst_formats_gltf_splat.cpp
  LIBS sw::formats nlohmann_json::nlohmann_json)
sw_core_test(formats_external SOURCES core/tst_formats_external.cpp LIBS sw::formats LABELS external)
# SOG, Streamed SOG and compressed PLY files built in the test (libwebp's encoder, a stored ZIP).
find_package(ZLIB REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(WEBP REQUIRED IMPORTED_TARGET libwebp)
sw_core_test(formats_sog SOURCES core/tst_formats_sog.cpp
  LIBS sw::formats PkgConfig::WEBP ZLIB::ZLIB nlohmann_json::nlohmann_json)
sw_core_test(formats_sog_write SOURCES core/tst_formats_sog_write.cpp LIBS sw::formats nlohmann_json::nlohmann_json)
# The real scans of ../shared/assets/scans (registered only where they are).
if(EXISTS "${SW_ASSETS}/scans/PROVENANCE.txt")
  sw_core_test(formats_scans SOURCES core/tst_formats_scans.cpp
    LIBS sw::formats PkgConfig::WEBP ZLIB::ZLIB nlohmann_json::nlohmann_json LABELS external)
endif()
