// The copy an instance draws (foliage_renderer.cpp, after foliage_instance.glsl): instance k of a
// draw is copy c_visible[k], the list foliage_cull.comp compacts on the GPU (or the host fills on
// its CPU-cull path); the copies' records are uploaded once, when the copies are set.
layout(std430, binding = 1) readonly buffer FoliageCopies {
    vec4 fc_rec[];  // per copy: origin xyz (scene metres), metres per unit; cos yaw, sin yaw, 0, 0
};
layout(std430, binding = 2) readonly buffer FoliageVisible {
    uint fc_visible[];
};

FwFrame fwCopyFrame() {
    uint i = fc_visible[gl_InstanceID];
    vec4 o = fc_rec[2u * i];
    vec4 f = fc_rec[2u * i + 1u];
    return FwFrame(o.xyz, f.x, f.y, o.w);
}
