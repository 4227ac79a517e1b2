#!/usr/bin/python3
# Compares two NeRF-synthetic datasets view for view (bench/dataset_vs_blender.sh): ours and a
# reference (Blender Cycles) rendered at the same poses. Per view and as a mean over views:
#   iou        alpha IoU of the masks alpha > 0.5 (does the geometry agree?)
#   brightness foreground mean of ours / reference (RGB mean over pixels both cover)
#   psnr       PSNR of both composited over grey 0.5 (straight alpha), all pixels, RGB
# Usage: compare_datasets.py <ours dir> <reference dir> <views> [split] [side-by-side.png view]
# Needs only numpy (Debian: python3-numpy): the PNG reader below handles 8-bit RGB/RGBA.
import struct
import sys
import zlib

import numpy as np


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, width = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError(f"{path}: only 8-bit RGB/RGBA, non-interlaced (depth {depth}, type {ctype})")
            channels = 4 if ctype == 6 else 3
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    raw = np.frombuffer(zlib.decompress(b"".join(idat)), dtype=np.uint8)
    stride = width * channels
    rows = raw.reshape(height, stride + 1)
    out = np.zeros((height, stride), dtype=np.int32)
    prev = np.zeros(stride, dtype=np.int32)
    for y in range(height):
        ft, line = rows[y, 0], rows[y, 1:].astype(np.int32)
        if ft == 0:
            cur = line
        elif ft == 2:
            cur = (line + prev) & 255
        elif ft == 1:  # Sub: a running sum per channel
            cur = (np.cumsum(line.reshape(width, channels), axis=0) & 255).reshape(stride)
        elif ft in (1, 3, 4):  # sequential in x: left neighbour needed
            cur = np.zeros(stride, dtype=np.int32)
            for x in range(stride):
                a = cur[x - channels] if x >= channels else 0
                b = prev[x]
                c = prev[x - channels] if x >= channels else 0
                if ft == 1:
                    pred = a
                elif ft == 3:
                    pred = (a + b) >> 1
                else:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                cur[x] = (line[x] + pred) & 255
        else:
            raise ValueError(f"{path}: bad filter {ft}")
        out[y] = cur
        prev = cur
    img = out.reshape(height, width, channels).astype(np.float64) / 255.0
    if channels == 3:
        img = np.concatenate([img, np.ones((height, width, 1))], axis=2)
    return img


def write_png(path, rgb):
    h, w, _ = rgb.shape
    raw = b"".join(b"\x00" + rgb[y].astype(np.uint8).tobytes() for y in range(h))
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def over_grey(img):
    a = img[..., 3:4]
    return img[..., :3] * a + 0.5 * (1 - a)


def main():
    ours, ref, views = sys.argv[1], sys.argv[2], int(sys.argv[3])
    split = sys.argv[4] if len(sys.argv) > 4 else "train"
    side = sys.argv[5] if len(sys.argv) > 5 else None
    side_view = int(sys.argv[6]) if len(sys.argv) > 6 else 0
    ious, ratios, psnrs = [], [], []
    for i in range(views):
        a = read_png(f"{ours}/{split}/r_{i}.png")
        b = read_png(f"{ref}/{split}/r_{i}.png")
        ma, mb = a[..., 3] > 0.5, b[..., 3] > 0.5
        union = np.logical_or(ma, mb).sum()
        ious.append(np.logical_and(ma, mb).sum() / union if union else 1.0)
        both = np.logical_and(ma, mb)
        fa, fb = a[..., :3][both].mean(), b[..., :3][both].mean()
        ratios.append(fa / fb if fb > 0 else float("nan"))
        mse = ((over_grey(a) - over_grey(b)) ** 2).mean()
        psnrs.append(10 * np.log10(1.0 / mse) if mse > 0 else 99.0)
        if side and i == side_view:
            pair = np.concatenate([over_grey(a), over_grey(b)], axis=1)
            write_png(side, np.clip(pair * 255 + 0.5, 0, 255))
    print("iou %.4f brightness %.3f psnr %.2f min_psnr %.2f" % (np.mean(ious), np.mean(ratios), np.mean(psnrs), np.min(psnrs)))


if __name__ == "__main__":
    main()
