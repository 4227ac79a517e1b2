#version 450 core
// A foliage splat's disc (foliage_splat.vert): the Gaussian falloff opacity × exp(−2 r²) (r = 1 at
// 2σ) kept where it reaches SPLAT_CUTOFF, so discs draw with the depth test among the mesh copies;
// the copy's fade thins it with the same dither as the cards (look.cpp fadedAlpha). Splats carry
// their own light from training: the colour is drawn as stored, hue-shifted per copy.

in vec3 v_scenePos;
in vec2 v_local;
in vec4 v_color;
in float v_fade;

out vec4 o_color;

const float SPLAT_CUTOFF = 0.3;
const float BAYER[16] = float[16](0.0, 8.0, 2.0, 10.0, 12.0, 4.0, 14.0, 6.0, 3.0, 11.0, 1.0, 9.0, 15.0, 7.0, 13.0, 5.0);

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    float threshold = (BAYER[(p.y & 3) * 4 + (p.x & 3)] + 0.5) / 16.0;
    float alpha = v_color.a * exp(-2.0 * dot(v_local, v_local));
    if (!(threshold < v_fade) || alpha < SPLAT_CUTOFF) discard;
    o_color = vec4(clamp(v_color.rgb, 0.0, 1.0), 1.0);
}
