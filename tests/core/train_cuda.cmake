# core/train CUDA backend (SPLATWRIGHT_CUDA only): CPU vs CUDA parity of the forward images and
# every gradient; exits 77 (skipped) with a message where no CUDA device is present.
find_package(Torch REQUIRED)
sw_core_test(rasterize_cuda SOURCES core/tst_rasterize_cuda.cpp LIBS sw::train_raster ${TORCH_LIBRARIES}
             LABELS unit cuda)
