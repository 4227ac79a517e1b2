# core/train: the differentiable rasterizer against its dense torch reference (float64).
find_package(Torch REQUIRED)
sw_core_test(rasterize SOURCES core/tst_rasterize.cpp LIBS sw::train ${TORCH_LIBRARIES})
