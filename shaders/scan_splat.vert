// One instanced quad per visible splat, back to front: instance i draws the i-th sorted pair.
// The splat's 3D covariance R S Sᵀ Rᵀ is projected to the screen by the EWA approximation
// (J W Σ Wᵀ Jᵀ, J the perspective Jacobian at the centre, in pixels); the quad spans ±3 σ along
// the 2D covariance's axes, and scan_splat.frag applies the Gaussian falloff exp(−4.5 r²) of the
// cloud renderer's shell pass (r = 1 at 3 σ). With false colour, the chunk's LOD level picks a
// colour of u_levelColors.

layout(std430, binding = 3) readonly buffer ScanPairs { uvec2 sk_pairs[]; };

uniform mat4 u_view;
uniform mat4 u_projection;
uniform vec2 u_viewport;   // pixels
uniform int u_falseColor;
uniform vec4 u_levelColors[8];

out flat vec4 v_color;
out vec2 v_local;

void main() {
    uint id = sk_pairs[gl_InstanceID].y;
    uvec2 drawn = sd_drawn[scanDrawnOf(id)];
    ScanChunk c = sc_chunks[drawn.x];
    uvec4 w = scanWords(c.info.x + (id - drawn.y));
    uint w0 = w.x, w1 = w.y, w2 = w.z, w3 = w.w;
    vec3 p = scanPosition(c, w0, w1);
    vec3 sigma = scanSigma(w2, w3);
    mat3 r = scanRotationMatrix(scanRotation(w3));
    mat3 m = mat3(u_view) * r * mat3(sigma.x, 0.0, 0.0, 0.0, sigma.y, 0.0, 0.0, 0.0, sigma.z);
    mat3 cov = m * transpose(m);  // view space
    vec4 t = u_view * vec4(p, 1.0);
    float z = max(-t.z, 1e-6);
    float fx = u_projection[0][0] * 0.5 * u_viewport.x, fy = u_projection[1][1] * 0.5 * u_viewport.y;
    // Rows of J as columns of a mat3x2 (GLSL is column-major): J = [fx/z 0 fx·x/z²; 0 fy/z fy·y/z²].
    mat3x2 j = mat3x2(fx / z, 0.0, 0.0, fy / z, fx * t.x / (z * z), fy * t.y / (z * z));
    mat2 cov2 = j * cov * transpose(j);
    float a = cov2[0][0], b = cov2[0][1], d = cov2[1][1];
    float mid = 0.5 * (a + d);
    float disc = sqrt(max(0.25 * (a - d) * (a - d) + b * b, 0.0));
    float l1 = mid + disc, l2 = max(mid - disc, 0.0);
    vec2 e1 = abs(b) > 1e-12 * max(a, d) ? normalize(vec2(b, l1 - a)) : (a >= d ? vec2(1.0, 0.0) : vec2(0.0, 1.0));
    vec2 e2 = vec2(-e1.y, e1.x);
    int corner = gl_VertexID & 3;
    vec2 q = vec2((corner & 1) == 0 ? -1.0 : 1.0, (corner & 2) == 0 ? -1.0 : 1.0);
    vec2 offsetPx = 3.0 * (q.x * sqrt(l1) * e1 + q.y * sqrt(l2) * e2);
    vec4 clip = u_projection * t;
    gl_Position = clip + vec4(offsetPx * 2.0 / u_viewport * clip.w, 0.0, 0.0);
    v_local = q;
    vec4 color = scanColor(w1, w2);
    if (u_falseColor != 0) color.rgb = u_levelColors[min(c.info.z, 7u)].rgb;
    v_color = color;
}
