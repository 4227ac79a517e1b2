#pragma once
// Axis conventions of the splat files we exchange with other tools, and the conversion between
// them and our model space (right-handed, +Z up, the drone's nose towards −Y).
//
// Every interchange format has its own convention, written and read by default:
// - PLY and .splat: the 3DGS convention, the camera frame of the training tools
//   (x right, y down, z forward, "RDF"): p_file = (x, −z, y) of p_model;
// - SPZ: its specification's RUB (x right, y up, z back; OpenGL, three.js): p_file = (x, z, −y),
//   the same rotation as our glTF writer (+Y up) and glTF KHR_gaussian_splatting.
// Both are proper rotations of ±90° about X, so nothing is mirrored. A conversion turns the
// positions, normals and rotations, and rotates the SH rest coefficients band by band (the
// view-dependent colour seen from direction R·d in the file is the one seen from d in the model).
// Axes::Model writes (and reads) model space as-is, for pipelines that want today's layout.
#include <Eigen/Core>
#include <string>

#include "core/foundation/error.h"
#include "core/splat/splat_cloud.h"

namespace sw::formats {

// Which axes a writer uses (and an SPZ or .splat reader assumes).
enum class Axes {
    Standard,  // the format's own convention (above)
    Model,     // our model space, unconverted
};

// The coordinate frames of the formats.
enum class Frame {
    Model,     // +Z up (ours)
    Gaussian,  // 3DGS / OpenCV RDF: x right, y down, z forward (PLY, .splat)
    Rub,       // x right, y up, z back (SPZ, glTF)
};

// "standard" / "model"; parseAxes accepts those names (error: InvalidInput naming the text).
const char* axesName(Axes axes);
Result<Axes> parseAxes(const std::string& text);

// The rotation R with p_frame = R · p_model (a signed permutation).
Eigen::Matrix3d frameFromModel(Frame frame);

// Turns a whole cloud by the rotation R: positions and normals R·p, rotations q_R ⊗ q, SH rest
// coefficients by shBandRotation. R must be a rotation (orthonormal, det +1).
void rotateCloud(splat::SplatCloud& cloud, const Eigen::Matrix3d& r);
// Model space → frame, and back.
void modelToFrame(splat::SplatCloud& cloud, Frame frame);
void frameToModel(splat::SplatCloud& cloud, Frame frame);

// The real SH basis of bands 1..3 in the 3DGS order and signs (15 values; band l starts at
// l² − 1), at unit direction d.
void shBasis(const Eigen::Vector3d& d, double out[15]);
// The (2l+1)² matrix M of band l (1..3) for rotation R: coefficients c of a function f give
// c' = M·c of f'(d) = f(Rᵀ·d).
Eigen::MatrixXd shBandRotation(const Eigen::Matrix3d& r, int band);

}  // namespace sw::formats
