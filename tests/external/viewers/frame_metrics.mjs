// Frames of the viewer pages: a canvas read back at a fixed size over black, and the PSNR of two
// frames (RGB).
export function pixels(canvas, w, h) {
    const c = document.createElement('canvas');
    c.width = w; c.height = h;
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, w, h);
    ctx.drawImage(canvas, 0, 0, w, h);
    return { data: ctx.getImageData(0, 0, w, h).data, png: c.toDataURL('image/png') };
}

export function psnr(a, b) {
    let sum = 0;
    for (let i = 0; i < a.length; i += 4)
        for (let k = 0; k < 3; ++k) { const d = a[i + k] - b[i + k]; sum += d * d; }
    const mse = sum / (a.length / 4 * 3);
    return mse === 0 ? 99 : 10 * Math.log10(255 * 255 / mse);
}
