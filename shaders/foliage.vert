// Foliage mesh copies, instanced (foliage_renderer.cpp): assembled as "#version 450 core" +
// foliage_wind.glsl + foliage_instance.glsl + foliage_copies.glsl + this file. Each vertex of the asset is bent about its
// plant's root by the wind at the root plus the acting benders, after its leaf shiver (the code of
// foliage_wind.comp, core/foliage/animate.cpp), then placed by its copy's frame. The copy's hue
// drift (a hash of its origin) and fade factor (its distance from the camera) go to the fragment
// stage. v_scenePos is captured by transform feedback for the tests.

layout(location = 0) in vec4 a_rest;      // xyz model position, w main-bend weight (< 0: no plant)
layout(location = 1) in vec4 a_root;      // xyz the plant's root (model), w detail weight
layout(location = 2) in vec4 a_material;  // MaterialWind: drag, stiffness, lean, shiver
layout(location = 3) in vec4 a_plant;     // radius, height (model units), touch response, sky visibility
layout(location = 4) in vec3 a_normal;    // model, unit (0 when the mesh has none)
layout(location = 5) in vec2 a_uv;

uniform mat4 u_view;        // scene -> view
uniform mat4 u_projection;  // view -> clip
uniform float u_t;          // s
uniform int u_still;        // WindField::still()
uniform vec2 u_dir;         // unit wind direction
uniform vec4 u_wind;        // speed, turbulence, gust, gustSpeed
uniform uint u_seed;        // WindField seed
uniform float u_shiver;     // look shiver
uniform float u_variation;  // look variation (hue drift)
uniform vec3 u_camera;      // scene metres
uniform vec2 u_fade;        // start, end (end 0: none)

out vec3 v_scenePos;
out vec3 v_normal;     // scene, bent with the plant
out vec3 v_crown;      // scene: from the plant's crown centre to the vertex, bent
out vec2 v_uv;
out float v_sky;
out float v_fade;
flat out mat3 v_hue;   // shiftHue as a matrix (Rodrigues about the grey axis)
// The depth pre-pass and the colour pass (foliage.frag) link this shader with different fragment
// stages and test depth EQUAL: the position must come out bit for bit the same in both programs.
invariant gl_Position;

// shiftHue's rotation (look.cpp) as a matrix: rgb' = M rgb.
mat3 hueMatrix(float turns) {
    float a = turns * 6.28318531;
    float c = cos(a), s = sin(a);
    float k = 0.57735027;
    vec3 axis = vec3(k);
    mat3 cross = mat3(0.0, axis.z, -axis.y, -axis.z, 0.0, axis.x, axis.y, -axis.x, 0.0);
    return c * mat3(1.0) + s * cross + (1.0 - c) * outerProduct(axis, axis);
}

void main() {
    FwWind w = FwWind(u_still != 0, u_dir, u_wind.x, u_wind.y, u_wind.z, u_wind.w, u_seed);
    FwFrame f = fwCopyFrame();
    vec3 p = a_rest.xyz;
    vec3 n = a_normal;
    vec3 crown = a_rest.xyz - (a_root.xyz + vec3(0.0, 0.0, 0.6 * a_plant.y));
    if (a_rest.w >= 0.0) {
        vec2 lean = fwPlantLean(w, f, a_root.xyz, a_material, a_plant.xyz, u_t);
        p = fwBendPoint(fwShiverPoint(w, f, a_rest.xyz, a_root.w, a_material, u_shiver, u_t), a_root.xyz, lean,
                        a_rest.w);
        vec4 q = fwBendRotation(lean, a_rest.w);
        n = fwRotate(q, n);
        crown = fwRotate(q, crown);
    }
    v_scenePos = fwToScene(f, p);
    v_normal = fwSceneToModel(FwFrame(vec3(0.0), f.c, -f.s, 1.0), n);  // model -> scene: +yaw
    v_crown = fwSceneToModel(FwFrame(vec3(0.0), f.c, -f.s, 1.0), crown);
    v_uv = a_uv;
    v_sky = a_plant.w;
    v_fade = fwFadeFactor(length(f.origin - u_camera), u_fade);
    v_hue = hueMatrix(fwHueShift(f.origin, u_variation));
    gl_Position = u_projection * (u_view * vec4(v_scenePos, 1.0));
}
