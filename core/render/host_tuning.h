#pragma once
// Process settings for a host that draws frame after frame with a software GL (Mesa llvmpipe).

namespace sw::render {

// llvmpipe mallocs each frame's scene (binned commands) and frees it after the frame; with
// glibc's default heap trimming (128 KiB threshold, raised only after large frees) that memory
// goes back to the kernel and is page-faulted in again every frame — up to 2× the frame time of
// a big scene (docs/benchmarks.md, issue 6). This keeps up to 128 MiB of freed heap for reuse.
// No effect without glibc. Call once at start-up (the editor, bench-render).
void keepFreedHeapForRendering();

}  // namespace sw::render
