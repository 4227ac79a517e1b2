#pragma once
// Pixel counts the widget tests read from grabbed frames.
#include <QImage>

#include <cstdlib>

namespace sw::test {

// Pixels (RGBA bytes) for which `test` holds.
template <class Test>
long pixelsWhere(const QImage& image, Test test) {
    const QImage im = image.convertToFormat(QImage::Format_RGBA8888);
    long n = 0;
    for (int y = 0; y < im.height(); ++y)
        for (int x = 0; x < im.width(); ++x) n += test(im.constScanLine(y) + 4 * x) ? 1 : 0;
    return n;
}

// Pixels that read as the selection/floater highlight magenta (r, b > 200, g < 60).
inline long magentaPixels(const QImage& image) {
    return pixelsWhere(image, [](const uchar* p) { return p[0] > 200 && p[1] < 60 && p[2] > 200; });
}

// Pixels that read as the viewport's crop box amber (255, 200, 0).
inline long amberPixels(const QImage& image) {
    return pixelsWhere(image, [](const uchar* p) { return p[0] > 235 && p[1] > 175 && p[1] < 225 && p[2] < 50; });
}

// Pixels whose colour differs from the grey level `bg` by more than 8 in any channel.
inline long countNonBackground(const QImage& image, int bg) {
    const QImage im = image.convertToFormat(QImage::Format_RGBA8888);
    long n = 0;
    for (int y = 0; y < im.height(); ++y) {
        const uchar* row = im.constScanLine(y);
        for (int x = 0; x < im.width(); ++x) {
            const uchar* p = row + 4 * x;
            n += (std::abs(p[0] - bg) > 8 || std::abs(p[1] - bg) > 8 || std::abs(p[2] - bg) > 8) ? 1 : 0;
        }
    }
    return n;
}

}  // namespace sw::test
