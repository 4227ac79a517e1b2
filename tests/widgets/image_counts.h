#pragma once
// Pixel counts the widget tests read from grabbed frames.
#include <QImage>

#include <cstdlib>

namespace sw::test {

// Pixels that read as the selection/floater highlight magenta (r, b > 200, g < 60).
inline long magentaPixels(const QImage& image) {
    const QImage im = image.convertToFormat(QImage::Format_RGBA8888);
    long n = 0;
    for (int y = 0; y < im.height(); ++y)
        for (int x = 0; x < im.width(); ++x) {
            const uchar* p = im.constScanLine(y) + 4 * x;
            n += p[0] > 200 && p[1] < 60 && p[2] > 200;
        }
    return n;
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
