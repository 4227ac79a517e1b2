# Headless Blender reference for the dataset benchmark (docs/benchmarks.md): renders the same
# belt views as `splatwright-cli dataset`, following the source article's recipe: import the GLB,
# normalise into a 1.6 cube, camera on an orbit of radius 3.2, RGBA with transparent film,
# NeRF-synthetic transforms_train.json, "ao" lighting = diffuse(texture) under a white dome, no sun.
#
# Usage: blender -b -P bench/blender_dataset.py -- <model.glb> <out dir> <views> <resolution> [engine] [samples] [val views] [bounces]
#   engine: CYCLES (default) or BLENDER_EEVEE
#   bounces: Cycles diffuse bounces (default 4, Cycles' own default)
#   val views: a ring at 32° elevation, azimuths offset by half a step, in transforms_val.json
#   (the val split of `splatwright-cli dataset`, core/dataset/belt.cpp); default 0 = none.
import json
import math
import os
import sys

import bpy
import numpy
from mathutils import Vector

# Debian 12 pairs Blender 3.4.1 with numpy 1.24, which removed the `np.bool` alias its glTF
# importer still uses.
if not hasattr(numpy, "bool"):
    numpy.bool = bool

argv = sys.argv[sys.argv.index("--") + 1:]
model, out, views, res = argv[0], argv[1], int(argv[2]), int(argv[3])
engine = argv[4] if len(argv) > 4 else "CYCLES"
samples = int(argv[5]) if len(argv) > 5 else 16
val_views = int(argv[6]) if len(argv) > 6 else 0
diffuse_bounces = int(argv[7]) if len(argv) > 7 else 4
R, BELT_MIN, BELT_MAX, FOV = 3.2, 14.0, 50.0, math.radians(39.5978)
VAL_ELEVATION = 32.0

bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=model)
meshes = [o for o in bpy.context.scene.objects if o.type == "MESH"]

# Normalise into the 1.6 cube centred at the origin exactly as our importer does
# (core/geometry/import.cpp normaliseIntoCube): the axis-aligned box of the world-space vertices
# of the triangles only (Assimp's SortByPType drops points and lines), in the bind pose (Assimp
# reads skinned meshes unskinned and ignores animations), largest side = 1.6, centre at the
# origin. The objects' bound_box would not do: it is the local box carried through rotations
# (larger than the vertices' box for a rotated node), and it follows the armature's animated pose.
for o in bpy.context.scene.objects:
    if o.animation_data is not None:
        o.animation_data_clear()
    if o.type == "MESH" and o.data.shape_keys is not None and o.data.shape_keys.animation_data is not None:
        o.data.shape_keys.animation_data_clear()
    if o.type == "ARMATURE":
        o.data.pose_position = "REST"  # the importer's guessed bind pose = the vertices as stored
bpy.context.view_layer.update()
depsgraph = bpy.context.evaluated_depsgraph_get()
lo = numpy.full(3, numpy.inf)
hi = -lo
for o in meshes:
    ev = o.evaluated_get(depsgraph)
    me = ev.to_mesh()
    used = numpy.zeros(len(me.loops), dtype=numpy.int32)
    me.loops.foreach_get("vertex_index", used)  # loops belong to faces: loose points/edges have none
    if len(used):
        co = numpy.zeros(3 * len(me.vertices), dtype=numpy.float64)
        me.vertices.foreach_get("co", co)
        co = co.reshape(-1, 3)[numpy.unique(used)]
        m = numpy.array(ev.matrix_world, dtype=numpy.float64)
        w = co @ m[:3, :3].T + m[:3, 3]
        lo = numpy.minimum(lo, w.min(axis=0))
        hi = numpy.maximum(hi, w.max(axis=0))
    ev.to_mesh_clear()
scale = 1.6 / float(max(hi - lo))
centre = Vector(((lo + hi) / 2).tolist())
print("normalisation: scale %.6g offset %.6g %.6g %.6g" % (scale, *centre))  # as `splatwright-cli info` prints it
root = bpy.data.objects.new("norm", None)
bpy.context.scene.collection.objects.link(root)
for o in bpy.context.scene.objects:
    if o.parent is None and o is not root:
        o.parent = root
root.location = -centre * scale
root.scale = (scale, scale, scale)

