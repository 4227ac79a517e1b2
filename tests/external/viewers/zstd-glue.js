// PlayCanvas loads its ZSTD decoder as a WebAssembly module factory (WasmModule, fallbackUrl):
// this factory hands it fzstd's decompress, which view.mjs puts on window before the load.
window.ZstdDecoderModule = () => Promise.resolve({
    decompress: (src, size) => window.fzstdDecompress(src, new Uint8Array(size)),
});
