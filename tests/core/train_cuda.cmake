# core/train CUDA backend: CPU vs CUDA parity of the forward images and every gradient. Built in
# every torch build; exits 77 (SKIPPED in CTest) with a message where the build has no CUDA
# backend or no CUDA device is present, so CPU CI lists them as skipped.
find_package(Torch REQUIRED)
sw_core_test(rasterize_cuda SOURCES core/tst_rasterize_cuda.cpp LIBS sw::train_raster ${TORCH_LIBRARIES}
             LABELS unit cuda)
# The trainer and the MCMC relocation on CUDA vs the CPU backend, same seed (needs sw_train,
# which the device build has where the trainer's few dependencies are found, docs/cuda.md).
if(TARGET sw_train)
  sw_core_test(trainer_cuda SOURCES core/tst_trainer_cuda.cpp LIBS sw::train ${TORCH_LIBRARIES} LABELS unit cuda)
endif()
