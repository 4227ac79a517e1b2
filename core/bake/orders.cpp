#include "core/bake/orders.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/formats/spl2.h"

namespace sw::bake {

const SettingsSchema<OrderSettings>& orderSchema() {
    static const SettingsSchema<OrderSettings> schema = [] {
        SettingsSchema<OrderSettings> s("orders", "Orders");
        addOrderParams(s);
        return s;
    }();
    return schema;
}

Eigen::Vector3f directionToCamera(float headingDeg, float tiltDeg) {
    const double h = double(headingDeg) * M_PI / 180.0, e = double(tiltDeg) * M_PI / 180.0;
    return Eigen::Vector3d(std::cos(e) * std::sin(h), -std::cos(e) * std::cos(h), std::sin(e)).cast<float>();
}

float bucketCentreHeading(int bucket) {
    return (float(bucket) + 0.5f) * 360.f / float(formats::kSpl2Buckets);
}

std::vector<std::vector<std::int32_t>> shellOrders(std::span<const Eigen::Vector3f> positions, float tiltDeg) {
    std::vector<std::vector<std::int32_t>> orders(formats::kSpl2Buckets);
    std::vector<float> key(positions.size());
    for (int b = 0; b < formats::kSpl2Buckets; ++b) {
        const Eigen::Vector3f d = directionToCamera(bucketCentreHeading(b), tiltDeg);
        for (std::size_t i = 0; i < positions.size(); ++i) key[i] = positions[i].dot(d);
        auto& order = orders[static_cast<std::size_t>(b)];
        order.resize(positions.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](std::int32_t a, std::int32_t c) {
            return key[static_cast<std::size_t>(a)] < key[static_cast<std::size_t>(c)];
        });
    }
    return orders;
}

std::vector<int> importanceOrder(std::span<const float> opacity, std::span<const Eigen::Vector3f> ax0,
                                 std::span<const Eigen::Vector3f> ax1) {
    std::vector<float> score(opacity.size());
    for (std::size_t i = 0; i < opacity.size(); ++i) score[i] = opacity[i] * ax0[i].norm() * ax1[i].norm();
    std::vector<int> order(opacity.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return score[static_cast<std::size_t>(a)] > score[static_cast<std::size_t>(b)];
    });
    return order;
}

}  // namespace sw::bake
