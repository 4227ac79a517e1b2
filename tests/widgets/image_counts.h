#pragma once
// Pixel counts the widget tests read from grabbed frames.
#include <QImage>

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

}  // namespace sw::test
