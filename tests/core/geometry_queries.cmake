sw_core_test(ray_query SOURCES core/tst_ray_query.cpp LIBS sw::geometry)
