# The CUDA backend of the rasterizer (SPLATWRIGHT_CUDA; docs/cuda.md): kernels (*.cu, torch-free)
# and their host file join sw_train_raster with the training step's kernels (train_ops_cuda.cu,
# relocate_cuda.cu); the dispatchers in rasterize.cpp, train_ops.cpp and mcmc_ops.cpp gain their CUDA case
# (SW_HAVE_CUDA). Needs a CUDA-enabled libtorch (TORCH_LIBRARIES then holds torch_cuda).
target_sources(sw_train_raster PRIVATE
  cuda/project_cuda.cu cuda/bin_tiles_cuda.cu cuda/rasterize_fwd_cuda.cu cuda/rasterize_bwd_cuda.cu
  cuda/rasterize_host_cuda.cpp cuda/train_ops_cuda.cu cuda/relocate_cuda.cu)
target_compile_definitions(sw_train_raster PRIVATE SW_HAVE_CUDA)
target_link_libraries(sw_train_raster PRIVATE CUDA::cudart)

# Benchmark, not a test: ms per forward+backward, CUDA vs CPU, 6000 splats at 400×400.
add_executable(bench_rasterize_cuda bench/bench_rasterize_cuda.cpp)
target_link_libraries(bench_rasterize_cuda PRIVATE sw::train_raster ${TORCH_LIBRARIES} CUDA::cudart)
sw_apply_warnings(bench_rasterize_cuda)