# ao recipe: each material becomes diffuse(base colour texture), white dome, no sun. glTF MASK
# materials (the importer sets blend_method CLIP) keep their cut-out: transparent where the
# base colour's alpha is below the cutoff, as glTF defines MASK (and as our renderer draws it).
for mat in bpy.data.materials:
    if not mat.use_nodes:
        continue
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    bsdf = next((n for n in nodes if n.type == "BSDF_PRINCIPLED"), None)
    out_node = next((n for n in nodes if n.type == "OUTPUT_MATERIAL"), None)
    if bsdf is None or out_node is None:
        continue
    diffuse = nodes.new("ShaderNodeBsdfDiffuse")
    src = bsdf.inputs["Base Color"]
    if src.is_linked:
        links.new(src.links[0].from_socket, diffuse.inputs["Color"])
    else:
        diffuse.inputs["Color"].default_value = src.default_value
    alpha = bsdf.inputs["Alpha"]
    if mat.blend_method == "CLIP" and alpha.is_linked:
        cut = nodes.new("ShaderNodeMath")
        cut.operation = "GREATER_THAN"
        links.new(alpha.links[0].from_socket, cut.inputs[0])
        cut.inputs[1].default_value = mat.alpha_threshold - 1e-4
        mix = nodes.new("ShaderNodeMixShader")
        links.new(cut.outputs[0], mix.inputs["Fac"])
        links.new(nodes.new("ShaderNodeBsdfTransparent").outputs["BSDF"], mix.inputs[1])
        links.new(diffuse.outputs["BSDF"], mix.inputs[2])
        links.new(mix.outputs["Shader"], out_node.inputs["Surface"])
    else:
        links.new(diffuse.outputs["BSDF"], out_node.inputs["Surface"])
world = bpy.data.worlds.new("dome")
world.use_nodes = True
world.node_tree.nodes["Background"].inputs["Color"].default_value = (1, 1, 1, 1)
bpy.context.scene.world = world

scene = bpy.context.scene
scene.render.engine = engine
if engine == "CYCLES":
    scene.cycles.device = "CPU"
    scene.cycles.samples = samples
    scene.cycles.use_denoising = False
    scene.cycles.diffuse_bounces = diffuse_bounces
    scene.cycles.max_bounces = max(12, diffuse_bounces)
    scene.cycles.transparent_max_bounces = 32  # stacked foliage cards
scene.render.film_transparent = True
scene.view_settings.view_transform = "Standard"  # plain sRGB, no Filmic tone curve
scene.render.resolution_x = scene.render.resolution_y = res
scene.render.image_settings.file_format = "PNG"
scene.render.image_settings.color_mode = "RGBA"
cam_data = bpy.data.cameras.new("cam")
cam_data.angle_x = FOV
cam = bpy.data.objects.new("cam", cam_data)
scene.collection.objects.link(cam)
scene.camera = cam
target = bpy.data.objects.new("target", None)
scene.collection.objects.link(target)
track = cam.constraints.new("TRACK_TO")
track.target = target
track.track_axis = "TRACK_NEGATIVE_Z"
track.up_axis = "UP_Y"


def render_split(split, poses):
    """Renders (elevation, azimuth) poses in radians into <out>/<split>/r_<i>.png and writes
    transforms_<split>.json (camera-to-world in the Blender/OpenGL camera convention)."""
    frames = []
    os.makedirs(os.path.join(out, split), exist_ok=True)
    for i, (elev, az) in enumerate(poses):
        cam.location = Vector((R * math.cos(az) * math.cos(elev), R * math.sin(az) * math.cos(elev), R * math.sin(elev)))
        bpy.context.view_layer.update()
        scene.render.filepath = os.path.join(out, split, "r_%d.png" % i)
        bpy.ops.render.render(write_still=True)
        frames.append({"file_path": "./%s/r_%d" % (split, i), "transform_matrix": [list(r) for r in cam.matrix_world]})
    with open(os.path.join(out, "transforms_%s.json" % split), "w") as f:
        json.dump({"camera_angle_x": FOV, "frames": frames}, f, indent=2)


golden = math.pi * (3 - math.sqrt(5))
smin, smax = math.sin(math.radians(BELT_MIN)), math.sin(math.radians(BELT_MAX))
render_split("train", [(math.asin(smin + (smax - smin) * (i + 0.5) / views), i * golden) for i in range(views)])
if val_views > 0:
    render_split("val", [(math.radians(VAL_ELEVATION), math.radians(180.0 / val_views + 360.0 * i / val_views))
                         for i in range(val_views)])
